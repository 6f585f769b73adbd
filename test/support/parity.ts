/**
 * What the parity tests (test/parity.test.ts, test/verdict.test.ts, test/corpus/parity.test.ts) need to hold
 * the runtime guard's verdict on a body to the lint's on its description.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { operationsAround } from '../../cli/place';
import { OpenApiDocument, type JsonPath } from '../../lib/document/document';
import { findingKey } from '../../lib/findings/rule-function';

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

/**
 * The responses each finding stands for, by `responseKey`: the one it sits in, or, for a finding on
 * a shared component, the responses the rule noted as its users in edits mode (never read from the message).
 */
export function responsesOf(doc: Json, users: Map<string, JsonPath[]>): (finding: ISpectralDiagnostic) => string[] {
  const around = operationsAround(OpenApiDocument.of(doc, doc).operations());
  return finding =>
    (users.get(findingKey(finding.path, finding.message)) ?? [finding.path]).flatMap(place =>
      around(place).flatMap(operation => {
        const at = operation.location.length;
        return place[at] === 'responses' && place.length > at + 1 ? [responseKey(operation.method, operation.path, String(place[at + 1]))] : [];
      }),
    );
}
