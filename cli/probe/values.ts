/**
 * Values for the probe's requests: a valid value for a schema (its own example first, then `default`,
 * `const`, `enum`, else one built from type, format and bounds, through `$ref`, `allOf` and the first
 * `oneOf`/`anyOf` shape), and the invalid values that break one constraint at a time. A value the
 * probe cannot build without guessing (a `pattern` with no example) is a reason, not a value.
 */
import { constraintsOfView, violation, type Constraints } from '../../lib/document/constraints';
import { child, isObject, type Located, type OpenApiDocument } from '../../lib/document/document';
import { viewsOf, type ObjectView } from '../../lib/document/schema';

export type Built = { value: unknown } | { why: string };

export const built = (result: Built): result is { value: unknown } => 'value' in result;

/** Deeper than this, a schema is recursive or machine-made: the probe stops rather than guess. */
const MAX_DEPTH = 12;

/** What a string of a known format looks like; any other format gets a plain word. */
const FORMATS: Record<string, string> = {
  'date-time': '2026-01-15T10:00:00Z',
  date: '2026-01-15',
  time: '10:00:00Z',
  email: 'agent@example.com',
  uuid: '3f2b8c1e-5d4a-4b6f-9e21-7c0d5a8b9f10',
  uri: 'https://example.com/probe',
  url: 'https://example.com/probe',
  hostname: 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  byte: 'cHJvYmU=',
};

/** A value the description gives itself: `example`, 3.1 `examples`, `default`, `const`, the first non-null `enum` value. */
function givenValue(view: ObjectView): Built | undefined {
  for (const keyword of ['example', 'examples', 'default', 'const', 'enum']) {
    const part = view.parts.find(candidate => candidate.value[keyword] !== undefined);
    const value = part?.value[keyword];
    if (value === undefined) continue;
    if (keyword === 'examples' || keyword === 'enum') {
      const first = Array.isArray(value) ? value.find(item => item !== null) : undefined;
      if (first !== undefined) return { value: first };
      continue;
    }
    return { value };
  }
  return undefined;
}

/** The one type a value is built as: the declared one (not `null` when another is allowed), else what the schema's keywords imply. */
function typeToBuild(view: ObjectView, constraints: Constraints): string {
  const declared = (view.types ?? []).filter(type => type !== 'null');
  if (declared.length > 0) return declared[0];
  if (view.types?.includes('null')) return 'null';
  if (view.properties.size > 0) return 'object';
  if (view.parts.some(part => part.value.items !== undefined)) return 'array';
  const { bounds } = constraints;
  if (typeof bounds.minimum === 'number' || typeof bounds.maximum === 'number') return 'number';
  return view.parts.some(part => isObject(part.value.properties) || part.value.additionalProperties !== undefined) ? 'object' : 'string';
}

function numberWithin(constraints: Constraints, integer: boolean): number {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = constraints.bounds;
  const step = integer ? 1 : 0.5;
  let low =
    typeof minimum === 'number' ? minimum + (exclusiveMinimum === true ? step : 0) : typeof exclusiveMinimum === 'number' ? exclusiveMinimum + step : undefined;
  const high =
    typeof maximum === 'number' ? maximum - (exclusiveMaximum === true ? step : 0) : typeof exclusiveMaximum === 'number' ? exclusiveMaximum - step : undefined;
  low = low === undefined ? (high === undefined ? 1 : Math.min(1, high)) : low;
  return integer ? Math.ceil(low) : low;
}

function stringWithin(constraints: Constraints, format: unknown): Built {
  const { minLength, maxLength, pattern } = constraints.bounds;
  let text = (typeof format === 'string' ? FORMATS[format] : undefined) ?? 'probe';
  if (typeof minLength === 'number' && text.length < minLength) text = text.padEnd(minLength, 'x');
  if (typeof maxLength === 'number' && text.length > maxLength) text = text.slice(0, maxLength);
  // A pattern is a language of its own: the probe builds no value for it, it takes the description's.
  if (typeof pattern === 'string' && violation(text, constraints) !== undefined) return { why: `its pattern \`${pattern}\` has no example to send` };
  return { value: text };
}

/**
 * A valid value for `schema`: what a careful client would send on its first try. Only required
 * properties are set (and never `readOnly` ones), and an array gets one item (or `minItems`).
 */
export function validValue(doc: OpenApiDocument, schema: Located, depth = 0): Built {
  if (depth > MAX_DEPTH) return { why: 'it nests deeper than the probe follows' };
  const views = viewsOf(doc, schema.value, schema.location);
  if (views === undefined || views.length === 0) return { why: 'its schema cannot be read (a `$ref` that does not resolve?)' };
  const [view] = views;
  const given = givenValue(view);
  if (given !== undefined) return given;
  const constraints = constraintsOfView(view);
  const format = view.parts.find(part => part.value.format !== undefined)?.value.format;
  switch (typeToBuild(view, constraints)) {
    case 'object':
      return objectOf(doc, view, depth);
    case 'array':
      return arrayOf(doc, view, depth);
    case 'integer':
      return { value: numberWithin(constraints, true) };
    case 'number':
      return { value: numberWithin(constraints, false) };
    case 'boolean':
      return { value: true };
    case 'null':
      return { value: null };
    default:
      return stringWithin(constraints, format);
  }
}

