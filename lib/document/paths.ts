/**
 * Which declared path an href reaches: the static form of "every emitted href resolves to a
 * registered route" (AGLedger's "Validating Authoring Before Deploy"). Built once per document, so n hrefs cost n lookups, not n builds.
 */
import { HTTP_METHODS, isObject, type OpenApiDocument } from './document';
import { MAX_SUGGESTED_LENGTH, nearest } from './nearest';

export type HrefMatch =
  /** The href still holds a `{placeholder}` the agent would have to fill in. */
  | { kind: 'template'; placeholder: string }
  /**
   * `path` is the most specific matching template, shown with its base path; `methods` (lower case) are those
   * the most specific matches declare; `templates` are their keys under `paths`.
   */
  | { kind: 'matched'; path: string; methods: string[]; templates: string[] }
  | { kind: 'unmatched' };

/** What is wrong with a step's href and method: a placeholder left in, no declared route, or a method its route does not declare. */
export type HrefProblem =
  | { kind: 'template'; placeholder: string }
  | { kind: 'unmatched' }
  /** `declared` says what the route declares instead: "only GET, POST", "no operation". */
  | { kind: 'method'; path: string; method: string; declared: string };

/**
 * The one verdict on a step's href, as data that ax-envelope-next-steps-href (on examples) and the runtime
 * guard (on live bodies) each word; undefined when the href reaches a route that declares the method, or
 * there is no method to judge.
 */
export function hrefProblem(matcher: PathMatcher, href: string, method: unknown): HrefProblem | undefined {
  const match = matcher.match(href);
  if (match.kind !== 'matched') return match;
  if (typeof method !== 'string' || match.methods.includes(method.toLowerCase())) return undefined;
  const declared = match.methods.length === 0 ? 'no operation' : `only ${match.methods.map(m => m.toUpperCase()).join(', ')}`;
  return { kind: 'method', path: match.path, method, declared };
}

interface Route {
  template: string;
  segments: (string | RegExp)[];
  literals: number;
  methods: string[];
}

const PLACEHOLDER = /\{[^{}]*\}/;
const SCHEME_AND_AUTHORITY = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;

