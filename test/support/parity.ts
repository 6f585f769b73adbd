/**
 * What the parity tests (test/parity.test.ts, test/verdict.test.ts, test/corpus/parity.test.ts) need to hold
 * the runtime guard's verdict on a body to the lint's on its description.
 */
type Json = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a chain of local `$ref`s leads to (a corpus file points responses at other operations' responses). */
export function resolveRef(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isJsonObject(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return current;
}

export const objectSchema = (properties: Json, required = Object.keys(properties)): Json => ({ type: 'object', required, properties });

/**
 * The schema that declares exactly one JSON value: every member required, every scalar its one value
 * (`enum: [value]`), an array's items as its first item. The lint reads from it what the guard reads from
 * the value, so the two verdicts can be compared on the same evidence.
 */
export function exactSchema(value: unknown): Json {
  if (Array.isArray(value)) return { type: 'array', items: exactSchema(value[0]) };
  if (typeof value === 'object' && value !== null)
    return objectSchema(Object.fromEntries(Object.entries(value).map(([key, member]) => [key, exactSchema(member)])));
  const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return { type, enum: [value] };
}

/** A finding whose only complaint is a member declared but not required: the guard reads what is sent, so it has no counterpart. */
export const onlyRequirement = (message: string): boolean => message.includes('does not require') && !/has no (code|message)/.test(message);
