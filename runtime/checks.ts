/**
 * The frame of the checks on one live JSON body: the response, what its checks read of it (once), the checks each
 * status plans, and the verdict. The checks are the rules' own (each rule module's `live`, beside its lint and in its
 * words), with the same rule ids and the same field names, asked of what the server really sent.
 */
import type { Operation, Response } from '../lib/document/document';
import { namesFor } from '../lib/semantics/names';
import { holdersOf, type Holder } from '../lib/document/nested';
import { isExempt, label } from '../lib/findings/rule-function';
import { calledByApi } from '../lib/semantics/scope';
import { plain, type PlainSaid, type Said } from '../lib/findings/messages';
import { mayHoldStackTrace } from '../lib/errors/stack-traces';
import { STACK_TRACE_PARTS } from '../lib/errors/concepts';
import {
  liveStateRejection,
  MAX_STEPS,
  MAX_TEXT,
  STEPS_READ,
  where,
  type Exchange,
  type Live,
  type LiveStateRejection,
  type Readings,
  type RuleOptions,
  type StepList,
} from '../lib/envelope/live';
import type { ErrorValue } from '../lib/errors/value-shapes';
// Each rule with a live check, one line each: its `live` (and the `scope` ERROR_READS reads), not its lint.
import { live as nextSteps } from '../rules/ax-envelope-next-steps';
import { live as nextStepsShape } from '../rules/ax-envelope-next-steps-shape';
import { live as nextStepsHref } from '../rules/ax-envelope-next-steps-href';
import { live as emptyActions } from '../rules/ax-envelope-empty-actions';
import { live as errorStructure, scope as errorStructureScope } from '../rules/ax-recoverable-error-structure';
import { live as suggestion, scope as suggestionScope } from '../rules/ax-recoverable-suggestion';
import { live as envelopeState, scope as envelopeStateScope } from '../rules/ax-envelope-state';
import { live as refreshUrl } from '../rules/ax-envelope-refresh-url';
import { live as retryAfter, scope as retryAfterScope } from '../rules/ax-recoverable-retry-after';
import { live as noStackTraces } from '../rules/ax-recoverable-no-stack-traces';
import type { Description } from './description';
import { answeredByPlan, isPlanned, readErrorPart, type Names, type PlannedQuestion, type ValueQuestion } from './shapes';

export type { RuleOptions };
export { MAX_STEPS, MAX_SUGGESTIONS, MAX_TEXT } from '../lib/envelope/live';

/**
 * What the guard found, as data: the rule, the id of the template it was said with (in the rule's module, or the
 * guard's own notices in runtime/notices.ts) and that template's data, and the sentence they render to after
 * `METHOD /route status: `. Identity is `rule` + `messageId` + `data`, never the sentence.
 */
export interface Violation {
  /** This package's rule id (`ax-envelope-next-steps`, …), `agent-ux-guard`, or `undeclared`. */
  rule: string;
  messageId: string;
  data: PlainSaid['data'];
  message: string;
}

/** A violation of `rule` from what it said, its sentence after the frame's prefix (`say`). */
export const violation = (rule: string, said: Said, say: (what: string) => string = what => what): Violation => ({
  rule,
  messageId: said.messageId,
  data: plain(said).data,
  message: say(said.text),
});

/** One response, as the guard sees it. */
export interface LiveResponse {
  description: Description;
  operation: Operation;
  /** The declared response the status falls under, if any. */
  response: Response | undefined;
  status: number;
  /** The headers sent: read only by a check that asks (the guard's frameworks copy them on each read). */
  headers: Record<string, unknown>;
  body: unknown;
  /** The JSON text the body was parsed from, if any: a member whose name it does not hold is surely absent, and goes unsought. */
  text?: string;
  /**
   * The options each rule is judged with: the guard gives every rule the same object, the probe each rule
   * its own `functionOptions`, as the lint does. Rules given the same object share one reading of the body.
   */
  optionsOf: (rule: string) => RuleOptions;
}

