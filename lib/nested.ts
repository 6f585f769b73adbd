/**
 * Nested lookups, for rules that care about a field wherever it sits (`data[].nextSteps`, a list of
 * envelopes): properties declared anywhere inside a schema, and keys anywhere inside an example value.
 */
import { child, isObject, type JsonObject, type JsonPath, type Located, type OpenApiDocument } from './document';
import { viewsOf, type Property } from './schema';
import { pathOf, walk } from './values';

export interface NestedProperty extends Property {
  /** Where the property sits, for messages: `nextSteps`, `data.nextSteps`, `items[].nextSteps`. */
  trail: string;
}

/** Bounds the walk of pathological schemas; a real response schema has far fewer nodes. */
const MAX_SCHEMA_NODES = 5000;

const found = new WeakMap<OpenApiDocument, WeakMap<object, Map<string, NestedProperty[]>>>();

/**
 * Every property named one of `names` declared in the schema or anywhere below it (object properties
 * and array items, through `$ref`, `allOf`, `oneOf`/`anyOf`); each declaration once. Memoized per
 * schema object, so a component shared by many responses is walked once.
 */
export function propertiesNamed(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined, names: readonly string[]): NestedProperty[] {
  const root = doc.resolve(schema, location);
  if (root === undefined || !isObject(root.value)) return [];
  let perDoc = found.get(doc);
  if (perDoc === undefined) found.set(doc, (perDoc = new WeakMap()));
  let perNode = perDoc.get(root.value);
  if (perNode === undefined) perDoc.set(root.value, (perNode = new Map()));
  const key = names.join('\u0000');
  let result = perNode.get(key);
  if (result === undefined) perNode.set(key, (result = walkSchema(doc, root, names)));
  return result;
}

function walkSchema(doc: OpenApiDocument, root: Located, names: readonly string[]): NestedProperty[] {
  const result: NestedProperty[] = [];
  const visited = new Set<unknown>();
  const queue: { schema: unknown; location: JsonPath | undefined; trail: string }[] = [{ schema: root.value, location: root.location, trail: '' }];
  while (queue.length > 0 && visited.size < MAX_SCHEMA_NODES) {
    const { schema, location, trail } = queue.shift()!;
    const target = doc.resolve(schema, location);
    if (target === undefined || !isObject(target.value) || visited.has(target.value)) continue;
    visited.add(target.value);
    for (const view of viewsOf(doc, target.value, target.location) ?? []) {
      for (const part of view.parts) {
        if (part.value.items !== undefined) queue.push({ schema: part.value.items, location: child(part.location, 'items'), trail: `${trail.replace(/\.$/, '')}[].` });
      }
      for (const property of view.properties.values()) {
        if (names.includes(property.name)) {
          if (!result.some(known => known.schema === property.schema)) {
            result.push({ ...property, required: view.required.has(property.name), trail: `${trail}${property.name}` });
          }
        } else {
          queue.push({ schema: property.schema, location: property.location, trail: `${trail}${property.name}.` });
        }
      }
    }
  }
  return result;
}

export interface Holder {
  /** The object that holds the key. */
  holder: Located<JsonObject>;
  key: string;
  value: Located;
}

/** Every object inside an example value that holds one of `names` as a key, with that key's value; outermost first. */
export function holdersOf(example: Located, names: readonly string[]): Holder[] {
  const result: Holder[] = [];
  walk(example.value, (value, trail) => {
    const key = isObject(value) ? names.find(name => Object.prototype.hasOwnProperty.call(value, name)) : undefined;
    if (key === undefined) return;
    const location = pathOf(example.location, trail);
    result.push({ holder: { value: value as JsonObject, location }, key, value: { value: (value as JsonObject)[key], location: child(location, key) } });
  });
  return result;
}
