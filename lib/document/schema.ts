/**
 * "Does this schema have property P?", the one algorithm every rule asks (the rules' shared semantics):
 * `$ref` resolved, `allOf` any branch, `oneOf`/`anyOf` every branch, cycles guarded. A schema becomes a
 * list of object views, one per alternative shape a payload can take; a property is present when every
 * view declares it. Where an error body keeps its members (wrappers, lists) is lib/errors/shape-table.ts's to say.
 */
import { child, isObject, type JsonObject, type JsonPath, type Located, type OpenApiDocument } from './document';

export interface Property {
  name: string;
  schema: unknown;
  location: JsonPath | undefined;
  required: boolean;
}

export interface ObjectView {
  properties: ReadonlyMap<string, Omit<Property, 'required'>>;
  required: ReadonlySet<string>;
  /** Declared `type`s, intersected across `allOf`; undefined when none is declared. */
  types: readonly string[] | undefined;
  /** The schema objects merged into this view, outermost first. */
  parts: readonly Located<JsonObject>[];
}

/** Undefined when the schema cannot be analysed: a dangling `$ref`, a non-object, too many alternatives. */
export type Views = readonly ObjectView[] | undefined;

const MAX_ALTERNATIVES = 64;
// Deeper composition than this is machine-made or hostile; analysing it would only risk the stack.
const MAX_DEPTH = 128;
const CYCLE = Symbol('cycle');
type Expansion = ObjectView[] | undefined | typeof CYCLE;

interface Analysis {
  memo: WeakMap<object, ObjectView[] | null>;
  inProgress: Set<object>;
  cycles: number;
}
const analysisOf = (doc: OpenApiDocument): Analysis => doc.memo('schema:analysis', () => ({ memo: new WeakMap(), inProgress: new Set(), cycles: 0 }));

/** The alternative object shapes of a schema; memoized per schema object, so a shared schema is analysed once. */
export function viewsOf(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined): Views {
  const expansion = expand(doc, schema, location);
  return expansion === CYCLE ? undefined : expansion;
}

function expand(doc: OpenApiDocument, schema: unknown, location: JsonPath | undefined): Expansion {
  const target = doc.resolve(schema, location);
  if (target === undefined || !isObject(target.value)) return undefined;
  const node = target.value;
  const analysis = analysisOf(doc);
  const memoized = analysis.memo.get(node);
  if (memoized !== undefined) return memoized ?? undefined;
  if (analysis.inProgress.has(node)) {
    analysis.cycles++;
    return CYCLE;
  }
  if (analysis.inProgress.size >= MAX_DEPTH) {
    analysis.cycles++; // cut short like a cycle, so that nothing computed above it is memoized
    return undefined;
  }
  analysis.inProgress.add(node);
  const cyclesBefore = analysis.cycles;
  let views: ObjectView[] | undefined;
  try {
    views = combine(doc, { value: node, location: target.location });
  } finally {
    analysis.inProgress.delete(node);
  }
  // A result cut short by a cycle depends on where the walk entered; only complete results are reused.
  if (analysis.cycles === cyclesBefore) analysis.memo.set(node, views ?? null);
  return views;
}

function combine(doc: OpenApiDocument, schema: Located<JsonObject>): ObjectView[] | undefined {
  let views: ObjectView[] | undefined = [ownView(doc, schema)];
  const branches = (keyword: string) => (Array.isArray(schema.value[keyword]) ? (schema.value[keyword] as unknown[]) : []);
  const branchLocation = (keyword: string, i: number) => child(child(schema.location, keyword), i);

  for (const [i, branch] of branches('allOf').entries()) {
    const expansion = expand(doc, branch, branchLocation('allOf', i));
    if (expansion === CYCLE) continue; // a cycle adds no property the other branches lack
    views = expansion === undefined ? undefined : product(views, expansion);
    if (views === undefined) return undefined;
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    const alternatives: ObjectView[] = [];
    for (const [i, branch] of branches(keyword).entries()) {
      const expansion = expand(doc, branch, branchLocation(keyword, i));
      if (expansion === undefined) return undefined;
      if (expansion !== CYCLE) alternatives.push(...expansion);
    }
    if (alternatives.length > 0) views = product(views, alternatives);
    if (views === undefined) return undefined;
  }
  return views;
}

function ownView(doc: OpenApiDocument, schema: Located<JsonObject>): ObjectView {
  const properties = new Map<string, Omit<Property, 'required'>>();
  if (isObject(schema.value.properties)) {
    const propertiesLocation = child(schema.location, 'properties');
    for (const [name, value] of doc.entries(schema.value.properties)) {
      properties.set(name, { name, schema: value, location: child(propertiesLocation, name) });
    }
  }
  const required = new Set(Array.isArray(schema.value.required) ? schema.value.required.filter(isString) : []);
  return { properties, required, types: typesOf(schema.value.type), parts: [schema] };
}

function typesOf(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter(isString);
  return undefined;
}

function product(left: ObjectView[], right: ObjectView[]): ObjectView[] | undefined {
  if (left.length * right.length > MAX_ALTERNATIVES) return undefined;
  return left.flatMap(a => right.map(b => merge(a, b)));
}

