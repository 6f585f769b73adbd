/**
 * The probe's only way out: one request at a time to the base URL's host, within a request budget and a
 * timeout, no redirects followed. Nothing else in the probe opens a connection, so the limits hold everywhere.
 */
import { UsageError } from '../args';

export interface ClientOptions {
  baseUrl: URL;
  /** Sent with every request (credentials); never written to the report. */
  headers: Record<string, string>;
  maxRequests: number;
  timeoutMs: number;
  dryRun: boolean;
}

/** What came back: a response (JSON body parsed when it is JSON), no answer, or nothing sent (dry run, budget spent). */
export type Answer =
  { kind: 'response'; status: number; headers: Record<string, string>; body: unknown; text: string } | { kind: 'failed'; why: string } | { kind: 'not-sent' };

/** A body longer than this is cut: the probe reads errors and envelopes, not downloads. */
const MAX_BODY = 1024 * 1024;

/** Shorter header values are not searched for in answers: they would blank out ordinary words, and are no secret. */
const MIN_SECRET = 4;
const REDACTED = '[redacted]';

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The base URL, checked: http(s), and a loopback host unless remote hosts are allowed. */
export function baseUrlOf(text: string, allowRemote: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url must be an absolute http(s) URL, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be an http(s) URL, not ${url.protocol}`);
  if (!allowRemote && !LOOPBACK.test(url.hostname)) {
    throw new UsageError(
      `--base-url ${url.host} is not this machine; the probe sends faulty and mutating requests, so point it at a test deployment and add --allow-remote`,
    );
  }
  return url;
}

export class Client {
  /** Requests sent (or, in a dry run, listed), and those the budget refused. */
  sent = 0;
  refused = 0;
  /** In a dry run, the requests the probe would send, a line each. */
  readonly planned: string[] = [];

  /** The credentials' values (and a `Bearer` token alone), longest first: a body that echoes a request must not carry them into the report. */
  private readonly secrets: string[];

  constructor(private readonly options: ClientOptions) {
    const values = Object.values(options.headers).flatMap(value => [value, value.split(/\s+/).at(-1) ?? '']);
    this.secrets = [...new Set(values)].filter(value => value.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  }

  /** Whether --header (or the environment) sets this header: a fault on it would be overwritten by the credential. */
  sets(header: string): boolean {
    return Object.keys(this.options.headers).some(name => name.toLowerCase() === header.toLowerCase());
  }

  private redact(text: string): string {
    return this.secrets.reduce((redacted, secret) => redacted.split(secret).join(REDACTED), text);
  }

  get dryRun(): boolean {
    return this.options.dryRun;
  }

  get spent(): boolean {
    return this.sent >= this.options.maxRequests;
  }

  /** The URL of a path under the base URL (`/orders/1?x=2`, the description's paths). */
  urlOf(path: string): URL {
    const base = this.options.baseUrl;
    return new URL(`${base.pathname.replace(/\/$/, '')}${path}`, base.origin);
  }

  /** The URL an href leads to (resolved against the base URL), or undefined when it leaves the base URL's host. */
  hrefUrl(href: string): URL | undefined {
    let url: URL;
    try {
      url = new URL(href, this.options.baseUrl);
    } catch {
      return undefined;
    }
    return url.origin === this.options.baseUrl.origin ? url : undefined;
  }

  /** Sends one request; `headers` are the operation's header parameters (the credentials of --header win over them). */
  async send(method: string, url: URL, body: unknown, headers: Record<string, unknown> = {}): Promise<Answer> {
    if (this.spent) {
      this.refused++;
      return { kind: 'not-sent' };
    }
    this.sent++;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (this.options.dryRun) {
      this.planned.push(`${method} ${url.pathname}${url.search}${payload === undefined ? '' : ` ${payload}`}`);
      return { kind: 'not-sent' };
    }
    const own = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
    const sentHeaders: Record<string, string> = { accept: 'application/json', ...own, ...this.options.headers };
    if (payload !== undefined) sentHeaders['content-type'] = 'application/json';
    try {
      const response = await fetch(url, {
        method,
        headers: sentHeaders,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = this.redact((await response.text()).slice(0, MAX_BODY));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = this.redact(value)));
      return { kind: 'response', status: response.status, headers, body: parsed(text), text };
    } catch (error) {
      return { kind: 'failed', why: failure(error, this.options.timeoutMs) };
    }
  }
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "no answer within 5000 ms", "connection refused": why a request got no response. */
function failure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  // fetch says only "fetch failed"; the reason is its cause's.
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'the connection was closed without an answer';
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
