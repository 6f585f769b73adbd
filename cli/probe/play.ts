/**
 * The probe's play, as an agent would go: a first try of every operation (and the steps its answer
 * offers), then one fault at a time, each answered error read with the ruleset's own reader and the
 * request repaired with only what the error says. Every response is judged by the runtime guard's checks.
 * Creates go first and deletions last, and the ids the API returns fill the path of later operations; an
 * operation refused (409) on such a record is tried once more on a fresh one.
 */
import type { Ruleset } from '@stoplight/spectral-core';
import { PROBE_IDS, type ProbeId } from '../../lib/findings/catalogue';
import { PROBE_READERS, REPLACED_LIVE_CHECKS, type ProbeReading } from '../../rules';
import type { OpenApiDocument, Operation } from '../../lib/document/document';
import { stepHrefs } from '../../lib/envelope/envelope';
import { type Names } from '../../lib/errors/shape-table';
import { namedIn } from '../../lib/errors/value-shapes';
import { inputsOf } from '../../lib/document/inputs';
import { locatorsIn, resolveLocator, type Locator } from '../../lib/errors/locators';
import { namesFor } from '../../lib/semantics/names';
import { isExempt, label } from '../../lib/findings/rule-function';
import { clip, dottedPath } from '../../lib/document/values';
import { linksIn } from '../../lib/envelope/hypermedia';
import { violation, violationsOf, type RuleOptions, type Violation } from '../../runtime/checks';
import type { PlainSaid, Said } from '../../lib/findings/messages';
import { sayProbe } from './messages';
import { liveHrefProblem } from '../../rules/ax-envelope-next-steps-href';
import { Description } from '../../runtime/description';
import { readError, type LiveError } from '../../runtime/shapes';
import { OFF } from '../lint';
import { firstTryWhy, type PathSource } from './coverage';
import type { UserValues } from './given';
import type { Answer, Client } from './http';
import { inPlayOrder, isCreate, Known, pathParameters } from './reuse';
import { FreshValues } from './fresh';
import type { Played } from './arazzo';
import { loginOf, needsBearer, noToken, tokenIn } from './login';
import { describedReferences, referencesIn, withReferences } from './references';
import { faultsOf, fieldValue, requestPath, validRequest, withField, type Fault, type Field, type ProbeRequest } from './requests';

export type Severity = 'error' | 'warn' | 'info' | 'hint';
export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info', 'hint'];

export interface SentRequest {
  method: string;
  path: string;
  body?: unknown;
}

export interface ProbeFinding {
  rule: string;
  severity: Severity;
  /** `METHOD /path-template` as written in the description. */
  operation: string;
  /** The template the finding was said with (its rule's module, or the probe's own in cli/probe/messages.ts) and its data. */
  messageId: string;
  data: PlainSaid['data'];
  message: string;
  request: SentRequest;
  /** The response status; null when none came. */
  status: number | null;
  /** The start of the response body. */
  response?: string;
}

export interface OperationResult {
  operation: string;
  /** The first try's status; null when it was not sent or got no answer. */
  firstTry: number | null;
  /** Why the first try tested nothing (not sent, no answer, not a 2xx), and what to give the probe so that it does. */
  why?: string;
  /** Fault probes sent, repaired to a 2xx (or an unknown id answered as such), and accepted as valid. */
  probes: number;
  recovered: number;
  /** `recovered` of `probes` in percent, one decimal; null without probes. */
  recoveryRate: number | null;
  accepted: number;
  /** Steps followed, and those found stale. */
  steps: number;
  staleSteps: number;
}

export interface ProbeRun {
  requests: number;
  /** Requests that got an HTTP answer, whatever its status. */
  answered: number;
  /** Operations whose first try answered 2xx: the ones faulted, and so tested. */
  tested: number;
  /** True when --max-requests stopped the probe before it sent everything. */
  truncated: boolean;
  operations: OperationResult[];
  findings: ProbeFinding[];
  /** Steps to another host, not followed. */
  skipped: { operation: string; href: string }[];
  /** The route the probe logged in with (docs/probe.md, Credentials), and whether it gave a token; absent when it logged in nowhere. */
  login?: { operation: string; token: boolean };
}