/** Every `nextSteps` list of the body's step holders, with its location, until MAX_STEPS steps are read. */
function stepListsOf(holders: readonly Holder[], limits: Pick<Readings, 'limit'>): StepList[] {
  const lists: StepList[] = [];
  let budget = MAX_STEPS;
  for (const { value } of holders) {
    const steps = Array.isArray(value.value) ? value.value : [];
    if (budget === 0 || steps.length > budget) limits.limit(STEPS_READ);
    if (budget === 0) break;
    const read = steps.slice(0, budget);
    budget -= Math.max(1, read.length);
    lists.push({ steps: value.value, at: where(value.location ?? []), read });
  }
  return lists;
}

/** The rules' live checks, in the order their violations are reported. */
const LIVE: readonly Live[] = [
  nextSteps,
  nextStepsShape,
  nextStepsHref,
  emptyActions,
  errorStructure,
  suggestion,
  envelopeState,
  refreshUrl,
  retryAfter,
  noStackTraces,
];

/** Every rule id the guard judges live bodies for: the parity test compares each with the lint (test/parity.test.ts). */
export const GUARDED_RULES: readonly string[] = LIVE.map(({ rule }) => rule);

/** The violations of one response and what of it was left unread at the guard's limits ("the first 50 steps"). */
export interface Verdict {
  violations: Violation[];
  limits: string[];
}

/** Every violation of one response, minus those the operation is exempted from with `x-ax-exempt`. */
export const violationsOf = (response: LiveResponse): Violation[] => verdictOf(response).violations;

/** A pattern per list of names (the defaults' and the options' lists, each the same array every time), built once. */
function patternPer(source: (names: readonly string[]) => string, flags: string): (names: readonly string[]) => RegExp {
  const known = new WeakMap<readonly string[], RegExp>();
  return names => {
    let pattern = known.get(names);
    if (pattern === undefined) known.set(names, (pattern = new RegExp(source(names), flags)));
    return pattern;
  };
}
const SYNTAX = new Set('\\^$.*+?()[]{}|/');
/** A name as a pattern's literal: its syntax characters escaped. */
const literal = (name: string) => [...name].map(char => (SYNTAX.has(char) ? `\\${char}` : char)).join('');
/** Any of the keys the (dotted) names end in, between quotes as JSON writes a member name: literals only, so linear (test/patterns.test.ts). */
const quotedKeys = (names: readonly string[]) => `"(?:${names.map(name => literal(name.slice(name.lastIndexOf('.') + 1))).join('|')})"`;
const quoted = patternPer(quotedKeys, '');
const quotedAnyCase = patternPer(quotedKeys, 'i');
const anywhereAnyCase = patternPer(parts => parts.map(literal).join('|'), 'i');
/** The pattern `mayHold` searches a text with for `names` (any letter case with `anyCase`), made once per list. */
export const keyPattern = (names: readonly string[], anyCase: boolean): RegExp => (anyCase ? quotedAnyCase : quoted)(names);
/** The pattern `mayName` searches a text with for `parts`, in any letter case, made once per list. */
export const partPattern = (parts: readonly string[]): RegExp => anywhereAnyCase(parts);

/**
 * The checks that can say anything about a response of `status` to `operation`: those judging the status whose rule
 * the operation is not exempted from (`x-ax-exempt`); found once per operation and status.
 */
function checksAt(description: Description, operation: Operation, status: number): readonly Live[] {
  const byStatus = description.doc.memoFor('runtime:checks', operation, checksByStatus);
  let planned = byStatus.get(status);
  if (planned === undefined) byStatus.set(status, (planned = LIVE.filter(({ rule, at }) => at(status) && !isExempt(operation, rule))));
  return planned;
}

const checksByStatus = () => new Map<number, readonly Live[]>();

/** The violations of one response, and the limits at which its checks stopped reading. */
export function verdictOf(response: LiveResponse): Verdict {
  const { description, operation, optionsOf, status } = response;
  // A webhook described under `paths` is the API calling the consumer: no rule judges it.
  if (calledByApi(description.doc, operation)) return { violations: [], limits: [] };
  const frame = new Frame(response);
  let prefix: string | undefined;
  const violations: Violation[] = [];
  for (const { rule, check } of checksAt(description, operation, status)) {
    for (const said of check(frame.exchange(optionsOf(rule))))
      // Worded for a violation alone: most responses have none.
      violations.push(violation(rule, said, text => (prefix ??= `${label(operation)} ${status}: `) + text));
  }
  return { violations, limits: frame.limits === undefined ? [] : [...frame.limits] };
}

