/**
 * The report's promise: a failing cell is exactly an operation where `spectral lint` reports that
 * principle's rule (in it, or on a component it uses), with the same file and the same ruleset; every such
 * diagnostic is a failing cell of each operation it stands for.
 */
import { join } from 'node:path';
import type { Ruleset } from '@stoplight/spectral-core';
import { loadRuleset } from '../../cli/lint';
import { diagnosticKeys, example, failingCellKeys, FIXTURES, fixtureRuleset, lintNotingUsers, reportOn, rulesetWith } from '../support/report';

const cases: [string, string, () => Ruleset | Promise<Ruleset>][] = [
  ['naive.yaml, recommended ruleset', example('naive.yaml'), () => loadRuleset(undefined)],
  ['agent-ready.yaml, every rule', example('agent-ready.yaml'), () => rulesetWith({}, 'all')],
  [
    'naive.yaml, severities changed and a rule off',
    example('naive.yaml'),
    () => rulesetWith({ rules: { 'ax-recoverable-suggestion': 'hint', 'ax-recoverable-retryable': 'off' } }),
  ],
  ['orders fixture, exemptions and pointer overrides', join(FIXTURES, 'orders.yaml'), fixtureRuleset],
  ['orders fixture, its .spectral.yaml loaded like the CLI loads it', join(FIXTURES, 'orders.yaml'), () => loadRuleset(join(FIXTURES, '.spectral.yaml'))],
];

test.each(cases)('%s: failing cells are exactly the diagnostics', async (_name, file, makeRuleset) => {
  const ruleset = await makeRuleset();
  const report = await reportOn(file, ruleset);
  const { diagnostics, users } = await lintNotingUsers(file, ruleset);
  expect(failingCellKeys(report)).toEqual(diagnosticKeys(report, diagnostics, users));
  expect(report.unplaced).toEqual([]);
});

test('the naive example fails somewhere, so the comparison is not vacuous', async () => {
  const report = await reportOn(example('naive.yaml'), await loadRuleset(undefined));
  expect(failingCellKeys(report).length).toBeGreaterThan(10);
});
