/**
 * The probe's way out (cli/probe/http.ts) and its redaction (cli/probe/redact.ts), as modules: a
 * credential in every form a server may echo it, and the loopback rule checked on the addresses a host
 * name resolves to, before any connection is opened.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { UsageError } from '../cli/args';
import { Client, isLoopback } from '../cli/probe/http';
import { REDACTED, redactor, secretsOf } from '../cli/probe/redact';

const KEY = 'Tok/EN+42=x';
const BASIC = `Basic ${Buffer.from('ada:pa55word').toString('base64')}`;
const redact = redactor(secretsOf({ 'X-Api-Key': KEY, Authorization: BASIC }));

const unicode = (text: string) => [...text].map(char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('redaction', () => {
  test.each([
    ['as sent', KEY],
    ['in another case', KEY.toUpperCase()],
    ['JSON-escaped slash', 'Tok\\/EN+42=x'],
    ['\\u-escaped', unicode(KEY)],
    ['\\u-escaped with upper-case hex', unicode(KEY).toUpperCase()],
    ['escaped twice (a JSON string inside a JSON string)', 'Tok\\\\\\/EN+42=x'],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded twice', encodeURIComponent(encodeURIComponent(KEY))],
    ['URL-encoded, lower-case hex', encodeURIComponent(KEY).toLowerCase()],
    ['HTML character references', 'Tok&#47;EN&#x2B;42&#61;x'],
    ['base64', base64(KEY)],
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['base64, inside a longer encoding (each alignment)', [base64(`k=${KEY};`), base64(`ke=${KEY};`), base64(`key=${KEY};`)].join(' ')],
    ['the Basic token', BASIC],
    ['the Basic credentials decoded', 'ada:pa55word'],
    ['the Basic password alone', 'pa55word'],
  ])('%s', (_form, echoed) => {
    const body = `{"echo":"${echoed}"}`;
    expect(redact(body)).not.toBe(body);
    // What is left of a base64 run is at most its edge characters, which the neighbouring bytes share.
    expect(redact(body).replace(/\[redacted\]/g, '')).not.toMatch(/Tok|EN\+42|pa55|VG9r|YWRh|ada:/i);
    expect(redact(body)).toContain(REDACTED);
  });

  test('ordinary text and short values stay as they are', () => {
    const quiet = redactor(secretsOf({ 'X-Short': 'abc', 'X-Api-Key': KEY }));
    const body = '{"message":"abc is fine; Token, EN, 42, x are words","data":"VG9rZW4="}';
    expect(quiet(body)).toBe(body);
  });
});

describe('loopback', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['::', false],
    ['::ffff:10.0.0.1', false],
    ['192.0.2.1', false],
    ['localhost', false],
  ])('%s: %s', (address, loopback) => expect(isLoopback(address)).toBe(loopback));
});

describe('a localhost name is resolved, and every address it has must be loopback', () => {
  let seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  let port: number;

  beforeAll(() => new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve())));
  beforeAll(() => void (port = (server.address() as AddressInfo).port));
  afterAll(() => new Promise(resolve => server.close(resolve)));
  beforeEach(() => void (seen = []));
  afterEach(() => jest.restoreAllMocks());

  /** The resolver answers `addresses` for every name; no test here reaches a real resolver. */
  const resolving = (...addresses: string[]) =>
    jest
      .spyOn(dns, 'lookup')
      .mockImplementation((async () => addresses.map(address => ({ address, family: address.includes(':') ? 6 : 4 }) as LookupAddress)) as never);

  const client = (host: string) => new Client({ baseUrl: new URL(`http://${host}:${port}/`), headers: {}, maxRequests: 5, timeoutMs: 5000, dryRun: false });

  test.each([
    ['only elsewhere', ['192.0.2.1']],
    ['loopback and elsewhere', ['127.0.0.1', '192.0.2.1']],
  ])('%s: refused before any connection is opened', async (_case, addresses) => {
    resolving(...addresses);
    // Every connection attempt is refused here, so that nothing could leave this machine even if the check were missing.
    const connect = jest.spyOn(Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('a connection was attempted');
    });
    const probe = client('evil.localhost');
    const answer = probe.send('GET', probe.urlOf('/things'), undefined);
    await expect(answer).rejects.toThrow(UsageError);
    await expect(answer).rejects.toThrow(
      '--base-url evil.localhost resolves to 192.0.2.1, not to this machine; a localhost name must lead to loopback addresses only, so give the address the API listens on',
    );
    expect(connect).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  test('all loopback: the request goes to the address it resolved to, with the Host header of the name', async () => {
    const lookup = resolving('::1', '127.0.0.1');
    const probe = client('api.localhost');
    expect(await probe.send('GET', probe.urlOf('/things'), undefined)).toMatchObject({ kind: 'response', status: 200, cut: false });
    await probe.send('GET', probe.urlOf('/things'), undefined);
    // They arrived on 127.0.0.1, the address the resolver gave, with the name in their Host header.
    expect(seen.map(headers => headers.host)).toEqual([`api.localhost:${port}`, `api.localhost:${port}`]);
    // Resolved once: every request of the run goes to the address that was checked.
    expect(lookup).toHaveBeenCalledTimes(1);
  });
});
