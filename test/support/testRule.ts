/**
 * Table-driven rule tests against real Spectral: each case is a document and the exact results
 * (code, path, severity, and the message or what the rule said as data) that one rule must produce on it, no more and no fewer.
 */
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { DiagnosticSeverity } from '@stoplight/types';
import ruleset from '../../ruleset';
import { collectEdits, notedFor } from '../../lib/findings/rule-function';
import type { PlainSaid } from '../../lib/findings/messages';
import { isObject, valueAt } from '../../lib/document/document';
import { mergeInto } from '../../lib/findings/edits';

type RuleId = keyof typeof ruleset.rules & string;

/**
 * One result a case expects: its path and its words, or what its rule said as data (the template's id and data,
 * lib/findings/messages.ts), which outlives a rewording. A rule's page keeps full-text examples (test/docs.test.ts runs them).
 */
export type ExpectedResult = { path: (string | number)[]; /** Defaults to the rule's own severity. */ severity?: DiagnosticSeverity } & (
  { message: string } | { messageId: string; data: object }
);

export interface RuleCase {
  name: string;
  /** YAML text, or an object (linted as JSON). */
  document: string | object;
  errors: ExpectedResult[];
  functionOptions?: Record<string, unknown>;
}

const SEVERITY = { error: DiagnosticSeverity.Error, warn: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information, hint: DiagnosticSeverity.Hint };

export function toDocument(document: string | object, source = '/api/openapi.yaml'): Document<unknown, never> {
  return typeof document === 'string'
    ? (new Document(document, Parsers.Yaml, source) as never)
    : (new Document(JSON.stringify(document, null, 2), Parsers.Json, source.replace(/\.ya?ml$/, '.json')) as never);
}

/** Spectral with exactly one rule of the package, enabled even when opt-in, optionally with other options. */
function oneRule(ruleId: RuleId, functionOptions?: Record<string, unknown>): Spectral {
  const definition = ruleset.rules[ruleId];
  const then = functionOptions === undefined ? definition.then : { ...definition.then, functionOptions };
  const spectral = new Spectral();
  spectral.setRuleset({ rules: { [ruleId]: { ...definition, then, recommended: true } } } as RulesetDefinition);
  return spectral;
}

/** Runs exactly one rule of the package, enabled even when opt-in, optionally with other options. */
export async function runRule(ruleId: RuleId, document: string | object, functionOptions?: Record<string, unknown>): Promise<ISpectralDiagnostic[]> {
  return oneRule(ruleId, functionOptions).run(toDocument(document));
}

/**
 * `runRule` in edits mode, as `fix` and `report` lint: the results, the edits of each finding that has some,
 * and the users (their `responses.<status>` entries) of each finding on a shared component.
 */
export async function runRuleWithEdits(ruleId: RuleId, document: string | object) {
  const parsed = toDocument(document);
  const { edits, users } = collectEdits(parsed);
  const results = await oneRule(ruleId).run(parsed);
  return { results, edits: edits.get(ruleId) ?? new Map(), users: users.get(ruleId) ?? new Map() };
}

/** A result as a test reads it: the rule, what it said as data (`messageId`, `data`), the text Spectral got, where, how severe. */
export interface SaidResult extends PlainSaid {
  code: string;
  message: string;
  path: (string | number)[];
  severity: DiagnosticSeverity;
}

/**
 * `runRule`, with what the rule said as data beside each result: the frame records it in edits mode (as for `report`),
 * which only a lint that asks for it turns on.
 */
export async function runRuleSaid(ruleId: RuleId, document: string | object, functionOptions?: Record<string, unknown>): Promise<SaidResult[]> {
  const parsed = toDocument(document);
  const { said } = collectEdits(parsed);
  const results = await oneRule(ruleId, functionOptions).run(parsed);
  return results
    .filter(result => result.code === ruleId)
    .map(result => {
      const { messageId, data } = notedFor(said, result) ?? { messageId: undefined, data: undefined };
      return { code: String(result.code), messageId: messageId!, data: data!, message: result.message, path: result.path, severity: result.severity };
    });
}

/** A result as a case expects it: with its words, or with its message id and data. */
const asExpected = (result: SaidResult, expected: ExpectedResult) =>
  'message' in expected
    ? { code: result.code, path: result.path, severity: result.severity, message: result.message }
    : { code: result.code, path: result.path, severity: result.severity, messageId: result.messageId, data: result.data };

export function testRule(ruleId: RuleId, cases: RuleCase[]): void {
  const severity = SEVERITY[ruleset.rules[ruleId].severity];
  describe(ruleId, () => {
    test.each(cases.map(testCase => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
      const expected = testCase.errors.map(error => ({ code: ruleId, severity, ...error }));
      // Data only when a case asks for it: a plain lint computes no edits (edits mode does).
      if (testCase.errors.every(error => 'message' in error)) {
        const results = await runRule(ruleId, testCase.document, testCase.functionOptions);
        const actual = results.filter(result => result.code === ruleId).map(({ code, path, severity, message }) => ({ code, path, severity, message }));
        expect(actual).toEqual(expected);
        return;
      }
      const results = await runRuleSaid(ruleId, testCase.document, testCase.functionOptions);
      expect(results.map((result, i) => asExpected(result, testCase.errors[i] ?? { message: '' }))).toEqual(expected);
    });
  });
}

/**
 * Proves a rule's fix: lints in edits mode, applies every edit as `fix` does (merged into its target), and lints
 * the result again with the same rule. The edits and the findings before and after.
 */
export async function fixAndRelint(ruleId: RuleId, document: object) {
  const { results, edits } = await runRuleWithEdits(ruleId, document);
  const all = [...edits.values()].flat();
  const fixed = structuredClone(document) as Record<string, unknown>;
  for (const edit of all) {
    const target = valueAt(fixed, edit.target);
    if (isObject(target)) mergeInto(target, edit.update);
  }
  const after = (await runRule(ruleId, fixed)).filter(result => result.code === ruleId);
  return { before: results.filter(result => result.code === ruleId), edits: all, fixed, after };
}
