/**
 * A rule function checks its options with Spectral's own validator (the options schema compiled by ajv) only
 * when options are given: a rule given none runs without that compile, which every start paid for each rule.
 * Given options are checked as before: a wrong one stops the lint with Spectral's message, a right one applies.
 */
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../ruleset';
import { oas3 } from './support/documents';

const RULE = 'ax-recoverable-retry-after';
const rule = ruleset.rules[RULE];

/** The ruleset with one rule, given `functionOptions` (none when undefined). */
const withOptions = (functionOptions?: object): RulesetDefinition =>
  ({
    rules: { [RULE]: { ...rule, recommended: true, then: { ...rule.then, ...(functionOptions === undefined ? {} : { functionOptions }) } } },
  }) as RulesetDefinition;

const document = oas3({
  '/jobs': {
    post: {
      responses: {
        '429': { description: 'Slow down', content: { 'application/json': { schema: { type: 'object', properties: { wait: { type: 'integer' } } } } } },
      },
    },
  },
});

async function messages(definition: RulesetDefinition): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset(definition);
  const results = await spectral.run(new Document(JSON.stringify(document), Parsers.Json, '/tmp/options.json'));
  return results.filter(result => result.code === RULE).map(result => result.message);
}

test.each([
  [{ nope: ['x'] }, '"recoverableRetryAfter" function does not support "nope" option'],
  [{ retryDelay: 'wait' }, '"recoverableRetryAfter" function and its "retryDelay" option accepts only the following types: array'],
])("options %j are refused with Spectral's message", (functionOptions, message) => {
  expect(() => new Spectral().setRuleset(withOptions(functionOptions))).toThrow(expect.objectContaining({ errors: [expect.objectContaining({ message })] }));
});

test('given options apply, and a rule given none reads its defaults', async () => {
  const [withDefaults] = await messages(withOptions());
  const [withWait] = await messages(withOptions({ retryDelay: ['wait'] }));
  expect(withDefaults).toContain('no retry delay');
  expect(withWait).toBe(undefined);
});