/** What the probe's own findings weigh: a stale or unrepairable answer misleads an agent; an undeclared status surprises it. */
const PROBE_SEVERITY: Record<ProbeId, Severity> = {
  'ax-probe-stale-step': 'error',
  'ax-probe-wrong-field': 'error',
  'ax-probe-unrecoverable': 'error',
  'ax-probe-server-error': 'error',
  'ax-probe-undeclared-status': 'warn',
};

/** Steps followed per response at most. */
const MAX_STEPS = 10;
const STALE = new Set([404, 405, 410]);
/** The statuses that say an id does not exist (410: it did once). */
const NOT_FOUND = new Set([404, 410]);
/** The status of a record not in a state the operation takes: the probe tries once more on a fresh record. */
const CONFLICT = 409;
const EXCERPT = 300;

export interface PlayOptions {
  doc: OpenApiDocument;
  ruleset: Ruleset;
  /** The description's file: overrides in the ruleset are matched against it. */
  file: string;
  /** The options each rule is judged with, as the lint gives them: the runtime checks' and, per PROBE_READERS, the play's own readings. */
  optionsOf: (rule: string) => RuleOptions;
  client: Client;
  followMutations: boolean;
  /** `METHOD /path` filters; all operations when empty. */
  only: string[];
  /** The values --param and --input give. */
  user: UserValues;
}

/** The recovery rate in percent, one decimal; null when nothing was probed. */
export const rate = (recovered: number, probes: number): number | null => (probes === 0 ? null : Math.round((recovered / probes) * 1000) / 10);

/** An operation is tested when its first try answered 2xx and gave what it was called for (a login, its token). */
const isTested = (result: OperationResult) => result.why === undefined && result.firstTry !== null && result.firstTry >= 200 && result.firstTry < 300;
const isSuccess = (answer: Answer) => answer.kind === 'response' && answer.status >= 200 && answer.status < 300;
const statusOf = (answer: Answer) => (answer.kind === 'response' ? answer.status : null);

export class Play {
  private readonly description: Description;
  private readonly findings = new Map<string, ProbeFinding>();
  private readonly skipped: ProbeRun['skipped'] = [];
  private readonly results = new Map<Operation, OperationResult>();
  private readonly known: Known;
  private readonly fresh: FreshValues;
  private answered = 0;
  /** Every request sent for an operation that got an answer, in order, with its status: the journey `--arazzo` writes. */
  readonly journal: Played[] = [];
  /** The route the probe logs in with, and the token its 2xx answer gave (none yet, or the login failed). */
  private login?: Operation;
  private token?: string;

  constructor(private readonly options: PlayOptions) {
    this.description = new Description(options.doc);
    this.known = new Known(this.description, href => options.client.hrefUrl(href));
    this.fresh = new FreshValues(options.doc);
  }

  async run(): Promise<ProbeRun> {
    const wanted = (operation: Operation) => this.options.only.length === 0 || this.options.only.includes(label(operation));
    const operations = this.loginFirst(inPlayOrder(this.options.doc, this.options.doc.operations().filter(wanted)));
    // Deletions after every other operation's faults too: the records those repair on must still exist.
    await this.play(operations.filter(operation => operation.method !== 'delete'));
    await this.play(operations.filter(operation => operation.method === 'delete'));
    const { client } = this.options;
    const results = [...this.results.values()];
    return {
      requests: client.sent,
      answered: this.answered,
      tested: results.filter(isTested).length,
      truncated: client.refused > 0,
      operations: results.map(result => ({ ...result, recoveryRate: rate(result.recovered, result.probes) })),
      findings: [...this.findings.values()],
      skipped: this.skipped,
      ...(this.login === undefined ? {} : { login: { operation: label(this.login), token: this.token !== undefined } }),
    };
  }

  /**
   * The login route before every other operation, so that they are sent with its token; none when the
   * user's --header already sets `Authorization` (it would win over the token anyway).
   */
  private loginFirst(operations: Operation[]): Operation[] {
    if (this.options.client.sets('Authorization')) return operations;
    this.login = loginOf(this.options.doc, operations);
    return this.login === undefined ? operations : [this.login, ...operations.filter(operation => operation !== this.login)];
  }

