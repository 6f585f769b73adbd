/**
 * What the guard accepts from its caller, checked once: options at creation (a misspelt option would
 * otherwise check nothing and say nothing), a response handed to `checkResponse`, and a body read as
 * the framework will send it. A programming error gets one `TypeError` naming it; a live response the
 * guard cannot read gets a notice, never an exception.
 */
import { isObject } from '../lib/document/document';
import { STEP_ROLES } from '../lib/semantics/names';
import { nearest } from '../lib/document/nearest';

const PREFIX = 'spectral-agent-ux/runtime:';

type Check = (value: unknown) => string | undefined;

/** `nextStepItem` by role: `{ method: 'verb' }`, each value a string. */
const stepRoles = (value: unknown): boolean =>
  isObject(value) && Object.entries(value).every(([role, name]) => (STEP_ROLES as readonly string[]).includes(role) && typeof name === 'string');
const stringList: Check = value => (Array.isArray(value) && value.every(item => typeof item === 'string') ? undefined : 'an array of strings');
const OPTIONS: Record<string, Check> = {
  spec: () => undefined, // prepare() says what is wrong with it
  mode: value => (value === 'strict' || value === 'observe' ? undefined : "'strict' or 'observe'"),
  onViolation: value => (typeof value === 'function' ? undefined : 'a function'),
  names: value =>
    isObject(value) && Object.entries(value).every(([concept, list]) => stringList(list) === undefined || (concept === 'nextStepItem' && stepRoles(list)))
      ? undefined
      : 'an object of string arrays, e.g. { nextSteps: ["next"] } (`nextStepItem` may name the roles: { method: "verb" })',
  prefixes: stringList,
  readOnly: stringList,
  hypermedia: value => (typeof value === 'boolean' ? undefined : 'a boolean'),
  undeclared: value => (typeof value === 'boolean' ? undefined : 'a boolean'),
  basePath: value => (typeof value === 'string' && value.startsWith('/') ? undefined : "a path starting with '/', e.g. '/api'"),
  sample: value =>
    typeof value === 'number' && value > 0 && value <= 1 ? undefined : 'a number above 0 and at most 1 (the share of successful responses checked)',
};
/** The options `checkResponse` takes; the guard and the adapters take all of them. */
const CHECK_OPTIONS = ['names', 'prefixes', 'readOnly', 'hypermedia', 'undeclared', 'basePath'];

/** Throws a TypeError for an unknown option (naming the nearest known one) or an option of the wrong type. */
export function validateOptions(options: unknown, allowed: readonly string[] = Object.keys(OPTIONS)): void {
  if (options === undefined) return;
  if (!isObject(options)) throw new TypeError(`${PREFIX} options must be an object, not ${describe(options)}.`);
  for (const [name, value] of Object.entries(options)) {
    if (!allowed.includes(name)) {
      const meant = nearest(name, allowed);
      throw new TypeError(
        `${PREFIX} unknown option \`${name}\`${meant === undefined ? '.' : `; did you mean \`${meant}\`?`} Known options: ${allowed.join(', ')}.`,
      );
    }
    const expected = value === undefined ? undefined : OPTIONS[name](value);
    if (expected !== undefined) throw new TypeError(`${PREFIX} option \`${name}\` must be ${expected}, not ${describe(value)}.`);
  }
}

export const validateCheckOptions = (options: unknown): void => validateOptions(options, CHECK_OPTIONS);

/** Throws a TypeError when `checkResponse` is handed something that is no response: a programming error. */
export function validateResponse(input: unknown): void {
  const problem = responseProblem(input);
  if (problem !== undefined) throw new TypeError(`${PREFIX} ${problem}`);
}

/**
 * What makes `input` no response the guard can check, if anything. `headers: false` leaves its headers unread: a
 * framework's, which are an object by its contract, and copied on each read (read only if a check asks).
 */
export function responseProblem(input: unknown, { headers = true }: { headers?: boolean } = {}): string | undefined {
  if (!isObject(input)) return `the response must be an object { method, path, status, headers?, body }, not ${describe(input)}.`;
  if (typeof input.method !== 'string' || input.method === '') return `the response's \`method\` must be a non-empty string, not ${describe(input.method)}.`;
  if (typeof input.path !== 'string') return `the response's \`path\` must be a string, not ${describe(input.path)}.`;
  if (!isHttpStatus(input.status)) return `the response's \`status\` must be an HTTP status (an integer from 100 to 599), not ${describe(input.status)}.`;
  if (headers && input.headers !== undefined && !isObject(input.headers))
    return `the response's \`headers\` must be an object, not ${describe(input.headers)}.`;
  return undefined;
}

const isHttpStatus = (status: unknown): status is number => Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value === 'string'
    ? `the string ${JSON.stringify(value.slice(0, 40))}`
    : typeof value === 'object'
      ? 'an object'
      : `${typeof value} ${String(value)}`;
}

/**
 * A body longer than this, as JSON text, is not checked: the checks are linear in the body, and this
 * keeps the guard's work per response to a few milliseconds (docs/runtime.md, "Limits").
 */
export const MAX_BODY_LENGTH = 256 * 1024;
/**
 * A body nested deeper than this is not checked either: each finding names where it sits, and a path per
 * level per finding would make the work grow with depth × size. Real bodies nest a dozen levels.
 */
