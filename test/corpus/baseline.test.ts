/**
 * npm run test:corpus: adopting the package on real public descriptions, as a team would. The packed
 * tarball and the real Spectral CLI are installed into a new project; the installed
 * `spectral-agent-ux baseline` writes the baseline and the real `spectral lint -r` reads it.
 * dist/ must be current (`npm run build`; CI runs `npm run test:package`, which builds, first).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { plural } from '../../cli/baseline/file';
import { withNewOperation } from '../support/baseline';
import { createConsumer, type CliResult } from '../support/consumer';
import { ROOT } from '../support/report';

const CORPUS = join(ROOT, '.cache', 'corpus');
const EXTENDS = 'extends: ["spectral-agent-ux"]\n';

let consumer: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'spectral-agent-ux.cjs'))) throw new Error('dist/ is missing: run npm run build');
  consumer = createConsumer();
}, 600_000);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function exec(bin: string, args: string[], cwd: string): Run {
  const result = spawnSync(join(consumer, 'node_modules', '.bin', bin), args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The installed bin, run in `cwd` (a folder of the consumer project). */
const baseline = (cwd: string, ...args: string[]) => exec('spectral-agent-ux', ['baseline', ...args], cwd);

/** The real `spectral lint -r <ruleset> <file>`, its results as a user reads them. */
function lint(cwd: string, ruleset: string, file: string): { status: number | null; results: CliResult[] } {
  const run = exec('spectral', ['lint', file, '-r', ruleset, '--format', 'json', '--quiet'], cwd);
  if (run.status === 2) throw new Error(`spectral failed:\n${run.stderr}${run.stdout}`);
  return { status: run.status, results: JSON.parse(run.stdout || '[]') };
}

/** A folder of the consumer project holding these files (corpus files by name, others by content). */
function folder(name: string, files: Record<string, string>): string {
  const dir = join(consumer, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    if (content.startsWith('corpus:')) copyFileSync(join(CORPUS, content.slice('corpus:'.length)), join(dir, file));
    else writeFileSync(join(dir, file), content);
  }
  return dir;
}

const findingsIn = (stdout: string) => Number(/: (\d+) findings? in \d+ places?/.exec(stdout)?.[1]);

describe.each([['train-travel.yaml'], ['petstore-swagger2.json']])('%s', name => {
  let dir: string;
  let before: CliResult[];
  let written: Run;
  beforeAll(() => {
    dir = folder(`adopt-${name}`, { '.spectral.yaml': EXTENDS, [name]: `corpus:${name}` });
    before = lint(dir, '.spectral.yaml', name).results;
    written = baseline(dir, name);
  });

  test('baseline writes the file and counts every finding of today', () => {
    expect(written).toMatchObject({ status: 0, stderr: '' });
    expect(written.stdout).toMatch(
      new RegExp(
        `^spectral-agent-ux baseline: wrote \\.spectral-baseline\\.yaml: \\d+ findings in \\d+ places; in CI: npx spectral lint -r \\.spectral-baseline\\.yaml ${name.replace('.', '\\.')} --fail-severity warn\\n$`,
      ),
    );
    expect(before.length).toBeGreaterThan(5);
    expect(findingsIn(written.stdout)).toBe(before.length);
  });

  test('spectral lint -r .spectral-baseline.yaml finds nothing', () => {
    expect(lint(dir, '.spectral-baseline.yaml', name)).toEqual({ status: 0, results: [] });
  });

  test('the report with the baseline shows every finding as a baselined cell, none failing', () => {
    const run = exec('spectral-agent-ux', ['report', name, '--ruleset', '.spectral-baseline.yaml', '--format', 'json'], dir);
    expect(run.status).toBe(0);
    const cells = (JSON.parse(run.stdout) as { operations: { cells: Record<string, { status: string; diagnostics?: unknown[] }> }[] }).operations.flatMap(
      operation => Object.values(operation.cells),
    );
    expect(cells.filter(cell => cell.status === 'fail')).toEqual([]);
    // A finding on a shared component is a baselined cell of every operation that uses it: counted once.
    const baselined = new Set(
      cells.filter(cell => cell.status === 'baselined').flatMap(cell => cell.diagnostics!.map(diagnostic => JSON.stringify(diagnostic))),
    );
    expect(baselined.size).toBe(before.length);
  });
});