  /** The first try of each operation, then their faults, one per operation in turn, so that a request budget is shared by all. */
  private async play(operations: readonly Operation[]): Promise<void> {
    const tried: { request: ProbeRequest; faults: Fault[] }[] = [];
    for (const operation of operations) {
      const request = await this.firstTry(operation);
      // A header that --header sets is sent as the credential whatever the fault does to it: no fault there.
      const faults =
        request === undefined
          ? []
          : faultsOf(this.options.doc, request).filter(fault => fault.field.where !== 'header' || !this.options.client.sets(fault.field.name));
      if (request !== undefined) tried.push({ request, faults });
    }
    for (let i = 0; tried.some(({ faults }) => i < faults.length); i++) {
      for (const { request, faults } of tried) if (i < faults.length) await this.fault(request, faults[i]);
    }
  }

  /**
   * Sends the operation's valid request (the user's values and the ids the API returned, the rest built)
   * and follows the steps its answer offers; the request when it worked, to be faulted, else undefined.
   */
  private async firstTry(operation: Operation): Promise<ProbeRequest | undefined> {
    const result: OperationResult = {
      operation: label(operation),
      firstTry: null,
      probes: 0,
      recovered: 0,
      recoveryRate: null,
      accepted: 0,
      steps: 0,
      staleSteps: 0,
    };
    this.results.set(operation, result);
    const first = this.build(operation);
    if ('why' in first.built) {
      result.why = `not sent: ${first.built.why}`;
      return undefined;
    }
    let request = first.built.request;
    let answer = await this.exchange(request, 'The first try, built from the description.');
    let source = pathSource(operation, first.given.path, first.returned);
    if (source === 'returned' && statusOf(answer) === CONFLICT) {
      const fresh = await this.freshRecord(operation, first.returned);
      if (fresh !== undefined) [request, answer, source] = [fresh, await this.exchange(fresh, 'The first try again, on a fresh record.'), 'fresh'];
    } else if (statusOf(answer) === CONFLICT && isCreate(this.options.doc, operation)) {
      // A record with the same key may be left from an earlier run: a create is tried once more with new key values,
      // and the refused try leaves the journey, which a fresh deployment replays without it.
      const renewed = this.fresh.freshened(request, true);
      if (JSON.stringify(renewed.body) !== JSON.stringify(request.body)) {
        this.journal.pop();
        [request, answer] = [renewed, await this.exchange(renewed, 'The first try, with new values for the members the API keys on.')];
      }
    }
    result.firstTry = statusOf(answer);
    // A dry run lists the faults as if every first try succeeded; a real one faults only a request that works.
    if (this.options.client.dryRun && answer.kind === 'not-sent') return request;
    result.why = this.refusedWhy(operation, answer, source, request.body);
    if (result.why !== undefined || answer.kind !== 'response') return undefined;
    if (operation === this.login) {
      const token = tokenIn(this.options.doc, operation, answer.body);
      if (token === undefined) {
        result.why = noToken(answer.status);
        return undefined;
      }
      this.token = token.value;
      this.options.client.keepSecret(token.value);
      this.journal.at(-1)!.token = token.pointer;
    }
    await this.followSteps(request, answer, result);
    return request;
  }

  /** Why a first try tested nothing; an operation that needs the token of a login that failed is told so. */
  private refusedWhy(operation: Operation, answer: Answer, source: PathSource, sentBody: unknown): string | undefined {
    const code = answer.kind === 'response' ? readError(answer.body, this.namesOf('error')).errorCode?.value : undefined;
    const missing =
      typeof code === 'string' ? { code, members: [...referencesIn(sentBody, describedReferences(this.options.doc, operation)).keys()] } : undefined;
    const why = firstTryWhy(this.options.doc, operation, answer, source, this.declaredTypes(operation, answer), missing);
    const unauthorized = statusOf(answer) === 401 && this.login !== undefined && this.token === undefined && needsBearer(this.options.doc, operation);
    return unauthorized ? `answered 401: the login \`${label(this.login!)}\` gave no token; give it a test account's credentials with --input` : why;
  }

