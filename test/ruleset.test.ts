/**
 * House rules of the package, checked by code rather than remembered: every rule of the catalogue is
 * declared with its default severity, reads the document as written, has a docs page with a failing
 * and a passing example, and has a test file; every message fits in 240 characters.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../ruleset';
import { RULE_IDS } from '../lib/catalogue';
import { version } from '../package.json';

const root = join(__dirname, '..');

// id → [severity, recommended], as the rule catalogue defines them.
const CATALOGUE: Record<string, [string, boolean]> = {
  'ax-recoverable-error-schema': ['error', true],
  'ax-recoverable-error-structure': ['error', true],
  'ax-recoverable-retryable': ['warn', true],
  'ax-recoverable-idempotent': ['warn', true],
  'ax-recoverable-suggestion': ['warn', true],
  'ax-recoverable-field-details': ['warn', true],
  'ax-recoverable-no-html-errors': ['error', true],
  'ax-recoverable-retry-after': ['warn', true],
  'ax-recoverable-retryable-flag': ['warn', true],
  'ax-recoverable-no-stack-traces': ['error', true],
  'ax-recoverable-trace-id': ['warn', true],
  'ax-recoverable-error-responses': ['warn', true],
  'ax-recoverable-code-format': ['info', false],
  'ax-recoverable-severity': ['warn', false],
  'ax-recoverable-vague-message': ['warn', false],
  'ax-recoverable-error-catalog': ['warn', false],
  'ax-recoverable-next-operation': ['warn', true],
  'ax-recoverable-field-refs': ['warn', true],
  'ax-recoverable-hint-fields': ['warn', true],
  'ax-extensions-valid': ['error', true],
  'ax-envelope-next-steps': ['error', true],
  'ax-envelope-next-steps-shape': ['error', true],
  'ax-envelope-next-steps-href': ['error', true],
  'ax-envelope-refresh-url': ['warn', true],
  'ax-envelope-state': ['error', true],
  'ax-envelope-empty-actions': ['warn', false],
  'ax-exemption-reason': ['error', true],
};

const rules = Object.entries(ruleset.rules) as [string, Record<string, unknown>][];

test('ruleset.ts declares exactly the rules of the catalogue', () => {
  expect(Object.keys(ruleset.rules).sort()).toEqual([...RULE_IDS].sort());
  expect(Object.keys(CATALOGUE).sort()).toEqual([...RULE_IDS].sort());
});

describe.each(rules)('%s', (id, rule) => {
  test('has the catalogue severity and preset', () => {
    expect([rule.severity, rule.recommended]).toEqual(CATALOGUE[id]);
  });

  test('has a description, {{error}} messages and a documentationUrl to its page', () => {
    expect(typeof rule.description === 'string' && rule.description.length > 20).toBe(true);
    expect(rule.message).toBe('{{error}}');
    expect(rule.documentationUrl).toBe(`https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/docs/rules/${id}.md`);
  });

  test('reads the document as written, with an explicit given and no recursive descent', () => {
    expect(rule.resolved).toBe(false);
    for (const given of [rule.given].flat()) expect(String(given)).not.toContain('..');
  });

  test('has a docs page with a failing and a passing example, and a test file', () => {
    const page = join(root, 'docs', 'rules', `${id}.md`);
    expect(existsSync(page)).toBe(true);
    const text = readFileSync(page, 'utf8');
    expect(text).toMatch(/^# /);
    expect(text).toContain('## Failing example');
    expect(text).toContain('## Passing example');
    expect(existsSync(join(root, 'test', `${id}.test.ts`))).toBe(true);
  });
});

/** What is missing, where, and the fix; the why lives on the docs page. */
const MAX_MESSAGE = 240;

test(`every message on examples/naive.yaml (the rules fire there) has at most ${MAX_MESSAGE} characters`, async () => {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[ruleset as never, 'all']] });
  const file = join(root, 'examples', 'naive.yaml');
  const results = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
  expect(results.length).toBeGreaterThan(RULE_IDS.length);
  expect(results.filter(result => result.message.length > MAX_MESSAGE).map(result => `${result.code} (${result.message.length}): ${result.message}`)).toEqual(
    [],
  );
});
