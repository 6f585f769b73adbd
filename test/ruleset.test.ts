/**
 * House rules of the package, checked by code rather than remembered: every rule is declared once
 * (rules/<id>.ts) and everything that lists rules reads the declarations; each rule has the severity and
 * preset its docs page publishes, reads the document as written, has a docs page with a failing and a
 * passing example, and has a test file; every message fits in 240 characters.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../ruleset';
import { DECLARATIONS, RULE_IDS } from '../rules';
import { defineRule } from '../rules/declaration';
import { FUNCTIONS } from '../ruleset';
import { PRINCIPLES } from '../cli/report/principles';
import { version } from '../package.json';

const root = join(__dirname, '..');

/** The severity and preset a rule's page publishes, in the table under its title: `| warn | no (in \`all\`) | …`. */
function published(id: string): [string, boolean] | undefined {
  const row = /^\| (error|warn|info) \| (yes|no)\b/m.exec(readFileSync(join(root, 'docs', 'rules', `${id}.md`), 'utf8'));
  return row === null ? undefined : [row[1], row[2] === 'yes'];
}

/** The findings of the package's `ax-exemption-reason` on an operation that exempts itself from `id`. */
async function exemptionFindings(rules: Record<string, unknown>, id: string): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ rules: { 'ax-exemption-reason': rules['ax-exemption-reason'] } } as never);
  const yaml = `openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      x-ax-exempt: { ${id}: "the reason is long enough" }\n      responses: { '200': { description: ok } }\n`;
  const results = await spectral.run(new Document(yaml, Parsers.Yaml, 'exempt.yaml'));
  return results.map(result => result.message);
}

const rules = Object.entries(ruleset.rules);

test('every rule is declared once, and ruleset.ts, the rule ids and the report columns are the declarations in their order', () => {
  const ids = DECLARATIONS.map(declaration => declaration.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys(ruleset.rules)).toEqual(ids);
  expect(RULE_IDS).toEqual(ids);
  expect(PRINCIPLES.map(principle => principle.rule)).toEqual(ids);
});

test("each report column's id is its rule's id without `ax-` and its family: one name per rule", () => {
  expect(
    PRINCIPLES.filter(
      principle => !principle.rule.endsWith(`-${principle.id}`) || !/^ax-((recoverable|envelope)-)?$/.test(principle.rule.slice(0, -principle.id.length)),
    ).map(principle => principle.rule),
  ).toEqual([]);
  expect(PRINCIPLES.find(principle => principle.rule === 'ax-recoverable-retryable')?.id).toBe('retryable');
  expect(PRINCIPLES.find(principle => principle.rule === 'ax-exemption-reason')?.id).toBe('exemption-reason');
  expect(new Set(PRINCIPLES.map(principle => principle.id)).size).toBe(PRINCIPLES.length);
});

test('a new declaration appears everywhere without another edit: ruleset, ids, report column, shipped function, exemptions', async () => {
  const id = 'ax-declared-for-this-test';
  const {
    documentationUrl: _,
    functionName: __,
    optionNames: ___,
    principle: { id: ____, ...principle },
    ...last
  } = DECLARATIONS[DECLARATIONS.length - 1];
  const stand = defineRule({ ...last, id, principle });
  await jest.isolateModulesAsync(async () => {
    // The last module of the array stands for a module added to it: nothing else is told of the new id.
    jest.doMock('../rules/ax-envelope-empty-actions', () => ({ __esModule: true, default: stand }));
    const fresh = (await import('../rules')) as unknown as typeof import('../rules');
    const freshRuleset = (await import('../ruleset')).default as unknown as { rules: Record<string, Record<string, unknown>> };
    const { PRINCIPLES: columns } = await import('../cli/report/principles');
    expect(fresh.RULE_IDS).toContain(id);
    expect(freshRuleset.rules[id]).toMatchObject({ description: stand.description, severity: stand.severity, recommended: stand.recommended });
    expect(freshRuleset.rules[id].documentationUrl).toBe(`https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/docs/rules/${id}.md`);
    expect(columns.filter(principle => principle.rule === (id as string)).map(principle => principle.id)).toEqual(['declared-for-this-test']);
    const { FUNCTIONS: functions } = await import('../ruleset');
    expect(Object.keys(functions)).toContain('declaredForThisTest');
    expect(freshRuleset.rules[id].then).toEqual({ function: functions['declaredForThisTest' as keyof typeof functions] });
    expect((await exemptionFindings(freshRuleset.rules, id)).join('\n')).not.toContain('is not a rule');
  });
  // The same entry names a rule nothing declares on the package as built.
  expect(await exemptionFindings(ruleset.rules, id)).toEqual([expect.stringContaining(`\`${id}\` is not a rule of spectral-agent-ux`)]);
});

test('each rule ships under its function name the function its rule runs (a YAML ruleset reaches it through functionsDir)', () => {
  for (const declaration of DECLARATIONS) {
    const fn = FUNCTIONS[declaration.functionName];
    expect(fn.name).toBe(declaration.functionName);
    expect(ruleset.rules[declaration.id].then.function).toBe(fn);
  }
  expect(Object.keys(FUNCTIONS).sort()).toEqual(DECLARATIONS.map(declaration => declaration.functionName).sort());
});

describe.each(rules)('%s', (id, rule) => {
  test('has the severity and preset its docs page publishes', () => {
    expect([rule.severity, rule.recommended]).toEqual(published(id));
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