  /** The media types the response an answer falls under declares (none for an answer that is not a response). */
  private declaredTypes(operation: Operation, answer: Answer): string[] {
    const response = answer.kind === 'response' ? this.description.response(operation, answer.status) : undefined;
    return response === undefined ? [] : this.options.doc.bodies(operation, response).map(body => body.mediaType);
  }

  /** An operation's valid request: the user's values and the ids the API returned (in its path and its built body), the rest built. */
  private build(operation: Operation) {
    const given = this.options.user.for(operation);
    const returned = this.known.pathValues(operation);
    const built = validRequest(this.options.doc, operation, { ...given, path: { ...returned, ...given.path } });
    if ('request' in built && !Object.hasOwn(given, 'body'))
      built.request.body = withReferences(built.request.body, resource => this.known.idOf(resource), describedReferences(this.options.doc, operation));
    return { given, returned, built };
  }

  /**
   * Once per operation whose record was not in a state it takes (a cancelled order to approve): sends the
   * first try of the create that made that record again, and the operation's request rebuilt on the new
   * record; undefined when there is no such create or it gave no new id.
   */
  private async freshRecord(operation: Operation, returned: Record<string, string>): Promise<ProbeRequest | undefined> {
    const create = this.known.createOf(operation);
    const made = create === undefined ? undefined : this.build(create).built;
    if (
      made === undefined ||
      'why' in made ||
      !isSuccess(await this.exchange(made.request, 'A fresh record, for an operation its first record was refused by.'))
    )
      return undefined;
    const fresh = this.build(operation);
    return JSON.stringify(fresh.returned) === JSON.stringify(returned) || 'why' in fresh.built ? undefined : fresh.built.request;
  }

  /** Whether an operation is sent the login's token (once there is one): its security requires a bearer scheme. */
  readonly sendsToken = (operation: Operation): boolean => needsBearer(this.options.doc, operation);

  /** Sends a request for an operation (with the login's token where it needs one) and counts whether an HTTP answer came. */
  private async send(operation: Operation, method: string, url: URL, body: unknown, headers: Record<string, unknown> = {}): Promise<Answer> {
    const bearer = this.token !== undefined && this.sendsToken(operation) ? { Authorization: `Bearer ${this.token}` } : {};
    const answer = await this.options.client.send(method, url, body, { ...headers, ...bearer });
    if (answer.kind === 'response') this.answered++;
    return answer;
  }

  /**
   * Sends a request (a create with new values for the members the API keys on, where an earlier create used
   * them), judges its answer with the runtime checks, and keeps what a 2xx answer tells of the records.
   */
  private async exchange(given: ProbeRequest, what: string): Promise<Answer> {
    const create = isCreate(this.options.doc, given.operation);
    const request = create ? this.fresh.freshened(given) : given;
    const answer = await this.send(request.operation, request.method, this.options.client.urlOf(requestPath(request)), request.body, request.headers);
    this.judge(request.operation, request, answer);
    if (answer.kind === 'response') this.journal.push({ request, status: answer.status, body: answer.body, what });
    if (answer.kind === 'response' && isSuccess(answer)) this.known.learnAnswer(request.operation, answer.headers, answer.body);
    if (create && answer.kind === 'response' && isSuccess(answer)) this.fresh.learnCreated(request);
    if (create && statusOf(answer) === CONFLICT) this.fresh.learnConflict(request.operation, this.locatedNames(answer));
    return answer;
  }

  /** The top-level names an error's locators give (`details[].field: "sku"` → `sku`). */
  private locatedNames(answer: Answer): string[] {
    if (answer.kind !== 'response') return [];
    const locators = locatorsIn({ value: answer.body, location: [] }, this.namesOf('locators'));
    return locators.flatMap(locator =>
      locator.segments.filter((segment): segment is string => typeof segment === 'string' && !(segment in PLACE_SEGMENTS)).slice(0, 1),
    );
  }

