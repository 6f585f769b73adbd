/**
 * `spectral-agent-ux probe` (the built bin) against hostile servers on 127.0.0.1: bodies that never end
 * or decompress without bound, answers that echo credentials in disguise, headers that would smuggle
 * another header. Work is bounded by counting the bytes a server got to send, never by a clock.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runBin } from '../support/bin';
import { freePort, type ProbeJson } from '../support/probe-api';

const MiB = 1024 * 1024;
const tmp = mkdtempSync(join(tmpdir(), 'probe-safety-'));
/** One operation, GET /things, that declares only its 200. */
const THINGS = join(tmp, 'things.yaml');
writeFileSync(
  THINGS,
  `openapi: 3.1.0
info: { title: Things, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: The things.
          content:
            application/json:
              schema: { type: object }
`,
);

interface Served {
  url: string;
  close: () => Promise<void>;
}

/** A server on 127.0.0.1 for one test. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Served> {
  const server = createServer(handler);
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>(resolve => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close };
}

/**
 * A 200 whose body repeats `chunk` until the client closes the connection or `limit` bytes are written,
 * writing only as fast as the client reads; `written` resolves to the bytes it got to write.
 */
function endless(chunk: Buffer, limit: number, headers: Record<string, string> = {}) {
  let settle: (bytes: number) => void;
  const written = new Promise<number>(resolve => (settle = resolve));
  const handler = (_request: IncomingMessage, response: ServerResponse) => {
    let bytes = 0;
    response.on('close', () => settle(bytes));
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    const pump = (): void => {
      while (bytes < limit && !response.destroyed) {
        bytes += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  };
  return { handler, written };
}

async function probe(served: Served, ...flags: string[]) {
  return runBin(['probe', THINGS, '--base-url', served.url, '--timeout', '60000', ...flags]);
}

describe('a body is read to 1 MiB and no further, and the report says it was cut', () => {
  const LIMIT = 128 * MiB;
  /** What the client may have left unread in the two ends' buffers, far below LIMIT: it stopped reading. */
  const BUFFERS = 32 * MiB;

  test('an endless body: the connection is closed after 1 MiB', async () => {
    const { handler, written } = endless(Buffer.alloc(64 * 1024, 'a'), LIMIT);
    const served = await serve(handler);
    try {
      const run = await probe(served, '--format', 'json');
      const report: ProbeJson = JSON.parse(run.stdout);
      expect(report.operations[0].firstTry).toBe(200);
      expect(report.cut).toEqual(['GET /things 200']);
      expect(run.stderr).toMatch(/^spectral-agent-ux probe: .*; no findings; 1 requests; 1 body cut at 1 MiB\.\n$/);
      expect(await written).toBeLessThan(BUFFERS);
    } finally {
      await served.close();
    }
  });

  test('an endless gzip body: decoding stops at 1 MiB decoded, so little of what is sent is read', async () => {
    // Hex text compresses about 2:1: 1 MiB decoded is read from about half a MiB sent.
    const member = gzipSync(randomBytes(32 * 1024).toString('hex'));
    const { handler, written } = endless(member, LIMIT, { 'content-encoding': 'gzip' });
    const served = await serve(handler);
    try {
      const report: ProbeJson = JSON.parse((await probe(served, '--format', 'json')).stdout);
      expect(report.cut).toEqual(['GET /things 200']);
      expect(await written).toBeLessThan(BUFFERS);
    } finally {
      await served.close();
    }
  });

  test('a gzip bomb (1 GiB in 1 MB): decoded to 1 MiB only, and the markdown report says so', async () => {
    const bomb = Buffer.concat(Array<Buffer>(1024).fill(gzipSync(Buffer.alloc(MiB, ' '))));
    const served = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb));
    try {
      const run = await probe(served);
      expect(run.stdout).toContain('| `GET /things` | 200 |');
      expect(run.stdout).toContain('- body cut at 1 MiB (read no further, judged by its status only): `GET /things 200`');
      expect(run.status).toBe(0);
    } finally {
      await served.close();
    }
  });

  test('a body that trickles without end is given up at --timeout', async () => {
    const served = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(drip));
    });
    try {
      // The run ends, and says why (in the report, or in the one line of a run where nothing answered).
      const run = await probe(served, '--format', 'json', '--timeout', '500');
      expect(`${run.stdout}${run.stderr}`).toContain('no answer within 500 ms');
    } finally {
      await served.close();
    }
  });
});

