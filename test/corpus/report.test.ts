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
