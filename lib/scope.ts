/**
 * Which operations and responses a rule applies to, given its options: asked here once, so that the rule
 * functions, the report's "not applicable" cells and the runtime guard never disagree. Each predicate
 * reads the same options the rule takes (`prefixes`, `readOnly`, the name lists).
 */
import {
  isClientErrorStatus,
  isErrorStatus,
  isMutation,
  isObject,
  isServerErrorStatus,
  isSuccessStatus,
  type OpenApiDocument,
  type Operation,
} from './document';
import { namesFor, type Concept } from './names';
import { isObjectView, ownProperty, viewsOf } from './schema';

export type ScopeOptions = (Partial<Record<Concept, readonly string[]>> & { prefixes?: readonly string[]; readOnly?: readonly string[] }) | null | undefined;

/** An operation that only reads though it is a POST says so with `x-ax-read-only: true`; `false` keeps a read-like name a mutation. */
export const READ_ONLY_EXTENSION = 'x-ax-read-only';

// Verbs that name a query sent as a POST (a body too large or too structured for a query string).
const READ_VERBS = new Set(['search', 'query', 'validate', 'check', 'calculate', 'estimate', 'preview', 'lookup', 'verify']);
// Last path segments and leading words of an authentication endpoint: it hands out a token, not a resource with next steps.
const LOGIN_WORDS = new Set(['login', 'signin', 'logon', 'token', 'authenticate']);

/** `searchOrders` → `search orders`; `Look up a customer` → `lookup a customer`: the words of a name or a summary, lower case. */
function words(text: string): string[] {
  const split = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // "look up", "sign in", "log in" read as the one verb they are.
  return split.length > 1 && ['lookup', 'signin', 'login', 'logon'].includes(split[0] + split[1]) ? [split[0] + split[1], ...split.slice(2)] : split;
}

/** The first word of the operation's id and summary, and its last path segment: what names what it does. */
function namedBy(operation: Operation): string[] {
  const texts = [operation.node.operationId, operation.node.summary].filter((text): text is string => typeof text === 'string');
  const segment = operation.path.split('/').filter(Boolean).pop() ?? '';
  return [...texts.map(text => words(text)[0]), words(segment).join('')].filter((word): word is string => word !== undefined);
}

/** True when `readOnly` lists the operation, by `operationId` or as `METHOD /path`. */
function listed(operation: Operation, entries: readonly string[] | undefined): boolean {
  const key = `${operation.method} ${operation.path}`.toLowerCase();
  return entries?.some(entry => entry === operation.node.operationId || entry.toLowerCase() === key) ?? false;
}

/**
 * A POST that only reads: declared with `x-ax-read-only` or the `readOnly` option, or named like a query
 * (search, validate, calculate, …, by `operationId`, summary or last path segment) and answering 200, not 201.
 */
export function readsOnly(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean {
  const flag = operation.node[READ_ONLY_EXTENSION];
  if (typeof flag === 'boolean') return flag;
  return listed(operation, options?.readOnly) || remembered(doc, 'named-like-query', operation, () => queryByName(doc, operation));
}

function queryByName(doc: OpenApiDocument, operation: Operation): boolean {
  if (operation.method !== 'post') return false;
  const statuses = doc.responses(operation).map(response => response.status);
  return statuses.includes('200') && !statuses.includes('201') && namedBy(operation).some(word => READ_VERBS.has(word));
}

/**
 * What an operation is does not change between calls: the rules ask once per rule and the runtime guard
 * once per response, so each answer is kept per operation object.
 */
function remembered(doc: OpenApiDocument, question: string, operation: Operation, compute: () => boolean): boolean {
  const known = doc.memo(`scope:${question}`, () => new WeakMap<object, boolean>());
  let answer = known.get(operation.node);
  if (answer === undefined) known.set(operation.node, (answer = compute()));
  return answer;
}

/** The `tokenUrl` paths of the OAuth 2.0 security schemes (OpenAPI 3 flows, Swagger 2.0 definitions). */
function tokenPaths(doc: OpenApiDocument): string[] {
  const flows = [...doc.securitySchemes().values()].flatMap(scheme => [scheme, ...(isObject(scheme.flows) ? Object.values(scheme.flows) : [])]);
  return flows.flatMap(flow => (isObject(flow) && typeof flow.tokenUrl === 'string' ? (pathnameOf(flow.tokenUrl) ?? []) : []));
}

/** The path of an absolute or relative URL; undefined for one that does not parse. */
function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url, 'http://server.invalid').pathname;
  } catch {
    return undefined;
  }
}

/** A 2xx body whose every shape declares `access_token` and `token_type` (RFC 6749 §5.1). */
function returnsToken(doc: OpenApiDocument, operation: Operation): boolean {
  return doc.responses(operation).some(
    response =>
      isSuccessStatus(response.status) &&
      doc.jsonBodies(operation, response).some(body => {
        const views = body.schema === undefined ? undefined : viewsOf(doc, body.schema.value, body.schema.location);
        return (
          views !== undefined &&
          views.length > 0 &&
          views.every(view => isObjectView(view) && ownProperty(view, ['access_token']) !== undefined && ownProperty(view, ['token_type']) !== undefined)
        );
      }),
  );
}