describe('credentials never reach the report, in any form the server echoes them', () => {
  const KEY = 'Tok/EN+42=x';
  const LOGIN = 'ada:pa55word';
  const unicode = (text: string) => [...text].map(char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  /** Every form the server echoes, and that no output may hold. */
  const FORMS = [
    'Tok\\/EN+42=x',
    unicode(KEY),
    encodeURIComponent(KEY),
    Buffer.from(KEY).toString('base64'),
    KEY.toUpperCase(),
    LOGIN,
    'pa55word',
    Buffer.from(LOGIN).toString('base64'),
  ];
  let authorization: (string | undefined)[] = [];
  let served: Served;

  beforeAll(async () => {
    served = await serve((request, response) => {
      authorization.push(request.headers.authorization);
      const echoed = Object.fromEntries(FORMS.map((form, index) => [`f${index}`, form]));
      // Written by hand, so that the escapes stay as a server may write them.
      const body = `{${Object.entries(echoed)
        .map(([name, form]) => `"${name}":"${form}"`)
        .join(',')}}`;
      response.writeHead(401, { 'content-type': 'application/json' }).end(body);
    });
  });
  afterAll(() => served.close());
  beforeEach(() => void (authorization = []));

  const withLogin = (url: string) => url.replace('http://', `http://${LOGIN}@`);
  const leaks = (text: string) => [...FORMS, KEY].filter(form => text.toLowerCase().includes(form.toLowerCase()));

  test.each(['json', 'markdown', 'html', 'sarif'])('--format %s: the base URL without its user and password, every echo redacted', async format => {
    const run = await runBin(['probe', THINGS, '--base-url', withLogin(served.url), '--header', `X-Api-Key: ${KEY}`, '--format', format]);
    expect(leaks(`${run.stdout}${run.stderr}`)).toEqual([]);
    if (format !== 'sarif') expect(run.stdout).toContain('[redacted]');
    if (format !== 'sarif') expect(run.stdout).toContain(served.url);
    // The user and password of the base URL are sent, as the Basic credentials they stand for.
    expect(authorization).toEqual([`Basic ${Buffer.from(LOGIN).toString('base64')}`]);
  });

  test('nor the errors: a base URL where nothing listens, and one that does not parse', async () => {
    const refused = await runBin(['probe', THINGS, '--base-url', withLogin(`http://127.0.0.1:${await freePort()}/`)]);
    expect(refused.status).toBe(2);
    expect(refused.stderr.split('\n')).toHaveLength(2);
    const unparsed = await runBin(['probe', THINGS, '--base-url', `http://${LOGIN}@[oops/`]);
    expect(unparsed.stderr).toBe('spectral-agent-ux probe: --base-url must be an absolute http(s) URL (see --help)\n');
    expect(leaks(`${refused.stdout}${refused.stderr}${unparsed.stdout}`)).toEqual([]);
  });
});

describe('a header value with a line break is refused: one line, exit 2, the value not shown', () => {
  let served: Served;
  let requests = 0;
  beforeAll(async () => void (served = await serve((_request, response) => void (requests++, response.end('{}')))));
  afterAll(() => served.close());

  test.each([
    ['--header', ['--header', 'X-Token: abcd\r\nInjected: yes'], {}, '--header'],
    ['--header, LF alone', ['--header', 'X-Token: abcd\nInjected: yes'], {}, '--header'],
    ['AGENT_UX_PROBE_HEADERS, a CR inside a line', [], { AGENT_UX_PROBE_HEADERS: 'X-Token: abcd\rInjected: yes\n' }, 'AGENT_UX_PROBE_HEADERS'],
  ])('%s', async (_case, flags, env, source) => {
    const run = await runBin(['probe', THINGS, '--base-url', served.url, ...flags], { env: { ...process.env, ...env } });
    expect(run.stderr).toBe(`spectral-agent-ux probe: ${source}: the value of X-Token holds a line break or another control character (see --help)\n`);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
    expect(requests).toBe(0);
  });
});
