/**
 * The guard: checks one response against the prepared description and decides what goes out.
 * Framework adapters (Fastify, Express, …) only translate their request and reply into an exchange.
 */
import { isJsonMediaType, isObject, type Operation, type Response } from '../lib/document/document';
import { verdictOf, violation, type LiveResponse, type RuleOptions, type Violation } from './checks';
import { sayNotice } from './notices';
import { pathOnly, PerRoute, prepare, type Description } from './description';
import { MAX_ITEMS, responseProblem, sentBody, sentPayload, validateCheckOptions, validateOptions, validateResponse } from './input';
import type { Names } from './shapes';

export type { Violation };

export interface CheckOptions {
  /** Field names per concept, as the rules' `functionOptions` take them (e.g. `{ nextSteps: ['next'] }`). */
  names?: Names;
  /** As ax-envelope-next-steps' option: only mutations whose path (under `paths`) starts with one of these must send `nextSteps`. */
  prefixes?: string[];
  /** As ax-envelope-next-steps' option: POSTs that only read (by `operationId` or as `METHOD /path`), where their names do not say so; they need not send `nextSteps`. */
  readOnly?: string[];
  /** As ax-envelope-next-steps' option: false when links with an href and a method (Siren `actions`, `links[]{href, method}`) do not stand in for `nextSteps`. Default true. */
  hypermedia?: boolean;
  /** Report requests to routes (or methods) the description does not declare, once per route, as `undeclared`. Default false. */
  undeclared?: boolean;
  /** Where the app is mounted, if not at the root (`/api`): removed from request paths before they are matched. */
  basePath?: string;
}

export interface ResponseInput {
  method: string;
  /** The request path as received (query ignored; the servers' base path is part of it). */
  path: string;
  status: number;
  headers?: Record<string, unknown>;
  /** The parsed JSON body: what the handler handed to the framework (serialized by the guard: its `toJSON` and getters run again). */
  body?: unknown;
  /**
   * The JSON text the framework sends (Fastify's `onSend` payload, what Express's `res.json` hands `res.send`):
   * when given, it is read instead of `body`, parsed once, so no `toJSON` or getter of the application runs again.
   */
  payload?: string;
  /** The framework's route pattern, if known: names an undeclared route once for all its paths. */
  route?: string;
  /** False when the framework matched no route and answered itself (its 404 handler): such a response is not checked. */
  matched?: boolean;
}

/** Where a violation happened: the description's route template (or, for `undeclared`, the framework's route or the path). */
export interface ViolationContext {
  method: string;
  route: string;
  status: number;
}

export type Mode = 'strict' | 'observe';
export type OnViolation = (violation: Violation, context: ViolationContext) => void;

export interface GuardOptions extends CheckOptions {
  /** The parsed OpenAPI 3.x or Swagger 2.0 description. */
  spec: object;
  /** Default: `strict` when NODE_ENV is `test` or AGENT_UX_STRICT is `1`/`true`, else `observe`; AGENT_UX_STRICT=0 forces `observe`. */
  mode?: Mode;
  /** Called once per violation, in both modes. Errors it throws are swallowed. */
  onViolation?: OnViolation;
  /**
   * The share of successful responses (below 400) checked, per route: the first, then one in every
   * `1 / sample`. Error responses are always checked. Default: 0.1 in observe mode, 1 in strict mode (which
   * checks everything); `sample: 1` checks every response in observe mode too.
   */
  sample?: number;
}

/** Observe mode's default share of successful responses checked (docs/runtime.md, "Cost"). */
export const OBSERVE_SAMPLE = 0.1;

/** The environment switch that turns strict mode on (`1`, `true`) or off (`0`, `false`) whatever NODE_ENV says. */
export const STRICT_ENV = 'AGENT_UX_STRICT';

export function defaultMode(env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env): Mode {
  const flag = env[STRICT_ENV]?.trim().toLowerCase();
  if (flag === '1' || flag === 'true') return 'strict';
  if (flag === '0' || flag === 'false') return 'observe';
  return env.NODE_ENV === 'test' ? 'strict' : 'observe';
}

/** An undeclared route is named by the request itself: keep its messages short. */
const MAX_ROUTE = 100;
/** Routes remembered as reported `undeclared`: enough for any real API, bounded against a path-per-request server. */
const MAX_UNDECLARED = 1000;

/** The notices (an undeclared route, a body not checked) already told to `onViolation` by one guard: told once per route, judged every time. */
class Reported {
  private readonly routes = new Set<string>();
  /** True the first time a route is seen. */
  first(route: string): boolean {
    if (this.routes.has(route) || this.routes.size >= MAX_UNDECLARED) return false;
    this.routes.add(route);
    return true;
  }
}

