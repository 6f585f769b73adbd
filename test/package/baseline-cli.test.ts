/**
 * `spectral-agent-ux baseline` in-process through the dispatcher: the file it writes, linted the way
 * `spectral lint -r` loads it, accepts exactly today's findings; --check and --prune follow fixes; bad
 * input exits 2 without touching the baseline. (test/corpus/baseline.test.ts runs the installed bin and
 * the real CLI on real descriptions.)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToPointer } from '@stoplight/json';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { RULE_IDS } from '../../rules';
import { loadRuleset } from '../../cli/lint';
import { toOverridePointer } from '../../cli/place';
import type { ReportData } from '../../cli/report/report';
import { withNewOperation } from '../support/baseline';
import { example, lintAlone, ROOT } from '../support/report';
import { runMain as run } from '../support/bin';

// Inside the package, so that `extends: ["spectral-agent-ux"]` resolves to this package's build.
const SCRATCH = join(ROOT, '.cache', 'baseline-test');
mkdirSync(SCRATCH, { recursive: true });

/** A fresh project folder with these files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(SCRATCH, 'project-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const NAIVE = readFileSync(example('naive.yaml'), 'utf8');
const PACKAGE_RULES = new Set<string>(RULE_IDS);
const ours = (diagnostics: readonly ISpectralDiagnostic[]) => diagnostics.filter(diagnostic => PACKAGE_RULES.has(String(diagnostic.code)));
const where = (diagnostic: ISpectralDiagnostic) => `${diagnostic.code} ${diagnostic.path.slice(0, 3).join(' ')}`;

/** `spectral lint -r <ruleset> <file>`, in-process, with the ruleset loaded as the CLI loads it. */
async function lintWithRuleset(rulesetFile: string, file: string) {
  return lintAlone(file, await loadRuleset(rulesetFile));
}

