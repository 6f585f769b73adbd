/**
 * What the user gives the probe for what it cannot infer: `--param name=value` and the `--input` file of
 * path values, query and body per operation. Both are checked against the description before anything is
 * sent (a mistake is one line and exit 2), and what they give is what the first tries send.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runMain } from './support/bin';
import { PROBE_API } from './support/probe-api';

const tmp = mkdtempSync(join(tmpdir(), 'probe-input-'));
const OAS31 = join(PROBE_API, 'openapi.yaml');
const SWAGGER2 = join(PROBE_API, 'swagger.yaml');
// Nothing listens on port 9: these runs fail before a request, or are dry runs that send nothing.
const BASE_URL = 'http://127.0.0.1:9/v1';

function inputFile(name: string, text: string): string {
  const file = join(tmp, name);
  writeFileSync(file, text);
  return file;
}

const probe = (...flags: string[]) => runMain(['probe', OAS31, '--base-url', BASE_URL, ...flags]);

describe('a bad --input file is one line naming the file, and exit 2', () => {
  test.each([
    ['not a map', 'list.yaml', '- createOrder\n', 'must map operations (operationId or "METHOD /path") to their `path`, `query` and `body`'],
    [
      'an operation the description lacks',
      'typo.yaml',
      'createOrdr:\n  body: {}\n',
      '"createOrdr" is not an operation of the description; did you mean "createOrder"?',
    ],
    [
      'a METHOD /path the description lacks',
      'route.yaml',
      "'GET /order/{orderId}': {}\n",
      '"GET /order/{orderId}" is not an operation of the description; did you mean "GET /orders/{orderId}"?',
    ],
    ['an entry that is not a map', 'scalar.yaml', 'getOrder: ord_1\n', '"getOrder" must map `path`, `query` or `body` to its values'],
    [
      'a key other than path, query and body',
      'headers.yaml',
      'getOrder:\n  headers: { X-Trace: t }\n',
      '"getOrder" takes `path`, `query` and `body`, not `headers`',
    ],
    [
      'a path name the operation does not take',
      'path-name.yaml',
      'getOrder:\n  path: { orderid: ord_1 }\n',
      '"getOrder": `path.orderid` is not a path parameter of GET /orders/{orderId}; did you mean "orderId"?',
    ],
    [
      'a query name the operation does not take',
      'query-name.yaml',
      "'GET /orders':\n  query: { limits: 5 }\n",
      '"GET /orders": `query.limits` is not a query parameter of GET /orders; did you mean "limit"?',
    ],
    [
      'a path value that is not text',
      'path-value.yaml',
      'getOrder:\n  path: { orderId: { id: 1 } }\n',
      '"getOrder": `path.orderId` must be a string, number or boolean',
    ],
  ])('%s', async (_name, name, text, problem) => {
    const file = inputFile(name, text);
    const run = await probe('--input', file);
    expect(run.stderr).toBe(`spectral-agent-ux probe: ${file}: ${problem}\n`);
    expect([run.stdout, run.code]).toEqual(['', 2]);
  });

  test('a file that is not YAML, and one that does not exist', async () => {
    const broken = inputFile('broken.yaml', 'createToken:\n  body: { username: agent\n');
    const run = await probe('--input', broken);
    expect(run.stderr).toMatch(new RegExp(`^spectral-agent-ux probe: ${broken}: invalid YAML at line \\d+: [^\\n]+\\n$`));
    expect(run.code).toBe(2);
    const missing = join(tmp, 'missing.yaml');
    expect(await probe('--input', missing)).toEqual({ code: 2, stdout: '', stderr: `spectral-agent-ux probe: ${missing}: no such file\n` });
  });
});

describe('a bad --param is one line and exit 2', () => {
  test('without a name and an equals sign', async () => {
    expect(await probe('--param', 'ord_1')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-agent-ux probe: --param takes name=value (e.g. orderId=ord_1), not "ord_1" (see --help)\n',
    });
  });

  test('a name no parameter has', async () => {
    expect((await probe('-p', 'orderID=ord_1')).stderr).toBe(
      'spectral-agent-ux probe: --param "orderID" names no path, query or header parameter of the description; did you mean "orderId"? (see --help)\n',
    );
  });
});

describe('what the user gives is what the first tries send (OpenAPI 3.1 and Swagger 2.0)', () => {
  test.each([OAS31, SWAGGER2])('%s', async description => {
    const input = inputFile(
      'given.json',
      JSON.stringify({ createToken: { body: { username: 'agent', password: 'pw' } }, 'GET /orders': { query: { status: 'cancelled' } } }),
    );
    const run = await runMain([
      'probe',
      description,
      '--base-url',
      BASE_URL,
      '--dry-run',
      '--format',
      'json',
      '--input',
      input,
      '--param',
      'orderId=ord_7',
      '--operation',
      'POST /token',
      '--operation',
      'GET /orders',
      '--operation',
      'GET /orders/{orderId}/receipt',
    ]);
    const planned: string[] = JSON.parse(run.stdout).planned;
    // The first try of each (the faults of each follow, built from it).
    expect(
      planned.filter(line =>
        /^(POST \/v1\/token \{"username":"agent","password":"pw"\}|GET \/v1\/orders\?status=cancelled|GET \/v1\/orders\/ord_7\/receipt)$/.test(line),
      ),
    ).toEqual(['GET /v1/orders?status=cancelled', 'GET /v1/orders/ord_7/receipt', 'POST /v1/token {"username":"agent","password":"pw"}']);
    expect(run.code).toBe(0);
  });
});

test("docs/probe.md's input file is one the probe takes, for the example API", async () => {
  const page = readFileSync(join(ROOT, 'docs', 'probe.md'), 'utf8');
  const example = /```yaml\n(# probe-input\.yaml[\s\S]*?)```/.exec(page)![1];
  const run = await probe('--input', inputFile('docs.yaml', example), '--dry-run', '--format', 'json');
  expect(JSON.parse(run.stdout).planned).toEqual(
    expect.arrayContaining(['GET /v1/orders?status=open', 'GET /v1/orders/ord_1', 'POST /v1/token {"username":"agent","password":"[redacted]"}']),
  );
  expect(run.code).toBe(0);
});

test.each(['json', 'markdown', 'html', 'sarif'])('a credential given in the input file is redacted in the %s report', async format => {
  const input = inputFile(`secret-${format}.yaml`, 'createToken:\n  body:\n    username: agent\n    password: correct-horse-battery-staple\n');
  const run = await probe('--input', input, '--dry-run', '--format', format);
  expect(run.code).toBe(0);
  expect(`${run.stdout}${run.stderr}`).not.toContain('correct-horse-battery-staple');
  if (format === 'json') expect(JSON.parse(run.stdout).planned).toContain('POST /v1/token {"username":"agent","password":"[redacted]"}');
});