/**
 * What one response's checks share: the text's answers to what the body surely lacks, the limits reached, and one
 * exchange per options object, so that the body is read once for all the rules given the same names (the guard gives
 * every rule the same object: one exchange).
 */
class Frame {
  /** Made when a check first stops at a limit: most responses reach none. */
  limits: Set<string> | undefined;
  /** The text the body was parsed from, when the text can answer what it surely lacks (below); else undefined: read in full. */
  readonly #text: string | undefined;
  #first: LiveExchange | undefined;
  #others: Map<RuleOptions, LiveExchange> | undefined;
  /** The last `mayHold` question and its answer (fields, not an object per question): the shape and href checks ask the same one in turn. */
  #heldNames: readonly string[] | undefined;
  #heldAnyCase = false;
  #held = false;
  constructor(readonly response: LiveResponse) {
    const { text } = response;
    // A text with escapes (`\u0063ode`) could spell a name otherwise than the body holds it: read in full.
    this.#text = text === undefined || text.includes('\\') ? undefined : text;
  }

  /**
   * What a body parsed from the text surely lacks, asked of the text: a member named one of `names` (a dotted name: its
   * last part). A text without escapes holds each key and string verbatim between quotes, so a name it does not hold
   * between quotes is surely absent. A string value of the same name only makes the answer "may hold", and the checks
   * then read the body. One search of the text per question, no copy.
   */
  mayHold(names: readonly string[], anyCase: boolean): boolean {
    const text = this.#text;
    if (text === undefined) return true;
    if (this.#heldNames !== names || this.#heldAnyCase !== anyCase) {
      this.#heldNames = names;
      this.#heldAnyCase = anyCase;
      this.#held = keyPattern(names, anyCase).test(text);
    }
    return this.#held;
  }

  /** A member whose name holds one of `parts`, asked of the text as `mayHold` is (a part it does not hold at all is surely absent). */
  mayName(parts: readonly string[]): boolean {
    return this.#text === undefined || partPattern(parts).test(this.#text);
  }

