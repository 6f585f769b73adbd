/** The mistakes Spectral swallows, said by the commands that load the ruleset (cli/mistakes.ts). */
import { join } from 'node:path';
import ruleset from '../ruleset';
import { lintWith, readDocument } from '../cli/lint';
import { silentMistakes } from '../cli/mistakes';
import { example, FIXTURES, rulesetWith } from './support/report';

const withPrefixes = (prefixes: string[]) => {
  const definition = ruleset.rules['ax-envelope-next-steps'];
  return { 'ax-envelope-next-steps': { ...definition, then: { ...definition.then, functionOptions: { prefixes } } } };
};

async function mistakesOf(extra: Parameters<typeof rulesetWith>[0]) {
  return silentMistakes(await lintWith(await readDocument(example('naive.yaml')), rulesetWith(extra)));
}

test('an overrides rule id that no loaded ruleset has, with the nearest one', async () => {
  expect(await mistakesOf({ overrides: [{ files: [`${join(FIXTURES, '..', '..', '..', 'examples', 'naive.yaml')}#/paths`], rules: { 'ax-envelope-nextsteps': 'off' } }] })).toEqual([
    'overrides name the rule `ax-envelope-nextsteps`, which no loaded ruleset has; did you mean `ax-envelope-next-steps`? It changes nothing.',
  ]);
});

test("prefixes that match no path under `paths` (the README's old `/v1/`, which is the servers' base path)", async () => {
  expect(await mistakesOf({ rules: withPrefixes(['/v1/']) })).toEqual([
    "`ax-envelope-next-steps`'s prefixes [\"/v1/\"] match no path under `paths` (written without the servers' base path, e.g. `/payments`), so it checks nothing.",
  ]);
  expect(await mistakesOf({ rules: withPrefixes(['/payments']) })).toEqual([]);
});

test('a ruleset without such mistakes says nothing', async () => {
  expect(await mistakesOf({ rules: { 'ax-recoverable-suggestion': 'info' } })).toEqual([]);
});
