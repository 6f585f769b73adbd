/**
 * The frame of the checks on one live JSON body: the response, what its checks read of it (once), the checks each
 * status plans, and the verdict. The checks are the rules' own (each rule module's `live`, beside its lint and in its
 * words), with the same rule ids and the same field names, asked of what the server really sent.
 */
import type { Operation, Response } from '../lib/document/document';
import { namesFor } from '../lib/semantics/names';
import { holdersOf } from '../lib/document/nested';
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
  type Readings,
  type RuleOptions,
  type StepList,
} from '../lib/envelope/live';
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

type Check = (exchange: Exchange, say: (what: string) => string) => Violation[];

function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => (done ? (value as T) : ((done = true), (value = compute())));
}

/** Every `nextSteps` list in the body, wherever it sits, with its location, until MAX_STEPS steps are read. */
function stepListsOf(body: unknown, names: Names, limit: (what: string) => void): StepList[] {
  const lists: StepList[] = [];
  let budget = MAX_STEPS;
  for (const { value } of holdersOf({ value: body, location: [] }, namesFor(names, 'nextSteps'))) {
    const steps = Array.isArray(value.value) ? value.value : [];
    if (budget === 0 || steps.length > budget) limit(STEPS_READ);
    if (budget === 0) break;
    const read = steps.slice(0, budget);
    budget -= Math.max(1, read.length);
    lists.push({ steps: value.value, at: where(value.location ?? []), read });
  }
  return lists;
}

