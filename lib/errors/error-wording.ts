/**
 * How findings word an error body's advice: the places (lib/errors/shape-table.ts finds them; this module words
 * them: "the `error` object", "to the `detail[]` items"), a member name in the body's own style, and the
 * example code and hint that fit the response's status and the operation's real security.
 */
import { errorSchemaNaming, inStyle, mostUsedStyle, words, type Style } from './concepts';
import { errorBodies, isErrorStatus, isJsonMediaType, isObject, pointerToPath, type OpenApiDocument } from '../document/document';
import { statusesUsing } from '../document/uses';
import { editedPart, errorAudience, propertyEdits } from '../findings/edits';
import type { ErrorSchema, Problem } from './error-bodies';
import { type Carrier, type Names, type Question } from './shape-table';
import { bodyCarrier, schemaAnswers, schemaLikely, type PassedOver } from './schema-shapes';
import { isObjectView, viewsOf, type ObjectView } from '../document/schema';
import { nameList } from '../semantics/names';
import { census } from '../document/census';
import type { Phrase } from '../findings/messages';

/** "the `error` object", "the `detail[]` items", "the schema": a carrier as messages name it. */
export function carrierName(carrier: Carrier<unknown>): string {
  if (carrier.kind === 'body') return 'the schema';
  return carrier.kind === 'wrapper' ? `the ${carrier.where} object` : `the ${carrier.where}`;
}

/** " to the `error` object", " to the `detail[]` items", "" for the body: where a fix adds a member. */
export const placeOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` to ${carrierName(carrier)}`);

/** " in its `error` object", "" for the body: where a finding saw a member. */
export const insideOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` in ${carrierName(carrier).replace(/^the /, 'its ')}`);

/**
 * A finding that asks instead of asserting, where only likely evidence names a member for the concept:
 * "may keep its correlation id in `errorRef`" and "If `errorRef` is the correlation id, describe it so;
 * else" before the usual fix. The description then makes the evidence clear.
 */
export function askAbout(
  found: { name: string; carrier: Carrier<unknown>; alternatives?: readonly string[] },
  concept: Phrase,
  placed = true,
): { what: string; fix: string } {
  // Every likely member is named: the finding asserts nothing about any of them (`error_messages` or `reason`).
  const candidates = nameList([found.name, ...(found.alternatives ?? [])]);
  return {
    what: `may keep its ${concept} in ${candidates}${placed ? insideOf(found.carrier) : ''}`,
    fix: `If ${candidates} is the ${concept}, describe it so; else`,
  };
}

/** A body member a view lacks: its concept in words, the names to choose from, its type and what to say it is for. */
export interface Lacking {
  question: Question;
  concept: Phrase;
  names: readonly string[];
  type: 'string' | 'boolean';
  /** Ends the fix: ", true when the same call may succeed later.". */
  purpose: Phrase;
}

/**
 * The problem of a view whose body has no member for the question: asked about when a member may be it,
 * else a member added to the body (with its edit), named in the API's style.
 */
export function lackingMember(
  doc: OpenApiDocument,
  target: ErrorSchema,
  view: ObjectView,
  options: Names,
  { question, concept, names, type, purpose }: Lacking,
): Problem {
  const home = bodyCarrier(doc, view, options);
  const name = newMemberName(doc, home.nodes[0].views, names);
  const add = `add \`${name}\` (${type})${placeOf(home)}${purpose}`;
  const likely = schemaLikely(doc, view, question, options);
  if (likely !== undefined) {
    const ask = askAbout(likely, concept);
    return { what: ask.what, fix: `${ask.fix} ${add}`, concept: question };
  }
  return {
    concept: question,
    what: `has no ${concept}`,
    fix: `A${add.slice(1)}`,
    edits: () => propertyEdits(doc, home.nodes[0].views, name, { type }, false, errorAudience(doc, target)),
  };
}

const PASSED_OVER: Record<PassedOver['why'], [one: string, many: string]> = {
  errorCode: ['is the code', 'hold the code'],
  message: ['is the message', 'hold the message'],
  status: ['is the HTTP status', 'are the HTTP status'],
  type: ["names the object's type", "name the object's type"],
  text: ['is text, not a code', 'are text, not codes'],
  item: ['is per item', 'are per item'],
};

