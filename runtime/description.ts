/**
 * The description, prepared once per object: the shared document model, its href matcher and a table
 * from (method, template) to operation. Checking a response then costs lookups, never a parse.
 */
import { isObject, OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { errorSchemasOf } from '../lib/errors/error-bodies';
import { stateRejection, type StateRejection } from '../lib/envelope/envelope';
import { pathMatcher, type PathMatcher } from '../lib/document/paths';
import { errorPlan, type ErrorPlan, type Names } from './shapes';

export class Description {
  readonly matcher: PathMatcher;
  private readonly byRoute = new Map<string, Operation>();
  /** Operations by method and template shape (`get /carts/{}`): how a framework's route pattern finds its operation. */
  private readonly byShape = new Map<string, Operation>();
  private readonly rejections = new WeakMap<Response, Map<string, StateRejection | undefined>>();
  private readonly plans = new WeakMap<Response, WeakMap<object, ErrorPlan>>();
  /** Found once per framework route (`put /v1/orders/:id`) and per operation and status: a response then costs two lookups. */
  private readonly byPattern = new PerRoute<Operation | null>(MAX_PATTERNS);
  private readonly declared = new WeakMap<Operation, Map<number, Response | undefined>>();

  constructor(readonly doc: OpenApiDocument) {
    this.matcher = pathMatcher(doc);
    for (const operation of doc.operations()) {
      this.byRoute.set(`${operation.method} ${operation.path}`, operation);
      this.byShape.set(`${operation.method} ${shapeOf(operation.path)}`, operation);
    }
  }

  /**
   * The operation of the framework's matched route pattern (Fastify's `routeOptions.url`, Express's
   * `baseUrl` + `route.path`), with or without a server base path: the framework already routed the
   * request (decoded, in its own letter case), so its pattern names the operation more surely than the raw path.
   */
  operationForRoute(method: string, route: string): Operation | undefined {
    const known = this.byPattern.get(route, method);
    if (known !== undefined) return known ?? undefined;
    const operation = this.findForRoute(method, route);
    // An app has a bounded set of route patterns; a caller handing paths instead stops being remembered past it.
    this.byPattern.add(route, method, operation ?? null);
    return operation;
  }

  private findForRoute(method: string, route: string): Operation | undefined {
    const segments = shapeOf(route).split('/');
    const verb = method.toLowerCase();
    for (const base of this.matcher.bases) {
      const under = base.every((segment, i) => segments[i + 1] === segment) ? segments.slice(base.length + 1) : undefined;
      const operation = under === undefined ? undefined : this.byShape.get(`${verb} /${under.join('/')}`);
      if (operation !== undefined) return operation;
    }
    return undefined;
  }

  /**
   * How a framework route pattern reaches its operation: written with a servers' base path in front,
   * without it (an app behind a gateway that strips `/v1`), or not at all; after `basePath` is removed.
   */
  routeFit(method: string, route: string, basePath?: string): 'with base' | 'without base' | undefined {
    const mounted = unmounted(route, basePath);
    if (this.basePaths().length > 0 && this.operationForRoute(method, mounted) !== undefined) return 'with base';
    return this.byShape.has(`${method.toLowerCase()} ${shapeOf(mounted)}`) ? 'without base' : undefined;
  }

  /** The servers' base paths that are not the root (`/v1`). */
  basePaths(): string[] {
    return this.matcher.bases.filter(base => base.length > 0).map(base => `/${base.join('/')}`);
  }

  /**
   * The operation a request reached: `path` is the request path (query ignored), with the servers' base path
   * or without it (an app behind a gateway that strips `/v1`), after `basePath` (where the app is mounted) is removed.
   */
  operation(method: string, path: string, basePath?: string): Operation | undefined {
    const mounted = unmounted(pathOnly(path), basePath);
    const verb = method.toLowerCase();
    for (const candidate of [mounted, ...this.withBases(mounted)]) {
      const match = this.matcher.match(candidate);
      const template = match.kind === 'matched' ? match.templates.find(known => this.byRoute.has(`${verb} ${known}`)) : undefined;
      if (template !== undefined) return this.byRoute.get(`${verb} ${template}`);
    }
    return undefined;
  }

  /** The path with each servers' base path in front, for a request that arrived without it. */
  private withBases(path: string): string[] {
    return this.matcher.bases.filter(base => base.length > 0).map(base => `/${base.join('/')}${path.startsWith('/') ? '' : '/'}${path}`);
  }

  /** "`/orders`, also under `/v1`": what a request path was looked for as, for the `undeclared` message. */
  lookedFor(path: string, basePath?: string): string {
    const mounted = unmounted(pathOnly(path), basePath);
    const bases = this.basePaths();
    return `\`${mounted.slice(0, 100)}\`${bases.length === 0 ? '' : `, with or without ${bases.map(base => `\`${base}\``).join(', ')} in front`}`;
  }

  /** The declared response a status falls under: the exact code, else its class (`4XX`), else `default`. */
  response(operation: Operation, status: number): Response | undefined {
    let known = this.declared.get(operation);
    if (known === undefined) this.declared.set(operation, (known = new Map()));
    if (!known.has(status)) known.set(status, this.findResponse(operation, status));
    return known.get(status);
  }

  private findResponse(operation: Operation, status: number): Response | undefined {
    const responses = this.doc.responses(operation);
    const exact = String(status);
    const range = `${exact[0]}XX`;
    return responses.find(r => r.status === exact) ?? responses.find(r => r.status.toUpperCase() === range) ?? responses.find(r => r.status === 'default');
  }

  /** The names the declared error schema answers the code, the message and the hint with (runtime/shapes.ts), made once per response and names object. */
  errorPlan(operation: Operation, response: Response, names: Names): ErrorPlan {
    let known = this.plans.get(response);
    if (known === undefined) this.plans.set(response, (known = new WeakMap()));
    const key = names ?? NO_NAMES;
    let plan = known.get(key);
    if (plan === undefined) known.set(key, (plan = errorPlan(this.doc, operation, response, names)));
    return plan;
  }

  /** Why the declared response is a state rejection (ax-envelope-state's own test), memoized per response and names. */
  stateRejection(operation: Operation, response: Response, names: Names): StateRejection | undefined {
    const key = JSON.stringify([names?.currentState, names?.allowedActions, names?.errorList]);
    let known = this.rejections.get(response);
    if (known === undefined) this.rejections.set(response, (known = new Map()));
    if (!known.has(key)) {
      const signal = errorSchemasOf(this.doc, operation, response)
        .schemas.map(target => stateRejection(this.doc, target, names))
        .find(found => found !== undefined);
      known.set(key, signal);
    }
    return known.get(key);
  }
}

/**
 * Values per route and method, up to `limit` of them: by route first, as a framework hands the same route string each
 * time, whose hash V8 keeps, where a key joining the method to it would be a new string to hash per response.
 */
export class PerRoute<T> {
  readonly #routes = new Map<string, Map<string, T>>();
  #size = 0;
  constructor(readonly limit: number) {}
  get(route: string, method: string): T | undefined {
    return this.#routes.get(route)?.get(method);
  }
  /** Remembers `value` unless `limit` values are: false then. */
  add(route: string, method: string, value: T): boolean {
    if (this.#size >= this.limit) return false;
    let methods = this.#routes.get(route);
    if (methods === undefined) this.#routes.set(route, (methods = new Map()));
    methods.set(method, value);
    this.#size++;
    return true;
  }
}

/** The key of the default names in a memo per names object. */
const NO_NAMES = {};

/** Route patterns remembered per description (the routes of any real app; the rest are looked up each time). */
const MAX_PATTERNS = 1000;

/** `/carts/{id}`, `/carts/:id` → `/carts/{}`: a template or route pattern with its parameters unnamed, slashes collapsed. */
/** The path as the description writes it, once `basePath` (where the app is mounted) is removed from its front. */
function unmounted(path: string, basePath: string | undefined): string {
  return basePath !== undefined && path.startsWith(basePath) ? path.slice(basePath.length) || '/' : path;
}

function shapeOf(path: string): string {
  const segments = path.split('/').filter(segment => segment !== '');
  return `/${segments.map(segment => (PARAMETER.test(segment) ? '{}' : segment)).join('/')}`;
}

/**
 * The patterns the guard runs, each linear in its text (test/patterns.test.ts counts the work): a route
 * segment that holds a parameter (`:id`, `{id}`, `v{version}`; `[^{}]*` stops at the next brace, so no two
 * attempts read the same characters), the version of a description, where a request path's query starts.
 */
export const PARAMETER = /^:|\{[^{}]*\}/;
export const OPENAPI_VERSION = /^(?:3\.\d+|2\.0)/;
export const QUERY_OR_FRAGMENT = /[?#]/;
/** A request path without its query and fragment. */
export const pathOnly = (path: string): string => path.split(QUERY_OR_FRAGMENT)[0];

/**
 * The prepared description of a parsed OpenAPI object (memoized with its document model). Throws a
 * TypeError naming the problem when the value is not an OpenAPI 3.x or Swagger 2.0 description.
 */
export function prepare(openapi: unknown): Description {
  const problem = notOpenApi(openapi);
  if (problem !== undefined) throw new TypeError(`spectral-agent-ux/runtime: ${problem}`);
  const doc = OpenApiDocument.of(openapi, openapi);
  return doc.memo('runtime:description', () => new Description(doc));
}

function notOpenApi(value: unknown): string | undefined {
  if (typeof value === 'string')
    return 'the description is a string; pass the parsed object (JSON.parse, or a YAML parser for YAML), not its text or file name.';
  if (!isObject(value))
    return `the description must be a parsed OpenAPI object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`;
  const version = value.openapi ?? value.swagger;
  if (typeof version !== 'string' || !OPENAPI_VERSION.test(version)) {
    return 'the description has no `openapi: 3.x` (or `swagger: "2.0"`) at its root, so it is not an OpenAPI description.';
  }
  if (value.paths !== undefined && !isObject(value.paths)) return "the description's `paths` is not an object, so no route can be found in it.";
  return undefined;
}
