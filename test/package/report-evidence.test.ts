/**
 * `report --probe`: the score backed by what the probe saw of the running example API (examples/probe-api),
 * probed for real; the level is a claim about the API only with that evidence (docs/report.md).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportData } from '../../cli/report/report';
import { runBin, runMain } from '../support/bin';
import { PROBE_API, PROBE_INPUT, withOrdersApi } from '../support/probe-api';

const DESCRIPTION = join(PROBE_API, 'openapi.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'report-evidence-'));

/** The probe's JSON of the example API (the defective variant with `defective`), written to a file. */
async function probeFile(defective: boolean, name: string): Promise<string> {
  const file = join(tmp, name);
  await withOrdersApi(defective, api => runBin(['probe', DESCRIPTION, '--base-url', api.url, '--input', PROBE_INPUT, '--format', 'json', '--output', file]));
  return file;
}

const report = async (...flags: string[]) => {
  const run = await runMain(['report', DESCRIPTION, '--format', 'json', ...flags]);
  return JSON.parse(run.stdout) as ReportData;
};

/** What each operation of the API that passes did live, as the report gives it. */
const GOOD_LIVE = [
  ['GET /orders', { firstTry: 200, probes: 3, recovered: 3, staleSteps: 0 }],
  ['POST /orders', { firstTry: 201, probes: 8, recovered: 8, staleSteps: 0 }],
  ['POST /token', { firstTry: 200, probes: 4, recovered: 4, staleSteps: 0 }],
  ['GET /orders/{orderId}', { firstTry: 200, probes: 1, recovered: 1, staleSteps: 0 }],
  ['GET /orders/{orderId}/receipt', { firstTry: 200, probes: 1, recovered: 1, staleSteps: 0 }],
  ['POST /orders/{orderId}/cancel', { firstTry: 200, probes: 1, recovered: 1, staleSteps: 0 }],
];

let good: string;
let defective: string;
beforeAll(async () => {
  [good, defective] = [await probeFile(false, 'good.json'), await probeFile(true, 'defective.json')];
}, 60000);

test('without --probe: no evidence, no live row, and the level is declared, not verified', async () => {
  const declared = await report();
  expect({ evidence: declared.evidence, verified: declared.level.verified, live: declared.operations.map(operation => operation.live) }).toEqual({
    evidence: null,
    verified: false,
    live: [null, null, null, null, null, null],
  });
  const markdown = await runMain(['report', DESCRIPTION]);
  expect(markdown.stdout.split('\n')[0]).toBe(`## Agent-readiness: ${declared.overall.score}% · level: errors structured (declared, not verified)`);
});

test('with the probe of the API that passes: confidence 1, what each operation did live, the level verified', async () => {
  const backed = await report('--probe', good);
  expect({ evidence: backed.evidence, level: backed.level.id, verified: backed.level.verified }).toEqual({
    evidence: { tested: 6, total: 6, confidence: 1 },
    level: 'errors-structured',
    verified: true,
  });
  expect(backed.operations.map(({ method, path, live }) => [`${method} ${path}`, live])).toEqual(GOOD_LIVE);
  const markdown = await runMain(['report', DESCRIPTION, '--probe', good]);
  expect(markdown.stdout.split('\n')[0]).toBe(
    `## Agent-readiness: ${backed.overall.score}% · confidence 1.00 (6 of 6 operations tested live) · level: errors structured`,
  );
  expect(markdown.stdout).toContain('| POST | `/orders` | `createOrder` | 201, 8/8 faults recovered |');
});

test('with the probe of the defective API: a declared pass the server broke fails, observed, and the score drops', async () => {
  const declared = await report();
  const backed = await report('--probe', defective);
  const observed = backed.operations.flatMap(operation =>
    Object.entries(operation.cells)
      .filter(([, cell]) => cell.observed === true)
      .map(([principle, cell]) => [`${operation.method} ${operation.path}`, principle, cell.status, cell.diagnostics![0].message.slice(0, 59)]),
  );
  expect(observed).toEqual([
    ['POST /orders', 'field-details', 'fail', 'observed by the probe: POST /orders 400: the error for a re'],
    ['POST /orders', 'next-steps-href', 'fail', 'observed by the probe: POST /orders 201: step `nextSteps[1]'],
  ]);
  expect(declared.operations[1].cells['field-details'].status).toBe('pass');
  expect(backed.evidence).toEqual({ tested: 5, total: 6, confidence: 0.833 });
  expect(backed.overall.cells.passed).toBe(declared.overall.cells.passed - 2);
});

test('a file that is not the probe JSON is one line and exit 2', async () => {
  const wrong = join(tmp, 'wrong.json');
  writeFileSync(wrong, '{"findings": []}');
  expect(await runMain(['report', DESCRIPTION, '--probe', wrong])).toEqual({
    code: 2,
    stdout: '',
    stderr: `spectral-agent-ux report: ${wrong}: is not the output of \`spectral-agent-ux probe --format json\`\n`,
  });
});

describe("report --base-url: the probe played by the report itself, with the probe's own options", () => {
  const live = async (defective: boolean, ...flags: string[]) =>
    withOrdersApi(defective, async api => {
      const run = await runMain(['report', DESCRIPTION, '--format', 'json', '--base-url', api.url, '--input', PROBE_INPUT, ...flags]);
      return { code: run.code, data: JSON.parse(run.stdout) as ReportData };
    });

  test('the API that passes: the evidence and live rows that --probe of its file gives', async () => {
    const { code, data } = await live(false);
    expect({ code, evidence: data.evidence, verified: data.level.verified }).toEqual({
      code: 0,
      evidence: { tested: 6, total: 6, confidence: 1 },
      verified: true,
    });
    expect(data.operations.map(({ method, path, live }) => [`${method} ${path}`, live])).toEqual(GOOD_LIVE);
    expect(data).toEqual(await report('--probe', good));
  }, 30000);

  test('the defective API: the observed failures and the confidence below the bar', async () => {
    const { data } = await live(true);
    expect(data.evidence).toEqual({ tested: 5, total: 6, confidence: 0.833 });
    expect(data).toEqual(await report('--probe', defective));
  }, 30000);

  test('--operation limits the play as in the probe: the other operations are not tested', async () => {
    const { data } = await live(false, '--operation', 'GET /orders');
    expect(data.evidence).toEqual({ tested: 1, total: 6, confidence: 0.167 });
  }, 30000);

  test.each([
    [
      ['--probe', 'probe.json', '--base-url', 'http://127.0.0.1:9'],
      'give --probe (a probe run read from its file) or --base-url (the probe run now), not both (see --help)',
    ],
    [['--header', 'Authorization: Bearer x'], '--header is for the probe that --base-url runs; give --base-url too (see --help)'],
    [['--base-url', 'https://api.example.com'], expect.stringContaining('--allow-remote')],
  ])('%j is one line and exit 2', async (flags, line) => {
    const run = await runMain(['report', DESCRIPTION, ...flags]);
    expect({ code: run.code, stdout: run.stdout, lines: run.stderr.split('\n').length }).toEqual({ code: 2, stdout: '', lines: 2 });
    expect(run.stderr).toEqual(typeof line === 'string' ? `spectral-agent-ux report: ${line}\n` : line);
  });
});
