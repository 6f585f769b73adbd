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
/** Answers kept per matcher: the runtime guard matches every live request path and href, an unbounded set. */
const MAX_REMEMBERED = 10_000;
/** Hrefs longer than this are matched but not remembered: ten thousand of them would hold megabytes. */
const MAX_REMEMBERED_LENGTH = 2048;
const SCHEME_AND_AUTHORITY = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;

/** Path segments of a URL or path: scheme, authority, query and fragment dropped; empty segments (a trailing slash) ignored. */
function segmentsOf(url: string): string[] {
  return url
    .replace(SCHEME_AND_AUTHORITY, '')
    .split(/[?#]/)[0]
    .split('/')
    .filter(segment => segment !== '' && segment !== '.');
}

function templateSegment(segment: string): string | RegExp {
  if (!PLACEHOLDER.test(segment)) return segment;
  const pattern = segment.split(/\{[^{}]*\}/).map(literal => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pattern.join('[^/]+')}$`);
}

const segmentMatches = (pattern: string | RegExp, segment: string) => (typeof pattern === 'string' ? pattern === segment : pattern.test(segment));

export class PathMatcher {
  private readonly bySegmentCount = new Map<number, Route[]>();
  /** What an unmatched href is compared with, prepared once: every path, with and without each base path. */
  private readonly suggestions: { segments: string[]; text: string; shown: string; templated: boolean }[] = [];
  /** Answers by href: the same href is often shared by many examples (a component example, a list of records). */
  private readonly seen = new Map<string, HrefMatch>();

  constructor(
    /** Base path segments of the servers (OpenAPI 3) or `basePath` (Swagger 2.0); `[[]]` when none. */
    readonly bases: string[][],
    routes: Route[],
  ) {
    for (const route of routes) {
      const bucket = this.bySegmentCount.get(route.segments.length) ?? [];
      bucket.push(route);
      this.bySegmentCount.set(route.segments.length, bucket);
    }
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

  match(href: string): HrefMatch {
    if (href.length > MAX_REMEMBERED_LENGTH) return this.compute(href);
    let result = this.seen.get(href);
    if (result === undefined) {
      if (this.seen.size >= MAX_REMEMBERED) this.seen.clear();
      this.seen.set(href, (result = this.compute(href)));
    }
    return result;
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

  private compute(href: string): HrefMatch {
    const placeholder = PLACEHOLDER.exec(href);
    if (placeholder !== null) return { kind: 'template', placeholder: placeholder[0] };
    const full = this.fullSegments(href);
    const hits: { route: Route; base: string[] }[] = [];
    for (const base of this.bases) {
      if (!base.every((segment, i) => segmentMatches(templateSegment(segment), full[i] ?? ''))) continue;
      const rest = full.slice(base.length);
      for (const route of this.bySegmentCount.get(rest.length) ?? []) {
        if (route.segments.every((pattern, i) => segmentMatches(pattern, rest[i]))) hits.push({ route, base });
      }
    }
    if (hits.length === 0) return { kind: 'unmatched' };
    // A literal segment wins over a template (OpenAPI: concrete paths match first), so only the most literal matches count.
    const most = Math.max(...hits.map(hit => hit.route.literals));
    const best = hits.filter(hit => hit.route.literals === most);
    const methods = [...new Set(best.flatMap(hit => hit.route.methods))];
    const templates = [...new Set(best.map(hit => hit.route.template))];
    return { kind: 'matched', path: display(best[0].base, best[0].route), methods, templates };
  }

  /** An href without a leading slash is relative to the (first) server URL, as a browser would resolve it. */
  private fullSegments(href: string): string[] {
    const absolute = href.startsWith('/') || SCHEME_AND_AUTHORITY.test(href);
    return absolute ? segmentsOf(href) : [...this.bases[0], ...segmentsOf(href)];
  }
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