/** " (`reason` is the message; `error` is the HTTP status)": what a finding saw and did not take, "" for nothing. */
export function passedOverClause(passed: readonly PassedOver[]): string {
  const byWhy = new Map<PassedOver['why'], string[]>();
  for (const { name, why } of passed) {
    const list = byWhy.get(why) ?? byWhy.set(why, []).get(why)!;
    if (!list.includes(name)) list.push(name);
  }
  const parts = [...byWhy].map(([why, list]) => `${nameList(list, 'and')} ${PASSED_OVER[why][list.length === 1 ? 0 : 1]}`);
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

/**
 * The first of `names` written in the case style `existing` use (camelCase, snake_case, kebab-case;
 * PascalCase when every one is capitalized, as .NET serializers write them), else in `fallback` (the
 * API's own style): `trace_id` becomes `traceId` beside `errorCode`. As it is when no style is known.
 */
export function inStyleOf(existing: readonly string[], names: readonly string[], fallback?: Style): string {
  const pascal = existing.length > 0 && existing.every(name => /^[A-Z][a-z]/.test(name));
  // Lower-case members (RFC 9457's `type`, `title`) in a PascalCase API stay lower-case: camelCase.
  const lower = fallback === 'pascal' && existing.some(name => /^[a-z]/.test(name)) ? 'camel' : fallback;
  const style = pascal ? 'pascal' : (mostUsedStyle(existing) ?? lower);
  const first = names.find(name => !name.includes('.')) ?? names[0];
  return style === undefined || first.includes('.') ? first : inStyle(first, style);
}

/**
 * The name a fix gives a new member of `views`: an alias in the style of the schema object the edit goes
 * into (lib/findings/edits.ts), else in the style most used across the document's schemas. The same shared schema
 * reached through several responses is always given the same name.
 */
export function newMemberName(doc: OpenApiDocument, views: readonly ObjectView[], names: readonly string[]): string {
  const existing = views.flatMap(view => {
    const target = editedPart(view);
    const part = view.parts.find(candidate => candidate.location === target);
    return part !== undefined && isObject(part.value.properties) ? Object.keys(part.value.properties) : [];
  });
  return inStyleOf(existing, names, documentStyle(doc));
}

/**
 * The name the API's own error schemas give a concept, when at least two of them clearly hold it under the
 * same name (Just Eat's `errorCode`): a member a fix adds for that concept elsewhere takes that name, not the
 * package's default. Each distinct schema counts once, however many responses share it.
 */
export function apiMemberName(doc: OpenApiDocument, question: Question, names: Names): string | undefined {
  return doc.memo(`error-wording:api-name:${question}:${JSON.stringify(names ?? null)}`, () => {
    const counts = new Map<string, number>();
    const seen = new Set<unknown>();
    for (const { body } of errorBodies(doc, doc.operations())) {
      const schema = body.schema?.value;
      // A shared schema is one `$ref` however many responses write it.
      const identity = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : schema;
      if (!isJsonMediaType(body.mediaType) || schema === undefined || seen.has(identity)) continue;
      seen.add(identity);
      const views = (viewsOf(doc, schema, body.schema!.location) ?? []).filter(isObjectView);
      const held = new Set(views.flatMap(view => schemaAnswers(doc, view, question, names).map(found => found.name.slice(found.name.lastIndexOf('.') + 1))));
      for (const name of held) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const [best] = [...counts].sort((a, b) => b[1] - a[1]);
    if (best !== undefined && best[1] >= 2) return best[0];
    if (documentsProblemDetails(doc) && PROBLEM_MEMBERS[question] !== undefined) return PROBLEM_MEMBERS[question];
    // An API that speaks the AWS JSON protocol (an `X-Amz-Target` header names each operation) sends its code as `__type`.
    return question === 'errorCode' && doc.operations().some(operation => doc.headerParameter(operation, [AWS_TARGET]) !== undefined) ? AWS_CODE : undefined;
  });
}

export const PROBLEM_JSON = 'application/problem+json';
/** What an API's own prose says when every error is an RFC 7807/9457 problem. */
const PROBLEM_CONVENTION = /\brfc ?(7807|9457)\b|\bapplication\/problem\+json\b|\bproblem details\b/i;

/**
 * True when the API documents its errors as RFC 7807/9457 problems in `info.description` or an `externalDocs`
 * description (its own or the info's): advice then speaks that convention (`type` the code, `detail` the message).
 */
export function documentsProblemDetails(doc: OpenApiDocument): boolean {
  return doc.memo('error-wording:problem-details', () => {
    const { info, externalDocs } = doc.root;
    const prose = [info, externalDocs, isObject(info) ? info.externalDocs : undefined].map(node => (isObject(node) ? node.description : undefined));
    return prose.some(text => typeof text === 'string' && PROBLEM_CONVENTION.test(text));
  });
}

/** `"VALIDATION_ERROR"` as an RFC 9457 problem `type`, a URI: `"https://example.com/problems/validation-error"`. */
export const problemTypeOf = (code: string): string => `"https://example.com/problems/${code.replace(/"/g, '').toLowerCase().replace(/_/g, '-')}"`;

/** The member RFC 9457 names for a concept: `type` for the code, `detail` for the message. */
const PROBLEM_MEMBERS: Partial<Record<Question, string>> = { errorCode: 'type', message: 'detail' };

const AWS_TARGET = 'X-Amz-Target';
const AWS_CODE = '__type';

/** The case style most used by the distinct property names of the document's schemas, computed once per document. */
export function documentStyle(doc: OpenApiDocument): Style | undefined {
  return doc.memo('error-wording:style', () => mostUsedStyle(census(doc).propertyNames));
}

/**
 * An example code that fits the response: the name of an error schema that names one error (an exception
 * class such as AWS's `TooManyTagsException`, whose name its JSON errors send as the code, or a schema of one
 * status such as `NotFoundError`), else one that fits the status (a 401 is no validation error): for a schema
 * that several statuses share, the first status's, whichever response asks, so that its one finding reads
 * the same from every use.
 */
export function schemaExampleCode(doc: OpenApiDocument, status: string, schemaRef: unknown): string {
  if (typeof schemaRef !== 'string') return `"${exampleCode(status)}"`;
  const name = schemaRef.slice(schemaRef.lastIndexOf('/') + 1);
  const head = words(name).at(-1);
  const statuses = errorStatusesUsing(doc, schemaRef);
  // Named for one error, one error by name (not a list of `…Errors`): an exception class is one wherever it is sent (AWS gives
  // each operation's its own status); another name, where it serves one status.
  const oneError =
    errorSchemaNaming(name) === 'particular' &&
    head !== 'errors' &&
    (head === 'exception' || (['error', 'fault', 'problem'].includes(head!) && statuses?.size === 1 && /^\d{3}$/.test([...statuses][0])));
  if (oneError) return `"${name}"`;
  return `"${exampleCode([...(statuses.size > 0 ? statuses : [status])].sort()[0])}"`;
}

/** The error statuses of the responses that answer the schema `ref` names, itself or through a schema that composes it (`ProblemWithState`). */
function errorStatusesUsing(doc: OpenApiDocument, ref: string): ReadonlySet<string> {
  const site = pointerToPath(ref);
  if (site === undefined) return new Set();
  const statuses = statusesUsing(doc, site);
  // Asked for each response that uses the schema: its statuses are filtered once.
  return doc.memoFor('error-wording:error-statuses', statuses, () => new Set(statuses.filter(isErrorStatus)));
}

/** An example code that fits the status: a 401 is no validation error. */
export function exampleCode(status: string): string {
  const codes: Record<string, string> = {
    '400': 'VALIDATION_ERROR',
    '401': 'UNAUTHENTICATED',
    '402': 'PAYMENT_REQUIRED',
    '403': 'FORBIDDEN',
    '404': 'NOT_FOUND',
    '405': 'METHOD_NOT_ALLOWED',
    '406': 'NOT_ACCEPTABLE',
    '408': 'REQUEST_TIMEOUT',
    '409': 'CONFLICT',
    '410': 'GONE',
    '412': 'PRECONDITION_FAILED',
    '413': 'PAYLOAD_TOO_LARGE',
    '415': 'UNSUPPORTED_MEDIA_TYPE',
    '422': 'VALIDATION_ERROR',
    '429': 'RATE_LIMITED',
    '501': 'NOT_IMPLEMENTED',
    '502': 'BAD_GATEWAY',
    '503': 'SERVICE_UNAVAILABLE',
    '504': 'GATEWAY_TIMEOUT',
  };
  return codes[status] ?? (/^5/.test(status) ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}
