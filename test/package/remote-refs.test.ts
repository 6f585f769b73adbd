/**
 * No network for references unless asked: a `$ref` to a server on 127.0.0.1 that counts its requests.
 * The bin's commands read local files only and warn once per remote reference, left unresolved; with
 * --allow-remote-refs they fetch it (the probe from this machine only, unless --allow-remote). The
 * exported resolver (`spectral lint --resolver`) fetches nothing and names the reference.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin, runMain } from '../support/bin';

const dir = mkdtempSync(join(tmpdir(), 'remote-refs-'));
let server: Server;
let requests: string[] = [];
let ref: string;
const METADATA = 'http://169.254.169.254/latest/meta-data/iam';

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'object', properties: { code: { type: 'string' } } }));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  ref = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schemas/error.json`;
  writeFileSync(join(dir, 'openapi.yaml'), description(ref));
  writeFileSync(join(dir, 'metadata.yaml'), description(METADATA));
});
afterAll(() => new Promise(resolve => server.close(resolve)));
beforeEach(() => void (requests = []));

function description(errorRef: string): string {
  return `openapi: 3.1.0
info: { title: Refs, version: '1' }
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        '200': { description: Orders, content: { application/json: { schema: { type: object } } } }
        '400': { description: Bad, content: { application/json: { schema: { $ref: '${errorRef}' } } } }
`;
}

const warning = (command: string, url: string) =>
  `spectral-agent-ux ${command}: warning: remote $ref ${url} not fetched, left unresolved (only local files are read; --allow-remote-refs fetches it)`;
const warnings = (stderr: string) => stderr.split('\n').filter(line => line.includes('remote $ref'));

describe('without --allow-remote-refs: no request, one warning naming the reference', () => {
  test.each([
    ['report', ['report', 'openapi.yaml', '--format', 'json']],
    ['fix', ['fix', 'openapi.yaml']],
    ['baseline', ['baseline', 'openapi.yaml', '--output', join(dir, 'baseline.yaml')]],
    ['probe', ['probe', 'openapi.yaml', '--base-url', 'http://127.0.0.1:9/', '--dry-run']],
  ])('%s', async (command, argv) => {
    const run = await runMain(argv, dir);
    expect(requests).toEqual([]);
    expect(warnings(run.stderr)).toEqual([warning(command, ref)]);
  });
});

describe('with --allow-remote-refs: fetched', () => {
  test('report fetches it and warns of nothing', async () => {
    const run = await runMain(['report', 'openapi.yaml', '--format', 'json', '--allow-remote-refs'], dir);
    expect(requests).toEqual(['/schemas/error.json']);
    expect(warnings(run.stderr)).toEqual([]);
  });

  test('the probe fetches from this machine', async () => {
    await runMain(['probe', 'openapi.yaml', '--base-url', 'http://127.0.0.1:9/', '--dry-run', '--allow-remote-refs'], dir);
    expect(requests).toEqual(['/schemas/error.json']);
  });

  test('the probe does not fetch from another host without --allow-remote (a cloud metadata address)', async () => {
    const run = await runMain(['probe', 'metadata.yaml', '--base-url', 'http://127.0.0.1:9/', '--dry-run', '--allow-remote-refs'], dir);
    expect(warnings(run.stderr)).toEqual([warning('probe', METADATA)]);
  });
});

test('spectral lint --resolver with the exported resolver: no request, an invalid-ref naming the reference', async () => {
  const cli = join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: []\nrules: {}\n');
  const run = await runBin(['lint', 'openapi.yaml', '--resolver', join(ROOT, 'dist', 'resolver.cjs'), '--format', 'json', '--quiet'], { bin: cli, cwd: dir });
  expect(requests).toEqual([]);
  const results = JSON.parse(run.stdout) as { code: string; message: string }[];
  expect(results.map(result => [result.code, result.message])).toEqual([
    ['invalid-ref', `remote $ref not fetched: ${ref}; only local files are read (the bin's --allow-remote-refs fetches it)`],
  ]);
});
