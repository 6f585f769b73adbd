/**
 * What one walk over the whole description finds, for the questions that need every node: the property
 * names its schemas declare (the API's case style), where each local `$ref` is written (who else a shared
 * object serves) and which objects compose a `$ref` with `allOf`. Spectral's parsed objects are Proxies,
 * so a whole-description walk is the costliest read a rule makes: it is done once per document, for all.
 */
import { isObject, type JsonObject, type JsonPath, type OpenApiDocument } from './document';
import { pathOf, walk } from './values';

export interface Census {
  /** The distinct names under every `properties` outside examples. */
  propertyNames: Set<string>;
  /** By the pointer a local `$ref` names (`#/components/schemas/Error`), where it is written. */
  refHolders: Map<string, JsonPath[]>;
  /** By the `$ref` an `allOf` branch names, the objects holding that `allOf`. */
  compositions: Map<string, JsonObject[]>;
}

// Examples are most of a large description's bytes (GitHub's) and compose no schema: they are not searched,
// except where `example` is the name of a property or a component rather than the keyword.
const EXAMPLE_KEYWORDS = new Set<unknown>(['example', 'examples']);
const NAMED_SCHEMAS = new Set<unknown>(['properties', 'patternProperties', 'definitions', 'schemas', '$defs']);

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The census of the document, taken on first use. */
export function census(doc: OpenApiDocument): Census {
  return doc.memo('census', () => {
    const found: Census = { propertyNames: new Set(), refHolders: new Map(), compositions: new Map() };
    const keysOf = doc.keysOf;
    walk(
      doc.root,
      (value, trail) => {
        if (trail !== undefined && EXAMPLE_KEYWORDS.has(trail.key) && !NAMED_SCHEMAS.has(trail.parent?.key)) return false;
        if (!isObject(value)) return true;
        if (trail?.key === 'properties') for (const name of keysOf(value)) if (typeof name === 'string') found.propertyNames.add(name);
        if (typeof value.$ref === 'string' && value.$ref.startsWith('#')) add(found.refHolders, value.$ref, pathOf([], trail)!);
        if (Array.isArray(value.allOf))
          for (const branch of value.allOf) if (isObject(branch) && typeof branch.$ref === 'string') add(found.compositions, branch.$ref, value);
        return true;
      },
      true,
      doc.isTree,
    );
    return found;
  });
}
