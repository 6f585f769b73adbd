/**
 * The checks on one live JSON body: the same rule ids and the same field names as the lint rules,
 * asked of what the server really sent. Each check finds what is missing and says how to fix it.
 */
import { isEnvelopeStatus, isObject, type Operation, type Response } from '../lib/document/document';
import { isStepMethod, STATE_FIELDS, STATE_MEMBERS, stateEvidence, stepHrefs, stuckActions } from '../lib/envelope/envelope';
import { hasCallableLinks, liveSelfLink } from '../lib/envelope/hypermedia';
import { responseExtension } from '../lib/errors/error-bodies';
import { retryableWithoutDelay } from '../lib/errors/error-values';
import { exampleCode } from '../lib/errors/error-wording';
import { nameList, namesFor } from '../lib/semantics/names';
import { holdersOf } from '../lib/document/nested';
import { hrefProblem as hrefVerdict } from '../lib/document/paths';
import { isExempt, label } from '../lib/findings/rule-function';
import { asksNextSteps, calledByApi, changesState } from '../lib/semantics/scope';
import { scope as envelopeStateScope } from '../rules/ax-envelope-state';
import { scope as errorStructureScope } from '../rules/ax-recoverable-error-structure';
import { scope as retryAfterScope } from '../rules/ax-recoverable-retry-after';
import { scope as suggestionScope } from '../rules/ax-recoverable-suggestion';
import { hasStackTrace, mayHoldStackTrace, stackTraceRuntime } from '../lib/errors/stack-traces';
import { STACK_TRACE_PARTS } from '../lib/errors/concepts';
import { clip, describeValue, dottedPath, stringsIn } from '../lib/document/values';
import type { Description } from './description';
import {
  answeredByPlan,
  firstName,
  isPlanned,
  hintAdvice,
  readErrorPart,
  stateMember,
  type Names,
  type PlannedQuestion,
  type ValueMember,
  type ValueQuestion,
} from './shapes';

export interface Violation {
  /** This package's rule id (`ax-envelope-next-steps`, …), or `undeclared`. */
  rule: string;
  message: string;
}

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

/** One response as one check sees it: with the options of the rules it reports, and its headers read only when a check asks. */
type Exchange = Omit<LiveResponse, 'optionsOf' | 'text' | 'headers'> & { headers: () => Record<string, unknown> } & RuleOptions & Readings;

/** What several checks read from the body, computed at most once per response. */
interface Readings {
  /** The member answering one question of the error-shapes table: the body is read once, for what ERROR_READS says the status asks. */
  error(question: Exclude<ValueQuestion, 'fields' | PlannedQuestion>): ValueMember | undefined;
  /** Whether the body answers a question the checks ask nothing more of: the declared schema's names first, the table when they do not answer. */
  answers(question: PlannedQuestion): boolean;
  /** How many fields the body names as failed (a validation error, not a state rejection). */
  fieldCount(): number;
  stepLists(): StepList[];
  /** False when the body surely has no member named one of `keys` (any letter case with `anyCase`): then nothing is sought. */
  mayHold(keys: readonly string[], anyCase?: boolean): boolean;
  /** False when no member name of the body holds one of `parts` (lower case), in any letter case. */
  mayName(parts: readonly string[]): boolean;
  /** False when no string of the body can hold a stack trace within the search's budget: then none is searched. */
  mayTrace(): boolean;
  /** Says that a check stopped at one of the guard's limits per response (what it read: "the first 50 steps"). */
  limit(what: string): void;
}

/** A `nextSteps` list of the body, where it sits, and the steps of it that are read within the response's MAX_STEPS. */
interface StepList {
  steps: unknown;
  at: string;
  read: unknown[];
}

/**
 * The guard's limits on the work one response can cost, whatever a client makes an echoing endpoint send
 * (docs/runtime.md, "Limits"): steps read by the shape and href checks (a list that is no list counts as one),
 * route suggestions (each an edit distance per declared route), and characters searched for stack traces.
 */