function objectOf(doc: OpenApiDocument, view: ObjectView, depth: number): Built {
  const value: Record<string, unknown> = {};
  for (const name of view.required) {
    const property = view.properties.get(name);
    if (property === undefined) return { why: `\`${name}\` is required but has no schema` };
    if (isReadOnly(doc, property)) continue;
    const member = validValue(doc, { value: property.schema, location: property.location }, depth + 1);
    if (!built(member)) return { why: `\`${name}\`: ${member.why}` };
    value[name] = member.value;
  }
  return { value };
}

function arrayOf(doc: OpenApiDocument, view: ObjectView, depth: number): Built {
  const holder = view.parts.find(part => part.value.items !== undefined);
  if (holder === undefined) return { value: [] };
  const item = validValue(doc, { value: holder.value.items, location: child(holder.location, 'items') }, depth + 1);
  if (!built(item)) return { why: `its items: ${item.why}` };
  const minItems = view.parts.find(part => typeof part.value.minItems === 'number')?.value.minItems as number | undefined;
  return { value: Array.from({ length: Math.max(1, minItems ?? 1) }, () => item.value) };
}

/** `readOnly` properties are the server's to set: a request leaves them out even when required. */
function isReadOnly(doc: OpenApiDocument, property: { schema: unknown; location: Located['location'] }): boolean {
  return viewsOf(doc, property.schema, property.location)?.[0]?.parts.some(part => part.value.readOnly === true) ?? false;
}

/** How one fault breaks a valid input. */
export type FaultKind = 'missing' | 'wrong-type' | 'out-of-range' | 'unknown-id';

export interface BadValue {
  kind: Exclude<FaultKind, 'missing' | 'unknown-id'>;
  value: unknown;
  /** What the value breaks, for the report: "a string, not integer", "not one of its `enum` values". */
  breaks: string;
}

/** A value of another JSON type than the schema's (text for a parameter, which travels as text). */
function wrongType(type: string, asText: boolean): unknown {
  if (type === 'string') return asText ? undefined : 12345;
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return asText ? 'not-a-boolean' : 'yes';
  return asText ? undefined : 'not-a-list-or-object';
}

/** A value just outside one constraint: the enum, then the bounds, then the length, then the pattern. */
function outOfRange(constraints: Constraints): unknown[] {
  const { values, bounds } = constraints;
  const candidates: unknown[] = [];
  if (values !== undefined) candidates.push(values.every(item => typeof item === 'number') ? -987654 : 'NOT_AN_ALLOWED_VALUE');
  if (typeof bounds.minimum === 'number') candidates.push(bounds.minimum - 1);
  if (typeof bounds.maximum === 'number') candidates.push(bounds.maximum + 1);
  if (typeof bounds.exclusiveMinimum === 'number') candidates.push(bounds.exclusiveMinimum);
  if (typeof bounds.exclusiveMaximum === 'number') candidates.push(bounds.exclusiveMaximum);
  if (typeof bounds.maxLength === 'number') candidates.push('x'.repeat(bounds.maxLength + 1));
  if (typeof bounds.minLength === 'number' && bounds.minLength > 0) candidates.push('');
  if (typeof bounds.pattern === 'string') candidates.push('!probe!');
  return candidates;
}

/**
 * The invalid values for an input: one of the wrong type, one outside its constraints. Each is checked
 * against the schema itself, so the probe never calls a value wrong that the description allows.
 */
export function badValues(doc: OpenApiDocument, schema: Located, asText: boolean): BadValue[] {
  const views = viewsOf(doc, schema.value, schema.location);
  if (views === undefined || views.length !== 1) return [];
  const constraints = constraintsOfView(views[0]);
  const type = (constraints.types ?? []).filter(candidate => candidate !== 'null');
  const found: BadValue[] = [];
  const wrong = type.length === 1 ? wrongType(type[0], asText) : undefined;
  const wrongWhy = wrong === undefined ? undefined : violation(wrong, constraints, asText);
  if (wrongWhy !== undefined) found.push({ kind: 'wrong-type', value: wrong, breaks: wrongWhy });
  // Of the right type, so that it breaks the constraint and nothing else.
  const typeOnly: Constraints = { ...constraints, values: undefined, bounds: {} };
  for (const candidate of outOfRange(constraints)) {
    const why = violation(candidate, typeOnly, asText) === undefined ? violation(candidate, constraints, asText) : undefined;
    if (why === undefined) continue;
    found.push({ kind: 'out-of-range', value: asText && typeof candidate === 'number' ? String(candidate) : candidate, breaks: why });
    break;
  }
  return found;
}
