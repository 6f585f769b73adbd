/**
 * The docs pages of the recoverable-error body rules show real behaviour: the failing example
 * produces exactly the messages printed under it, and the passing example produces none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRule } from './support/testRule';

const RULES = [
  'ax-recoverable-error-structure',
  'ax-recoverable-suggestion',
  'ax-recoverable-field-details',
  'ax-recoverable-retry-after',
  'ax-recoverable-retryable-flag',
  'ax-recoverable-trace-id',
  'ax-recoverable-error-responses',
] as const;

const SECTIONS = ['## Why', '## What fires', '## Failing example', '## Passing example', '## Options', '## Exempting an operation', '## Related'];
const HEADER = "openapi: 3.1.0\ninfo: { title: Docs, version: '1.0' }\n";

/** The fenced blocks of one `## ` section, in order. */
function blocks(page: string, section: string): string[] {
  const start = page.indexOf(`${section}\n`);
  const end = page.indexOf('\n## ', start + 1);
  const text = page.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map(match => match[1]);
}

describe.each(RULES)('docs/rules/%s.md', ruleId => {
  const page = readFileSync(join(__dirname, '..', 'docs', 'rules', `${ruleId}.md`), 'utf8');

  test('has the sections of the template', () => {
    expect(page.startsWith(`# ${ruleId}\n`)).toBe(true);
    expect(SECTIONS.filter(section => !page.includes(`${section}\n`))).toEqual([]);
  });

  test('the failing example produces the messages shown', async () => {
    const [yaml, messages] = blocks(page, '## Failing example');
    const results = await runRule(ruleId, HEADER + yaml);
    expect(results.filter(result => result.code === ruleId).map(result => result.message)).toEqual(messages.trim().split('\n'));
  });

  test('the passing example is clean', async () => {
    const [yaml] = blocks(page, '## Passing example');
    const results = await runRule(ruleId, HEADER + yaml);
    expect(results.filter(result => result.code === ruleId).map(result => result.message)).toEqual([]);
  });
});
