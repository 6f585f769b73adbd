/**
 * The probe's only way out: one request at a time to the base URL's host, within a request budget, a
 * time limit and a byte limit, no redirects followed. Nothing else in the probe opens a connection, so
 * the limits hold everywhere.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { UsageError } from '../args';
import { redactor, secretsOf } from './redact';

export interface ClientOptions {
  baseUrl: URL;
  /** Sent with every request (credentials); never written to the report. */
  headers: Record<string, string>;
  maxRequests: number;
  timeoutMs: number;
  dryRun: boolean;
}

/**
 * What came back: a response (JSON body parsed when it is JSON; `cut` when the body was longer than the
 * probe reads), no answer, or nothing sent (dry run, budget spent).
 */
export type Answer =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: unknown; text: string; cut: boolean }
  | { kind: 'failed'; why: string }
  | { kind: 'not-sent' };

/** A body is read up to this many bytes, as sent and as decoded, then cut: the probe reads errors and envelopes, not downloads. */
export const MAX_BODY = 1024 * 1024;

/** Host names that claim this machine: only the addresses they resolve to can tell whether that is true. */
const LOOPBACK_NAME = /^(localhost|.+\.localhost)$/i;

/** Whether an IP address is this machine's loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopback(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  if (isIP(address) !== 6) return false;
  const canonical = new URL(`http://[${address}]`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:/.test(canonical);
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Whether a host names this machine: a loopback address, or `localhost` (whose addresses are checked before a request). */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_NAME.test(bare(hostname)) || isLoopback(bare(hostname));

/** The base URL, checked: http(s), and a loopback host unless remote hosts are allowed. */
export function baseUrlOf(text: string, allowRemote: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not shown when it may hold a password (`user:pass@`), which the parse could not take out.
    throw new UsageError(`--base-url must be an absolute http(s) URL${text.includes('@') ? '' : `, not "${text}"`}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be an http(s) URL, not ${url.protocol}`);
  const host = bare(url.hostname);
  if (!allowRemote && !isLoopbackHost(host)) {
    throw new UsageError(
      `--base-url ${url.host} is not this machine; the probe sends faulty and mutating requests, so point it at a test deployment and add --allow-remote`,
    );
  }
  return url;
}

/**
 * The addresses the probe may connect to for a name that claims this machine (`localhost`, `*.localhost`):
 * resolved once, and refused unless every one is loopback. Undefined for an address, or a remote name
 * (allowed by --allow-remote), which the connection resolves as usual.
 */
async function loopbackAddresses(hostname: string): Promise<LookupAddress[] | undefined> {
  const host = bare(hostname);
  if (!LOOPBACK_NAME.test(host)) return undefined;
  const addresses = await dns.lookup(host, { all: true, verbatim: true });
  const elsewhere = addresses.find(({ address }) => !isLoopback(address));
  if (elsewhere !== undefined) {
    throw new UsageError(
      `--base-url ${host} resolves to ${elsewhere.address}, not to this machine; a localhost name must lead to loopback addresses only, so give the address the API listens on`,
    );
  }
  return addresses;
}

/** A resolver that answers with the checked addresses only, so that the connection goes to one of them and nowhere else. */
const pinned =
  (addresses: LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) =>
    options.all === true ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family);

export class Client {
  /** Requests sent (or, in a dry run, listed), and those the budget refused. */
  sent = 0;
  refused = 0;
  /** In a dry run, the requests the probe would send, a line each. */
  readonly planned: string[] = [];
  /** The requests whose response body was cut at MAX_BODY (`GET /v1/orders 200`): judged by their status only. */
  readonly cut: string[] = [];

  /** The credentials sent: --header's, and a token the probe obtained by logging in. */
  readonly secrets: string[];
  /** A body, header or reason that echoes a credential must not carry it into the report. */
  private redact: (text: string) => string;
  private addresses?: Promise<LookupAddress[] | undefined>;

  constructor(private readonly options: ClientOptions) {
    this.secrets = secretsOf(options.headers);
    this.redact = redactor(this.secrets);
  }

  /** A credential the probe obtained (a login's token): redacted from every later answer as --header's are. */
  keepSecret(secret: string): void {
    this.secrets.push(secret);
    this.redact = redactor(this.secrets);
  }

