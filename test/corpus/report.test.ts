/**
 * npm run test:corpus: the agent-readiness report on each real-world description of scripts/corpus.json,
 * with every rule on: the failing cells are exactly the diagnostics of Spectral run on its own (a finding
 * on a shared component a failing cell of each operation it stands for), none is left unplaced, and the
 * JSON report follows docs/report.schema.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { schema } from '@stoplight/spectral-functions';
import * as Parsers from '@stoplight/spectral-parsers';
import { diagnosticKeys, failingCellKeys, lintNotingUsers, reportOn, ROOT, rulesetWith } from '../support/report';

const names: string[] = JSON.parse(readFileSync(join(ROOT, 'scripts', 'corpus.json'), 'utf8')).files.map((entry: { file: string }) => entry.file);
const reportSchema = JSON.parse(readFileSync(join(ROOT, 'docs', 'report.schema.json'), 'utf8'));

async function schemaProblems(json: string): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({
    rules: { valid: { given: '$', severity: 'error', then: { function: schema, functionOptions: { schema: reportSchema, dialect: 'draft2020-12' } } } },
  });
  const problems = await spectral.run(new Document(json, Parsers.Json, 'report.json'));
  return problems.map(problem => `${problem.path.join('.')}: ${problem.message}`);
}

test.each(names)('report on %s', async name => {
  const file = join(ROOT, '.cache', 'corpus', name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run corpus:fetch`);
  const ruleset = rulesetWith({}, 'all');
  const report = await reportOn(file, ruleset);
  const { diagnostics, users } = await lintNotingUsers(file, ruleset);
  expect(failingCellKeys(report)).toEqual(diagnosticKeys(report, diagnostics, users));
  expect(report.unplaced).toEqual([]);
  expect(await schemaProblems(JSON.stringify(report))).toEqual([]);
});

/** Triage on the largest descriptions: the first three changes, with the findings each clears and the operations it reaches (docs/report.md). */
test.each([
  [
    'kubernetes.json',
    [
      ['ax-recoverable-error-schema@pattern-5c98df65', 839, 839],
      ['ax-recoverable-retryable@pattern-0c8cc7b8', 185, 185],
      ['ax-recoverable-idempotent@pattern-49306676', 127, 127],
    ],
  ],
  [
    // One ranking, by the operations reached: the shared `error` schema's three defects (452 operations each) before the 206 copies.
    'stripe.json',
    [
      ['ax-recoverable-error-structure@#/components/schemas/error', 1, 452],
      ['ax-recoverable-retryable-flag@#/components/schemas/error', 1, 452],
      ['ax-recoverable-suggestion@#/components/schemas/error', 1, 452],
    ],
  ],
])('the report on %s opens with the changes that reach most operations', async (name, expected) => {
  const report = await reportOn(join(ROOT, '.cache', 'corpus', name), rulesetWith());
  expect(report.changes.slice(0, 3).map(change => [change.id, change.findings, change.operations.length])).toEqual(expected);
  expect(report.changes.reduce((sum, change) => sum + change.findings, 0)).toBe(report.autofix.findings);
});
