/**
 * Recognition from evidence: whether a member an error body declares under a name no list holds is a
 * concept (a code, a message, a correlation id, a retry flag, ...). The evidence is the words of its name
 * in any case style (`detailedErrorCode` → detailed·error·code), its type, its description and its
 * declared values; lib/errors/shape-table.ts supplies where it sits. `clear` evidence makes the member the
 * concept; `likely` evidence makes a finding ask instead of assert. docs/conventions.md explains it.
 */
import type { Concept } from '../semantics/names';
import { cachedByText } from '../document/document';

/**
 * What a recoverable-error rule asks of an error body: a concept of the vocabulary users configure
 * (lib/semantics/names.ts), one of those evidence can recognise (RECOGNITIONS below).
 */
export type Question = keyof typeof RECOGNITIONS;

export type Certainty = 'clear' | 'likely';

/** What is known of one member: its name, declared types (none: unknown), description and title, and example or enum values. */
export interface Evidence {
  name: string;
  types: readonly string[] | undefined;
  text: string;
  values: readonly unknown[];
  /** Declared `minimum`/`maximum`: an integer bound to 100–599 mirrors the HTTP status. */
  bounds?: { minimum?: unknown; maximum?: unknown };
  /** The declared types of an array's items: a list of `fields` names fields when they are strings. */
  itemTypes?: readonly string[];
}

/** `detailedErrorCode`, `canBeRetried`, `trace_id`, `X-Request-ID`, `ErrorSummary` → lower-case words. */
export const words = cachedByText((name): readonly string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(word => word.toLowerCase()),
);

/** Every name read as a stack trace holds one of these, in lower case: the runtime guard seeks none in a body whose text holds none. */
export const STACK_TRACE_PARTS = ['stack', 'backtrace', 'traceback'] as const;

/** What a concept's name, type and description look like; a score of 2 is clear, 1 likely. */
interface Recognition {
  /** Name evidence: 2 (clear), 1 (likely) or 0 (none) from the name's words. */
  name(words: readonly string[]): number;
  /** Types that rule the member out (a code is never an object). */
  notTypes: readonly string[];
  /** A description that supports it (+1). */
  says?: RegExp;
  /** A name that counts only with a description's or its values' support: then the member is likely (SCIM's `scimType`). */
  weak?(words: readonly string[]): boolean;
  /** Anything else that rules it out. */
  veto?(evidence: Evidence, words: readonly string[]): boolean;
  /** Extra support from the type or values (+1). */
  fits?(evidence: Evidence): boolean;
}

const last = (list: readonly string[]) => list[list.length - 1];
const any = (list: readonly string[], set: ReadonlySet<string>) => list.some(word => set.has(word));
const setOf = (...items: string[]) => new Set(items);

