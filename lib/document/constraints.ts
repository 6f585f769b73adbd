/**
 * The value constraints of one input's schema (type, enum, bounds, length, pattern, format), read
 * through the object views of schema.ts, and the test "does this value meet them?". The field-refs rule
 * compares what an error example claims about an input with these; a runtime guard can ask the same.
 */
import { isObject, type JsonPath, type Located, type OpenApiDocument } from './document';
import { viewsOf, type ObjectView } from './schema';

export const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format'] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

export interface Constraints {
  types: readonly string[] | undefined;
  /** `enum`, or `[const]`; undefined when the schema names no values. */
  values: unknown[] | undefined;
  bounds: Partial<Record<BoundKeyword, unknown>>;
  /** Where the schema lives (its first part), for messages. */
  location: JsonPath | undefined;
}

/**
 * The constraints of an input with exactly one shape: undefined when it has several alternatives
 * (`oneOf` at the input, or reached through several shapes of its parent) or cannot be read.
 * Each keyword is taken from the outermost part that declares it.
 */
export function constraintsOf(doc: OpenApiDocument, schemas: readonly Located[]): Constraints | undefined {
  if (schemas.length !== 1) return undefined;
  const views = viewsOf(doc, schemas[0].value, schemas[0].location);
  if (views === undefined || views.length !== 1) return undefined;
  return constraintsOfView(views[0]);
}

/** The constraints of one object view (one alternative shape of a schema). */
export function constraintsOfView(view: ObjectView): Constraints {
  const first = (keyword: string) => view.parts.find(part => part.value[keyword] !== undefined)?.value[keyword];
  const enumValues = first('enum');
  const constValue = first('const');
  const values = Array.isArray(enumValues) ? enumValues : constValue !== undefined ? [constValue] : undefined;
  const bounds: Constraints['bounds'] = {};
  for (const keyword of BOUND_KEYWORDS) {
    const value = first(keyword);
    if (value !== undefined) bounds[keyword] = value;
  }
  return { types: view.types, values, bounds, location: view.parts[0]?.location };
}

/** Equality of JSON values, as `enum` and `const` compare them. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether `values` (an `enum`) holds `value`. */
export function includesValue(values: readonly unknown[], value: unknown): boolean {
  return values.some(known => sameValue(known, value));
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A query or path value travels as text: "100" is an integer there. */
function asParameterValue(value: unknown, types: readonly string[]): unknown {
  if (typeof value !== 'string' || types.includes('string')) return value;
  if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Why `value` does not meet the constraints ("is above the maximum 100"), or undefined when it does (or cannot be judged). */
export function violation(value: unknown, constraints: Constraints, asText = false): string | undefined {
  const { types, values, bounds } = constraints;
  const candidate = asText && types !== undefined ? asParameterValue(value, types) : value;
  const type = typeOf(candidate);
  if (types?.includes('file')) return undefined; // Swagger 2.0 uploads: nothing to compare a value with
  if (types !== undefined && types.length > 0 && !types.includes(type) && !(type === 'integer' && types.includes('number')))
    return `is ${type === 'integer' || type === 'array' || type === 'object' ? 'an' : 'a'} ${type}, not ${types.join(' or ')}`;
  if (values !== undefined && !includesValue(values, candidate)) return 'is not one of its `enum` values';
  if (typeof candidate === 'number') {
    if (typeof bounds.minimum === 'number' && (candidate < bounds.minimum || (bounds.exclusiveMinimum === true && candidate === bounds.minimum)))
      return `is below the minimum ${bounds.minimum}`;
    if (typeof bounds.maximum === 'number' && (candidate > bounds.maximum || (bounds.exclusiveMaximum === true && candidate === bounds.maximum)))
      return `is above the maximum ${bounds.maximum}`;
    if (typeof bounds.exclusiveMinimum === 'number' && candidate <= bounds.exclusiveMinimum) return `is not above ${bounds.exclusiveMinimum}`;
    if (typeof bounds.exclusiveMaximum === 'number' && candidate >= bounds.exclusiveMaximum) return `is not below ${bounds.exclusiveMaximum}`;
  }
  if (typeof candidate === 'string') {
    if (typeof bounds.minLength === 'number' && [...candidate].length < bounds.minLength) return `is shorter than ${bounds.minLength} characters`;
    if (typeof bounds.maxLength === 'number' && [...candidate].length > bounds.maxLength) return `is longer than ${bounds.maxLength} characters`;
    if (typeof bounds.pattern === 'string' && matches(bounds.pattern, candidate) === false) return `does not match the pattern ${bounds.pattern}`;
  }
  return undefined;
}

/** undefined when the pattern is not a valid JavaScript regular expression (ECMA 262 differs in places): no guess. */
function matches(pattern: string, text: string): boolean | undefined {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return undefined;
  }
}

/** True for an object that states constraints in schema words (`{ minimum: 1, maximum: 100 }`), as Geodocs' error specification's `allowed_values` may. */
export function isConstraintObject(value: unknown): value is Record<string, unknown> {
  return isObject(value) && (Object.keys(value).some(key => (BOUND_KEYWORDS as readonly string[]).includes(key)) || Array.isArray(value.enum));
}