export const MAX_STEPS = 50;
export const MAX_SUGGESTIONS = 3;
export const MAX_TEXT = 32 * 1024;
const STEPS_READ = `the first ${MAX_STEPS} steps`;

type Check = (exchange: Exchange, say: (what: string) => string) => Violation[];

function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => (done ? (value as T) : ((done = true), (value = compute())));
}

/** A step as messages write it, in the names the guard is given (`nextStepItem`): "{ action, method, href, description }". */
const stepFields = (names: Names): string => `{ ${namesFor(names, 'nextStepItem').join(', ')} }`;
/** A value quoted in a message: hrefs and methods are longer than names. */
const shown = (text: string) => clip(text, 60);
/** Where a value sits in the body (`data.items[0].nextSteps`), each key clipped: a client's long keys make no long messages. */
const where = (path: readonly (string | number)[]) => clip(dottedPath(path.map(key => (typeof key === 'string' ? clip(key) : key))), 120);

const violation = (rule: string, message: string): Violation => ({ rule, message });

/** ax-envelope-next-steps: a 2xx answer to a mutation tells the agent which call comes next (the rule's own scope, lib/semantics/scope.ts). */
const nextSteps: Check = ({ description, operation, headers, body, names, prefixes, readOnly, hypermedia }, say) => {
  if (!asksNextSteps(description.doc, operation, { ...names, prefixes, readOnly })) return [];
  // As the rule: links that each carry an href and a method list the next calls too, unless `hypermedia: false`;
  // so does a body that is an href beside a `Location` header.
  const callable = liveSelfLink(body, sentHeader(headers(), ['Location'])) === 'callable' || hasCallableLinks(body, namesFor(names, 'linkCollection'));
  if (hypermedia !== false && callable) return [];
  const name = firstName(names, 'nextSteps');
  const steps = isObject(body)
    ? namesFor(names, 'nextSteps')
        .map(key => body[key])
        .find(value => value !== undefined)
    : undefined;
  if (steps !== undefined && (!Array.isArray(steps) || steps.length > 0)) return [];
  const has = steps === undefined ? 'has no' : 'has an empty';
  return [
    violation(
      'ax-envelope-next-steps',
      say(
        `the response body ${has} \`${name}\`, so an agent cannot tell which call comes next. Send \`${name}\`: the calls that follow, each ${stepFields(names)}.`,
      ),
    ),
  ];
};

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

/** ax-envelope-next-steps-shape: each list holds complete steps: the four fields, strings, an HTTP method. */
const nextStepsShape: Check = ({ names, stepLists }, say) => {
  const lists = stepLists();
  if (lists.length === 0) return [];
  const fields = namesFor(names, 'nextStepItem');
  const methodName = fields[1];
  return lists.flatMap(({ steps, at, read }) => {
    if (!Array.isArray(steps))
      return [
        violation(
          'ax-envelope-next-steps-shape',
          say(`\`${at}\` is ${describeValue(steps)}, not a list of steps an agent can call. Send an array of ${stepFields(names)}.`),
        ),
      ];
    for (const [i, step] of read.entries()) {
      if (!isObject(step))
        return [
          violation(
            'ax-envelope-next-steps-shape',
            say(`\`${at}[${i}]\` is ${describeValue(step)}, not a step an agent can call. Send each step as ${stepFields(names)}.`),
          ),
        ];
      const missing = fields.filter(field => typeof step[field] !== 'string' || step[field] === '');
      if (missing.length > 0) {
        return [
          violation(
            'ax-envelope-next-steps-shape',
            say(
              `\`${at}[${i}]\` has no string ${nameList(missing)}, so an agent gets a step it cannot call. Send each step as ${stepFields(names)}, every field a non-empty string.`,
            ),
          ),
        ];
      }
      const method = methodName === undefined ? undefined : String(step[methodName]);
      if (method !== undefined && !isStepMethod(method)) {
        return [
          violation(
            'ax-envelope-next-steps-shape',
            say(`\`${at}[${i}].${methodName}\` is "${shown(method)}", not an HTTP method an agent can send. Send GET, POST, PUT, PATCH or DELETE.`),
          ),
        ];
      }
    }
    return [];
  });
};