interface Checked {
  route: string;
  violations: Violation[];
  /** The notices among the violations, by the key under which each is told once: the verdict holds them every time. */
  notices?: Map<Violation, string>;
}

/**
 * A verdict whose last violation is a notice about `method route`, after the violations found before it; told once
 * per notice and route, as its rule, template id and route say (never its words).
 */
const noticed = (method: string, route: string, notice: Violation, before: Violation[] = []): Checked => ({
  route,
  violations: [...before, notice],
  notices: new Map([[notice, JSON.stringify([notice.rule, notice.messageId, method, route])]]),
});

const GUARD = 'agent-ux-guard';

/** The guard's one set of names and scope options, which applies to every rule (a guard makes it once). */
function ruleOptionsOf(options: CheckOptions): (rule: string) => RuleOptions {
  const given: RuleOptions = { names: options.names, prefixes: options.prefixes, readOnly: options.readOnly, hypermedia: options.hypermedia };
  return () => given;
}

/**
 * One response as the checks read it, its headers read only if a check asks (a retry delay, a `Location`): a
 * framework copies them on each read. A class, its getter on the prototype, for the reason given at FrameworkResponse.
 */
class CheckedResponse implements LiveResponse {
  readonly response: Response | undefined;
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly #input: ResponseInput;
  #headers: Record<string, unknown> | undefined;
  constructor(
    readonly description: Description,
    readonly operation: Operation,
    input: ResponseInput,
    sent: { body: unknown; text: string },
    readonly optionsOf: (rule: string) => RuleOptions,
  ) {
    this.response = description.response(operation, input.status);
    this.status = input.status;
    this.body = sent.body;
    this.text = sent.text;
    this.#input = input;
  }
  get headers(): Record<string, unknown> {
    return (this.#headers ??= this.#input.headers ?? {});
  }
}

/** The verdict on one response: the same for the same input, whatever came before (notices included; `inspect` tells them once). */
function checkWith(description: Description, input: ResponseInput, options: CheckOptions, optionsOf = ruleOptionsOf(options)): Checked {
  const method = input.method.toUpperCase();
  // A HEAD response has no body (Fastify answers it with its GET handler's payload, which the GET is checked for);
  // a response to a request the framework routed nowhere is the framework's own, not the description's.
  if (method === 'HEAD' || input.matched === false) return { route: pathOnly(input.path), violations: [] };
  const operation =
    (input.route === undefined ? undefined : description.operationForRoute(method, input.route)) ?? description.operation(method, input.path, options.basePath);
  if (operation === undefined) {
    const route = pathOnly(input.route ?? input.path).slice(0, MAX_ROUTE);
    if (options.undeclared !== true) return { route, violations: [] };
    const said = sayNotice('undeclaredRoute', { lowerMethod: method.toLowerCase(), lookedFor: description.lookedFor(input.path, options.basePath) });
    return noticed(method, route, violation('undeclared', said, prefixed(method, route, input.status)));
  }
  const route = operation.path;
  // Judged as sent: the framework's own text when given, else what JSON.stringify writes (toJSON, own members), within the guard's size budget.
  const sent = typeof input.payload === 'string' ? sentPayload(input.payload) : sentBody(input.body);
  if (sent.kind === 'none') return { route, violations: [] };
  if (sent.kind === 'unreadable')
    return noticed(method, route, violation(GUARD, sayNotice('unchecked', { why: sent.why }), prefixed(method, route, input.status)));
  const { violations, limits } = verdictOf(new CheckedResponse(description, operation, input, sent, optionsOf));
  if (sent.cut) limits.unshift(`the first ${MAX_ITEMS} items of each array`);
  // Past a limit, the rest of the response goes unchecked: told once per route, as an unreadable body is.
  if (limits.length === 0) return { route, violations };
  const said = sayNotice('partlyChecked', { limits: limits.join('; ') });
  return noticed(method, route, violation(GUARD, said, prefixed(method, route, input.status)), violations);
}

/** A notice's sentence after `METHOD /route status: `, as the checks write theirs. */
const prefixed = (method: string, route: string, status: number) => (what: string) => `${method} ${route} ${status}: ${what}`;

/**
 * The violations of one response: `openapi` is the parsed description (prepared on first use and
 * remembered, so later calls cost no parse). Throws a TypeError for a programming error: `openapi` not
 * OpenAPI, a response without a string method and path and an integer status, an unknown option.
 */
export function checkResponse(openapi: object, input: ResponseInput, options: CheckOptions = {}): Violation[] {
  validateResponse(input);
  validateCheckOptions(options);
  return checkWith(prepare(openapi), input, options).violations;
}

/** A response as `inspect` takes it: its media type too, since only JSON is judged. */
export type InspectInput = ResponseInput & { contentType?: unknown };

export interface Guard {
  readonly mode: Mode;
  /**
   * Checks one response. Returns the body to send instead (with status 500) in strict mode when the
   * response breaks a rule; undefined when the original goes out. Never throws. Given a function, it
   * calls it for the response, so that what throws while a framework's objects are read is reported too.
   */
  inspect(input: InspectInput | (() => InspectInput)): StrictBody | undefined;
}

/** The part of a framework's reply a checked response reads its headers from (Fastify's reply, Express's response). */
interface HeadersSource {
  getHeaders(): Record<string, unknown>;
}

/**
 * A framework's response as `inspect` takes it, its headers read only for a response that is checked
 * (frameworks copy them; most successful responses are sampled out). A class, not an object literal with
 * `get headers()`: with such a literal, whose getter is a new function each time, the request, the reply and
 * the sent text outlived every scavenge until a full collection (in a busy Fastify, ~14 µs of garbage
 * collection per request, measured with `--trace-gc`; most likely a hidden class per object, not read in V8's source).
 */
export class FrameworkResponse implements InspectInput {
  readonly method: string;
  readonly path: string;
  readonly route: string | undefined;
  readonly matched: boolean;
  readonly status: number;
  readonly contentType: unknown;
  readonly payload: string;
  readonly #reply: HeadersSource;
  constructor(fields: Omit<InspectInput, 'headers' | 'body'> & { payload: string; matched: boolean }, reply: HeadersSource) {
    this.method = fields.method;
    this.path = fields.path;
    this.route = fields.route;
    this.matched = fields.matched;
    this.status = fields.status;
    this.contentType = fields.contentType;
    this.payload = fields.payload;
    this.#reply = reply;
  }
  get headers(): Record<string, unknown> {
    return this.#reply.getHeaders();
  }
}

/** What a strict guard sends instead of a response that breaks a rule. */
export interface StrictBody {
  code: 'AGENT_UX_VIOLATION';
  message: string;
  rule: string;
  method: string;
  route: string;
  status: number;
  violations: Violation[];
}

/**
 * A guard for any framework. Throws a TypeError at once when `spec` is not an OpenAPI description or an
 * option is unknown or of the wrong type (the one time it throws: at start-up, never on a response).
 */
export function agentUxGuard(options: GuardOptions): Guard {
  validateOptions(options);
  const description = prepare(options.spec);
  const mode = options.mode ?? defaultMode();
  const reported = new Reported();
  const sampled = sampler(options.sample ?? (mode === 'strict' ? 1 : OBSERVE_SAMPLE));
  const optionsOf = ruleOptionsOf(options);
  return {
    mode,
    inspect(given) {
      let input: InspectInput | undefined;
      let checked: Checked;
      try {
        input = typeof given === 'function' ? given() : given;
        if (typeof input?.contentType === 'string' && !isJsonMediaType(input.contentType)) return undefined;
        if (!sampled(input)) return undefined;
        const problem = responseProblem(input, input instanceof FrameworkResponse ? HEADERS_UNREAD : HEADERS_READ);
        checked = problem === undefined ? checkWith(description, input, options, optionsOf) : { route: pathOf(input), violations: [notice(input, problem)] };
      } catch (error) {
        // A defect of the guard must not break the application: reported like a violation, never thrown.
        checked = { route: pathOf(input), violations: [notice(input, `${error instanceof Error ? error.message : String(error)}; please report this`)] };
      }
      if (checked.violations.length === 0) return undefined;
      const context = {
        method: String(isObject(input) ? input.method : '').toUpperCase(),
        route: checked.route,
        status: isObject(input) ? Number(input.status) : NaN,
      };
      for (const violation of checked.violations) {
        // A notice is told (and counted) once per route; the verdict below still holds it.
        const once = checked.notices?.get(violation);
        if (once !== undefined && !reported.first(once)) continue;
        try {
          options.onViolation?.(violation, context);
        } catch {
          // The callback is the application's; its failure must not change the response.
        }
      }
      if (mode === 'observe') return undefined;
      const [first] = checked.violations;
      return { code: 'AGENT_UX_VIOLATION', message: first.message, rule: first.rule, ...context, violations: checked.violations };
    },
  };
}

/** How `inspect` reads a response's headers for its problems: a framework's are an object by its contract, and copied on each read. */
const HEADERS_UNREAD = { headers: false };
const HEADERS_READ = { headers: true };

/** Routes counted for sampling; past them, responses share one count. */
const MAX_SAMPLED_ROUTES = 1000;

/**
 * Whether a response is checked: every error response (and anything that is no response, which the
 * guard reports); of the others, per method and route (the framework's pattern, else the path), the
 * first and then one in every `1 / share`, so each route is checked from its first response on.
 */
function sampler(share: number): (input: unknown) => boolean {
  if (share >= 1) return () => true;
  const every = Math.round(1 / share);
  const count = counts();
  return input => {
    if (!isObject(input) || typeof input.status !== 'number' || input.status >= 400) return true;
    return count(String(input.method), typeof input.route === 'string' ? input.route : pathOnly(String(input.path))) % every === 0;
  };
}

/** The responses seen before, per route and method (the first is 0). */
function counts(): (method: string, route: string) => number {
  const seen = new PerRoute<{ count: number }>(MAX_SAMPLED_ROUTES);
  const rest = { count: 0 };
  return (method, route) => {
    let counter = seen.get(route, method);
    if (counter === undefined && !seen.add(route, method, (counter = { count: 0 }))) counter = rest;
    return counter.count++;
  };
}

/** The request path of whatever `inspect` was handed, without its query or fragment (a token may sit there), cut for a message. */
const pathOf = (input: unknown): string => pathOnly(String(isObject(input) ? input.path : '')).slice(0, MAX_ROUTE);

/** A violation of `agent-ux-guard`: the guard could not check this response, and says why. */
function notice(input: unknown, why: string): Violation {
  const what = isObject(input) ? `${String(input.method)} ${pathOf(input)} ${String(input.status)}` : 'a response';
  return violation(GUARD, sayNotice('uncheckable', { what, why: why.slice(0, MAX_ROUTE * 2) }));
}

/** A route of the application, as its framework registered it (`/v1/orders/:id`). */
export interface AppRoute {
  method: string;
  url: string;
}

const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const EXAMPLES = 3;

/**
 * What the guard will make of the application's routes, said once at start-up (Fastify when ready,
 * Express at its first request): routes served without the servers' base path, and routes that match
 * no operation, so their responses go unchecked (when none matches, the guard checks nothing; else only
 * with `undeclared`, as a health route is often left out on purpose). Catch-alls and other methods are not judged.
 */
export function routeNotices(openapi: object, routes: readonly AppRoute[], { basePath, undeclared }: CheckOptions = {}): string[] {
  const description = prepare(openapi);
  const judged = routes.filter(route => ROUTE_METHODS.has(route.method.toUpperCase()) && !route.url.includes('*'));
  const shown = (some: readonly AppRoute[]) =>
    `${some
      .slice(0, EXAMPLES)
      .map(route => `\`${route.method.toUpperCase()} ${route.url.slice(0, MAX_ROUTE)}\``)
      .join(', ')}${some.length > EXAMPLES ? ', …' : ''}`;
  const fits = judged.map(route => description.routeFit(route.method, route.url, basePath));
  const unmatched = judged.filter((_route, i) => fits[i] === undefined);
  const withoutBase = judged.filter((_route, i) => fits[i] === 'without base');
  const bases = description.basePaths().map(base => `\`${base}\``);
  const notices: string[] = [];
  if (bases.length > 0 && withoutBase.length > 0 && !fits.includes('with base'))
    notices.push(
      `spectral-agent-ux/runtime: the app serves its routes without the servers' base path ${bases.join(' or ')} (${shown(withoutBase)}), so they are matched as written under \`paths\`.`,
    );
  if (unmatched.length > 0 && (unmatched.length === judged.length || undeclared === true))
    notices.push(
      `spectral-agent-ux/runtime: ${unmatched.length} of ${judged.length} routes match no operation of the description, so their responses are not checked: ${shown(unmatched)}. Declare them under \`paths\`${judged.length > unmatched.length ? '' : ', or set `basePath` to where the app is mounted'}.`,
    );
  return notices;
}

/** Says the notices about the app's routes, as Node warnings (on stderr unless the process listens for `warning`); never throws. */
export function noticeRoutes(openapi: object, routes: () => readonly AppRoute[], options: CheckOptions): void {
  try {
    for (const notice of routeNotices(openapi, routes(), options)) process.emitWarning(notice, { code: 'AGENT_UX_ROUTES' });
  } catch {
    // A notice must never stop the application from starting or answering.
  }
}
