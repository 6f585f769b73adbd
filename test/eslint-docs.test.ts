/**
 * Every ESLint rule's docs page (docs/eslint/<rule>.md) has the form of the ruleset's rule pages and shows
 * real behaviour: each failing example, linted by ESLint with typescript-eslint's parser and the rule at its
 * defaults, reports exactly the messages printed under it, and the passing example reports nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../eslint';
import { blocks } from './support/pages';

const SECTIONS = ['## Why', '## What it reports', '## Failing example', '## Passing example', '## Options', '## Related'];
const RULES = Object.keys(plugin.rules) as (keyof typeof plugin.rules)[];

function lint(rule: string, code: string): string[] {
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022 as const, sourceType: 'module' as const },
    plugins: { 'agent-ux': plugin as never },
    rules: { [`agent-ux/${rule}`]: 'error' as const },
  };
  return new Linter().verify(code, [config], 'handler.ts').map(message => message.message);
}

describe.each(RULES)('docs/eslint/%s.md', rule => {
  const page = readFileSync(join(__dirname, '..', 'docs', 'eslint', `${rule}.md`), 'utf8');

  test('has the sections of the rule pages, and says the rule is an error in configs.recommended, with no autofix', () => {
    expect(page.startsWith(`# agent-ux/${rule}\n`)).toBe(true);
    expect(SECTIONS.filter(section => !page.includes(section))).toEqual([]);
    expect(page).toContain('| severity in `configs.recommended` | fixable |\n|---|---|\n| error | no |\n');
    expect(plugin.rules[rule].meta).not.toHaveProperty('fixable');
  });

  test('each failing example (code, then its messages) reports the messages shown', () => {
    const found = blocks(page, '## Failing example');
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.length % 2).toBe(0);
    for (let i = 0; i < found.length; i += 2) expect(lint(rule, found[i])).toEqual(found[i + 1].trim().split('\n'));
  });

  test('the passing example is clean', () => {
    const [code] = blocks(page, '## Passing example');
    expect(lint(rule, code)).toEqual([]);
  });
});