describe('train-travel.yaml over time', () => {
  const original = () => readFileSync(join(CORPUS, 'train-travel.yaml'), 'utf8');
  /** POST /bookings declares whether a failed call may be repeated: its ax-recoverable-retryable finding is fixed. */
  const fixed = (yaml: string) => yaml.replace('      operationId: create-booking\n', '      operationId: create-booking\n      x-ax-retryable: false\n');
  let dir: string;
  let accepted: string;
  beforeAll(() => {
    dir = folder('over-time', { '.spectral.yaml': EXTENDS, 'train-travel.yaml': 'corpus:train-travel.yaml' });
    expect(baseline(dir, 'train-travel.yaml').status).toBe(0);
    accepted = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
  });

  test('a new operation: spectral lint reports its findings, and only those', () => {
    writeFileSync(join(dir, 'train-travel.yaml'), withNewOperation(original()));
    const { status, results } = lint(dir, '.spectral-baseline.yaml', 'train-travel.yaml');
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter(result => result.path[1] !== '/refunds')).toEqual([]);
    expect(status).toBe(1);
  });

  test('a fixed operation: --check fails naming it, --prune removes that rule there and changes nothing else', () => {
    writeFileSync(join(dir, 'train-travel.yaml'), fixed(original()));
    expect(baseline(dir, 'train-travel.yaml', '--check')).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'spectral-agent-ux baseline: stale: train-travel.yaml#/paths/~1bookings/post: no findings left for ax-recoverable-retryable\n' +
        'spectral-agent-ux baseline: 1 stale entry in .spectral-baseline.yaml; run with --prune to remove them\n',
    });
    const pruned = baseline(dir, 'train-travel.yaml', '--prune');
    expect(pruned).toMatchObject({ status: 0, stderr: '', stdout: expect.stringContaining('pruned .spectral-baseline.yaml: 1 rule id removed from 1 entry;') });
    const after = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
    const expected = accepted
      .replace(/^(# spectral-agent-ux baseline: )(\d+)/m, (_all, head, count) => `${head}${Number(count) - 1}`)
      .replace(/^( {2}# POST \/bookings: )(\d+) findings?/m, (_all, head, count) => `${head}${plural(Number(count) - 1, 'finding')}`)
      .replace(/(train-travel\.yaml#\/paths\/~1bookings\/post"\]\n {4}rules:\n(?: {6}.*\n)*?) {6}ax-recoverable-retryable: "off" # 1\n/, '$1');
    expect(after).not.toBe(accepted);
    expect(after).toBe(expected);
    expect(baseline(dir, 'train-travel.yaml', '--check')).toMatchObject({ status: 0, stdout: expect.stringContaining('is up to date') });
    expect(lint(dir, '.spectral-baseline.yaml', 'train-travel.yaml')).toEqual({ status: 0, results: [] });
  });
});

test('the baseline in another folder than the ruleset and the description: spectral lint reads it from anywhere', () => {
  const dir = folder('folders', { '.spectral.yaml': EXTENDS, 'api/train-travel.yaml': 'corpus:train-travel.yaml' });
  expect(baseline(dir, 'api/train-travel.yaml', '--output', 'ci/baseline.yaml').status).toBe(0);
  const text = readFileSync(join(dir, 'ci', 'baseline.yaml'), 'utf8');
  expect(text).toContain('extends: ["../.spectral.yaml"]');
  expect(text).toContain('- files: ["../api/train-travel.yaml#/components/schemas/Problem"]');
  expect(lint(dir, 'ci/baseline.yaml', 'api/train-travel.yaml')).toEqual({ status: 0, results: [] });
  expect(lint(join(dir, 'ci'), 'baseline.yaml', '../api/train-travel.yaml')).toEqual({ status: 0, results: [] });
});

describe('bad input through the installed bin: exit 2, one line naming the file, no baseline', () => {
  test.each([
    ['a missing description', {}, ['missing.yaml'], 'missing.yaml: no such file'],
    ['a document that is not OpenAPI', { 'notes.yaml': 'title: not an API\n' }, ['notes.yaml'], 'notes.yaml: not an OpenAPI description'],
    [
      'a ruleset that does not load',
      { 'api.yaml': 'corpus:train-travel.yaml', 'rules.yaml': `${EXTENDS}rules:\n  ax-envelope-next-steps: loud\n` },
      ['api.yaml', '-r', 'rules.yaml'],
      'rules.yaml:3:27: ',
    ],
    [
      'an unreadable baseline',
      { 'api.yaml': 'corpus:train-travel.yaml', '.spectral-baseline.yaml': 'overrides: [\n' },
      ['api.yaml', '--check'],
      '.spectral-baseline.yaml: invalid YAML at line',
    ],
  ])('%s', (name, files, args, message) => {
    const dir = folder(`bad-${name.replace(/\W+/g, '-')}`, files);
    const run = baseline(dir, ...args);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' });
    expect(run.stderr).toContain(`spectral-agent-ux baseline: ${message}`);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    const left = files['.spectral-baseline.yaml' as keyof typeof files] as string | undefined;
    if (left === undefined) expect(existsSync(join(dir, '.spectral-baseline.yaml'))).toBe(false);
    else expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toBe(left);
  });
});
