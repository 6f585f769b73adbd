/**
 * What a rule's live check (its module's `live`) is given and gives: one response the runtime guard or the probe saw
 * (runtime/checks.ts frames it), read with the rule's own names, and what the rule says is missing, from its own
 * messages table. Here, below the rules, so that a rule states its live check beside its lint and its words.
 */
import { type OpenApiDocument, type Operation, type Response } from '../document/document';
import type { PathMatcher } from '../document/paths';
import { clip, dottedPath } from '../document/values';
import type { Holder } from '../document/nested';
import type { Said } from '../findings/messages';
import { valueAnswer, valueHome, type ValueMember, type ValueQuestion } from '../errors/value-shapes';
import { carrierName, inStyleOf } from '../errors/error-wording';
import { namesFor, type Concept, type Names } from '../semantics/names';
import { changesState } from '../semantics/scope';
import { STATE_FIELDS, STATE_MEMBERS, stateEvidence, type StateField, type StateRejection } from './envelope';

/** What a check is given for one rule: the field names and scope options that rule reads. */
export interface RuleOptions {
  names: Names;
  /** ax-envelope-next-steps' `prefixes` option: only mutations under these paths must send next steps. */
  prefixes?: readonly string[];
  /** ax-envelope-next-steps' `readOnly` option: POSTs that only read, by `operationId` or `METHOD /path`. */
  readOnly?: readonly string[];
  /** ax-envelope-next-steps' `hypermedia` option: false when callable links do not stand in for next steps. */
  hypermedia?: boolean;
}

/** What the live checks read of the prepared description (runtime/description.ts): the document, its routes, its state rejections. */
export interface LiveDescription {
  readonly doc: OpenApiDocument;
  readonly matcher: PathMatcher;
  stateRejection(operation: Operation, response: Response, names: Names): StateRejection | undefined;
}

/** The questions the checks ask only whether a body answers (ax-recoverable-error-structure, ax-recoverable-suggestion): a plan can answer them. */
export type PlannedQuestion = 'errorCode' | 'message' | 'recoveryHint';

/**
 * What several checks read from the body, computed at most once per response. Methods of the exchange: a check calls
 * them on it (`exchange.error('stackTrace')`), never takes them off it, as the guard keeps them on a class's prototype.
 */
export interface Readings {
  /** The member answering one question of the error-shapes table: the body is read once, for what ERROR_READS says the status asks. */
  error(question: Exclude<ValueQuestion, 'fields' | PlannedQuestion>): ValueMember | undefined;
  /** Whether the body answers a question the checks ask nothing more of: the declared schema's names first, the table when they do not answer. */
  answers(question: PlannedQuestion): boolean;
  /** How many fields the body names as failed (a validation error, not a state rejection). */
  fieldCount(): number;
  /** Every object of the body holding a `nextSteps` list (`holdersOf`): walked once for the shape and href checks. */
  stepHolders(): Holder[];
  stepLists(): StepList[];
  /** False when the body surely has no member named one of `keys` (any letter case with `anyCase`): then nothing is sought. */
  mayHold(keys: readonly string[], anyCase?: boolean): boolean;
  /** False when no member name of the body holds one of `parts` (lower case), in any letter case. */
  mayName(parts: readonly string[]): boolean;
  /** False when no string of the body can hold a stack trace within the search's budget: then none is searched. */
  mayTrace(): boolean;
  /** Says that a check stopped at one of the guard's limits per response (what it read: "the first 50 steps"). */
  limit(what: string): void;
  /** The body as a state rejection (`liveStateRejection`), read once for the two rules that ask it of a 422. */
  stateRejection(): LiveStateRejection | undefined;
}

/** A `nextSteps` list of the body, where it sits, and the steps of it that are read within the response's MAX_STEPS. */
export interface StepList {
  steps: unknown;
  at: string;
  read: unknown[];
}

/** One response as one rule's live check sees it: with that rule's options, and its headers read only when a check asks. */
export interface Exchange extends RuleOptions, Readings {
  description: LiveDescription;
  operation: Operation;
  /** The declared response the status falls under, if any. */
  response: Response | undefined;
  status: number;
  headers(): Record<string, unknown>;
  body: unknown;
}