const ERROR_WORDS = setOf('error', 'err', 'fault', 'failure', 'problem', 'exception', 'reason', 'detailed', 'machine');
const STATUS_WORDS = setOf('status', 'http', 'response');
// Codes of something else that an error body may echo: `countryCode`, `currencyCode`, `authCode`.
const OTHER_CODES = setOf(
  'country',
  'currency',
  'language',
  'locale',
  'postal',
  'zip',
  'region',
  'promo',
  'coupon',
  'discount',
  'product',
  'auth',
  'authorization',
  'verification',
  'access',
  'invite',
  'referral',
);
const COUNTS = setOf('count', 'total', 'number', 'num', 'max', 'min', 'limit', 'attempts', 'attempt');
const RETRY = setOf('retry', 'retryable', 'retriable', 'retried', 'retries', 'retrying');
const DELAY_WORDS = setOf('after', 'delay', 'in', 'wait', 'interval', 'backoff', 'at', 'seconds', 'ms', 'millis', 'milliseconds', 'secs');
const CORRELATION = setOf('trace', 'correlation', 'request', 'tracking', 'incident', 'support', 'activity', 'ticket');
const OCCURRENCE = setOf('error', 'fault', 'transaction', 'event', 'log', 'occurrence', 'reference', 'operation');
const ID_WORDS = setOf('id', 'identifier', 'ref', 'reference', 'uuid', 'guid', 'key', 'token');
const MESSAGE_HEADS = setOf('message', 'msg', 'summary', 'description', 'detail', 'text', 'explanation');
const MESSAGE_QUALIFIERS = setOf(...ERROR_WORDS, 'human', 'user', 'display', 'developer', 'friendly', 'readable', 'short', 'long', 'full');
const HINT_HEADS = setOf('hint', 'hints', 'suggestion', 'suggestions', 'remedy', 'remediation', 'remediations');
const HINT_LIKELY = setOf('resolution', 'action', 'fix', 'recovery', 'recommendation', 'recommendations', 'mitigation', 'help');
// `help_url`, `helpLink`: a pointer to documentation may be the hint, never clearly (it says where to read, not what to do).
const LINK_WORDS = setOf('url', 'uri', 'link', 'href');
const LOCATOR_HEADS = setOf('field', 'pointer', 'param', 'parameter', 'property', 'attribute');
const LOCATOR_TAILS = setOf('name', 'path', 'pointer');
// A list of the inputs that failed (Just Eat's `fields: ["latlong"]`).
const LOCATOR_LISTS = setOf('fields', 'params', 'parameters', 'pointers');
// A JSONPath (`$.data.size`), a JSON Pointer (`/data/size`, `#/data/size`): what a locator sends.
const LOCATOR_VALUE = /^(\$(\.|\[)|#?\/)\S*$/;
const STATE_QUALIFIERS = setOf('current', 'resource', 'actual', 'present', 'existing');
const ACTION_QUALIFIERS = setOf('allowed', 'permitted', 'valid', 'available', 'possible', 'legal');
const ACTION_HEADS = setOf('actions', 'transitions', 'operations', 'moves');
const NOT_SCALAR = ['object', 'array', 'boolean'] as const;

// The reason phrases of RFC 9110 §15 that error bodies echo (`error: "Bad Request"`, Spring Boot, Blockfrost, Apideck).
const REASON_PHRASE =
  /^(bad request|unauthorized|payment required|forbidden|not found|method not allowed|not acceptable|request timeout|conflict|gone|precondition failed|(content|payload) too large|unsupported media type|unprocessable (entity|content)|too many requests|internal server error|not implemented|bad gateway|service unavailable|gateway timeout)$/i;

/** A value of prose ("Requested Banned", "fieldname must be a valid value"): text for a person, no code. */
export const isProse = (value: unknown): boolean => typeof value === 'string' && /\s/.test(value.trim());

/** A description that calls the member a message (HERE's `error`: "Error message"): the message, not the code. */
export const describesMessage = (text: string): boolean => /\bmessage\b/i.test(text);

/** An error's HTTP status (4xx, 5xx): an application code such as VA's "103" or 1001 is outside it. */
const isErrorStatus = (value: unknown): boolean => typeof value === 'number' && value >= 400 && value <= 599;

/** A string that repeats the HTTP status of an error: a reason phrase ("Conflict", "Bad Request") or the code itself ("409"). */
export const isStatusText = (value: unknown): boolean =>
  typeof value === 'string' && (REASON_PHRASE.test(value.trim()) || (/^\d{3}$/.test(value.trim()) && isErrorStatus(Number(value))));

/**
 * A member that is the HTTP status is never the code: an integer whose values are error statuses (4xx,
 * 5xx) or whose bounds sit in 100–599, a string whose values are reason phrases ("Bad Request") or
 * error statuses ("404"), or one described as the status.
 */
export function mirrorsStatus(evidence: Evidence): boolean {
  if (/\bhttp\b[^.]{0,40}\bstatus\b|\bstatus[ _]code\b[^.]{0,40}\bhttp\b|\brfc ?(7231|9110)\b/i.test(evidence.text)) return true;
  if (evidence.types?.includes('string') && evidence.values.length > 0) return evidence.values.every(isStatusText);
  if (evidence.types === undefined || !evidence.types.every(type => type === 'integer' || type === 'number')) return false;
  const inRange = (value: unknown) => typeof value === 'number' && value >= 100 && value <= 599;
  const { minimum, maximum } = evidence.bounds ?? {};
  return (evidence.values.length > 0 && evidence.values.every(isErrorStatus)) || (inRange(minimum) && inRange(maximum));
}

const IDENTIFIER_VALUE = /^[A-Za-z][\w.:-]*$/;

/**
 * A string named for the kind of error (Zettle's `errorType`, `exceptionKind`) says which error it is, as a code does, even
 * without an enum: the name's error word is the support (a `contentType` or `mediaType` has none, RFC 7807's `type` no word
 * but its own). Prose values or a description as the message or the status still rule it out (the recognition's veto).
 */
const namesErrorKind = (evidence: Evidence): boolean => {
  const w = words(evidence.name);
  const string = evidence.types?.includes('string') === true && evidence.types.every(type => type === 'string' || type === 'null');
  return string && w.length > 1 && ['type', 'kind'].includes(last(w)) && any(w, ERROR_WORDS);
};

/** Three words or more: "something went wrong", "Record with ID 12 was not found" (a reason phrase, "Bad Request", is two). */
const SENTENCE = /^\s*\S+(\s+\S+){2,}/;

// Keyed by the concepts of lib/semantics/names.ts: a rule asks for `errorCode` and the reader answers with its names or this evidence.
const RECOGNITIONS = {
  errorCode: {
    // `errorCode`, `detailedErrorCode` (clear); `internalCode`, `errorType`, `errorKey`, a plain string `error` (likely).
    name: w =>
      last(w) === 'code'
        ? w.length === 1 || any(w.slice(0, -1), ERROR_WORDS)
          ? 2
          : 1
        : (['type', 'key', 'kind'].includes(last(w)) && any(w, ERROR_WORDS)) ||
            (w.length === 2 && ['type', 'kind'].includes(w[0]) && last(w) === 'name') ||
            (w.length === 1 && w[0] === 'error')
          ? 1
          : 0,
    notTypes: NOT_SCALAR,
    says: /\b(machine[- ]readable|error|application|unique|internal)\b[^.]{0,30}\bcode\b|\bcode\b[^.]{0,30}\bidentif|\b(type|kind)s? of (the )?errors?\b/i,
    weak: w => ['type', 'kind'].includes(last(w)),
    // Prose values ("Requested Banned") are text for a person, not a code.
    veto: (evidence, w) =>
      any(w, STATUS_WORDS) ||
      any(w, COUNTS) ||
      any(w, OTHER_CODES) ||
      mirrorsStatus(evidence) ||
      /\bhttp\b|\bstatus code\b/i.test(evidence.text) ||
      // Described as the message (HERE's `error`: "Error message").
      (last(w) !== 'code' && (describesMessage(evidence.text) || /\bhuman[- ]readable\b/i.test(evidence.text))) ||
      (evidence.values.length > 0 && evidence.values.every(isProse)),
    fits: evidence =>
      (evidence.values.length > 0 && evidence.values.every(value => typeof value === 'string' && IDENTIFIER_VALUE.test(value))) || namesErrorKind(evidence),
  },
  message: {
    // `errorSummary`, `errorDescription`, `userMessage` (clear); `summary`, a plain string `error`, `errors` or `reason`, a list of
    // `errorMessages` (Jira) (likely).
    name: w =>
      MESSAGE_HEADS.has(last(w))
        ? w.length === 1 || any(w.slice(0, -1), MESSAGE_QUALIFIERS)
          ? 2
          : 1
        : (w.length === 1 && ['error', 'reason', 'errors'].includes(w[0])) || (last(w) === 'messages' && any(w.slice(0, -1), MESSAGE_QUALIFIERS))
          ? 1
          : 0,
    notTypes: ['object', 'boolean', 'integer', 'number'],
    // Or described as the error itself (Water Linked's `error`: "Error if it occurs"), not as its code or kind.
    says: /\b(human[- ]readable|error message|message|explanation|description of the (error|problem|failure)|what happened)\b|^\s*(the |an? )?error\b(?!\s*(code|type|id|identifier|key|kind|class|name|number|status)\b)/i,
    // A value that is a sentence (Water Linked's "something went wrong") is an error told, not a code.
    fits: evidence => evidence.values.length > 0 && evidence.values.every(value => typeof value === 'string' && SENTENCE.test(value)),
    // A string holding identifiers is a code (OAuth 2.0's `error: invalid_grant`), not prose; a list is messages only by its
    // name: `messages`, or NestJS's `message: string[]` (its ValidationPipe's one sentence per failed check).
    veto: (evidence, w) =>
      // `errors` is a message only as a string (DigitalNZ's "Record with ID … was not found"), never a list or map of errors.
      (w.join(' ') === 'errors' && evidence.types?.includes('string') !== true) ||
      (evidence.types?.includes('array') === true &&
        last(w) !== 'messages' &&
        !(w.join(' ') === 'message' && evidence.itemTypes?.includes('string') === true)) ||
      (evidence.values.length > 0 && evidence.values.every(value => typeof value === 'string' && /^[a-z0-9]+(_[a-z0-9]+)+$|^[A-Z0-9_]+$/.test(value))),
  },
  recoveryHint: {
    name: w =>
      HINT_HEADS.has(last(w))
        ? 2
        : HINT_LIKELY.has(last(w)) || (w.includes('how') && w.includes('fix')) || (w[0] === 'help' && LINK_WORDS.has(last(w)))
          ? 1
          : 0,
    notTypes: ['boolean', 'integer', 'number'],
    says: /\bhow\b[^.]{0,30}\b(fix|resolve|recover|correct|remedy|address)\b|\bsuggest|\brecommend|\bwhat (to do|the (caller|client|user) (can|should))\b|\bremed/i,
    veto: (_, w) => any(w, COUNTS),
  },
  retryFlag: {
    // `retryable`, `canBeRetried`, `isRetriable`, `shouldRetry` (clear); `retry`, `transient` (likely, clear when boolean).
    name: w => (!any(w, RETRY) ? (last(w) === 'transient' ? 1 : 0) : w.length === 1 && w[0] === 'retry' ? 1 : 2),
    notTypes: ['object', 'array', 'integer', 'number'],
    says: /\b(whether|if)\b[^.]{0,40}\bretr(y|ied)\b/i,
    veto: (_, w) => any(w, DELAY_WORDS) || any(w, COUNTS) || w.includes('policy'),
    fits: evidence => evidence.types?.includes('boolean') === true,
  },
  retryDelay: {
    // `retryAfter`, `retry_after_ms`, `retryDelaySeconds` (clear); `waitSeconds`, `backoffMs` (likely).
    name: w => (any(w, RETRY) && any(w, DELAY_WORDS) ? 2 : (w.includes('wait') || w.includes('backoff')) && w.length > 1 ? 1 : 0),
    notTypes: ['object', 'array', 'boolean'],
    says: /\b(seconds|milliseconds)\b[^.]{0,40}\b(retry|retrying|wait)\b|\b(retry|wait)\b[^.]{0,40}\b(seconds|milliseconds)\b/i,
    veto: (_, w) => any(w, COUNTS),
  },
  correlationId: {
    // `correlationId`, `traceId`, `requestId`, `supportId` (clear); `errorId`, `faultId`, `pspReference`, a bare `id`, a
    // `correlation` map of ids (likely): a handle to quote, unless its description says what else it is.
    name: w =>
      ID_WORDS.has(last(w)) && w.length > 1
        ? any(w.slice(0, -1), CORRELATION)
          ? 2
          : any(w.slice(0, -1), OCCURRENCE) || ['reference', 'ref'].includes(last(w))
            ? 1
            : 0
        : w.length === 1 && ['id', 'correlation'].includes(w[0])
          ? 1
          : 0,
    notTypes: ['array', 'boolean'],
    says: /\bcorrelat|\btrac(e|ing)\b|\brequest id\b|\bsupport\b|\blogs?\b/i,
    // An object is a map of ids only under the concept's own word; an identifier such as `not_found` is a code.
    veto: (evidence, w) =>
      (evidence.types?.includes('object') === true && w[0] !== 'correlation') ||
      evidence.values.some(value => typeof value === 'string' && /^[a-z]+(_[a-z]+)+$/.test(value)),
  },
  stackTrace: {
    // `stackTrace`, `errorStack`, `exceptionBacktrace`: nothing short of the words says so (each name holds one of STACK_TRACE_PARTS).
    name: w => (last(w) === 'stack' || (w.includes('stack') && w.includes('trace')) || any(w, setOf('stacktrace', 'backtrace', 'traceback')) ? 2 : 0),
    notTypes: ['boolean', 'integer', 'number'],
    // `stackTraceId` is a handle to a trace, not the trace.
    veto: (_, w) => ID_WORDS.has(last(w)) || any(w, COUNTS),
  },
  errorField: {
    // `invalidField`, `fieldName`, `propertyPath`, `parameterName`, a list of `fields` (clear); a `source` said to be a
    // JSONPath or sending one (HERE's `$.data.attributes[0].size`) (weak: clear with both).
    name: w =>
      LOCATOR_HEADS.has(last(w)) || LOCATOR_LISTS.has(last(w)) || (w.length > 1 && LOCATOR_HEADS.has(w[w.length - 2]) && LOCATOR_TAILS.has(last(w))) ? 2 : 0,
    notTypes: ['boolean', 'integer', 'number', 'object'],
    says: /\bjson ?(path|pointer)\b|\b(invalid|failed|offending|faulty)\b[^.]{0,20}\b(field|parameter|property|input)s?\b/i,
    weak: w => w.length === 1 && ['source', 'location', 'origin'].includes(w[0]),
    // A list of records (Box's template `fields[]`) is no list of locators.
    veto: (evidence, w) => any(w, COUNTS) || (LOCATOR_LISTS.has(last(w)) && evidence.itemTypes?.includes('object') === true),
    fits: evidence => evidence.values.length > 0 && evidence.values.every(value => typeof value === 'string' && LOCATOR_VALUE.test(value)),
  },
  refreshUrl: {
    name: w => (w.includes('refresh') && any(w, setOf('url', 'uri', 'href', 'link')) ? 2 : 0),
    notTypes: ['boolean', 'integer', 'number', 'array'],
  },
  currentState: {
    name: w => (['state', 'status'].includes(last(w)) && any(w.slice(0, -1), STATE_QUALIFIERS) ? 2 : 0),
    notTypes: ['boolean', 'integer', 'number', 'array'],
  },
  allowedActions: {
    name: w => (ACTION_HEADS.has(last(w)) && any(w.slice(0, -1), ACTION_QUALIFIERS) ? 2 : 0),
    notTypes: ['boolean', 'integer', 'number', 'string'],
  },
  allowedValues: {
    name: w =>
      w.length > 1 && any(w, setOf('allowed', 'valid', 'accepted', 'permitted', 'supported')) && any(w, setOf('values', 'options', 'formats')) ? 2 : 0,
    notTypes: ['boolean', 'integer', 'number'],
  },
} satisfies Partial<Record<Concept, Recognition>>;

const ERROR_NAME_WORDS = setOf('error', 'errors', 'exception', 'fault', 'problem');
// Words that say nothing about which error a schema is: `APIError`, `ErrorResponse`, `ProblemDetails`.
const PLAIN_NAME_WORDS = setOf(
  ...ERROR_NAME_WORDS,
  'api',
  'response',
  'details',
  'detail',
  'model',
  'body',
  'object',
  'dto',
  'generic',
  'common',
  'base',
  'default',
  'info',
);
// A kind of error that the status already says (`HTTPValidationError`, `ErrorMessage`): no one error in particular either.
const KIND_NAME_WORDS = setOf('http', 'validation', 'message');

/**
 * How a schema's name reads as an error's: not at all, an error in general (`APIError`, `ProblemDetails`),
 * a kind the status says (`HTTPValidationError`), or one error in particular (`TooManyTagsException`, `NotFoundError`).
 */
export function errorSchemaNaming(name: string): 'plain' | 'kind' | 'particular' | undefined {
  const nameWords = words(name);
  if (!any(nameWords, ERROR_NAME_WORDS)) return undefined;
  if (nameWords.every(word => PLAIN_NAME_WORDS.has(word))) return 'plain';
  return nameWords.every(word => PLAIN_NAME_WORDS.has(word) || KIND_NAME_WORDS.has(word)) ? 'kind' : 'particular';
}

/** A list named for errors (`errors`, `errorList`, `problems`): what an error envelope carries its items in. */
export const namesErrors = (name: string): boolean => words(name).some(word => ERROR_NAME_WORDS.has(word.replace(/s$/, '')));

// Notes of less than a failure: error items listed under one are warnings (eBay's `warnings: [Error]` in its 2xx bodies).
const NOTICE_WORDS = setOf('warnings', 'notices', 'infos', 'notifications', 'alerts');
/** A list of notes that are not failures (`warnings`, `notices`): no error body carries its error in one. */
export const namesNotices = (name: string): boolean => NOTICE_WORDS.has(last(words(name)));
/** A member for a response's messages of any severity (NetLicensing's `infos`, `messages`): where an API-wide envelope may carry an error. */
export const namesMessages = (name: string): boolean => namesNotices(name) || last(words(name)) === 'messages';

/** A name for the inputs that failed (`fields`, `invalidParams`): as a map, it maps each to its errors (Docker Hub's `fields`). */
export const namesInputs = (name: string): boolean => LOCATOR_LISTS.has(last(words(name)));

/** How sure the evidence makes a member the answer to `question`: clear, likely, or not at all. */
export function recognise(question: Question, evidence: Evidence): Certainty | undefined {
  const recognition: Recognition = RECOGNITIONS[question];
  const nameWords = words(evidence.name);
  if (nameWords.length === 0) return undefined;
  const byName = recognition.name(nameWords);
  // A weak name counts with a description's support or with values that fit (a `source` sending "/data/size").
  const supported = recognition.says?.test(evidence.text) === true || recognition.fits?.(evidence) === true;
  if (byName === 0 && !(recognition.weak?.(nameWords) === true && supported)) return undefined;
  const types = evidence.types ?? [];
  if (types.length > 0 && types.every(type => recognition.notTypes.includes(type) || type === 'null')) return undefined;
  if (recognition.veto?.(evidence, nameWords)) return undefined;
  const score = byName + (recognition.says?.test(evidence.text) ? 1 : 0) + (recognition.fits?.(evidence) ? 1 : 0);
  return score >= 2 ? 'clear' : 'likely';
}

// ---- naming a new member in the API's own style ---------------------------------------------------

export type Style = 'camel' | 'snake' | 'pascal' | 'kebab';

/** The case style of a multi-word name; undefined for one word (`code`, `Message`: only its capital says anything). */
export function styleOf(name: string): Style | undefined {
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)) return 'snake';
  if (/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(name)) return 'kebab';
  if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(name)) return 'camel';
  if (/^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)+$/.test(name)) return 'pascal';
  return undefined;
}

/** The style most of `names` are written in (ties go to the first seen); undefined when none is multi-word. */
export function mostUsedStyle(names: Iterable<string>): Style | undefined {
  const counts = new Map<Style, number>();
  for (const name of names) {
    const style = styleOf(name);
    if (style !== undefined) counts.set(style, (counts.get(style) ?? 0) + 1);
  }
  let best: Style | undefined;
  for (const [style, count] of counts) if (best === undefined || count > counts.get(best)!) best = style;
  return best;
}

/** `traceId` written in `style`: `trace_id`, `TraceId`, `trace-id`. */
export function inStyle(name: string, style: Style): string {
  const parts = words(name);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  if (style === 'snake') return parts.join('_');
  if (style === 'kebab') return parts.join('-');
  if (style === 'pascal') return parts.map(capital).join('');
  return parts.map((word, i) => (i === 0 ? word : capital(word))).join('');
}

const EXISTENCE_CONFLICT = /\balready (exist(s|ed)?|has|have|registered|taken|in use|defined|created)\b|\bduplicate\b/i;

/** A response described as an existence conflict ("A user with the same primary email already existed"). */
export const describesExistenceConflict = (description: unknown): boolean => typeof description === 'string' && EXISTENCE_CONFLICT.test(description);