/** An OAuth 2.0 token endpoint (a scheme's `tokenUrl`, or a token in the 2xx body) or a login endpoint. */
export function authenticates(doc: OpenApiDocument, operation: Operation): boolean {
  return remembered(doc, 'authenticates', operation, () => isAuthentication(doc, operation));
}

function isAuthentication(doc: OpenApiDocument, operation: Operation): boolean {
  return (
    tokenPaths(doc).some(path => path === operation.path || (operation.path.length > 1 && path.endsWith(operation.path))) ||
    returnsToken(doc, operation) ||
    namedBy(operation).some(word => LOGIN_WORDS.has(word))
  );
}

const CONSUMER_TAG = /^(webhooks?|callbacks?)( events?)?$/i;
// "Sent to your endpoint": the API is the caller. A mere "webhook event" is not enough: GitHub's dispatch
// endpoint "triggers a webhook event", and an agent calls it.
const CONSUMER_TEXT = /\b(sent|delivered|posted) to (your|the (consumer|subscriber|client)'?s?) (endpoint|url|server)\b/i;

/**
 * An operation the API calls on the consumer (a webhook or callback described under `paths`): a POST
 * carrying the event as its body, tagged `Webhooks`/`Callbacks` or described as "sent to your endpoint",
 * answering without a JSON body. Subscription endpoints under a "Webhooks" tag (create, list, delete a
 * webhook) answer with JSON or take no body, and an agent calls those.
 */
export function calledByApi(doc: OpenApiDocument, operation: Operation): boolean {
  return remembered(doc, 'called-by-api', operation, () => describesCallback(doc, operation));
}

function describesCallback(doc: OpenApiDocument, operation: Operation): boolean {
  const { summary, description, tags, parameters, requestBody } = operation.node;
  const carriesEvent = requestBody !== undefined || (Array.isArray(parameters) && parameters.some(parameter => isObject(parameter) && parameter.in === 'body'));
  if (operation.method !== 'post' || !carriesEvent) return false;
  const described = [summary, description].some(text => typeof text === 'string' && CONSUMER_TEXT.test(text));
  const tagged = Array.isArray(tags) && tags.some(tag => typeof tag === 'string' && CONSUMER_TAG.test(tag.trim()));
  return (
    (described || tagged) &&
    !doc.responses(operation).some(response => isSuccessStatus(response.status) && doc.jsonBodies(operation, response).some(body => body.schema !== undefined))
  );
}

/** ax-envelope-next-steps: a mutation under the `prefixes`, unless it only reads or authenticates. */
export function asksNextSteps(doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean {
  const prefixes = options?.prefixes;
  return (
    isMutation(operation) &&
    (prefixes === undefined || prefixes.some(prefix => operation.path.startsWith(prefix))) &&
    !readsOnly(doc, operation, options) &&
    !authenticates(doc, operation)
  );
}

export const RETRYABLE_FLAG = 'x-ax-retryable';
export const IDEMPOTENT_FLAG = 'x-ax-idempotent';

/** ax-recoverable-retryable: every mutation (a read-only POST too: it is told to say `true`), and wherever the flag is declared. */
export const asksRetryable = (operation: Operation): boolean => isMutation(operation) || operation.node[RETRYABLE_FLAG] !== undefined;

/** The `Idempotency-Key` header a POST takes, if any: a retry with the same key is safe. */
export const idempotencyKeyOf = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions): string | undefined =>
  operation.method === 'post' ? doc.headerParameter(operation, namesFor(options, 'idempotencyKeyHeader')) : undefined;

/** ax-recoverable-idempotent: PUT and DELETE, a POST that takes an idempotency key, and wherever the flag is declared. */
export const asksIdempotent = (doc: OpenApiDocument, operation: Operation, options: ScopeOptions): boolean =>
  ['put', 'delete'].includes(operation.method) || operation.node[IDEMPOTENT_FLAG] !== undefined || idempotencyKeyOf(doc, operation, options) !== undefined;

const statusIn =
  (...statuses: string[]) =>
  (status: string) =>
    statuses.includes(status);

/** The responses each error-content rule reads, by status. */
export const RESPONSES = {
  'ax-recoverable-error-structure': isErrorStatus,
  'ax-recoverable-retryable-flag': isErrorStatus,
  'ax-recoverable-suggestion': isClientErrorStatus,
  // Validation failures; a `4XX` range or `default` may be anything, so only the exact codes are held to it.
  'ax-recoverable-field-details': statusIn('400', '422'),
  // Rate limited and temporarily unavailable: the two statuses whose fix is "wait, then retry unchanged".
  'ax-recoverable-retry-after': statusIn('429', '503'),
  'ax-recoverable-trace-id': isServerErrorStatus,
  'ax-envelope-state': statusIn('409', '422'),
  'ax-envelope-refresh-url': statusIn('422'),
} as const satisfies Record<string, (status: string) => boolean>;