  /** A stack trace: a text past MAX_TEXT is searched string by string, within the budget that says where the search stopped. */
  mayTrace(): boolean {
    const text = this.#text;
    return text === undefined || text.length > MAX_TEXT || mayHoldStackTrace(text);
  }
  exchange(options: RuleOptions): LiveExchange {
    if (this.#first === undefined) return (this.#first = new LiveExchange(this, options));
    if (this.#first.options === options) return this.#first;
    this.#others ??= new Map();
    let exchange = this.#others.get(options);
    if (exchange === undefined) this.#others.set(options, (exchange = new LiveExchange(this, options)));
    return exchange;
  }
}

/** What the error-shapes table answered for the questions left to it: nothing, when the plan and the text answered all. */
const NOTHING_READ: Partial<ErrorValue> = Object.freeze({});
const NONE_PLANNED: readonly PlannedQuestion[] = [];

/**
 * One response as the checks given `options` see it: its readings are methods of one object, each computed once when a
 * check first asks (a hot path, where a closure per reading per response cost more than the readings most responses need).
 */
class LiveExchange implements Exchange {
  readonly description: Description;
  readonly operation: Operation;
  readonly response: Response | undefined;
  readonly status: number;
  readonly body: unknown;
  readonly names: Names;
  readonly prefixes: readonly string[] | undefined;
  readonly readOnly: readonly string[] | undefined;
  readonly hypermedia: boolean | undefined;
  readonly #frame: Frame;
  #planned: readonly PlannedQuestion[] | undefined;
  #read: Partial<ErrorValue> | undefined;
  #stepHolders: Holder[] | undefined;
  #stepLists: StepList[] | undefined;
  #rejection: { value: LiveStateRejection | undefined } | undefined;
  constructor(
    frame: Frame,
    readonly options: RuleOptions,
  ) {
    const { response } = frame;
    this.#frame = frame;
    this.description = response.description;
    this.operation = response.operation;
    this.response = response.response;
    this.status = response.status;
    this.body = response.body;
    this.names = options.names;
    this.prefixes = options.prefixes;
    this.readOnly = options.readOnly;
    this.hypermedia = options.hypermedia;
  }

  headers(): Record<string, unknown> {
    return this.#frame.response.headers;
  }

  limit(what: string): void {
    (this.#frame.limits ??= new Set()).add(what);
  }

  // What the body surely lacks is asked of the response's text, the same for every options object (Frame).
  mayHold(names: readonly string[], anyCase = false): boolean {
    return this.#frame.mayHold(names, anyCase);
  }

  mayName(parts: readonly string[]): boolean {
    return this.#frame.mayName(parts);
  }

  mayTrace(): boolean {
    return this.#frame.mayTrace();
  }

  /** The member answering one question of the error-shapes table: a question ERROR_READS does not ask at the status is a defect of the guard, and says so. */
  error<Q extends ValueQuestion>(question: Q): ErrorValue[Q] | undefined {
    if (!questionsAt(this.status).includes(question))
      throw new Error(`the guard asked \`${question}\` of a ${this.status} body, which ERROR_READS does not read`);
    return this.#errorPart()[question];
  }

  answers(question: PlannedQuestion): boolean {
    return this.#plannedAnswers().includes(question) || this.error(question) !== undefined;
  }

  fieldCount(): number {
    return this.error('fields')!.length;
  }

  stepHolders(): Holder[] {
    const names = namesFor(this.names, 'nextSteps');
    return (this.#stepHolders ??= this.mayHold(names) ? holdersOf({ value: this.body, location: [] }, names) : []);
  }

  stepLists(): StepList[] {
    return (this.#stepLists ??= stepListsOf(this.stepHolders(), this));
  }

  stateRejection(): LiveStateRejection | undefined {
    return (this.#rejection ??= { value: liveStateRejection(this) }).value;
  }

  /**
   * The questions the declared schema's names (the plan) answer for this body: the plan's yes is the table's yes
   * (answeredByPlan), and the checks ask nothing more of those questions.
   */
  #plannedAnswers(): readonly PlannedQuestion[] {
    if (this.#planned === undefined) {
      const plan = this.response === undefined ? undefined : this.description.errorPlan(this.operation, this.response, this.names);
      let answered: PlannedQuestion[] | undefined;
      if (plan !== undefined)
        for (const question of plannedAt(this.status)) if (answeredByPlan(this.body, question, this.names, plan)) (answered ??= []).push(question);
      this.#planned = answered ?? NONE_PLANNED;
    }
    return this.#planned;
  }

  /**
   * The table read once, for the questions the status asks that neither the plan answered nor the text rules out (a
   * body naming no member a stack trace, by a listed name or a word its evidence reads as one, is not sought for one).
   */
  #errorPart(): Partial<ErrorValue> {
    if (this.#read === undefined) {
      let left: ValueQuestion[] | undefined;
      for (const question of questionsAt(this.status)) {
        if (isPlanned(question) && this.#plannedAnswers().includes(question)) continue;
        if (question === 'stackTrace' && !this.mayHold(namesFor(this.names, 'stackTrace'), true) && !this.mayName(STACK_TRACE_PARTS)) continue;
        (left ??= []).push(question);
      }
      this.#read = left === undefined ? NOTHING_READ : readErrorPart(this.body, this.names, left);
    }
    return this.#read;
  }
}

/**
 * What the checks read of the error-shapes table, by the statuses they judge (each check's own first test, its rule's `scope`):
 * the body is read for these questions alone, once per response.
 */
const ERROR_READS: [(status: string) => boolean, ValueQuestion[]][] = [
  [errorStructureScope.responses, ['errorCode', 'message']],
  [suggestionScope.responses, ['recoveryHint']],
  [retryAfterScope.responses, ['retryDelay']],
  [status => Number(status) >= 400, ['stackTrace']],
  [envelopeStateScope.responses, ['fields']],
];

/** What ERROR_READS asks at each status, and which of those a plan can answer: found once per status (no list made per response). */
const askedAt = new Map<number, ValueQuestion[]>();
const plannedAtStatus = new Map<number, PlannedQuestion[]>();
function questionsAt(status: number): ValueQuestion[] {
  let asked = askedAt.get(status);
  if (asked === undefined) askedAt.set(status, (asked = ERROR_READS.flatMap(([judged, questions]) => (judged(String(status)) ? questions : []))));
  return asked;
}
function plannedAt(status: number): PlannedQuestion[] {
  let planned = plannedAtStatus.get(status);
  if (planned === undefined) plannedAtStatus.set(status, (planned = questionsAt(status).filter(isPlanned)));
  return planned;
}
