/**
 * The guard: checks one response against the prepared description and decides what goes out.
 * Framework adapters (Fastify, Express, …) only translate their request and reply into an exchange.
 */
import { isJsonMediaType } from '../lib/document';
import { violationsOf, type Violation } from './checks';
import { prepare, type Description } from './description';
import type { Names } from './shapes';

export type { Violation };

export interface CheckOptions {
  /** Field names per concept, as the rules' `functionOptions` take them (e.g. `{ nextSteps: ['next'] }`). */
  names?: Names;
  /** As ax-envelope-next-steps' option: only mutations whose path (under `paths`) starts with one of these must send `nextSteps`. */
  prefixes?: string[];
  /** Report requests to routes (or methods) the description does not declare, once per route, as `undeclared`. Default false. */
  undeclared?: boolean;
}

export interface ResponseInput {
  method: string;
  /** The request path as received (query ignored; the servers' base path is part of it). */
  path: string;
  status: number;
  headers?: Record<string, unknown>;
  /** The parsed JSON body: what the handler handed to the framework. */
  body: unknown;
  /** The framework's route pattern, if known: names an undeclared route once for all its paths. */
  route?: string;
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
}

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

/** The undeclared routes already reported, by one guard (or by checkResponse, per description). */
class Reported {
  private readonly routes = new Set<string>();
  /** True the first time a route is seen. */
  first(route: string): boolean {
    if (this.routes.has(route) || this.routes.size >= MAX_UNDECLARED) return false;
    this.routes.add(route);
    return true;
  }
}
const reportedByCheckResponse = new WeakMap<Description, Reported>();

interface Checked {
  route: string;
  violations: Violation[];
}

function checkWith(description: Description, input: ResponseInput, options: CheckOptions, reported: Reported): Checked {
  const method = input.method.toUpperCase();
  // A HEAD response has no body (Fastify answers it with its GET handler's payload, which the GET is checked for).
  if (method === 'HEAD') return { route: input.path, violations: [] };
  const operation = description.operation(method, input.path);
  if (operation === undefined) {
    const route = (input.route ?? input.path.split(/[?#]/)[0]).slice(0, MAX_ROUTE);
    const report = options.undeclared === true && reported.first(`${method} ${route}`);
    const message = `${method} ${route} ${input.status}: the description declares no \`${method.toLowerCase()}\` operation for this route, so an agent reading it cannot know this call. Declare it under \`paths\`.`;
    return { route, violations: report ? [{ rule: 'undeclared', message }] : [] };
  }
  const route = operation.path;
  if (!isJsonBody(input.body)) return { route, violations: [] };
  const headers = input.headers ?? {};
  const exchange = { description, operation, response: description.response(operation, input.status), status: input.status, headers, body: input.body, names: options.names, prefixes: options.prefixes };
  return { route, violations: violationsOf(exchange) };
}

/** Only parsed JSON objects and arrays are read: text, buffers, streams and scalars pass unchecked. */
function isJsonBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The violations of one response: `openapi` is the parsed description (prepared on first use and
 * remembered, so later calls cost no parse). Throws a TypeError when `openapi` is not OpenAPI.
 */
export function checkResponse(openapi: object, input: ResponseInput, options: CheckOptions = {}): Violation[] {
  const description = prepare(openapi);
  let reported = reportedByCheckResponse.get(description);
  if (reported === undefined) reportedByCheckResponse.set(description, (reported = new Reported()));
  return checkWith(description, input, options, reported).violations;
}

export interface Guard {
  readonly mode: Mode;
  /**
   * Checks one response. Returns the body to send instead (with status 500) in strict mode when the
   * response breaks a rule; undefined when the original goes out. Never throws.
   */
  inspect(input: ResponseInput & { contentType?: unknown }): StrictBody | undefined;
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

/** A guard for any framework. Throws a TypeError at once when `spec` is not an OpenAPI description. */
export function agentUxGuard(options: GuardOptions): Guard {
  const description = prepare(options.spec);
  const mode = options.mode ?? defaultMode();
  const reported = new Reported();
  if (mode !== 'strict' && mode !== 'observe') throw new TypeError(`spectral-agent-ux/runtime: mode must be 'strict' or 'observe', not ${JSON.stringify(mode)}.`);
  return {
    mode,
    inspect(input) {
      if (typeof input.contentType === 'string' && !isJsonMediaType(input.contentType)) return undefined;
      let checked: Checked;
      try {
        checked = checkWith(description, input, options, reported);
      } catch (error) {
        // A defect of the guard must not break the application; a strict run still says so.
        if (mode === 'observe') return undefined;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ROUTE);
        const path = String(input.path).slice(0, MAX_ROUTE);
        checked = { route: path, violations: [{ rule: 'agent-ux-guard', message: `spectral-agent-ux could not check ${input.method} ${path} ${input.status} (${reason}); please report this.` }] };
      }
      if (checked.violations.length === 0) return undefined;
      const context = { method: String(input.method).toUpperCase(), route: checked.route, status: input.status };
      for (const violation of checked.violations) {
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
