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

/**
 * Every property named one of `names` declared in the schema or anywhere below it (object properties
 * and array items, through `$ref`, `allOf`, `oneOf`/`anyOf`); each declaration once. Memoized per
 * schema object, so a component shared by many responses is walked once.
 */
export function propertiesNamed(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined, names: readonly string[]): NestedProperty[] {
  const root = doc.resolve(schema, location);
  if (root === undefined || !isObject(root.value)) return [];
  const perDoc = doc.memo('nested:found', () => new WeakMap<object, Map<string, NestedProperty[]>>());
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
  for (let next = 0; next < queue.length && visited.size < MAX_SCHEMA_NODES; next++) {
    const { schema, location, trail } = queue[next];
    const target = doc.resolve(schema, location);
    if (target === undefined || !isObject(target.value) || visited.has(target.value)) continue;
    if (!mayHold(doc, target.value, target.location, names)) continue;
    visited.add(target.value);
    for (const view of viewsOf(doc, target.value, target.location) ?? []) {
      for (const part of view.parts) {
        if (part.value.items !== undefined)
          queue.push({ schema: part.value.items, location: child(part.location, 'items'), trail: `${trail.replace(/\.$/, '')}[].` });
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

/** Deeper than this, a schema is walked without pruning. */
const MAX_DEPTH = 1000;

/**
 * Whether a property named one of `names` can be declared anywhere below the schema. The walk skips what
 * cannot hold one: without this, every response's walk covers the whole schema graph it reaches, which
 * grows with the description and made the rule quadratic in operations. Each check visits a node once; a
 * `false` that depended on a node still undecided is kept only once the outermost check ends with nothing
 * found (then everything reachable was seen).
 */
function mayHold(doc: OpenApiDocument, schema: JsonObject, location: JsonPath | undefined, names: readonly string[]): boolean {
  const perDoc = doc.memo('nested:holding', () => new Map<string, WeakMap<object, boolean>>());
  const key = names.join('\u0000');
  let memo = perDoc.get(key);
  if (memo === undefined) perDoc.set(key, (memo = new WeakMap()));
  const known = memo;
  const seen = new Set<object>();
  let cuts = 0;
  const visit = (node: unknown, at: JsonPath | undefined, depth: number): boolean => {
    const target = doc.resolve(node, at);
    if (target === undefined || !isObject(target.value)) return false;
    const value = target.value;
    const memoized = known.get(value);
    if (memoized !== undefined) return memoized;
    // On a cycle, or a node already left undecided in this check: false for now, and nothing below is kept.
    if (seen.has(value)) return (cuts++, false);
    if (depth > MAX_DEPTH) return true;
    seen.add(value);
    const cutsBefore = cuts;
    const views = viewsOf(doc, value, target.location) ?? [];
    const holds =
      views.some(view => names.some(name => view.properties.has(name))) ||
      views.some(
        view =>
          view.parts.some(part => part.value.items !== undefined && visit(part.value.items, child(part.location, 'items'), depth + 1)) ||
          [...view.properties.values()].some(property => visit(property.schema, property.location, depth + 1)),
      );
    if (holds || cuts === cutsBefore) known.set(value, holds);
    return holds;
  };
  const holds = visit(schema, location, 0);
  if (!holds) for (const value of seen) known.set(value, false);
  return holds;
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
  // Objects only: no scalar can hold a key (the runtime guard walks each live body it checks for its step lists).
  walk(
    example.value,
    (value, trail) => {
      const key = isObject(value) ? ownKeyOf(value, names) : undefined;
      if (key === undefined) return;
      const location = pathOf(example.location, trail);
      const holder = value as JsonObject;
      result.push({ holder: { value: holder, location }, key, value: { value: holder[key], location: child(location, key) } });
    },
    true,
  );
  return result;
}

/** The first of `names` that `value` holds as its own key. */
function ownKeyOf(value: JsonObject, names: readonly string[]): string | undefined {
  for (const name of names) if (Object.prototype.hasOwnProperty.call(value, name)) return name;
  return undefined;
}
