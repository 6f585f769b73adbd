/**
 * The schema that declares exactly one JSON value: every member required, every scalar its one value
 * (`enum: [value]`), an array's items as its first item. The lint reads from it what the guard reads from
 * the value, so the two verdicts can be compared on the same evidence (test/parity.test.ts, test/verdict.test.ts).
 */
type Json = Record<string, unknown>;

export const objectSchema = (properties: Json, required = Object.keys(properties)): Json => ({ type: 'object', required, properties });

export function exactSchema(value: unknown): Json {
  if (Array.isArray(value)) return { type: 'array', items: exactSchema(value[0]) };
  if (typeof value === 'object' && value !== null)
    return objectSchema(Object.fromEntries(Object.entries(value).map(([key, member]) => [key, exactSchema(member)])));
  const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return { type, enum: [value] };
}
