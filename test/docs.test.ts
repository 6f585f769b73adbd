/**
 * Every rule's docs page shows real behaviour: it has the template's sections, each failing example
 * produces exactly the messages printed under it, and the passing example produces none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULE_IDS } from '../rules';
import { blocks } from './support/pages';
import { runRule } from './support/testRule';
import { rulesWithEditsInDocs } from './support/fixes';

const SECTIONS = ['## Why', '## What fires', '## Failing example', '## Passing example', '## Options', '## Exempting', '## Related'];
const HEADER = "openapi: 3.1.0\ninfo: { title: Docs, version: '1.0' }\n";

async function messages(ruleId: (typeof RULE_IDS)[number], yaml: string): Promise<string[]> {
  const results = await runRule(ruleId, HEADER + yaml);
  return results.filter(result => result.code === ruleId).map(result => result.message);
}

describe.each(RULE_IDS)('docs/rules/%s.md', ruleId => {
  const page = readFileSync(join(__dirname, '..', 'docs', 'rules', `${ruleId}.md`), 'utf8');

  test('has the sections of the template', () => {
    expect(page.startsWith(`# ${ruleId}\n`)).toBe(true);
    expect(SECTIONS.filter(section => !page.includes(section))).toEqual([]);
  });

  test('each failing example (a document, then its messages) produces the messages shown', async () => {
    const found = blocks(page, '## Failing example');
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.length % 2).toBe(0);
    for (let i = 0; i < found.length; i += 2) {
      expect(await messages(ruleId, found[i])).toEqual(found[i + 1].trim().split('\n'));
    }
  });

  test('says what `spectral-agent-ux fix` does for it: the edit docs/fix.md lists, or "none" and why', () => {
    const lines = [...page.matchAll(/^\*\*Fix\*\* \(\[`spectral-agent-ux fix`\]\(\.\.\/fix\.md\)\): (.+)$/gm)].map(match => match[1]);
    expect(lines).toHaveLength(1);
    expect(/^none\b/.test(lines[0])).toBe(!rulesWithEditsInDocs().includes(ruleId));
  });

  test('the passing example is clean', async () => {
    const [yaml] = blocks(page, '## Passing example');
    expect(await messages(ruleId, yaml)).toEqual([]);
  });
});
