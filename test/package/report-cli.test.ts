/**
 * `spectral-agent-ux report` end to end: in-process through main() for formats, exit codes, bad input
 * and ruleset discovery; then the bundled bin (built outside dist/, beside a copy of the dist/shared.cjs
 * that it requires: needs `npm run build`) as a user's project runs it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { schema } from '@stoplight/spectral-functions';
import * as Parsers from '@stoplight/spectral-parsers';
import { build } from 'tsup';
import { bin as binBuild } from '../../tsup.config';
import type { ReportData } from '../../cli/report/report';
import { FIXTURES, ROOT } from '../support/report';
import { runMain as run } from '../support/bin';

const scratch = mkdtempSync(join(tmpdir(), 'report-cli-'));
const write = (name: string, text: string) => {
  writeFileSync(join(scratch, name), text);
  return join(scratch, name);
};

/** A valid description with `count` operations, to cross the progress-line threshold. */
function manyOperations(count: number): string {
  const paths = Object.fromEntries(Array.from({ length: count }, (_, i) => [`/items/${i}`, { get: { responses: { '200': { description: 'ok' } } } }]));
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Many', version: '1' }, paths });
}

describe('formats', () => {
  test('markdown (the default) opens with the score and level, and folds the matrix', async () => {
    const { code, stdout, stderr } = await run(['report', 'examples/naive.yaml']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^## Agent-readiness: [\d.]+% · level: not agent-ready\n/);
    expect(stdout).toContain('<details><summary>Matrix: 5 operations × 22 principles</summary>');
    expect(stdout).toContain('| POST | `/payments` | `createPayment` |');
  });

  test('says which operations the operations count leaves out, and why', async () => {
    const api = {
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1' },
      paths: {
        '/orders': { get: { operationId: 'listOrders', responses: { '200': { description: 'ok' } } } },
        '/orders/{id}': { delete: { responses: { '204': { description: 'gone' } } } },
        '/payments': { post: { responses: { '201': { description: 'created' } } } },
      },
    };
    const folder = mkdtempSync(join(scratch, 'uncounted-'));
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(api));
    // Every rule that applies to the DELETE turned off for it by the ruleset's overrides.
    const off = ['ax-recoverable-retryable', 'ax-recoverable-idempotent', 'ax-recoverable-error-responses'].map(rule => `      ${rule}: "off"`).join('\n');
    writeFileSync(
      join(folder, '.spectral.yaml'),
      `extends: [["${join(ROOT, 'dist', 'index.cjs')}", recommended]]\noverrides:\n  - files: ["openapi.json#/paths/~1orders~1%7Bid%7D/delete"]\n    rules:\n${off}\n`,
    );
    const { stdout, stderr } = await run(['report', 'openapi.json'], folder);
    expect(stderr).toBe('');
    expect(stdout).toContain('Operations passing every principle that applies: 0/1 (0%).');
    expect(stdout).toContain(
      'Not counted: no principle applies to 1 operation (`GET /orders`); every principle that applies is exempt for 1 operation (`DELETE /orders/{id}`).',
    );
  });

  test('json validates against docs/report.schema.json', async () => {
    const { stdout } = await run(['report', 'examples/naive.yaml', '--format', 'json']);
    const spectral = new Spectral();
    const reportSchema = JSON.parse(readFileSync(join(ROOT, 'docs', 'report.schema.json'), 'utf8'));
    spectral.setRuleset({
      rules: {
        valid: {
          given: '$',
          severity: 'error',
          then: { function: schema, functionOptions: { schema: reportSchema, dialect: 'draft2020-12', allErrors: true } },
        },
      },
    });
    const problems = await spectral.run(new Document(stdout, Parsers.Json, 'report.json'));
    expect(problems.map(problem => `${problem.path.join('.')}: ${problem.message}`)).toEqual([]);
    expect(JSON.parse(stdout)).toMatchObject({ schemaVersion: 2, file: 'examples/naive.yaml', ruleset: null });
  });

  test('json is stable: the same input gives the same bytes', async () => {
    const first = await run(['report', 'examples/naive.yaml', '-f', 'json']);
    const second = await run(['report', 'examples/naive.yaml', '-f', 'json']);
    expect(second.stdout).toBe(first.stdout);
  });

  test('--output writes the report to a file instead of stdout', async () => {
    const output = join(scratch, 'report.html');
    const { code, stdout } = await run(['report', 'examples/naive.yaml', '--format', 'html', '--output', output]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(readFileSync(output, 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });
});

describe('exit codes', () => {
  test('1 when the overall score is below --min-score, with the reason on stderr', async () => {
    const { code, stderr } = await run(['report', 'examples/naive.yaml', '--min-score', '90']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^spectral-agent-ux report: overall score [\d.]+% is below --min-score 90\n$/);
  });

  test('0 when the score reaches --min-score', async () => {
    expect((await run(['report', 'examples/naive.yaml', '--min-score', '0'])).code).toBe(0);
  });

  test.each([
    ['a missing file', () => 'missing.yaml', 'missing.yaml: no such file'],
    ['invalid YAML', () => write('broken.yaml', 'openapi: 3.0.3\npaths: [\n'), 'broken.yaml: invalid YAML at line'],
    ['invalid JSON', () => write('broken.json', '{"openapi": "3.0.3",'), 'broken.json: invalid JSON at line'],
    ['a document that is not OpenAPI', () => join(ROOT, 'package.json'), 'package.json: not an OpenAPI description'],
    ['an empty file', () => write('empty.yaml', ''), 'empty.yaml: is empty; point at the OpenAPI description'],
    ['a file of comments only', () => write('comments.yaml', '# to do\n'), 'comments.yaml: is empty; point at the OpenAPI description'],
    ['a missing ruleset', () => 'examples/naive.yaml --ruleset nope.yaml', 'nope.yaml: no such ruleset file'],
    [
      "a ruleset that does not load: the loader's message at its file and line",
      () =>
        `examples/naive.yaml --ruleset ${write('bad-rules.yaml', 'rules:\n  my-rule:\n    given: $\n    severity: loud\n    then: { function: truthy }\n')}`,
      'bad-rules.yaml:4:15: the value has to be one of: 0, 1, 2, 3 or "error", "warn", "info", "hint", "off"',
    ],
    [
      'a ruleset that is not YAML',
      () => `examples/naive.yaml --ruleset ${write('broken-rules.yaml', 'rules: {\n')}`,
      'broken-rules.yaml: invalid YAML at line 2',
    ],
  ])('2 and one line on stderr for %s', async (_name, input, message) => {
    const { code, stdout, stderr } = await run(['report', ...input().split(' ')]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  test('2 for wrong usage', async () => {
    expect(await run(['report'])).toEqual({ code: 2, stdout: '', stderr: 'spectral-agent-ux report: missing the OpenAPI file to report on (see --help)\n' });
    expect(await run([])).toEqual({ code: 2, stdout: '', stderr: 'spectral-agent-ux: missing command: report, baseline, fix, probe or lsp (see --help)\n' });
    expect(await run(['lint', 'api.yaml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-agent-ux: unknown command "lint" (the commands are: report, baseline, fix, probe, lsp) (see --help)\n',
    });
  });

  test('--help and --version answer on stdout with 0', async () => {
    expect(await run(['--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: spectral-agent-ux <command>/), stderr: '' });
    expect(await run(['report', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: spectral-agent-ux report <openapi-file>/),
      stderr: '',
    });
    expect(await run(['baseline', '-h'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: spectral-agent-ux baseline <openapi-file>/),
      stderr: '',
    });
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    expect(await run(['report', '-v'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
  });
});

describe('large documents', () => {
  test('more than 200 operations get progress lines on stderr', async () => {
    const { code, stderr } = await run(['report', write('many.json', manyOperations(201))]);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^spectral-agent-ux report: linting 201 operations of .*many\.json…\nspectral-agent-ux report: scored 201 operations in [\d.]+ s\n$/,
    );
  });

  test('200 operations stay quiet', async () => {
    expect((await run(['report', write('some.json', manyOperations(200))])).stderr).toBe('');
  });
});

describe("the user's ruleset, found like the CLI finds it", () => {
  test('.spectral.yaml of the current folder, with its overrides', async () => {
    const { code, stdout, stderr } = await run(['report', 'orders.yaml', '--format', 'json'], FIXTURES);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report: ReportData = JSON.parse(stdout);
    expect(report.ruleset).toBe('.spectral.yaml');
    const createOrder = report.operations.find(operation => operation.operationId === 'createOrder')!;
    expect(createOrder.cells['next-steps']).toEqual({ status: 'exempt', reason: 'overrides' });
  });

  test('--ruleset wins over the folder', async () => {
    const { stdout } = await run(['report', 'test/fixtures/report/orders.yaml', '-f', 'json', '--ruleset', 'test/fixtures/report/.spectral.yaml']);
    expect(JSON.parse(stdout).ruleset).toBe('test/fixtures/report/.spectral.yaml');
  });
});

describe('the bundled bin', () => {
  const outDir = join(ROOT, '.cache', 'report-bin-test');
  const bin = join(outDir, 'spectral-agent-ux.cjs');
  beforeAll(async () => {
    // `config: false`: tsup would otherwise also run every build of tsup.config.ts into outDir, and two writes of the bin race.
    await build({ ...binBuild, outDir, silent: true, config: false });
    for (const file of ['shared.cjs', 'shared-map.cjs']) copyFileSync(join(ROOT, 'dist', file), join(outDir, file));
  }, 60000);

  test('starts with a shebang and keeps every @stoplight/* import external', () => {
    const text = readFileSync(bin, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text).toContain('require("@stoplight/spectral-core")');
    expect(text).not.toMatch(/Spectral\.prototype|class Spectral\b/);
    // The rules come from dist/shared.cjs, not from a second copy inside the bin.
    expect(text).toContain('require("./shared.cjs")');
  });

  test.each([
    [['report', 'examples/naive.yaml'], 0],
    [['report', 'examples/naive.yaml', '--min-score', '100'], 1],
    [['report', 'missing.yaml'], 2],
  ])('%j exits with %i', (argv, status) => {
    const ran = spawnSync(process.execPath, [bin, ...argv], { cwd: ROOT, encoding: 'utf8' });
    // The error output is shown when the status is not the one expected: a crash says why.
    expect({ status: ran.status, stderr: ran.status === status ? '' : ran.stderr }).toEqual({ status, stderr: '' });
  });
});
