/**
 * What the parity tests (test/parity.test.ts, test/verdict.test.ts, test/corpus/parity.test.ts) need to hold
 * the runtime guard's verdict on a body to the lint's on its description.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { ownersOf } from '../../cli/place';
import { OpenApiDocument, pointerToPath, startsWith, valueAt, type JsonPath } from '../../lib/document';
import { findingKey } from '../../lib/rule-function';

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

/** "post /orders 422": one response of one operation, the unit both sides give a verdict on. */
export const responseKey = (method: string, template: string, status: string): string => `${method} ${template} ${status}`;

/** Every place a node's tree leads to through local `$ref`s, followed on (each once): the components it is made of. */
function componentsOf(doc: Json, node: unknown, found = new Map<string, JsonPath>()): JsonPath[] {
  if (Array.isArray(node)) node.forEach(item => componentsOf(doc, item, found));
  else if (isJsonObject(node)) {
    const target = typeof node.$ref === 'string' ? pointerToPath(node.$ref) : undefined;
    if (target !== undefined && !found.has(node.$ref as string)) {
      found.set(node.$ref as string, target);
      componentsOf(doc, valueAt(doc, target), found);
    }
    Object.values(node).forEach(value => componentsOf(doc, value, found));
  }
  return [...found.values()];
}

/**
 * The responses each finding of `rule` stands for, by `responseKey`: the one it sits in; for a finding on a
 * shared component, of the operations the rule noted as its users in edits mode (read through cli/place.ts
 * `ownersOf`, never from the message), the responses those notes name, else every response that reaches the
 * component (the notes name operations; such an operation's other responses using the component are taken too).
 */
export function responsesOf(doc: Json, rule: string, users: Map<string, JsonPath[]>): (finding: ISpectralDiagnostic) => string[] {
  const owners = ownersOf(OpenApiDocument.of(doc, doc).operations(), new Map([[rule, users]]));
  return finding => {
    const places = [finding.path, ...(users.get(findingKey(finding.path, finding.message)) ?? [])];
    return owners(finding).flatMap(operation => {
      const within = [...operation.location, 'responses'];
      const responses = isJsonObject(operation.node.responses) ? operation.node.responses : {};
      const named = places.filter(place => place.length > within.length && startsWith(place, within)).map(place => String(place[within.length]));
      const statuses =
        named.length > 0
          ? named
          : Object.keys(responses).filter(status => componentsOf(doc, responses[status]).some(component => startsWith(finding.path, component)));
      return statuses.map(status => responseKey(operation.method, operation.path, status));
    });
  };
}
