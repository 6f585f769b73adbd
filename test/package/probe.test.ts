/**
 * `spectral-agent-ux probe` against the real example API (examples/probe-api, Fastify, as separate
 * processes on 127.0.0.1): the variant that passes everything, and the defective one with one known
 * defect per probe finding, through the OpenAPI 3.1, 3.0 and Swagger 2.0 descriptions of the same API.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROBE_IDS } from '../../lib/findings/catalogue';
import { ROOT, runBin } from '../support/bin';
import {
  DEFECTIVE_FINDINGS,
  DEFECTIVE_OPERATIONS,
  freePort,
  GOOD_OPERATIONS,
  operation,
  PROBE_API,
  PROBE_INPUT,
  startOrdersApi,
  withOrdersApi,
  type ProbeJson,
  type RunningApi,
} from '../support/probe-api';

let good: RunningApi;
let defective: RunningApi;
const tmp = mkdtempSync(join(tmpdir(), 'probe-test-'));
const OAS31 = join(PROBE_API, 'openapi.yaml');
const SWAGGER2 = join(PROBE_API, 'swagger.yaml');
const OAS30 = join(tmp, 'openapi-3.0.yaml');

beforeAll(async () => {
  writeFileSync(OAS30, readFileSync(OAS31, 'utf8').replace('openapi: 3.1.0', 'openapi: 3.0.3'));
  [good, defective] = await Promise.all([startOrdersApi(), startOrdersApi(true)]);
});

afterAll(() => {
  good?.stop();
  defective?.stop();
});

async function probeJson(file: string, api: RunningApi, ...flags: string[]): Promise<{ status: number | null; report: ProbeJson; stderr: string }> {
  const run = await runBin(['probe', file, '--base-url', api.url, '--format', 'json', ...flags]);
  return { status: run.status, report: JSON.parse(run.stdout), stderr: run.stderr };
}

const withoutResponses = (report: ProbeJson) => report.findings.map(({ response: _response, ...finding }) => finding);

describe.each([
  ['OpenAPI 3.1', OAS31],
  ['OpenAPI 3.0', OAS30],
  ['Swagger 2.0', SWAGGER2],
])('%s', (_name, file) => {
  // Each on a fresh API, so that the ids of the orders it creates are the same every time.
  test('the API that passes everything: every operation tested (the token route with --input), every fault recovered, no finding, exit 0', async () => {
    const { status, report } = await withOrdersApi(false, api => probeJson(file, api, '--input', PROBE_INPUT));
    expect(report.findings).toEqual([]);
    expect(report.operations).toEqual(GOOD_OPERATIONS);
    expect([report.tested, report.probes, report.recovered, report.recoveryRate]).toEqual([6, 18, 18, 100]);
    expect(status).toBe(0);
  });

  test('the defective API: one finding per defect, with its request and status, and exit 1', async () => {
    const { status, report } = await withOrdersApi(true, api => probeJson(file, api, '--input', PROBE_INPUT));
    expect(withoutResponses(report)).toEqual(DEFECTIVE_FINDINGS);
    expect(report.operations).toEqual(DEFECTIVE_OPERATIONS);
    expect([report.tested, report.probes, report.recovered, report.recoveryRate]).toEqual([5, 17, 14, 82.4]);
    expect(status).toBe(1);
  });
});

test('a step to a route the description does not declare is stale without being sent, reported with the request whose answer offered it', async () => {
  const text = readFileSync(OAS31, 'utf8');
  const withoutReceipt = join(tmp, 'without-receipt.yaml');
  writeFileSync(withoutReceipt, text.replace(/  \/orders\/\{orderId\}\/receipt:[\s\S]*?(?=  \/orders\/\{orderId\}\/cancel:)/, ''));
  const { report } = await withOrdersApi(false, api => probeJson(withoutReceipt, api, '--operation', 'POST /orders'));
  expect(withoutResponses(report)).toEqual([
    {
      rule: 'ax-probe-stale-step',
      severity: 'error',
      operation: 'POST /orders',
      // The href rule's own phrase, nested: the probe finding is that rule's defect, seen live.
      messageId: 'staleHref',
      data: {
        problem: {
          messageId: 'liveUndeclaredPath',
          data: {
            step: '`nextSteps[1]`',
            href: '/v1/orders/ord_2/receipt',
            guess: { messageId: 'liveDidYouMean', data: { path: '/v1/orders/{orderId}/cancel' } },
          },
        },
      },
      message:
        'POST /orders 201: `nextSteps[1]` links to "/v1/orders/ord_2/receipt", which matches no declared route; did you mean `/v1/orders/{orderId}/cancel`? An agent following it gets a 404. Build it from a declared route (server base path included).',
      request: { method: 'POST', path: '/v1/orders', body: { sku: 'SKU-123', quantity: 2 } },
      status: 201,
    },
  ]);
  expect(report.operations[0]).toMatchObject({ steps: 1, staleSteps: 1 });
});

describe('reporting', () => {
  test('a finding carries the start of the response body', async () => {
    const { report } = await probeJson(OAS31, defective, '--operation', 'POST /orders');
    const serverError = report.findings.find(finding => finding.rule === 'ax-probe-server-error')!;
    expect(JSON.parse(serverError.response!)).toMatchObject({ code: 'INTERNAL_ERROR', retryable: true });
  });

  test('x-ax-exempt silences a probe finding; --fail-severity decides the exit code: the warning left fails only at warn', async () => {
    const exempted = join(tmp, 'exempted.yaml');
    const reason = "      x-ax-exempt: { ax-probe-unrecoverable: 'the limit suggestion is checked by the API contract tests' }\n";
    writeFileSync(exempted, readFileSync(OAS31, 'utf8').replace('      operationId: listOrders\n', `      operationId: listOrders\n${reason}`));
    const only = ['--operation', 'GET /orders'];
    const atError = await probeJson(exempted, defective, ...only);
    expect(atError.report.findings.map(finding => finding.rule)).toEqual(['ax-probe-undeclared-status']);
    expect(atError.status).toBe(0);
    expect((await probeJson(exempted, defective, ...only, '--fail-severity', 'warn')).status).toBe(1);
    expect((await probeJson(OAS31, defective, ...only)).report.findings.map(finding => finding.rule)).toEqual([
      'ax-probe-unrecoverable',
      'ax-probe-undeclared-status',
    ]);
  }, 90_000); // three runs of the bin

  test('markdown: the summary, a row per operation, the findings with request and response', async () => {
    const run = await withOrdersApi(true, api => runBin(['probe', OAS31, '--base-url', api.url, '--input', PROBE_INPUT]));
    expect(run.stdout).toMatch(
      /^Against http:\/\/127\.0\.0\.1:\d+\/v1: 5 of 6 operations tested; 14 of 17 faults recovered \(82\.4%\); 5 error, 1 warn; 41 requests\.$/m,
    );
    expect(run.stdout).toContain('| `POST /orders` | 201 | 8 | 6 | 75% | 0 | 2 | 1 |');
    expect(run.stdout).toContain('  - request: `POST /v1/orders {"quantity":2}`');
    expect(run.status).toBe(1);
  });

  test('html: the table with each recovery rate, and the findings with request and response', async () => {
    const run = await withOrdersApi(true, api => runBin(['probe', OAS31, '--base-url', api.url, '--format', 'html']));
    expect(run.stdout).toContain('<th>recovery rate</th>');
    expect(run.stdout).toContain('<tr><td><code>POST /orders</code></td><td>201</td><td>8</td><td>6</td><td>75%</td><td>0</td><td>2</td><td>1</td></tr>');
    expect(run.stdout).toContain('request: <code>POST /v1/orders {&#34;quantity&#34;:2}</code><br>response: 500');
    expect(run.status).toBe(1);
  });

  test('sarif: a result per finding, on the line of its operation in the description', async () => {
    const run = await runBin(['probe', 'examples/probe-api/openapi.yaml', '--base-url', defective.url, '--format', 'sarif']);
    const sarif = JSON.parse(run.stdout);
    const results = sarif.runs[0].results;
    expect(sarif.version).toBe('2.1.0');
    expect(results.map((result: { ruleId: string; level: string }) => `${result.ruleId} ${result.level}`)).toEqual(
      DEFECTIVE_FINDINGS.map(finding => `${finding.rule} ${finding.severity === 'warn' ? 'warning' : 'error'}`),
    );
    const lines = readFileSync(OAS31, 'utf8').split('\n');
    const location = results[0].locations[0].physicalLocation;
    expect(location.artifactLocation.uri).toBe('examples/probe-api/openapi.yaml');
    expect(lines[location.region.startLine - 1]).toBe('    post:');
    expect(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(
      [...new Set(DEFECTIVE_FINDINGS.map(finding => finding.rule))].sort(),
    );
  });

  test('headers (--header, AGENT_UX_PROBE_HEADERS) reach the API and never the report', async () => {
    const keyed = await startOrdersApi(false, 'k3y-value');
    try {
      const args = ['probe', OAS31, '--base-url', keyed.url, '--format', 'json', '--operation', 'GET /orders'];
      const withKey = await runBin([...args, '-H', 'Authorization: Bearer s3cret-token'], {
        env: { ...process.env, AGENT_UX_PROBE_HEADERS: 'X-Api-Key: k3y-value' },
      });
      expect(JSON.parse(withKey.stdout).operations).toEqual(GOOD_OPERATIONS.filter(row => row.operation === 'GET /orders'));
      expect(`${withKey.stdout}${withKey.stderr}`).not.toMatch(/s3cret|k3y-value/);
      const withoutKey = await runBin(args);
      expect(JSON.parse(withoutKey.stdout).operations[0].firstTry).toBe(401);
    } finally {
      keyed.stop();
    }
  }, 60_000);
});

describe('safety and limits', () => {
  test('a host that is not this machine is refused before anything is read or sent', async () => {
    const run = await runBin(['probe', 'no-such-file.yaml', '--base-url', 'https://api.example.com/v1']);
    expect(run.stderr).toBe(
      'spectral-agent-ux probe: --base-url api.example.com is not this machine; the probe sends faulty and mutating requests, so point it at a test deployment and add --allow-remote (see --help)\n',
    );
    expect(run.status).toBe(2);
  });

  test('--max-requests stops the probe and the report says so', async () => {
    const { report } = await probeJson(OAS31, good, '--max-requests', '5');
    expect([report.requests, report.truncated]).toEqual([5, true]);
  });

  test('--dry-run lists the first try and the faults, and sends nothing', async () => {
    // Nothing listens on port 9: a request sent would fail the run.
    const run = await runBin(['probe', OAS31, '--base-url', 'http://127.0.0.1:9/v1', '--operation', 'get /orders', '--dry-run', '--format', 'json']);
    expect(JSON.parse(run.stdout).planned).toEqual([
      'GET /v1/orders',
      'GET /v1/orders?limit=0',
      'GET /v1/orders?status=NOT_AN_ALLOWED_VALUE',
      'GET /v1/orders?limit=not-a-number',
    ]);
    expect(run.status).toBe(0);
  });

  test('nothing listening is one line and exit 2', async () => {
    const url = `http://127.0.0.1:${await freePort()}/v1`;
    const run = await runBin(['probe', OAS31, '--base-url', url]);
    expect([run.stdout, run.stderr]).toEqual([
      '',
      `spectral-agent-ux probe: ${url}: no request got an HTTP answer (connection refused); is the API running there?\n`,
    ]);
    expect(run.status).toBe(2);
  });

  test('a server that never answers: every request given up at --timeout, then one line and exit 2, not "no findings"', async () => {
    // A server that reads every request and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      const run = await runBin(['probe', OAS31, '--base-url', url, '--timeout', '200']);
      expect([run.stdout, run.stderr]).toEqual([
        '',
        `spectral-agent-ux probe: ${url}: no request got an HTTP answer (no answer within 200 ms); is the API running there?\n`,
      ]);
      expect(run.status).toBe(2);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  test('a host that does not resolve is one line and exit 2', async () => {
    const url = 'http://probe-test.invalid/v1';
    const run = await runBin(['probe', OAS31, '--base-url', url, '--allow-remote']);
    expect(run.stderr).toMatch(
      /^spectral-agent-ux probe: http:\/\/probe-test\.invalid\/v1: no request got an HTTP answer \(.*ENOTFOUND.*\); is the API running there\?\n$/,
    );
    expect(run.status).toBe(2);
  });

  test('an --operation the description lacks names the one meant', async () => {
    const run = await runBin(['probe', OAS31, '--base-url', good.url, '--operation', 'POST /order']);
    expect(run.stderr).toBe('spectral-agent-ux probe: --operation "POST /order" is not in the description; did you mean "POST /orders"? (see --help)\n');
    expect(run.status).toBe(2);
  });

  test("a base URL without the servers' base path: every first try 404s, and the user hears why", async () => {
    const run = await runBin(['probe', OAS31, '--base-url', good.url.replace(/\/v1$/, ''), '--format', 'json']);
    expect(run.stderr).toContain("warning: every first try answered 404; does --base-url include the servers' base path?");
  });
});

describe('coverage', () => {
  test('an operation whose first try is not a 2xx is a warning with its reason, and the summary counts the operations tested', async () => {
    const run = await withOrdersApi(false, api => runBin(['probe', OAS31, '--base-url', api.url, '--format', 'json']));
    const report: ProbeJson = JSON.parse(run.stdout);
    const why = 'answered 401: give the credentials of a test account in its body with --input';
    expect(report.operations).toEqual(GOOD_OPERATIONS.map(row => (row.operation === 'POST /token' ? operation('POST /token', 401, 0, 0, 0, 0, why) : row)));
    // Below the default --min-coverage of 100%: exit 1 after the report, however clean the operations tested.
    expect(run.stderr).toBe(
      `spectral-agent-ux probe: warning: POST /token: ${why}\nspectral-agent-ux probe: 5 of 6 operations tested; 14 of 14 faults recovered (100%); no findings; 36 requests.\n` +
        'spectral-agent-ux probe: 5 of 6 operations tested (83.3%), below --min-coverage 100%; the warnings above say what to give each one untested\n',
    );
    expect(run.status).toBe(1);
  });

  test('--min-coverage: 83.3% passes a gate of 80, and an operation exempted from every probe finding is not counted', async () => {
    const lowered = await withOrdersApi(false, api => runBin(['probe', OAS31, '--base-url', api.url, '--format', 'json', '--min-coverage', '80']));
    expect({ status: lowered.status, last: lowered.stderr.trim().split('\n').at(-1) }).toEqual({
      status: 0,
      last: 'spectral-agent-ux probe: 5 of 6 operations tested; 14 of 14 faults recovered (100%); no findings; 36 requests.',
    });
    const source = readFileSync(OAS31, 'utf8');
    const exempt = `x-ax-exempt: { ${PROBE_IDS.map(rule => `${rule}: "the test account is made by hand"`).join(', ')} }`;
    const file = join(mkdtempSync(join(tmpdir(), 'probe-coverage-')), 'openapi.yaml');
    writeFileSync(file, source.replace(/(\n( +)operationId: createToken\n)/, `$1$2${exempt}\n`));
    const exempted = await withOrdersApi(false, api => runBin(['probe', file, '--base-url', api.url, '--format', 'json']));
    expect(exempted.status).toBe(0);
    const wrong = await runBin(['probe', OAS31, '--base-url', 'http://127.0.0.1:9/v1', '--min-coverage', '101']);
    expect({ status: wrong.status, stderr: wrong.stderr }).toEqual({
      status: 2,
      stderr: 'spectral-agent-ux probe: --min-coverage must be a percentage from 0 to 100, not "101" (see --help)\n',
    });
  });

  test('every first try refused (401 without the API key): the report, then one line that says to pass --header, and exit 1', async () => {
    const keyed = await startOrdersApi(false, 'k3y-value');
    try {
      const run = await runBin(['probe', OAS31, '--base-url', keyed.url]);
      expect(run.stdout).toMatch(/^Against .*: 0 of 6 operations tested; 0 of 0 faults recovered \(n\/a\); 5 warn; 6 requests\.$/m);
      expect(run.stdout).toContain('| `GET /orders` | answered 401: pass credentials with --header | 0 | 0 | n/a | 0 | 0 | 0 |');
      expect(run.stderr.split('\n').at(-2)).toBe(
        'spectral-agent-ux probe: no operation answered its first try with a 2xx (6 answered 401), so nothing was tested; pass credentials with --header "Name: value"',
      );
      expect(run.status).toBe(1);
    } finally {
      keyed.stop();
    }
  });
});

describe('docs/probe', () => {
  test('every probe finding has its page, and the example API shows each one', () => {
    expect([...new Set(DEFECTIVE_FINDINGS.map(finding => finding.rule))].sort()).toEqual([...PROBE_IDS].sort());
  });

  test.each(DEFECTIVE_FINDINGS)('docs/probe/$rule.md shows the message the example API gives ($operation)', finding => {
    const page = readFileSync(join(ROOT, 'docs', 'probe', `${finding.rule}.md`), 'utf8');
    expect(page.startsWith(`# ${finding.rule}\n`)).toBe(true);
    expect(page).toContain(`\n${finding.message}\n`);
  });
});
