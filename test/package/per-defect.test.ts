/**
 * One finding per defect, where it is fixed: a defect of a shared component is reported once, on the
 * component, with how many responses use it; exemptions, overrides by pointer, the report, baselines and
 * `fix` all work on that one finding.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { planFixes } from '../../cli/fixes';
import { lint, lintWith, readDocument } from '../../cli/lint';
import { runMain as run } from '../support/bin';
import { planOutcome } from '../support/fixes';
import { cellOf, FIXTURES, reportOn, ROOT, rulesetWith } from '../support/report';
import { runRule } from '../support/testRule';

const FILE = join(FIXTURES, 'shared-error.yaml');
const RULE = 'ax-recoverable-error-structure';
const NO_CODE = 'has no code. Add a required `code` (e.g. "NOT_FOUND"); your error handler must then send it.';
const ERROR = ['components', 'schemas', 'Error'];
const text = () => readFileSync(FILE, 'utf8');
const structure = (results: readonly { code: string | number; path: readonly (string | number)[]; message: string }[]) =>
  results.filter(result => result.code === RULE).map(({ path, message }) => ({ path: path.map(String), message }));

test('a defect of a schema three operations share is one finding on the schema, counting the two that are not exempt', async () => {
  expect(structure(await runRule(RULE, text()))).toEqual([{ path: ERROR, message: `\`Error\` (used by 2 responses): ${NO_CODE}` }]);
});

test('with one user left, the finding names it; with none, there is no finding', async () => {
  const exempt = (operation: Record<string, unknown>) => ({ ...operation, 'x-ax-exempt': { [RULE]: 'legacy endpoint, removed in v2' } });
  const document = parse(text());
  document.paths['/b'].get = exempt(document.paths['/b'].get);
  expect(structure(await runRule(RULE, stringify(document)))).toEqual([{ path: ERROR, message: `\`Error\` (used by GET /a 404): ${NO_CODE}` }]);
  document.paths['/a'].get = exempt(document.paths['/a'].get);
  expect(structure(await runRule(RULE, stringify(document)))).toEqual([]);
});

test('an override by JSON pointer to the component turns its finding off, and one to an operation does not', async () => {
  const lintWithOverride = async (pointer: string) => {
    const rules = rulesetWith({ overrides: [{ files: [`shared-error.yaml#${pointer}`], rules: { [RULE]: 'off' } }] });
    return structure((await lintWith(await readDocument(FILE), rules)).diagnostics);
  };
  expect(await lintWithOverride('/components/schemas/Error')).toEqual([]);
  expect(await lintWithOverride('/paths/~1a/get')).toEqual([{ path: ERROR, message: `\`Error\` (used by 2 responses): ${NO_CODE}` }]);
});

test("the report's matrix marks every operation that uses the component, and the exempt one as exempt", async () => {
  const report = await reportOn(FILE, rulesetWith());
  const cell = (method: string, path: string) => cellOf(report, method, path, 'error-structure');
  expect(cell('GET', '/a')).toEqual({
    status: 'fail',
    diagnostics: [
      {
        message: `\`Error\` (used by 2 responses): ${NO_CODE}`,
        // The finding as data: its template and what filled it, the concept it lacks in the one vocabulary.
        messageId: 'componentProblem',
        data: { concept: 'errorCode', what: 'has no code', shapes: '', fix: 'Add a required `code` (e.g. "NOT_FOUND"); your error handler must then send it.' },
        path: ERROR,
        severity: 'error',
      },
    ],
  });
  expect(cell('GET', '/b')?.status).toBe('fail');
  expect(cell('DELETE', '/c')).toEqual({ status: 'exempt', reason: 'legacy endpoint, removed in v2 with its error body' });
  expect(report.unplaced).toEqual([]);
});

test('fix edits the component once: applied, the finding is gone and nothing new appears', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'per-defect-'));
  const file = join(dir, 'openapi.yaml');
  copyFileSync(FILE, file);
  const before = await lint(file, undefined, { cwd: dir, edits: true });
  const plan = planFixes(before);
  expect(plan.edits.map(edit => edit.target)).toContainEqual(ERROR);
  expect(await run(['fix', 'openapi.yaml', '--apply'], dir)).toMatchObject({ code: 0 });
  expect(parse(readFileSync(file, 'utf8')).components.schemas.Error.required).toEqual(['message', 'code']);
  const after = await lint(file, undefined, { cwd: dir });
  expect(planOutcome(before.diagnostics, plan, after.diagnostics)).toEqual({ kept: [], added: [] });
  expect(structure(after.diagnostics)).toEqual([]);
});

describe('baselines', () => {
  // Inside the package, so that `extends: ["spectral-agent-ux"]` resolves to this package's build.
  const scratch = join(ROOT, '.cache', 'per-defect-test');
  mkdirSync(scratch, { recursive: true });

  test('a baseline covers the component finding by its pointer, and CI then passes', async () => {
    const dir = mkdtempSync(join(scratch, 'baseline-'));
    copyFileSync(FILE, join(dir, 'openapi.yaml'));
    expect(await run(['baseline', 'openapi.yaml'], dir)).toMatchObject({ code: 0 });
    const baseline = readFileSync(join(dir, '.spectral-baseline.yaml'), 'utf8');
    expect(baseline).toContain('description: "spectral-agent-ux baseline (per defect), generated by');
    expect(baseline).toContain('  - files: ["openapi.yaml#/components/schemas/Error"]\n    rules:\n      ax-recoverable-error-structure: "off" # 1\n');
    expect(await run(['baseline', 'openapi.yaml', '--check'], dir)).toMatchObject({ code: 0 });
  });

  test('a baseline written by 0.2 (findings per operation) is refused with one line, exit 2', async () => {
    const dir = mkdtempSync(join(scratch, 'old-'));
    copyFileSync(FILE, join(dir, 'openapi.yaml'));
    const old = [
      'description: "spectral-agent-ux baseline, generated by spectral-agent-ux; shrink it with --prune rather than by hand"',
      'extends: ["spectral-agent-ux"]',
      'overrides:',
      '  - files: ["openapi.yaml#/paths/~1a/get"]',
      '    rules:',
      '      ax-recoverable-error-structure: "off" # 1',
      '',
    ].join('\n');
    writeFileSync(join(dir, '.spectral-baseline.yaml'), old);
    const checked = await run(['baseline', 'openapi.yaml', '--check'], dir);
    expect(checked.code).toBe(2);
    expect(checked.stderr.trim().split('\n')).toEqual([
      'spectral-agent-ux baseline: .spectral-baseline.yaml: was written by spectral-agent-ux 0.2, whose findings sat on each operation; write it again: npx spectral-agent-ux baseline <files>',
    ]);
  });
});
