/**
 * Field-name aliases (docs/conventions.md): the source conventions disagree on spelling, so each concept
 * accepts several names. A rule's `functionOptions` may replace the list of any concept it uses.
 */

export const DEFAULT_NAMES = {
  // Order matters where a body has several: `code` before a category `type` (Stripe). `__type` is the AWS JSON protocol's.
  errorCode: ['code', 'error_code', 'errorCode', 'type', 'extensions.code', '__type'],
  // `errorMessage` beside an `errorCode` (a list of `{ errorCode, errorMessage, propertyName }`), Figma's `err`.
  message: ['message', 'detail', 'title', 'msg', 'text', 'error_description', 'description', 'errorMessage', 'error_message', 'err'],
  recoveryHint: ['recoveryHint', 'recovery_hint', 'hint', 'suggestion', 'suggestions'],
  retryFlag: ['retryable', 'is_retriable', 'is_retryable', 'isRetryable'],
  // RateLimit-Reset (IETF RateLimit fields) also says how many seconds to wait; DigitalOcean declares it on every 429.
  retryAfterHeader: ['Retry-After', 'RateLimit-Reset', 'X-RateLimit-Reset'],
  retryDelay: ['retry_after_ms', 'retry_after_seconds', 'retryAfter', 'retryAfterMs', 'retryAfterSeconds'],
  fieldDetails: ['details', 'errors', 'invalid_fields', 'invalidFields', 'invalid-params', 'violations', 'validationErrors', 'fieldViolations'],
  // Stoplight Prism's `validation[].location` is an array like FastAPI's `loc`: `["query", "limit"]`.
  fieldLocator: ['field', 'pointer', 'path', 'name', 'loc', 'target', 'param', 'source.pointer', 'source.parameter', 'location'],
  fieldReason: ['message', 'reason', 'detail', 'msg', 'description', 'text', 'title'],
  // Stripe's `request_log_url` points at the log of the failed request: the same handle for an escalation.
  correlationId: ['trace_id', 'traceId', 'request_id', 'requestId', 'correlation_id', 'instance', 'request_log_url'],
  nextSteps: ['nextSteps', 'next_steps'],
  nextStepItem: ['action', 'method', 'href', 'description'],
  refreshUrl: ['refreshUrl', 'refresh_url'],
  currentState: ['currentState', 'current_state', 'current_status'],
  allowedActions: ['allowedActions', 'allowed_actions'],
  // The resource's own list of legal transitions (AGLedger's "The Agent-UX Envelope", finding F-456), read by ax-envelope-empty-actions.
  nextActions: ['nextActions', 'next_actions'],
  // Not aliases of the rule catalogue but name lists the recoverable-error rules match on, overridable like the others.
  // `trace` is Spring Boot's stack trace (exact name: `trace_id` is a correlation id).
  stackTrace: ['stack', 'stackTrace', 'stack_trace', 'exception', 'backtrace', 'traceback', 'trace'],
  severity: ['severity'],
  category: ['category'],
  idempotencyKeyHeader: ['Idempotency-Key'],
  // The locator of a single-error body (Geodocs' error specification): narrower than fieldLocator, as a top-level `name` or `path` means something else.
  errorField: ['field', 'pointer', 'target', 'param'],
  // Framework error shapes, read by lib/errors/shape-table.ts (docs/conventions.md).
  // Lists whose every item is one error: JSON:API / GraphQL-style `errors[]`, FastAPI `detail[]`, Berlin Group `tppMessages[]`, a `messages[]`
  // of error items (HHS Media Services' `meta.messages[]`, each `{ errorCode, errorMessage }`).
  errorList: ['errors', 'detail', 'tppMessages', 'messages'],
  // A string code named like a status, beside an integer HTTP `code` (Google AIP-193 `status: "INVALID_ARGUMENT"`).
  statusCode: ['status'],
  // A string holding identifiers (OAuth 2.0 `error: invalid_grant`, DigitalOcean `id: not_found`); a reason phrase ("Not Found") or a UUID is not a code.
  errorIdentifier: ['error', 'id'],
  // Response headers that carry a correlation id.
  correlationIdHeader: ['X-Request-ID', 'X-Correlation-ID', 'Request-Id', 'traceparent', 'x-ms-request-id'],
  // The cross-reference rules (next-operation, field-refs, hint-fields) read these in error examples.
  nextOperation: ['next_operation', 'nextOperation'],
  nextOperationArgs: ['next_operation_args', 'nextOperationArgs'],
  // What an input must be, beside a field locator (Geodocs' `allowed_values`); `constraint` holds bounds or a pattern.
  allowedValues: ['allowed_values', 'allowedValues', 'valid_values', 'validValues', 'expected', 'constraint'],
  suggestedValue: ['suggested_value', 'suggestedValue'],
  // Hypermedia link collections that ax-envelope-next-steps accepts when their links carry a method (Siren `actions`, HAL `_links`, `links`).
  linkCollection: ['_links', 'links', 'actions'],
} as const satisfies Record<string, readonly string[]>;