  /** The runtime guard's checks on one answer, and the probe's own on its status. */
  private judge(operation: Operation, request: ProbeRequest | SentRequest, answer: Answer): void {
    if (answer.kind !== 'response') return;
    const { status, headers, body } = answer;
    const response = this.description.response(operation, status);
    if (response === undefined) {
      this.report('ax-probe-undeclared-status', operation, request, answer, sayProbe('undeclaredStatus', { status, family: String(status)[0] }));
    }
    if (body === undefined) return;
    const exchange = {
      description: this.description,
      operation,
      response,
      status,
      headers,
      body,
      optionsOf: this.options.optionsOf,
    };
    for (const found of violationsOf(exchange)) {
      if (!REPLACED_LIVE_CHECKS.has(found.rule)) this.add(found, operation, request, answer, status);
    }
  }

  /** A probe finding, said after the operation and the status it is about (the answer's, unless `at` says another), as the runtime checks write theirs. */
  private report(rule: ProbeId, operation: Operation, request: ProbeRequest | SentRequest, answer: Answer, said: Said, at = statusOf(answer)): void {
    this.add(
      violation(rule, said, what => `${label(operation)}${at === null ? '' : ` ${at}`}: ${what}`),
      operation,
      request,
      answer,
      at,
    );
  }

  /** A finding, once per rule, operation, status said and template data: its identity, never its words. */
  private add(found: Violation, operation: Operation, request: ProbeRequest | SentRequest, answer: Answer, at: number | null): void {
    const { rule, messageId, data, message } = found;
    const severity = this.severityOf(rule, operation);
    const key = JSON.stringify([rule, label(operation), at, messageId, data]);
    if (severity === undefined || this.findings.has(key)) return;
    const sent = 'operation' in request ? asSent(this.options.client, request) : request;
    const excerpt = answer.kind === 'response' && answer.text !== '' ? { response: clip(answer.text, EXCERPT) } : {};
    this.findings.set(key, { rule, severity, operation: label(operation), messageId, data, message, request: sent, status: statusOf(answer), ...excerpt });
  }

  /** The rule's severity for this operation as the ruleset sets it (overrides and `x-ax-exempt` included); undefined when off. */
  private severityOf(rule: string, operation: Operation): Severity | undefined {
    if (isExempt(operation, rule)) return undefined;
    if ((PROBE_IDS as readonly string[]).includes(rule)) return PROBE_SEVERITY[rule as ProbeId];
    const found = this.options.ruleset.rules[rule];
    const level = found === undefined || !found.enabled ? OFF : found.getSeverityForSource(this.options.file, operation.location);
    return level === OFF ? undefined : SEVERITIES[level];
  }

  /** The names a reading of the play takes: those of the rule whose question it answers (its declaration's `probe.reads`). */
  private namesOf(reading: ProbeReading): Names {
    return this.options.optionsOf(PROBE_READERS[reading]).names;
  }

  /** The steps and hypermedia links of a body, as the ruleset names them: what an agent may call next. */
  private offeredCalls(body: unknown): Offered[] {
    const steps = stepHrefs({ value: body, location: [] }, this.namesOf('steps')).map(({ href, method, step }) => ({
      href,
      method,
      kind: 'step' as const,
      at: step.location ?? [],
    }));
    const links = linksIn(body, namesFor(this.namesOf('links'), 'linkCollection')).map(({ href, method, at }) => ({ href, method, kind: 'link' as const, at }));
    return [...steps, ...links].slice(0, MAX_STEPS);
  }

  /**
   * Follows the steps and links of a 2xx answer: GET ones, and the others with --follow-mutations. One
   * that cannot be followed is reported with the request whose answer offered it; a followed one with its own.
   */
  private async followSteps(request: ProbeRequest, answer: Answer & { kind: 'response' }, result: OperationResult): Promise<void> {
    const { client } = this.options;
    const { operation } = request;
    for (const { href, method: rawMethod, kind, at } of this.offeredCalls(answer.body)) {
      const method = typeof rawMethod === 'string' ? rawMethod.toUpperCase() : 'GET';
      const problem = liveHrefProblem(
        this.description,
        candidate => this.description.matcher.suggest(candidate),
        () => `\`${dottedPath(at)}\``,
        href,
        method,
      );
      if (problem !== undefined) {
        result.staleSteps++;
        this.report('ax-probe-stale-step', operation, request, answer, sayProbe('staleHref', { problem }));
        continue;
      }
      this.known.learnHref(href);
      const url = client.hrefUrl(href);
      if (url === undefined) {
        this.skipped.push({ operation: label(operation), href: clip(href, 200) });
        continue;
      }
      const target = this.description.operation(method, url.pathname);
      if (target === undefined || (method !== 'GET' && !this.options.followMutations)) continue;
      const body = method === 'GET' ? undefined : validRequest(this.options.doc, target);
      const followed = await this.send(target, method, url, body !== undefined && 'request' in body ? body.request.body : undefined);
      result.steps++;
      if (followed.kind === 'response' && STALE.has(followed.status)) {
        result.staleSteps++;
        this.report(
          'ax-probe-stale-step',
          operation,
          { method, path: `${url.pathname}${url.search}` },
          followed,
          sayProbe('staleAnswer', { kind, at: dottedPath(at), method, href: clip(href, 60), status: followed.status }),
          answer.status,
        );
      } else {
        this.judge(target, { method, path: `${url.pathname}${url.search}` }, followed);
      }
    }
  }