/**
 * A rule's live check, exported by its module as `live` (tree-shakable: the guard's bundle takes it without the lint):
 * the rule it reports, the statuses it judges (its rule's scope), and what it finds missing, said with the rule's messages.
 */
export interface Live {
  rule: string;
  at: (status: number) => boolean;
  check: (exchange: Exchange) => Said[];
}

/**
 * The guard's limits on the work one response can cost, whatever a client makes an echoing endpoint send
 * (docs/runtime.md, "Limits"): steps read by the shape and href checks (a list that is no list counts as one),
 * route suggestions (each an edit distance per declared route), and characters searched for stack traces.
 */
export const MAX_STEPS = 50;
export const MAX_SUGGESTIONS = 3;
export const MAX_TEXT = 32 * 1024;
export const STEPS_READ = `the first ${MAX_STEPS} steps`;

/** A step as messages write it, in the names the guard is given (`nextStepItem`): "{ action, method, href, description }". */
export const stepFields = (names: Names): string => `{ ${namesFor(names, 'nextStepItem').join(', ')} }`;
/** A value quoted in a message: hrefs and methods are longer than names. */
export const shown = (text: string) => clip(text, 60);
/** Where a value sits in the body (`data.items[0].nextSteps`), each key clipped: a client's long keys make no long messages. */
export const where = (path: readonly (string | number)[]) => clip(dottedPath(path.map(key => (typeof key === 'string' ? clip(key) : key))), 120);

/** True when the response sent a header of one of `names`, in any letter case. */
export function sentHeader(headers: Record<string, unknown>, names: readonly string[]): boolean {
  const lower = names.map(name => name.toLowerCase());
  return Object.keys(headers).some(name => lower.includes(name.toLowerCase()) && headers[name] !== undefined);
}

/** The first name of a concept: the one messages suggest. */
export const firstName = (names: Names, concept: Concept): string => namesFor(names, concept)[0];

/** The state-rejection member of a live body (in any carrier the table knows), if it has one. */
export function stateMember(body: unknown, field: StateField, names: Names): ValueMember | undefined {
  return valueAnswer(body, field, names);
}

/** The recovery hint to send, where the lint's fix adds it: its name in the case style of the place holding the error, and that place (" inside the `fault` object"; "" for the body). */
export function hintAdvice(body: unknown, names: Names): { name: string; place: string } {
  const home = valueHome(body, names);
  const place = home.carrier.kind === 'body' ? '' : ` inside ${carrierName(home.carrier)}`;
  return { name: inStyleOf(home.memberNames, namesFor(names, 'recoveryHint')), place };
}

/** What signals a state rejection, in words, and the state fields its body lacks. */
export interface LiveStateRejection {
  signal: string;
  missing: StateField[];
}

/**
 * A live body that is a state rejection, as ax-envelope-state and ax-envelope-refresh-url read one: the answer of an
 * operation that changes state, carrying a state field, or else one the description declares (a body naming failed fields
 * is a validation error instead); with what signals it, in words, and the state fields it lacks. Undefined when it is none.
 */
export function liveStateRejection(
  exchange: Pick<Exchange, 'description' | 'operation' | 'response' | 'body' | 'names' | 'fieldCount'>,
): LiveStateRejection | undefined {
  const { description, operation, response, body, names } = exchange;
  // As the rules: only an operation that changes something rejects a request for its state, whatever the body carries.
  if (!changesState(description.doc, operation, names)) return undefined;
  const carried = STATE_MEMBERS.map(field => stateMember(body, field, names)).find(member => member !== undefined);
  const declared =
    carried === undefined && response !== undefined && exchange.fieldCount() === 0 ? description.stateRejection(operation, response, names) : undefined;
  if (carried === undefined && declared === undefined) return undefined;
  const signal = carried !== undefined ? `it carries \`${carried.path}\`` : stateEvidence(declared!);
  return { signal, missing: STATE_FIELDS.filter(field => stateMember(body, field, names) === undefined) };
}