/** Path segments of a URL or path: scheme, authority, query and fragment dropped; empty segments (a trailing slash) ignored. */
function segmentsOf(url: string): string[] {
  const path = url.replace(SCHEME_AND_AUTHORITY, '');
  const end = QUERY_OR_FRAGMENT.exec(path)?.index ?? path.length;
  return path
    .slice(0, end)
    .split('/')
    .filter(segment => segment !== '' && segment !== '.');
}
const QUERY_OR_FRAGMENT = /[?#]/;

function templateSegment(segment: string): string | RegExp {
  if (!PLACEHOLDER.test(segment)) return segment;
  const pattern = segment.split(/\{[^{}]*\}/).map(literal => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pattern.join('[^/]+')}$`);
}

const segmentMatches = (pattern: string | RegExp, segment: string) => (typeof pattern === 'string' ? pattern === segment : pattern.test(segment));

/** Whether `segments`, from `start` on, match `patterns` one for one: a loop, not `every` with a callback (asked per route per href). */
function matchesFrom(patterns: readonly (string | RegExp)[], segments: readonly string[], start: number): boolean {
  for (let i = 0; i < patterns.length; i++) if (!segmentMatches(patterns[i], segments[start + i])) return false;
  return true;
}

/**
 * The routes of one segment count, by their literal segment at `at` (the position whose literals tell most routes apart:
 * `/v1/orders/{id}` and `/v1/carts/{id}` by their second), those with a template there apart; both in declaration order.
 */
interface Bucket {
  at: number;
  byLiteral: Map<string, Route[]>;
  others: Route[];
}

function bucketOf(routes: readonly Route[]): Bucket {
  const count = routes[0].segments.length;
  const distinct = (at: number) => new Set(routes.map(route => route.segments[at]).filter(segment => typeof segment === 'string')).size;
  let at = 0;
  for (let position = 1; position < count; position++) if (distinct(position) > distinct(at)) at = position;
  const bucket: Bucket = { at, byLiteral: new Map(), others: [] };
  for (const route of routes) {
    const segment = route.segments[at];
    if (typeof segment !== 'string') bucket.others.push(route);
    else if (bucket.byLiteral.has(segment)) bucket.byLiteral.get(segment)!.push(route);
    else bucket.byLiteral.set(segment, [route]);
  }
  return bucket;
}

/** The most literal route matched so far, under which base, and how many matched as literally. */
interface Best {
  route: Route | undefined;
  base: number;
  ties: number;
}

export class PathMatcher {
  private readonly bySegmentCount = new Map<number, Route[]>();
  /** An href is compared only with the routes that hold its segment at their bucket's position, or a template there: not every path of as many segments. */
  private readonly buckets = new Map<number, Bucket>();
  /** What an unmatched href is compared with, prepared once: every path, with and without each base path. */
  private readonly suggestions: { segments: string[]; text: string; shown: string; templated: boolean }[] = [];
  /** The base paths' segments as patterns, made once (a server variable without a default matches any segment). */
  private readonly basePatterns: (string | RegExp)[][];
  /** The answer when one route under one base path matches best, made once per base and route: an href with a fresh id then costs its match alone. */
  private readonly single: Map<Route, HrefMatch>[];

  constructor(
    /** Base path segments of the servers (OpenAPI 3) or `basePath` (Swagger 2.0); `[[]]` when none. */
    readonly bases: string[][],
    routes: Route[],
  ) {
    this.basePatterns = bases.map(base => base.map(templateSegment));
    this.single = bases.map(() => new Map());
    for (const route of routes) {
      const bucket = this.bySegmentCount.get(route.segments.length) ?? [];
      bucket.push(route);
      this.bySegmentCount.set(route.segments.length, bucket);
    }
    for (const [count, sameCount] of this.bySegmentCount) this.buckets.set(count, bucketOf(sameCount));
    for (const base of bases) {
      for (const route of routes) {
        const own = segmentsOf(route.template);
        // With and without the base path: an href that forgot the base still finds its route.
        for (const segments of [[...base, ...own], own]) {
          this.suggestions.push({
            segments,
            text: `/${segments.join('/')}`,
            shown: display(base, route),
            templated: segments.some(segment => PLACEHOLDER.test(segment)),
          });
        }
      }
    }
  }

  /**
   * The declared path an unmatched href was probably meant for: templates filled with the href's own
   * segments, then edit distance. Asked only where a message shows it; bounded by lib/document/nearest.ts.
   */
  suggest(href: string): string | undefined {
    if (href.length > MAX_SUGGESTED_LENGTH) return undefined;
    const full = this.fullSegments(href);
    const candidates = new Map<string, string>();
    for (const { segments, text, shown, templated } of this.suggestions) {
      const filled =
        templated && segments.length === full.length ? `/${segments.map((segment, i) => (PLACEHOLDER.test(segment) ? full[i] : segment)).join('/')}` : text;
      if (!candidates.has(filled)) candidates.set(filled, shown);
    }
    const closest = nearest(`/${full.join('/')}`, candidates.keys());
    return closest === undefined ? undefined : candidates.get(closest);
  }

  /**
   * Not remembered per href: the guard sees a fresh id in most hrefs, and a match costs a pass over the routes of as
   * many segments that hold its segment at one position (or a template there), without garbage; a map of past hrefs cost more, in
   * the keys it kept and promoted.
   */
  match(href: string): HrefMatch {
    const placeholder = PLACEHOLDER.exec(href);
    if (placeholder !== null) return { kind: 'template', placeholder: placeholder[0] };
    const full = this.fullSegments(href);
    // The first of the most literal matches, and how many match as literally: one, the common case, has its answer made once.
    const best: Best = { route: undefined, base: 0, ties: 0 };
    for (let b = 0; b < this.bases.length; b++) {
      const base = this.basePatterns[b];
      const bucket = this.buckets.get(full.length - base.length);
      if (bucket === undefined || !matchesFrom(base, full, 0)) continue;
      if (full.length > base.length) this.consider(bucket.byLiteral.get(full[base.length + bucket.at]), full, b, best);
      this.consider(bucket.others, full, b, best);
    }
    if (best.route === undefined) return { kind: 'unmatched' };
    if (best.ties > 1) return this.tied(full, best.route.literals);
    const known = this.single[best.base];
    let answer = known.get(best.route);
    if (answer === undefined) known.set(best.route, (answer = matched([{ route: best.route, base: this.bases[best.base] }])));
    return answer;
  }

  /** Keeps in `best` the most literal of `routes` that `full` matches under base `b` (ties are read again in declaration order). */
  private consider(routes: readonly Route[] | undefined, full: readonly string[], b: number, best: Best): void {
    if (routes === undefined) return;
    const start = this.bases[b].length;
    for (const route of routes) {
      if (!matchesFrom(route.segments, full, start)) continue;
      if (best.route !== undefined && route.literals <= best.route.literals) {
        if (route.literals === best.route.literals) best.ties++;
        continue;
      }
      best.route = route;
      best.base = b;
      best.ties = 1;
    }
  }

  /** The answer when several routes match as literally (`/a/{x}` and `/{y}/b` for `/a/b`): all of them, in declaration order. */
  private tied(full: string[], literals: number): HrefMatch {
    const best: { route: Route; base: string[] }[] = [];
    this.bases.forEach((base, b) => {
      if (full.length < base.length || !matchesFrom(this.basePatterns[b], full, 0)) return;
      for (const route of this.bySegmentCount.get(full.length - base.length) ?? [])
        if (route.literals === literals && matchesFrom(route.segments, full, base.length)) best.push({ route, base });
    });
    return matched(best);
  }

  /** An href without a leading slash is relative to the (first) server URL, as a browser would resolve it. */
  private fullSegments(href: string): string[] {
    const absolute = href.startsWith('/') || SCHEME_AND_AUTHORITY.test(href);
    return absolute ? segmentsOf(href) : [...this.bases[0], ...segmentsOf(href)];
  }
}

/** The answer for the routes that match most literally (a literal segment wins over a template: OpenAPI matches concrete paths first). */
function matched(best: readonly { route: Route; base: string[] }[]): HrefMatch {
  const methods = [...new Set(best.flatMap(hit => hit.route.methods))];
  const templates = [...new Set(best.map(hit => hit.route.template))];
  return { kind: 'matched', path: display(best[0].base, best[0].route), methods, templates };
}

function display(base: string[], route: Route): string {
  return `/${[...base, ...segmentsOf(route.template)].join('/')}`;
}

function basePaths(doc: OpenApiDocument): string[][] {
  const { root } = doc;
  const urls: string[] = [];
  if (doc.isSwagger2 && typeof root.basePath === 'string') urls.push(root.basePath);
  if (!doc.isSwagger2 && Array.isArray(root.servers)) {
    for (const server of root.servers) {
      if (isObject(server) && typeof server.url === 'string') urls.push(withDefaults(server.url, server.variables));
    }
  }
  const unique = new Map(urls.map(url => [segmentsOf(url).join('/'), segmentsOf(url)]));
  return unique.size > 0 ? [...unique.values()] : [[]];
}

/** A server URL with each `{variable}` replaced by its `default`; an unknown variable stays and matches any segment. */
function withDefaults(url: string, variables: unknown): string {
  return url.replace(/\{([^{}]*)\}/g, (placeholder, name: string) => {
    const variable = isObject(variables) ? variables[name] : undefined;
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : placeholder;
  });
}

function routesOf(doc: OpenApiDocument): Route[] {
  if (!isObject(doc.root.paths)) return [];
  return Object.entries(doc.root.paths).map(([template, raw]) => {
    const item = doc.resolve(raw, ['paths', template])?.value;
    const segments = segmentsOf(template).map(templateSegment);
    return {
      template,
      segments,
      literals: segments.filter(segment => typeof segment === 'string').length,
      methods: isObject(item) ? HTTP_METHODS.filter(method => isObject(item[method])) : [],
    };
  });
}

/** The document's path matcher, built on first use. */
export function pathMatcher(doc: OpenApiDocument): PathMatcher {
  return doc.memo('paths:matcher', () => new PathMatcher(basePaths(doc), routesOf(doc)));
}