/** ax-envelope-next-steps-href: each step's href reaches a declared route, with a method declared there. */
const nextStepsHref: Check = ({ description, body, names, limit, mayHold }, say) => {
  if (!mayHold(namesFor(names, 'nextSteps'))) return [];
  // A suggestion costs an edit distance per declared route: the first few unmatched hrefs of a response get one.
  let suggestions = MAX_SUGGESTIONS;
  const suggest = (href: string) => (suggestions-- > 0 ? description.matcher.suggest(href) : undefined);
  const hrefs = stepHrefs({ value: body, location: [] }, names);
  if (hrefs.length > MAX_STEPS) limit(STEPS_READ);
  return hrefs.slice(0, MAX_STEPS).flatMap(({ href, method, step }) => {
    const what = hrefProblem(description, suggest, `\`${where(step.location ?? [])}\``, href, method);
    return what === undefined ? [] : [violation('ax-envelope-next-steps-href', say(what))];
  });
};

/** What is wrong with one step's href (`step` names the step), if anything, in the guard's words (lib/document/paths.ts judges). */
export function hrefProblem(
  description: Description,
  suggest: (href: string) => string | undefined,
  step: string,
  href: string,
  method: unknown,
): string | undefined {
  const found = hrefVerdict(description.matcher, href, method);
  const quoted = `"${shown(href)}"`;
  if (found?.kind === 'template')
    return `${step} links to ${quoted}, which still holds \`${found.placeholder}\` for the agent to fill in. Send the concrete URL.`;
  if (found?.kind === 'unmatched') {
    const suggested = suggest(href);
    const guess = suggested === undefined ? '.' : `; did you mean \`${suggested}\`?`;
    return `${step} links to ${quoted}, which matches no declared route${guess} An agent following it gets a 404. Build it from a declared route (server base path included).`;
  }
  if (found === undefined) return undefined;
  return `${step} sends ${shown(found.method)} to ${quoted}, but \`${found.path}\` declares ${found.declared}. Send a declared method, or declare \`${shown(found.method.toLowerCase())}\` there.`;
}

/** ax-envelope-empty-actions: "no transitions left" still comes with the calls that remain. */
const emptyActions: Check = ({ body, names, limit, mayHold }, say) => {
  if (!mayHold(namesFor(names, 'nextActions'))) return [];
  const stepNames = namesFor(names, 'nextSteps');
  const stuck = stuckActions({ value: body, location: [] }, names);
  if (stuck.length > MAX_STEPS) limit(STEPS_READ);
  return stuck.slice(0, MAX_STEPS).flatMap(({ value }) => {
    const at = where(value.location ?? []);
    return [
      violation(
        'ax-envelope-empty-actions',
        say(
          `\`${at}\` is empty and no \`${stepNames[0]}\` sits beside it, so an agent concludes it is stuck. Send \`${stepNames[0]}\` with the recovery calls that remain.`,
        ),
      ),
    ];
  });
};

/**
 * ax-recoverable-error-structure (every error status) and ax-recoverable-suggestion (4xx): an error body
 * has a code and a message, and a client error a recovery hint; each on the statuses its rule reads (its module's `scope`).
 */