  /** One fault: send it, judge the answer, read the error, repair with what it says, and send again. */
  private async fault(valid: ProbeRequest, fault: Fault): Promise<void> {
    const { operation } = valid;
    const result = this.results.get(operation)!;
    const answer = await this.exchange(fault.request, `A fault: \`${fieldName(fault.field)}\` ${fault.what}.`);
    if (answer.kind === 'not-sent') return;
    result.probes++;
    const broke = { input: fieldName(fault.field), fault: fault.what };
    if (answer.kind === 'failed' || answer.status >= 500) {
      const outcome = answer.kind === 'failed' ? sayProbe('gotNoAnswer', { why: answer.why }) : sayProbe('answered', { status: answer.status });
      this.report('ax-probe-server-error', operation, fault.request, answer, sayProbe('serverError', { ...broke, outcome, field: fault.field.name }));
      return;
    }
    if (answer.status < 400) {
      result.accepted++;
      return;
    }
    if (fault.kind === 'unknown-id') {
      const why = unknownIdProblem(answer.status, readError(answer.body, this.namesOf('error')), broke);
      if (why === undefined) result.recovered++;
      else this.report('ax-probe-unrecoverable', operation, fault.request, answer, why);
      return;
    }
    const names = this.namesOf('locators');
    const locators = locatorsIn({ value: answer.body, location: [] }, names);
    const located = locators.find(locator => locates(locator, fault, names));
    if (locators.length === 0) {
      this.report('ax-probe-unrecoverable', operation, fault.request, answer, sayProbe('namesNoField', { ...broke, field: fault.field.name }));
      return;
    }
    if (located === undefined) {
      const named = wrongPlace(this.options.doc, operation, locators[0]);
      this.report('ax-probe-wrong-field', operation, fault.request, answer, sayProbe('wrongField', { ...broke, named }));
      return;
    }
    await this.repair(valid, fault, located, result);
  }

  /** The repair an agent can make from the error alone: the suggested value, else the first allowed one, else the description's example. */
  private async repair(valid: ProbeRequest, fault: Fault, located: Locator, result: OperationResult): Promise<void> {
    const names = this.namesOf('values');
    const suggested = namedIn(located.holder, namesFor(names, 'suggestedValue'))[0];
    const allowed = namedIn(located.holder, namesFor(names, 'allowedValues')).find(member => Array.isArray(member.value) && member.value.length > 0);
    const [value, from] =
      suggested !== undefined
        ? [suggested.value, sayProbe('suggestedBy', { name: suggested.name })]
        : allowed !== undefined
          ? [(allowed.value as unknown[])[0], sayProbe('firstAllowed', { name: allowed.name })]
          : [fieldValue(valid, fault.field), sayProbe('fromDescription')];
    const repaired = withField(fault.request, fault.field, value);
    const answer = await this.exchange(repaired, `The repair of \`${fieldName(fault.field)}\`, from what the error said.`);
    if (answer.kind === 'not-sent') return;
    if (isSuccess(answer)) {
      result.recovered++;
      return;
    }
    const outcome = answer.kind === 'response' ? sayProbe('answers', { status: answer.status }) : sayProbe('getsNoAnswer', { why: answer.why });
    const set = value === undefined ? sayProbe('leftOut') : sayProbe('setFrom', { value: clip(JSON.stringify(value), 40), from });
    const said = sayProbe('repairFails', { input: fieldName(fault.field), fault: fault.what, field: fault.field.name, set, outcome });
    this.report('ax-probe-unrecoverable', valid.operation, repaired, answer, said);
  }
}