/** A concept of the one vocabulary: users configure its names by it, and rules ask the error-body reader for it by it (lib/errors/concepts.ts). */
export type Concept = keyof typeof DEFAULT_NAMES;

/** The roles of a step's members, in the order `nextStepItem` lists their names. */
export const STEP_ROLES = ['action', 'method', 'href', 'description'] as const;
/** `nextStepItem` by role: `{ method: verb, href: url }`; a role not given keeps its default name. */
export type StepItemNames = Partial<Record<(typeof STEP_ROLES)[number], string>>;

export type NameOptions<C extends Concept> = { [K in C]?: K extends 'nextStepItem' ? string[] | StepItemNames : string[] };
/** The field-name options a rule, the guard or the probe is given: one vocabulary for all of them. */
export type Names = Partial<Record<Concept, readonly string[] | StepItemNames>> | null | undefined;

/** The names to accept for a concept: the rule's option if set, else the defaults; `nextStepItem` by role is read in role order. */
export function namesFor(options: Names, concept: Concept): readonly string[] {
  const given = options?.[concept];
  if (given === undefined) return DEFAULT_NAMES[concept];
  if (Array.isArray(given)) return given;
  const byRole = given as StepItemNames;
  return STEP_ROLES.map((role, i) => byRole[role] ?? DEFAULT_NAMES.nextStepItem[i]);
}

/**
 * JSON Schema (for `createRulesetFunction`) of the name options of the given concepts. A list stands for its concepts,
 * so that a rule definition needs no spread, which a bundler cannot drop (rules/declaration.ts, `scope`).
 */
export function nameOptionsSchema(...concepts: (Concept | readonly Concept[])[]): Record<string, unknown> {
  const name = { type: 'string', minLength: 1 };
  const list = { type: 'array', items: name, minItems: 1 };
  // The members of a step, as a list in role order or by role (`{ method: verb }`).
  const byRole = { type: 'object', properties: Object.fromEntries(STEP_ROLES.map(role => [role, name])), additionalProperties: false, minProperties: 1 };
  return Object.fromEntries(concepts.flat().map(concept => [concept, concept === 'nextStepItem' ? { anyOf: [list, byRole] } : list]));
}

/** "`a`, `b` or `c`", for messages that list the accepted names ("… and `c`" for the names all wanted). */
export function nameList(names: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  return phraseList(
    names.map(name => `\`${name}\``),
    conjunction,
  );
}

/** Phrases as a sentence lists them: "a", "a and b", "a, b and c". */
export function phraseList(phrases: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  return phrases.length <= 1 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} ${conjunction} ${phrases[phrases.length - 1]}`;
}

/** The last words of a member's name that make it a URL (`resultUrl`, `href`, `endpoint`). */
export const URL_WORDS = new Set(['url', 'uri', 'href', 'link', 'location', 'endpoint']);
/** A member described as a URL, whatever its name (api2pdf's `pdf`, "A url to the PDF …"), as one named so is. */
export const URL_TEXT = /^\s*(a|an|the)\s+(ur[li]|link)\b/i;
/** The `format`s of a string that is a URL. */
export const URI_FORMATS = new Set(['uri', 'uri-reference', 'iri', 'iri-reference', 'url']);
