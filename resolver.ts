/**
 * A `$ref` resolver that reads local files only. Spectral's default one also fetches `http(s)` references,
 * so a description from an untrusted pull request makes CI send requests anywhere (a cloud's metadata
 * address included). The bin lints with this one; `spectral lint --resolver` takes this module's default
 * export, which turns every remote reference into an `invalid-ref` that names it, and fetches nothing.
 */
import { promises as fs } from 'node:fs';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { fetch } from '@stoplight/spectral-runtime';

export interface LocalResolverOptions {
  /** Which remote references may be fetched (`--allow-remote-refs`); none by default. */
  fetches?: (url: URL) => boolean;
  /**
   * Told of each remote reference not fetched, which is then left as written, unresolved and without an
   * error (the bin warns once per reference). Without it, such a reference is an `invalid-ref`.
   */
  onSkipped?: (ref: string) => void;
}

const isRemote = (ref: string) => /^https?:\/\//i.test(ref);
const urlOf = (ref: string): URL | undefined => (URL.canParse(ref) ? new URL(ref) : undefined);

/** Whether a remote reference may be fetched: an `http(s)` URL that `fetches` allows. */
function allowed(ref: string, fetches: (url: URL) => boolean): boolean {
  const url = urlOf(ref);
  return url !== undefined && fetches(url);
}

/** The text at a remote URL; a redirect is refused, since it could lead to a host the policy refuses. */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

export function localResolver({ fetches = () => false, onSkipped }: LocalResolverOptions = {}): Resolver {
  const remote = {
    resolve: (ref: { toString(): string }) => {
      const url = ref.toString();
      if (allowed(url, fetches)) return fetchText(url);
      return Promise.reject(new Error(`remote $ref not fetched: ${url}; only local files are read (the bin's --allow-remote-refs fetches it)`));
    },
  };
  return new Resolver({
    resolvers: { file: { resolve: ref => fs.readFile(ref.href(), 'utf8') }, http: remote, https: remote },
    // Asked of every object: its `$ref`, or undefined for one to leave as written.
    getRef: (_key, value: { $ref?: unknown } | null) => {
      const ref = typeof value === 'object' && value !== null && typeof value.$ref === 'string' ? value.$ref : undefined;
      if (ref === undefined || onSkipped === undefined || !isRemote(ref) || allowed(ref, fetches)) return ref;
      onSkipped(ref);
      return undefined;
    },
  });
}

export default localResolver();