/** Where the path values came from: any the user gave, else the API's answers when they fill every one, else the description. */
function pathSource(operation: Operation, given: Record<string, unknown>, returned: Record<string, unknown>): PathSource {
  const parameters = pathParameters(operation.path);
  if (parameters.some(name => Object.hasOwn(given, name))) return 'given';
  return parameters.length > 0 && parameters.every(name => Object.hasOwn(returned, name)) ? 'returned' : 'built';
}

/** A request as the report shows it: method, path as sent (base path included), body; never the headers, which carry credentials. */
function asSent(client: Client, request: ProbeRequest): SentRequest {
  const url = client.urlOf(requestPath(request));
  return { method: request.method, path: `${url.pathname}${url.search}`, ...(request.body === undefined ? {} : { body: request.body }) };
}

/** A call a 2xx body offers: a `nextSteps` step or a hypermedia link, with where it sits. */
interface Offered {
  href: string;
  method: unknown;
  kind: 'step' | 'link';
  at: (string | number)[];
}

const fieldName = (field: Field) => (field.where === 'body' ? field.name : `${field.where}.${field.name}`);

/** The places a locator may start with (FastAPI's `["body", "name"]`, `query.limit`), and the input place each names. */
const PLACE_SEGMENTS: Record<string, Field['where']> = { body: 'body', query: 'query', path: 'path', header: 'header', headers: 'header' };

/**
 * Why the answer to an unknown id leaves an agent guessing, or undefined when it does not: a 404 (or 410)
 * with a code and a message tells it to find the id with another call, so there is nothing to repair.
 */
function unknownIdProblem(status: number, error: Pick<LiveError, 'errorCode' | 'message'>, broke: { input: string; fault: string }): Said | undefined {
  if (!NOT_FOUND.has(status)) return sayProbe('unknownIdNot404', { ...broke, status });
  if (error.errorCode !== undefined && error.message !== undefined) return undefined;
  return sayProbe('unknownIdUnexplained', broke);
}

/**
 * Whether a locator of the error names the input the fault broke (or a member inside it). A JSON Schema
 * validator locates a missing member at the object that lacks it (Prism's `["body"]`) and names the member
 * in its reason ("must have required property 'sku'"): for a left-out input that locates it too.
 */
function locates(locator: Locator, fault: Fault, names: Names): boolean {
  const { field } = fault;
  const [first, ...rest] = locator.segments;
  // A lone place word is the place, unless the input itself has that name (a body member called `query`).
  const leading =
    typeof first === 'string' && Object.hasOwn(PLACE_SEGMENTS, first) && (rest.length > 0 || first !== field.name) ? PLACE_SEGMENTS[first] : undefined;
  const place = leading ?? locator.where;
  const segments = leading === undefined ? locator.segments : rest;
  if (place !== undefined && place !== field.where) return false;
  if (segments.length === 0) return fault.kind === 'missing' && reasonNames(locator, field.name, names);
  const name = segments[0];
  return typeof name === 'string' && (field.where === 'header' ? name.toLowerCase() === field.name.toLowerCase() : name === field.name);
}

/** Whether the locator's reason (its `message`, `reason`, …) names the input as a word. */
function reasonNames(locator: Locator, name: string, names: Names): boolean {
  const word = new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`);
  return namedIn(locator.holder, namesFor(names, 'fieldReason')).some(member => typeof member.value === 'string' && word.test(member.value));
}

/** "names `quantity`, not the input that was wrong", or "names `qty`, which the operation does not take". */
function wrongPlace(doc: OpenApiDocument, operation: Operation, locator: Locator): Said {
  const lookup = resolveLocator(inputsOf(doc, operation), locator);
  return sayProbe(lookup.kind === 'missing' ? 'namesUntaken' : 'namesOther', { locator: clip(locator.text, 60) });
}