/** The lines of `a` that `b` lacks, counting repeated lines. */
function withoutLines(a: string[], b: string[]): string[] {
  const left = [...b];
  return a.filter(line => {
    const at = left.indexOf(line);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}
/** POST /payments fixed for two rules: its retry flag spelled right (ax-recoverable-retryable, ax-extensions-valid). */
const withFixedOperation = (yaml: string) => yaml.replace('x-ax-retriable: false', 'x-ax-retryable: false');

describe('baseline, then lint with it', () => {
  let dir: string;
  let written: { code: number; stdout: string; stderr: string };
  let before: ISpectralDiagnostic[];
  beforeAll(async () => {
    dir = project({ 'naive.yaml': NAIVE });
    before = ours(await lintAlone(join(dir, 'naive.yaml'), await loadRuleset(undefined)));
    written = await run(['baseline', 'naive.yaml'], dir);
  });

  test('writes .spectral-baseline.yaml and says so on one line', () => {
    expect(written).toEqual({
      code: 0,
      stdout: `spectral-agent-ux baseline: wrote .spectral-baseline.yaml: ${before.length} findings in 7 places; in CI: npx spectral lint -r .spectral-baseline.yaml naive.yaml --fail-severity warn\n`,
      stderr: '',
    });
  });

  test('linting with it finds nothing; without it, every finding is back', async () => {
    expect(before.length).toBeGreaterThan(20);
    expect(await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml'))).toEqual([]);
  });

  test('one entry per place a finding sits (an operation, or a shared component), sorted, path-template braces percent-encoded, each with its count', () => {
    const text = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
    const patterns = [...text.matchAll(/^ {2}- files: \["([^"]+)"\]$/gm)].map(match => match[1]);
    // GET /payments has no finding of its own, and GET /payments/{id}'s are on the `Error` its 404 answers: no entry for them.
    expect(patterns).toEqual([
      'naive.yaml#/components/schemas/CapturedPayment/allOf/1/properties/nextSteps/items',
      'naive.yaml#/components/schemas/CapturedPayment/allOf/1/properties/nextSteps/items/properties/method',
      'naive.yaml#/components/schemas/Error',
      'naive.yaml#/components/schemas/Error/properties/stack',
      'naive.yaml#/paths/~1payments/post',
      'naive.yaml#/paths/~1payments~1%7Bid%7D/delete',
      'naive.yaml#/paths/~1payments~1%7Bid%7D~1capture/post',
    ]);
    expect(text).toContain('extends: ["spectral-agent-ux"]\n');
    expect(text).toContain('\n#   npx spectral lint -r <this file> <files> --fail-severity warn\n');
    const counts = [...text.matchAll(/^ {6}[\w-]+: "off" # (\d+)$/gm)].map(match => Number(match[1]));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(before.length);
    expect(text).toMatch(/^ {2}# DELETE \/payments\/\{id\}: \d+ findings$/m);
  });

  test('a new operation: only its findings are reported', async () => {
    writeFileSync(join(dir, 'grown.yaml'), withNewOperation(NAIVE));
    const rulesetText = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8').replaceAll('naive.yaml#', 'grown.yaml#');
    writeFileSync(join(dir, 'grown-baseline.yaml'), rulesetText);
    const found = ours(await lintWithRuleset(join(dir, 'grown-baseline.yaml'), join(dir, 'grown.yaml')));
    const all = ours(await lintAlone(join(dir, 'grown.yaml'), await loadRuleset(undefined)));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map(where).sort()).toEqual(
      all
        .filter(diagnostic => diagnostic.path[1] === '/refunds')
        .map(where)
        .sort(),
    );
  });
});

describe('--check and --prune after a fix', () => {
  let dir: string;
  let original: string;
  beforeAll(async () => {
    dir = project({ 'naive.yaml': NAIVE });
    expect((await run(['baseline', 'naive.yaml'], dir)).code).toBe(0);
    original = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
    writeFileSync(join(dir, 'naive.yaml'), withFixedOperation(NAIVE));
  });

  test('--check exits 1 and names the stale entry and its rules, one line each', async () => {
    expect(await run(['baseline', 'naive.yaml', '--check'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'spectral-agent-ux baseline: stale: naive.yaml#/paths/~1payments/post: no findings left for ax-extensions-valid, ax-recoverable-retryable\n' +
        'spectral-agent-ux baseline: 1 stale entry in .spectral-baseline.yaml; run with --prune to remove them\n',
    });
    expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toBe(original);
  });

  test('--prune removes those rule ids and changes nothing else; --check then passes', async () => {
    const pruned = await run(['baseline', 'naive.yaml', '--prune'], dir);
    expect(pruned).toMatchObject({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(
        /^spectral-agent-ux baseline: pruned \.spectral-baseline\.yaml: 2 rule ids removed from 1 entry; \d+ findings in 7 places left\n$/,
      ),
    });
    const after = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8').split('\n');
    const lines = original.split('\n');
    const removed = withoutLines(lines, after);
    const added = withoutLines(after, lines);
    expect(removed).toEqual([
      expect.stringMatching(/^# spectral-agent-ux baseline: \d+ findings/),
      expect.stringMatching(/^ {2}# POST \/payments: \d+ findings$/),
      '      ax-extensions-valid: "off" # 1',
      '      ax-recoverable-retryable: "off" # 1',
    ]);
    expect(added).toEqual([
      expect.stringMatching(/^# spectral-agent-ux baseline: \d+ findings/),
      expect.stringMatching(/^ {2}# POST \/payments: \d+ findings$/),
    ]);
    expect(await run(['baseline', 'naive.yaml', '--check'], dir)).toMatchObject({ code: 0, stdout: expect.stringContaining('is up to date') });
    expect(await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml'))).toEqual([]);
  });

  test('--prune never adds: a new operation stays reported', async () => {
    const before = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
    writeFileSync(join(dir, 'naive.yaml'), withNewOperation(withFixedOperation(NAIVE)));
    expect((await run(['baseline', 'naive.yaml', '--prune'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toBe(before);
    const found = ours(await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml')));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(diagnostic => diagnostic.path[1] === '/refunds')).toBe(true);
  });
});

describe('where the files are', () => {
  test('the baseline in another folder than the ruleset and the document: extends and files are relative to it', async () => {
    const dir = project({
      '.spectral.yaml': 'extends: ["spectral-agent-ux"]\nrules:\n  ax-recoverable-retryable-flag: "off"\n',
      'api/naive.yaml': NAIVE,
    });
    const written = await run(['baseline', 'api/naive.yaml', '--output', 'ci/baseline.yaml'], dir);
    expect(written.code).toBe(0);
    const text = readFileSync(join(dir, 'ci', 'baseline.yaml'), 'utf8');
    expect(text).toContain('extends: ["../.spectral.yaml"]\n');
    expect(text).toContain('- files: ["../api/naive.yaml#/paths/~1payments/post"]\n');
    expect(text).not.toContain('ax-recoverable-retryable-flag');
    expect(await lintWithRuleset(join(dir, 'ci', 'baseline.yaml'), join(dir, 'api', 'naive.yaml'))).toEqual([]);
  });

  test("the user's overrides, which Spectral ignores through extends, are covered by the baseline instead (with a note)", async () => {
    const dir = project({
      '.spectral.yaml':
        'extends: ["spectral-agent-ux"]\noverrides:\n  - files: ["naive.yaml#/paths/~1payments/post"]\n    rules:\n      ax-recoverable-error-schema: "off"\n',
      'naive.yaml': NAIVE,
    });
    const written = await run(['baseline', 'naive.yaml'], dir);
    expect(written.stderr).toBe(
      'spectral-agent-ux baseline: note: Spectral ignores the overrides of .spectral.yaml once it is extended, so the baseline covers their findings instead\n',
    );
    expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toMatch(
      /naive\.yaml#\/paths\/~1payments\/post"\]\n {4}rules:\n(?: {6}.*\n)* {6}ax-recoverable-error-schema: "off"/,
    );
    expect(await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml'))).toEqual([]);
  });

  test('--all-rules also baselines spectral:oas, whose findings outside operations get pointers of their own', async () => {
    const dir = project({ '.spectral.yaml': 'extends: ["spectral:oas", "spectral-agent-ux"]\n', 'naive.yaml': NAIVE });
    expect((await run(['baseline', 'naive.yaml'], dir)).code).toBe(0);
    const onlyOurs = await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml'));
    expect(onlyOurs.length).toBeGreaterThan(0);
    expect(ours(onlyOurs)).toEqual([]);
    expect((await run(['baseline', 'naive.yaml', '--all-rules'], dir)).code).toBe(0);
    expect(await lintWithRuleset(join(dir, '.spectral-baseline.yaml'), join(dir, 'naive.yaml'))).toEqual([]);
    expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toContain('- files: ["naive.yaml#/info"]');
  });
});

describe('the report with a baseline', () => {
  test('cells the baseline covers are "baselined", the rest as without it; a new operation fails', async () => {
    const dir = project({ 'naive.yaml': NAIVE });
    expect((await run(['baseline', 'naive.yaml'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'naive.yaml'), withNewOperation(NAIVE));
    const report = async (...argv: string[]): Promise<ReportData> => {
      const { code, stdout } = await run(['report', 'naive.yaml', '--format', 'json', ...argv], dir);
      expect(code).toBe(0);
      return JSON.parse(stdout);
    };
    const [without, withBaseline] = [await report(), await report('--ruleset', '.spectral-baseline.yaml')];
    const statuses = (data: ReportData, path: string) =>
      data.operations.filter(operation => operation.path === path).flatMap(operation => Object.values(operation.cells).map(cell => cell.status));
    expect(statuses(withBaseline, '/refunds')).toEqual(statuses(without, '/refunds'));
    expect(statuses(withBaseline, '/refunds')).toContain('fail');
    for (const path of ['/payments', '/payments/{id}', '/payments/{id}/capture']) {
      expect(statuses(withBaseline, path)).toEqual(statuses(without, path).map(status => (status === 'fail' ? 'baselined' : status)));
    }
    expect(withBaseline.principles.find(principle => principle.id === 'next-steps')!.counts).toMatchObject({ fail: 1, baselined: 1 });
    expect(withBaseline.overall).toEqual(without.overall);
  });
});

describe('bad input: exit 2, one line naming the file, no baseline written', () => {
  const cases: [string, Record<string, string>, string[], RegExp][] = [
    ['a missing description', {}, ['missing.yaml'], /^spectral-agent-ux baseline: missing\.yaml: no such file\n$/],
    [
      'a document that is not OpenAPI',
      { 'notes.yaml': 'title: hello\n' },
      ['notes.yaml'],
      /^spectral-agent-ux baseline: notes\.yaml: not an OpenAPI description/,
    ],
    ['invalid YAML', { 'broken.yaml': 'openapi: 3.0.3\npaths: [\n' }, ['broken.yaml'], /^spectral-agent-ux baseline: broken\.yaml: invalid YAML at line \d+/],
    [
      'a ruleset that does not load',
      { 'naive.yaml': NAIVE, 'rules.yaml': 'extends: ["spectral-agent-ux"]\nrules:\n  ax-envelope-next-steps: loud\n' },
      ['naive.yaml', '-r', 'rules.yaml'],
      /^spectral-agent-ux baseline: rules\.yaml:3:27: must be equal to one of the allowed values\n$/,
    ],
    ['a missing ruleset', { 'naive.yaml': NAIVE }, ['naive.yaml', '-r', 'nope.yaml'], /^spectral-agent-ux baseline: nope\.yaml: no such ruleset file\n$/],
    [
      '--check without a baseline',
      { 'naive.yaml': NAIVE },
      ['naive.yaml', '--check'],
      /^spectral-agent-ux baseline: \.spectral-baseline\.yaml: no such baseline file/,
    ],
  ];
  test.each(cases)('%s', async (_name, files, argv, message) => {
    const dir = project(files);
    const { code, stdout, stderr } = await run(['baseline', ...argv], dir);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, '.spectral-baseline.yaml'))).toBe(false);
  });

  test.each([
    [
      'not a baseline',
      'extends: ["spectral-agent-ux"]\n',
      /^spectral-agent-ux baseline: \.spectral-baseline\.yaml: unreadable baseline: no `description: spectral-agent-ux baseline …`/,
    ],
    ['not YAML', 'description: "spectral-agent-ux baseline"\nextends: [\n', /^spectral-agent-ux baseline: \.spectral-baseline\.yaml: invalid YAML at line \d+/],
    [
      'extends a missing ruleset',
      'description: "spectral-agent-ux baseline (per defect)"\nextends: ["./gone.yaml"]\n',
      /^spectral-agent-ux baseline: \.spectral-baseline\.yaml: .*ENOENT.*gone\.yaml/,
    ],
  ])('an unreadable baseline for --prune: %s, left as it was', async (_name, text, message) => {
    const dir = project({ 'naive.yaml': NAIVE, '.spectral-baseline.yaml': text });
    const { code, stderr } = await run(['baseline', 'naive.yaml', '--prune'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8')).toBe(text);
  });

  test('--prune with a document left out cannot judge its entries', async () => {
    const dir = project({ 'naive.yaml': NAIVE, 'other.yaml': NAIVE });
    expect((await run(['baseline', 'naive.yaml', 'other.yaml'], dir)).code).toBe(0);
    expect(await run(['baseline', 'naive.yaml', '--prune'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-agent-ux baseline: .spectral-baseline.yaml: also covers other.yaml; name it too, so that --prune can judge its entries\n',
    });
  });

  test.each([
    [['baseline'], 'missing the OpenAPI file(s) to baseline'],
    [['baseline', 'a.yaml', '--prune', '--check'], '--prune and --check do not go together: --check only reads'],
    [['baseline', 'a.yaml', '--check', '-r', 'r.yaml'], '--ruleset does not go with --check: the baseline extends its ruleset already'],
    [['baseline', 'a.yaml', '--format', 'json'], 'unknown option --format'],
  ])('%j is a usage error', async (argv, message) => {
    expect(await run(argv, SCRATCH)).toEqual({ code: 2, stdout: '', stderr: `spectral-agent-ux baseline: ${message} (see --help)\n` });
  });
});

test.each([
  ['paths', '/payments/{id}', 'post'],
  ['paths', '/users/{id}:deactivate', 'get'],
  ['paths', '/a b/ä – c~d', 'put'],
  ['components', 'schemas', 'Error', 'properties', 0],
  [],
])('an override pointer is written as Spectral compares it: %j', (...path) => {
  expect(toOverridePointer(path)).toBe(pathToPointer(path));
});