/** A check, the rule ids it may report (so that an exemption skips the check entirely), and the statuses it judges (its rules' own scope). */
interface Planned {
  check: Check;
  rules: string[];
  at: (status: number) => boolean;
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
/** Each live check planned for its rule: its findings worded as the rule's violations, after the frame's prefix. */
const CHECKS: Planned[] = LIVE.map(({ rule, at, check }) => ({
  rules: [rule],
  at,
  check: (exchange, say) => check(exchange).map(said => violation(rule, said, say)),
}));

/** Every rule id the guard judges live bodies for: the parity test compares each with the lint (test/parity.test.ts). */
export const GUARDED_RULES: readonly string[] = CHECKS.flatMap(({ rules }) => rules);

/** The violations of one response and what of it was left unread at the guard's limits ("the first 50 steps"). */
export interface Verdict {
  violations: Violation[];
  limits: string[];
}

/** Every violation of one response, minus those the operation is exempted from with `x-ax-exempt`. */
export const violationsOf = (response: LiveResponse): Violation[] => verdictOf(response).violations;

/**
 * What a body parsed from `text` surely lacks, asked of the text: a member named one of `keys` (a dotted name: its last
 * part), a member whose name holds one of `parts`, a stack trace. A text without escapes holds each key and string
 * verbatim between quotes, so a name it does not hold between quotes (or a part it does not hold at all) is surely
 * absent; one with escapes (`\u0063ode`) could spell them otherwise: read in full. A string value of the same name
 * only makes the answer "may hold", and the checks then read the body. One search of the text per question, no copy.
 */
function textReadings(text: string | undefined): Pick<Readings, 'mayHold' | 'mayName' | 'mayTrace'> {
  if (text === undefined || text.includes('\\')) return READ_IN_FULL;
  return {
    mayHold: (names, anyCase = false) => keyPattern(names, anyCase).test(text),
    mayName: parts => partPattern(parts).test(text),
    // A text past MAX_TEXT is searched string by string, within the budget that says where the search stopped.
    mayTrace: () => text.length > MAX_TEXT || mayHoldStackTrace(text),
  };
}
const READ_IN_FULL: Pick<Readings, 'mayHold' | 'mayName' | 'mayTrace'> = { mayHold: () => true, mayName: () => true, mayTrace: () => true };

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
 * The checks that can say anything about a response of `status` to `operation`: those judging the status, each with
 * the rules of it the operation is not exempted from (`x-ax-exempt`); found once per operation and status.
 */
function checksAt(description: Description, operation: Operation, status: number): Planned[] {
  const byStatus = description.doc.memoFor('runtime:checks', operation, () => new Map<number, Planned[]>());
  let planned = byStatus.get(status);
  if (planned === undefined) {
    planned = CHECKS.flatMap(({ check, rules, at }) => {
      const judged = at(status) ? rules.filter(rule => !isExempt(operation, rule)) : [];
      return judged.length === 0 ? [] : [{ check, rules: judged, at }];
    });
    byStatus.set(status, planned);
  }
  return planned;
}

/** The rules of `rules` grouped by the options object each is given: a check runs once per group. */
function byOptions(rules: readonly string[], optionsOf: (rule: string) => RuleOptions): Map<RuleOptions, string[]> {
  const groups = new Map<RuleOptions, string[]>();
  for (const rule of rules) {
    const options = optionsOf(rule);
    (groups.get(options) ?? groups.set(options, []).get(options)!).push(rule);
  }
  return groups;
}

/** The violations of one response, and the limits at which its checks stopped reading. */
export function verdictOf(response: LiveResponse): Verdict {
  const { description, operation, optionsOf } = response;
  // A webhook described under `paths` is the API calling the consumer: no rule judges it.
  if (calledByApi(description.doc, operation)) return { violations: [], limits: [] };
  // Made when a check first stops at a limit: most responses reach none.
  let limits: Set<string> | undefined;
  const { mayHold, mayName, mayTrace } = textReadings(response.text);
  const readings = { limit: (what: string) => void (limits ??= new Set()).add(what), mayHold, mayName, mayTrace };
  // One exchange per options object, so that the body is read once for all the rules given the same names.
  const exchanges = new Map<RuleOptions, Exchange>();
  const exchangeOf = (options: RuleOptions): Exchange =>
    exchanges.get(options) ?? exchanges.set(options, exchangeFor(response, options, readings)).get(options)!;
  let prefix: string | undefined;
  // Worded for a violation alone: most responses have none.
  const say = (what: string) => (prefix ??= `${label(operation)} ${response.status}: `) + what;
  const violations: Violation[] = [];
  const run = (check: Check, options: RuleOptions, group: readonly string[]) => {
    for (const found of check(exchangeOf(options), say)) if (group.includes(found.rule)) violations.push(found);
  };
  for (const { check, rules } of checksAt(description, operation, response.status)) {
    const options = optionsOf(rules[0]);
    // The guard gives every rule the same options: then one run answers for all the check's rules.
    if (rules.every(rule => optionsOf(rule) === options)) run(check, options, rules);
    else for (const [each, group] of byOptions(rules, optionsOf)) run(check, each, group);
  }
  return { violations, limits: limits === undefined ? [] : [...limits] };
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

/** What ERROR_READS asks at each status: found once per status. */
const askedAt = new Map<number, ValueQuestion[]>();
function questionsAt(status: number): ValueQuestion[] {
  let asked = askedAt.get(status);
  if (asked === undefined) askedAt.set(status, (asked = ERROR_READS.flatMap(([judged, questions]) => (judged(String(status)) ? questions : []))));
  return asked;
}

/**
 * The error readings of one response: a question ERROR_READS does not ask at its status is a defect of the guard, and
 * says so. The table is read once, for the questions the declared schema's names (the plan) do not answer: the plan's
 * yes is the table's yes (answeredByPlan), and the checks ask nothing more of those questions.
 */
function errorReadings(
  response: LiveResponse,
  names: Names,
  { mayHold, mayName }: Pick<Readings, 'mayHold' | 'mayName'>,
): Pick<Readings, 'error' | 'answers' | 'fieldCount'> {
  const { description, operation, status, body } = response;
  const asked = questionsAt(status);
  const declared = response.response;
  const planned = once(() => {
    const plan = declared === undefined ? undefined : description.errorPlan(operation, declared, names);
    return plan === undefined
      ? []
      : asked.filter((question): question is PlannedQuestion => isPlanned(question) && answeredByPlan(body, question, names, plan));
  });
  // A body naming no member a stack trace (by a listed name, or a word its evidence reads as one) is not sought for one.
  const traced = () => mayHold(namesFor(names, 'stackTrace'), true) || mayName(STACK_TRACE_PARTS);
  // Not read of the table: what the plan answered, and a stack trace where the body names none.
  const skipped = (question: ValueQuestion) => (isPlanned(question) && planned().includes(question)) || (question === 'stackTrace' && !traced());
  const read = once(() =>
    readErrorPart(
      body,
      names,
      asked.filter(question => !skipped(question)),
    ),
  );
  const answer = <Q extends ValueQuestion>(question: Q) => {
    if (!asked.includes(question)) throw new Error(`the guard asked \`${question}\` of a ${status} body, which ERROR_READS does not read`);
    return read()[question];
  };
  const answers = (question: PlannedQuestion) => planned().includes(question) || answer(question) !== undefined;
  return { error: answer, answers, fieldCount: () => answer('fields')!.length };
}

/** One response as the checks given `options` see it (written out member by member: a hot path, where spreads cost). */
function exchangeFor(response: LiveResponse, options: RuleOptions, readings: Pick<Readings, 'limit' | 'mayHold' | 'mayName' | 'mayTrace'>): Exchange {
  const { description, operation, status, body } = response;
  const { names, prefixes, readOnly, hypermedia } = options;
  const { limit, mayHold, mayName, mayTrace } = readings;
  const { error, answers, fieldCount } = errorReadings(response, names, readings);
  const nextStepNames = namesFor(names, 'nextSteps');
  return {
    description,
    operation,
    response: response.response,
    status,
    headers: () => response.headers,
    body,
    names,
    prefixes,
    readOnly,
    hypermedia,
    error,
    answers,
    fieldCount,
    stepLists: once(() => (mayHold(nextStepNames) ? stepListsOf(body, names, limit) : [])),
    stateRejection: once(() => liveStateRejection({ description, operation, response: response.response, body, names, fieldCount })),
    mayHold,
    mayName,
    mayTrace,
    limit,
  };
}