const errorContent: Check = ({ response, status, body, names, answers }, say) => {
  const structure = errorStructureScope.responses(String(status));
  const suggestion = suggestionScope.responses(String(status));
  const found: Violation[] = [];
  // The AX convention lets the description carry the code and the hint as response extensions.
  const code = answers('errorCode') || (response !== undefined && responseExtension(response, 'x-ax-error-code') !== undefined);
  const message = answers('message');
  if (structure && (!code || !message)) {
    const lacks = !code && !message ? 'has neither a machine-readable code nor a message' : !code ? 'has no machine-readable code' : 'has no message';
    const send = [
      !code ? `a stable \`${firstName(names, 'errorCode')}\` (e.g. "${exampleCode(String(status))}")` : '',
      !message ? `a one-sentence \`${firstName(names, 'message')}\`` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    found.push(violation('ax-recoverable-error-structure', say(`the error body ${lacks}, so an agent cannot tell what failed. Send ${send}.`)));
  }
  if (suggestion && !answers('recoveryHint') && (response === undefined || responseExtension(response, 'x-ax-error-suggestion') === undefined)) {
    const hint = hintAdvice(body, names);
    found.push(
      violation(
        'ax-recoverable-suggestion',
        say(
          `the error body has no recovery hint, so an agent cannot tell how to fix the request. Send \`${hint.name}\`${hint.place}: one sentence on what to change before retrying.`,
        ),
      ),
    );
  }
  return found;
};

/** ax-envelope-state (and ax-envelope-refresh-url on a 422): a state rejection hands over the state, the legal moves and where to re-read them. */
const stateRejection: Check = ({ description, operation, response, status, body, names, fieldCount }, say) => {
  // As the rule: only an operation that changes something rejects a request for its state, whatever the body carries.
  if (!changesState(description.doc, operation, names)) return [];
  const carried = STATE_MEMBERS.map(field => stateMember(body, field, names)).find(member => member !== undefined);
  // Without a state field in the body, the description's evidence is the signal (as the rule's), and a body naming failed fields is a validation error.
  const declared = carried === undefined && response !== undefined && fieldCount() === 0 ? description.stateRejection(operation, response, names) : undefined;
  if (carried === undefined && declared === undefined) return [];
  const signal = carried !== undefined ? `it carries \`${carried.path}\`` : stateEvidence(declared!);
  const missing = STATE_FIELDS.filter(field => stateMember(body, field, names) === undefined);
  // On a 422 the refresh url is ax-envelope-refresh-url's to ask: one missing field, one violation.
  const state = status === 422 ? missing.filter(field => field !== 'refreshUrl') : missing;
  const refresh = status === 422 && missing.includes('refreshUrl');
  const found: Violation[] = [];
  if (state.length > 0) {
    const fields = nameList(
      state.map(field => firstName(names, field)),
      'and',
    );
    found.push(
      violation(
        'ax-envelope-state',
        say(
          `the error body is a state rejection (${signal}) but lacks ${fields}. Send ${state.length > 1 ? 'them' : 'it'}, so the agent re-plans from the real state.`,
        ),
      ),
    );
  }
  if (refresh) {
    const name = firstName(names, 'refreshUrl');
    found.push(
      violation(
        'ax-envelope-refresh-url',
        say(`the error body is a state rejection (${signal}) but has no \`${name}\`. Send \`${name}\`: the URL to GET for the current state before retrying.`),
      ),
    );
  }
  return found;
};

/** True when the response sent a header of one of `names`, in any letter case. */
function sentHeader(headers: Record<string, unknown>, names: readonly string[]): boolean {
  const lower = names.map(name => name.toLowerCase());
  return Object.keys(headers).some(name => lower.includes(name.toLowerCase()) && headers[name] !== undefined);
}

/**
 * ax-recoverable-retry-after: a 429 or 503 says how long to wait, as a header or a delay in the body; any
 * other error body that says it is retryable does too (the rule's test of an example, lib/errors/error-values.ts).
 */
const retryAfter: Check = ({ status, headers, body, names, error, mayHold }, say) => {
  const delayed = retryAfterScope.responses(String(status));
  const flagged = mayHold(namesFor(names, 'retryFlag'), true);
  // Elsewhere only a retry flag asks for a delay: a body that cannot hold one costs no look at the headers.
  if ((!delayed && !flagged) || sentHeader(headers(), namesFor(names, 'retryAfterHeader'))) return [];
  const header = firstName(names, 'retryAfterHeader');
  const delay = firstName(names, 'retryDelay');
  if (delayed && error('retryDelay') === undefined) {
    const what = `the response has no \`${header}\` header and the body no \`${delay}\`, so an agent cannot tell how long to wait`;
    return [violation('ax-recoverable-retry-after', say(`${what}. Send \`Retry-After\` (seconds).`))];
  }
  const [flag] = flagged ? retryableWithoutDelay({ value: body, location: [] }, names) : [];
  if (flag === undefined) return [];
  const what = `the error body says \`${flag.name}: true\` but gives no retry delay, so an agent cannot tell how long to wait`;
  return [violation('ax-recoverable-retry-after', say(`${what}. Send a \`${header}\` header (seconds) or a \`${delay}\` in the body.`))];
};

/** ax-recoverable-no-stack-traces: no error body carries a stack trace, as a member or inside any text. */
const noStackTraces: Check = ({ body, error, limit, mayTrace }, say) => {
  const fix = 'Log it server-side and send a stable code, a message and a `trace_id` instead.';
  const member = error('stackTrace');
  if (member !== undefined && member.value !== null && member.value !== '' && !(Array.isArray(member.value) && member.value.length === 0)) {
    return [
      violation(
        'ax-recoverable-no-stack-traces',
        say(`the error body carries \`${member.path}\`, a stack trace: internal code paths, useless to an agent. ${fix}`),
      ),
    ];
  }
  const [text] = mayTrace() ? stringsIn({ value: body, location: [] }, withinText(hasStackTrace, limit)) : [];
  if (text === undefined) return [];
  const at = text.location === undefined || text.location.length === 0 ? '' : ` in \`${where(text.location)}\``;
  // Named from the part searched, which holds the trace: the rest of a long text is not read again.
  const runtime = stackTraceRuntime(text.value.slice(0, MAX_TEXT));
  return [violation('ax-recoverable-no-stack-traces', say(`the error body contains a ${runtime} stack trace${at}. ${fix}`))];
};

/**
 * The search, over the first MAX_TEXT characters of the response's text: each pattern reads a bounded
 * distance from each place it starts, and this bounds the places.
 */
function withinText(search: (text: string) => boolean, limit: (what: string) => void): (text: string) => boolean {
  let budget = MAX_TEXT;
  return text => {
    if (text.length > budget) limit(`the first ${MAX_TEXT / 1024} KiB of text searched for stack traces`);
    const read = text.slice(0, budget);
    budget -= read.length;
    return read !== '' && search(read);
  };
}

/** A check, the rule ids it may report (so that an exemption skips the check entirely), and the statuses it judges (its rules' own scope). */
interface Planned {
  check: Check;
  rules: string[];
  at: (status: number) => boolean;
}
const EVERY_STATUS = () => true;
const ERROR_STATUS = (status: number) => status >= 400;
const CHECKS: Planned[] = [
  { check: nextSteps, rules: ['ax-envelope-next-steps'], at: status => isEnvelopeStatus(String(status)) },
  { check: nextStepsShape, rules: ['ax-envelope-next-steps-shape'], at: EVERY_STATUS },
  { check: nextStepsHref, rules: ['ax-envelope-next-steps-href'], at: EVERY_STATUS },
  { check: emptyActions, rules: ['ax-envelope-empty-actions'], at: EVERY_STATUS },
  {
    check: errorContent,
    rules: ['ax-recoverable-error-structure', 'ax-recoverable-suggestion'],
    at: status => errorStructureScope.responses(String(status)) || suggestionScope.responses(String(status)),
  },
  { check: stateRejection, rules: ['ax-envelope-state', 'ax-envelope-refresh-url'], at: status => envelopeStateScope.responses(String(status)) },
  { check: retryAfter, rules: ['ax-recoverable-retry-after'], at: ERROR_STATUS },
  { check: noStackTraces, rules: ['ax-recoverable-no-stack-traces'], at: ERROR_STATUS },
];

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
    mayHold,
    mayName,
    mayTrace,
    limit,
  };
}