  /** Whether --header (or the environment) sets this header: a fault on it would be overwritten by the credential. */
  sets(header: string): boolean {
    return Object.keys(this.options.headers).some(name => name.toLowerCase() === header.toLowerCase());
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

  /**
   * Sends one request to a URL of the base URL's origin; `headers` are the operation's header parameters
   * and the token of a login (the credentials of --header win over them). A base URL that leads elsewhere than it claims is a usage error.
   */
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
    const sentHeaders: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', ...own, ...this.options.headers };
    if (payload !== undefined) sentHeaders['content-type'] = 'application/json';
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      this.addresses ??= loopbackAddresses(this.options.baseUrl.hostname);
      const addresses = await Promise.race([this.addresses, aborted(signal)]);
      const raw = await exchange({ url, addresses, method, headers: sentHeaders, payload, signal });
      const text = this.redact(new TextDecoder().decode(raw.bytes));
      const responseHeaders = Object.fromEntries(Object.entries(raw.headers).map(([name, value]) => [name, this.redact([value ?? ''].flat().join(', '))]));
      if (raw.cut) this.cut.push(`${method} ${url.pathname}${url.search} ${raw.status}`);
      // A cut body is not parsed: the start of a JSON text is no JSON, and would be judged as if it were whole.
      return { kind: 'response', status: raw.status, headers: responseHeaders, body: raw.cut ? undefined : parsed(text), text, cut: raw.cut };
    } catch (error) {
      if (error instanceof UsageError) throw error;
      return { kind: 'failed', why: this.redact(failure(error, signal, this.options.timeoutMs)) };
    }
  }
}

/** A request, ready to go, with the addresses its host may lead to (when they were checked). */
interface Outgoing {
  url: URL;
  addresses: LookupAddress[] | undefined;
  method: string;
  headers: Record<string, string>;
  payload: string | undefined;
  signal: AbortSignal;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
  cut: boolean;
}

/** Sends one request over a connection of its own (closed after the answer, or when its time is up) and reads the answer. */
function exchange({ url, addresses, method, headers, payload, signal }: Outgoing): Promise<RawResponse> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      {
        host: bare(url.hostname),
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }) },
        // Every checked address in turn (Node 18 tries only the first unless asked): `localhost` may list ::1 first.
        ...(addresses === undefined ? {} : { lookup: pinned(addresses), autoSelectFamily: true }),
        agent: false,
        signal,
      },
      response => {
        readBody(response)
          .then(({ bytes, cut }) => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes, cut }), reject)
          .finally(() => request.destroy());
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The decoders the probe knows, by Content-Encoding; a body cut short still yields what it holds (Z_SYNC_FLUSH). */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  'x-gzip': () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  deflate: () => zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  br: () => zlib.createBrotliDecompress(),
};

/** The decoders of a Content-Encoding, last applied first; none for an encoding the probe does not know (the bytes stay as sent). */
function decodersOf(encoding: string | undefined): Transform[] {
  const codings = (encoding ?? '')
    .split(',')
    .map(coding => coding.trim().toLowerCase())
    .filter(coding => coding !== '' && coding !== 'identity');
  return codings.every(coding => Object.hasOwn(DECODERS, coding)) ? codings.reverse().map(coding => DECODERS[coding]()) : [];
}

/** Thrown inside the body's pipeline when the bytes as sent pass MAX_BODY. */
class Cut extends Error {}

/**
 * The body, decoded as its Content-Encoding says, read up to MAX_BODY bytes as sent and as decoded: a
 * longer one is cut there and its connection closed. The decoders wait while their output is not read,
 * so a compressed bomb is decoded no further than the limit.
 */
async function readBody(response: http.IncomingMessage): Promise<{ bytes: Buffer; cut: boolean }> {
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(sent > MAX_BODY ? new Cut() : null, chunk);
    },
  });
  const stages = [counted, ...decodersOf(response.headers['content-encoding'])];
  // The pipeline closes every stage (and the connection) when one fails or the reading below stops.
  pipeline([response, ...stages], () => undefined);
  const decoded = stages.at(-1)!;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of decoded) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return { bytes: Buffer.concat(chunks).subarray(0, MAX_BODY), cut: true };
    }
  } catch (error) {
    if (!(error instanceof Cut)) throw error;
    return { bytes: Buffer.concat(chunks), cut: true };
  }
  return { bytes: Buffer.concat(chunks), cut: false };
}

/** A promise that rejects when the signal aborts: a lookup cannot be cancelled, only stopped waiting for. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "no answer within 5000 ms", "connection refused": why a request got no response. */
function failure(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `no answer within ${timeoutMs} ms`;
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return 'the connection was closed without an answer';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${(error as { hostname?: string }).hostname ?? 'the host'} does not resolve (${code})`;
  if (code?.startsWith('Z_') === true) return `its body could not be decoded (${(error as Error).message})`;
  return error instanceof Error ? error.message : String(error);
}
