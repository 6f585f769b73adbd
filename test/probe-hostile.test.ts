/**
 * The probe (in process) against descriptions and servers that used to beat it: a description of 10,000
 * operations (its play order was quadratic), an API that answers every call with a login page, and bodies
 * carrying control and bidirectional characters. Time is never asserted: the large description only has
 * to finish within the test's timeout (the benchmark measures how the play order scales).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain } from './support/bin';
import { withServer, type Handler, type ProbeJson } from './support/probe-api';

const tmp = mkdtempSync(join(tmpdir(), 'probe-hostile-'));

/** A description of `resources` × 4 operations: a create, a read, an action and a delete per resource. */
function manyOperations(resources: number): string {
  const response = (status: string) => `{ '${status}': { description: Done, content: { application/json: { schema: { type: object } } } } }`;
  const item = `parameters: [{ name: id, in: path, required: true, schema: { type: string } }]`;
  const paths = Array.from({ length: resources }, (_, i) =>
    [
      `  /r${i}:`,
      `    post: { operationId: create${i}, responses: ${response('201')} }`,
      `  /r${i}/{id}:`,
      `    ${item}`,
      `    get: { operationId: read${i}, responses: ${response('200')} }`,
      `    delete: { operationId: delete${i}, responses: ${response('204')} }`,
      `  /r${i}/{id}/cancel:`,
      `    ${item}`,
      `    post: { operationId: cancel${i}, responses: ${response('200')} }`,
    ].join('\n'),
  );
  return `openapi: 3.1.0\ninfo: { title: Many, version: '1' }\npaths:\n${paths.join('\n')}\n`;
}

describe('a description of 10,000 operations', () => {
  test('--dry-run plans every operation, creates first and deletions last', async () => {
    const file = join(tmp, 'many.yaml');
    writeFileSync(file, manyOperations(2500));
    const run = await runMain(['probe', file, '--base-url', 'http://127.0.0.1:9/', '--dry-run', '--format', 'json']);
    expect(run.stderr).toBe(
      'spectral-agent-ux probe: 0 of 10000 operations tested; 0 of 0 faults recovered (n/a); no findings; 300 requests (stopped at --max-requests).\n',
    );
    const report = JSON.parse(run.stdout) as ProbeJson;
    const order = report.operations.map(result => result.operation);
    expect(order).toHaveLength(10000);
    expect(order.slice(0, 2)).toEqual(['POST /r0', 'POST /r1']);
    expect(order.slice(2500, 2502)).toEqual(['GET /r0/{id}', 'GET /r1/{id}']);
    expect(order.at(-1)).toBe('DELETE /r2499/{id}');
  }, 120000);
});

/** Three JSON operations, as an API behind a login wall declares them. */
const THREE = join(tmp, 'three.yaml');
writeFileSync(
  THREE,
  `openapi: 3.1.0
info: { title: Walled, version: '1' }
paths:
  /a:
    get: { operationId: a, responses: { '200': { description: A, content: { application/json: { schema: { type: object } } } } } }
  /b:
    get: { operationId: b, responses: { '200': { description: B, content: { application/json: { schema: { type: object } } } } } }
  /c:
    get: { operationId: c, responses: { '200': { description: C, content: { 'application/json; charset=utf-8': { schema: { type: object } } } } } }
`,
);

describe('an API that answers every call 200 text/html with a login form', () => {
  const LOGIN_PAGE = '<!doctype html><form action="/login" method="post"><input name="user"><input name="password" type="password"></form>';
  const login: Handler = (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LOGIN_PAGE);

  test('tests nothing: each operation says why, the run ends with exit 1 and what to pass', async () => {
    const run = await withServer(login, url => runMain(['probe', THREE, '--base-url', url, '--format', 'json']));
    const report = JSON.parse(run.stdout) as ProbeJson;
    const why = 'answered 200 text/html, not the declared application/json: a login page? pass credentials with --header';
    expect(report.tested).toBe(0);
    expect(report.operations.map(result => [result.operation, result.firstTry, result.why, result.probes])).toEqual([
      ['GET /a', 200, why, 0],
      ['GET /b', 200, why, 0],
      ['GET /c', 200, why, 0],
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n').slice(-2)).toEqual([
      'spectral-agent-ux probe: no operation answered its first try with a 2xx (3 answered 200 in a media type not declared), so nothing was tested; pass credentials with --header "Name: value"',
      '',
    ]);
  });

  test('the same API answering JSON (any JSON type, any charset) is tested', async () => {
    const json: Handler = (_request, response) => response.writeHead(200, { 'content-type': 'application/vnd.api+json; charset=utf-8' }).end('{}');
    const run = await withServer(json, url => runMain(['probe', THREE, '--base-url', url, '--format', 'json']));
    expect((JSON.parse(run.stdout) as ProbeJson).tested).toBe(3);
    expect(run.code).toBe(0);
  });
});

describe('control and bidirectional characters a server sends are shown escaped, in every format', () => {
  // U+202E reverses what follows, U+2028 breaks a line, U+0085 (C1) and ESC drive terminals: raw in the body.
  const HOSTILE = ['\u202e', '\u2028', '\u0085', '\u001b', '\u200f'];
  const NAME = `order ${HOSTILE.join('x')} exe.txt`;
  const ESCAPED = 'order \\u202ex\\u2028x\\u0085x\\u001bx\\u200f exe.txt';
  // A stack trace under that name: the finding names the member in every format, SARIF's included.
  const TRACE = 'Error: boom\n    at handler (/srv/app.js:10:5)\n    at run (/srv/app.js:3:1)';
  const evil: Handler = (_request, response) => response.writeHead(418, { 'content-type': 'application/json' }).end(JSON.stringify({ [NAME]: TRACE }));

  test.each(['json', 'markdown', 'html', 'sarif'])('--format %s', async format => {
    const run = await withServer(evil, url => runMain(['probe', THREE, '--base-url', url, '--format', format, '--operation', 'GET /a']));
    expect(HOSTILE.filter(char => `${run.stdout}${run.stderr}`.includes(char))).toEqual([]);
    expect(run.stdout).toContain(`stack trace in \`${ESCAPED}\``);
  });

  test('the JSON report still reads back as what the server sent', async () => {
    const run = await withServer(evil, url => runMain(['probe', THREE, '--base-url', url, '--format', 'json', '--operation', 'GET /a']));
    const findings = (JSON.parse(run.stdout) as ProbeJson).findings.map(finding => finding.message);
    expect(findings).toContainEqual(expect.stringContaining(`stack trace in \`${NAME}\``));
  });
});
