/**
 * The two examples are the package's promise in miniature: agent-ready.yaml passes every rule,
 * naive.yaml (the same API as usually written) fires every rule at least once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import ruleset from '../ruleset';
import { toDocument } from './support/testRule';

async function lintExample(name: string) {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[ruleset as RulesetDefinition, 'all']] });
  const file = join(__dirname, '..', 'examples', name);
  return spectral.run(toDocument(readFileSync(file, 'utf8'), file));
}

test('examples/agent-ready.yaml passes every rule', async () => {
  const results = await lintExample('agent-ready.yaml');
  expect(results.map(({ code, path, message }) => ({ code, path: path.join('.'), message }))).toEqual([]);
});

test('examples/naive.yaml fires every rule of the package', async () => {
  const results = await lintExample('naive.yaml');
  const fired = new Set(results.map(result => result.code));
  expect(Object.keys(ruleset.rules).filter(id => !fired.has(id))).toEqual([]);
});