export const MAX_BODY_DEPTH = 64;
/**
 * Items read per array: an error body with an entry per item of the request (`items[3499].sku`) costs the
 * error reader a pass per question over every entry; the first hundred tell what the rest would.
 */
export const MAX_ITEMS = 100;

export type SentBody = { kind: 'json'; body: unknown; cut: boolean; text: string } | { kind: 'none' } | { kind: 'unreadable'; why: string };

/**
 * The body as the framework will send it: through `toJSON`, with own enumerable members only (what
 * `JSON.stringify` writes). Raw bytes and streams are not JSON; a body whose serialization throws is
 * unreadable, and says why. This serializes the body, so its `toJSON` and getters run once more than the
 * framework's own serialization: adapters hand the framework's text to `sentPayload` instead.
 */
export function sentBody(body: unknown): SentBody {
  if (
    typeof body !== 'object' ||
    body === null ||
    ArrayBuffer.isView(body) ||
    body instanceof ArrayBuffer ||
    typeof (body as { pipe?: unknown }).pipe === 'function'
  )
    return { kind: 'none' };
  let text: string | undefined;
  try {
    text = boundedJson(body);
  } catch (error) {
    if (error === OVER_LIMIT) return { kind: 'unreadable', why: `its body is over the guard's limit of ${MAX_BODY_LENGTH} characters of JSON` };
    return { kind: 'unreadable', why: `its body cannot be serialized (${error instanceof Error ? error.message : String(error)})`.slice(0, 160) };
  }
  return text === undefined ? { kind: 'none' } : sentPayload(text);
}

/** Thrown out of the serialization once the text is sure to pass MAX_BODY_LENGTH. */
const OVER_LIMIT = Symbol("over the guard's limit");

/**
 * JSON.stringify, given up (OVER_LIMIT) as soon as what it has written passes MAX_BODY_LENGTH: a body of
 * many megabytes costs the guard the limit's worth of work, not the body's. The count is a lower bound of
 * the text: each member's quoted key and colon, each item's comma, a string's quotes, one character for
 * any other value; members JSON leaves out (undefined, functions, symbols) count nothing.
 */
function boundedJson(body: object): string | undefined {
  let length = 0;
  return JSON.stringify(body, function (this: unknown, key: string, value: unknown) {
    const inArray = Array.isArray(this);
    if (!inArray && (value === undefined || typeof value === 'function' || typeof value === 'symbol')) return value;
    length += (inArray ? 1 : key.length + 3) + (typeof value === 'string' ? value.length + 2 : 1);
    if (length > MAX_BODY_LENGTH) throw OVER_LIMIT;
    return value;
  });
}

/**
 * The body read from the JSON text the framework sends, parsed once (no `toJSON` or getter of the
 * application runs). Text that is not JSON is no body to check; text over MAX_BODY_LENGTH or nested over
 * MAX_BODY_DEPTH is unreadable, and says why. Arrays longer than MAX_ITEMS are cut to their first items
 * (`cut` says so): the parsed value is the guard's own, never the application's.
 */
export function sentPayload(text: string): SentBody {
  if (text.length > MAX_BODY_LENGTH)
    return { kind: 'unreadable', why: `its body is ${text.length} characters of JSON, over the guard's limit of ${MAX_BODY_LENGTH}` };
  // A deep text parses several times slower than a flat one: a long text is scanned for its depth first; a short
  // one (most bodies) is judged on its parsed value, which nests as its text does, in the walk that cuts the arrays.
  const scanned = text.length > SCANNED_FIRST;
  if (scanned && nestsDeeper(text, MAX_BODY_DEPTH)) return TOO_DEEP;
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    // A text too deep to read is said to be, JSON or not.
    return !scanned && nestsDeeper(text, MAX_BODY_DEPTH) ? TOO_DEEP : { kind: 'none' };
  }
  if (typeof sent !== 'object' || sent === null) return { kind: 'none' };
  const walk = { cut: false };
  return withinDepth(sent, 1, walk) ? { kind: 'json', body: sent, cut: walk.cut, text } : TOO_DEEP;
}

/** Texts longer than this are scanned for depth before their parse (at most ~40 µs of parse for a short deep one). */
const SCANNED_FIRST = 2048;
const TOO_DEEP: SentBody = { kind: 'unreadable', why: `its body nests deeper than the guard's limit of ${MAX_BODY_DEPTH} levels` };

/**
 * False when a parsed JSON value opens more than MAX_BODY_DEPTH objects and arrays inside one another (`depth`
 * is the value's own); else cuts every array of it to its first MAX_ITEMS items, in place, and sets
 * `walk.cut` when one was longer. Every item is read for depth before a cut, as the text's nesting counts them all.
 */
function withinDepth(value: object, depth: number, walk: { cut: boolean }): boolean {
  if (depth > MAX_BODY_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null && !withinDepth(item, depth + 1, walk)) return false;
    if (value.length > MAX_ITEMS) {
      value.length = MAX_ITEMS;
      walk.cut = true;
    }
    return true;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && !withinDepth(item, depth + 1, walk)) return false;
  }
  return true;
}

const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = ['"', '\\', '{', '}', '[', ']'].map(char => char.charCodeAt(0));

/** True when the JSON text opens more than `limit` objects and arrays inside one another: one pass, strings skipped. */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return false;
}