function merge(a: ObjectView, b: ObjectView): ObjectView {
  const properties = new Map(b.properties);
  for (const [name, property] of a.properties) properties.set(name, property);
  const types = a.types === undefined ? b.types : b.types === undefined ? a.types : a.types.filter(t => b.types!.includes(t));
  return { properties, required: new Set([...a.required, ...b.required]), types, parts: [...a.parts, ...b.parts] };
}

/** True when the view can carry properties: `type: object` or no type at all. */
export function isObjectView(view: ObjectView): boolean {
  return view.types === undefined || view.types.includes('object');
}

/** A view that admits no member it does not declare (`additionalProperties: false`): no `allOf` around it can add one. */
export const isClosed = (view: ObjectView): boolean =>
  view.parts.some(part => part.value.additionalProperties === false || part.value.unevaluatedProperties === false);

/** The first of `names` that the view declares (and requires, if asked), without looking into wrappers. */
export function ownProperty(view: ObjectView, names: readonly string[], required = false): Property | undefined {
  if (!isObjectView(view)) return undefined;
  for (const name of names) {
    const property = view.properties.get(name);
    const isRequired = view.required.has(name);
    if (property !== undefined && (!required || isRequired)) return { ...property, required: isRequired };
  }
  return undefined;
}

/** The views that lack every one of `names`; none when the schema could not be analysed (silence, not a guess). */
export function viewsLacking(views: Views, names: readonly string[], required = false): ObjectView[] {
  return views === undefined ? [] : views.filter(view => ownProperty(view, names, required) === undefined);
}

/** The views of the schema under a property, or of its array `items` with `items: true`. */
export function viewsOfProperty(doc: OpenApiDocument, property: Property, items = false): Views {
  if (!items) return viewsOf(doc, property.schema, property.location);
  const outer = viewsOf(doc, property.schema, property.location);
  const holder = outer?.flatMap(view => view.parts).find(part => part.value.items !== undefined);
  return holder === undefined ? undefined : viewsOf(doc, holder.value.items, child(holder.location, 'items'));
}

/** The views of the `additionalProperties` schema of the first part that declares one. */
export function mapValues(doc: OpenApiDocument, parts: ObjectView['parts']): Views {
  const map = parts.find(part => isObject(part.value.additionalProperties));
  if (map === undefined) return undefined;
  const location = map.location === undefined ? undefined : [...map.location, 'additionalProperties'];
  return viewsOf(doc, map.value.additionalProperties, location);
}

/**
 * The type of the values of a map that is all the object is (MIMIC's `{ additionalProperties: { type: integer } }`, no
 * `properties`): a member of another type breaks clients that read every entry as one of them, as a new shape would.
 * Undefined for any other object, and for a map of objects or of values of unknown type.
 */
export function mapValueType(doc: OpenApiDocument, view: ObjectView): string | undefined {
  if (!isObjectView(view) || view.properties.size > 0) return undefined;
  const types = mapValues(doc, view.parts)?.map(value => value.types);
  if (types === undefined || types.length === 0 || types.some(each => each === undefined || each.includes('object'))) return undefined;
  const [type] = types.flat();
  return type;
}

/** Every declared type of a property's schema across its views; undefined when nothing is declared or it cannot be read. */
export function propertyTypes(doc: OpenApiDocument, property: Property): string[] | undefined {
  const views = viewsOf(doc, property.schema, property.location);
  if (views === undefined || views.some(view => view.types === undefined)) return undefined;
  return [...new Set(views.flatMap(view => view.types ?? []))];
}

type ValueKeyword = 'enum' | 'const' | 'example' | 'examples';

/** The values a property's schema names under the given keywords, across its composed parts (each part once); undefined when unreadable. */
function valuesUnder(doc: OpenApiDocument, property: Property, keywords: readonly ValueKeyword[]): Located[] | undefined {
  const views = viewsOf(doc, property.schema, property.location);
  if (views === undefined) return undefined;
  const found: Located[] = [];
  const seen = new Set<object>();
  for (const { value: part, location } of views.flatMap(view => view.parts)) {
    if (seen.has(part)) continue;
    seen.add(part);
    for (const keyword of keywords) {
      const value = part[keyword];
      if (Array.isArray(value) && (keyword === 'enum' || keyword === 'examples'))
        value.forEach((item, i) => found.push({ value: item, location: child(child(location, keyword), i) }));
      else if (value !== undefined && (keyword === 'const' || keyword === 'example')) found.push({ value, location: child(location, keyword) });
    }
  }
  return found;
}

/** Every value a property's schema names (`enum`, `examples`, `const`, `example`): value rules read these. */
export function declaredValues(doc: OpenApiDocument, property: Property): Located[] {
  return valuesUnder(doc, property, ['enum', 'examples', 'const', 'example']) ?? [];
}

/** The values a property is limited to (`enum`, `const`); `limited` false when it names none; undefined when unreadable. */
export function allowedValues(doc: OpenApiDocument, property: Property): { limited: boolean; values: unknown[] } | undefined {
  const values = valuesUnder(doc, property, ['enum', 'const'])?.map(found => found.value);
  return values === undefined ? undefined : { limited: values.length > 0, values };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
