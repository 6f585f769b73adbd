/**
 * What the report says beyond the cells: every rule has its column, the rule ids link to their docs,
 * Markdown and HTML list the operations in one order, and a top fix never goes into a schema that
 * serves another purpose too.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ruleset from '../ruleset';
import { RULE_IDS } from '../rules';
import { LEVELS } from '../cli/report/levels';
import { PRINCIPLES } from '../cli/report/principles';
import { renderHtml } from '../cli/report/render-html';
import { renderMarkdown } from '../cli/report/render-markdown';
import type { ReportData } from '../cli/report/report';
import { example, FIXTURES, fixtureRuleset, reportOn, rulesetWith } from './support/report';

const docsOf = (rule: string) => ruleset.rules[rule as keyof typeof ruleset.rules].documentationUrl;

describe('every rule counts', () => {
  test('each rule has exactly one principle', () => {
    expect(PRINCIPLES.map(principle => principle.rule).sort()).toEqual([...RULE_IDS].sort());
    expect(new Set(PRINCIPLES.map(principle => principle.id)).size).toBe(PRINCIPLES.length);
  });

  test('the principles of recommended rules each belong to one level; opt-in ones to none', () => {
    const inLevels = LEVELS.flatMap(level => level.adds);
    expect(new Set(inLevels).size).toBe(inLevels.length);
    const recommended = PRINCIPLES.filter(principle => ruleset.rules[principle.rule].recommended).map(principle => principle.id);
    expect([...inLevels].sort()).toEqual(recommended.sort());
  });
});

describe('renderings', () => {
  let report: ReportData;
  beforeAll(async () => {
    report = await reportOn(join(FIXTURES, 'orders.yaml'), fixtureRuleset());
  });

  test('rule ids link to the documentationUrl of the ruleset, in Markdown and HTML', () => {
    const rule = 'ax-recoverable-suggestion';
    expect(report.principles.find(principle => principle.rule === rule)?.documentationUrl).toBe(docsOf(rule));
    expect(renderMarkdown(report)).toContain(`| recovery hint | [\`${rule}\`](${docsOf(rule)}) |`);
    expect(renderHtml(report)).toContain(`<a href="${docsOf(rule)}"><code>${rule}</code></a>`);
  });

  test('Markdown and HTML list the operations in the same order, failing ones first', async () => {
    const naive = await reportOn(example('naive.yaml'), rulesetWith());
    const markdownRows = [...renderMarkdown(naive).matchAll(/^\| ([A-Z]+) \| `([^`]+)` \|/gm)].map(match => `${match[1]} ${match[2]}`);
    // A path may break after each slash (<wbr>), which adds no text.
    const htmlRows = [...renderHtml(naive).matchAll(/<tr data-pointer="[^"]*"[^>]*><td><code>([A-Z]+)<\/code><\/td><td><code>((?:[^<]|<wbr>)+)<\/code>/g)].map(
      match => `${match[1]} ${match[2].replaceAll('<wbr>', '')}`,
    );
    expect(htmlRows).toEqual(markdownRows);
    // GET /payments, second in the document, passes everything: it comes last.
    expect(markdownRows).toEqual(['POST /payments', 'GET /payments/{id}', 'DELETE /payments/{id}', 'POST /payments/{id}/capture', 'GET /payments']);
  });

  test('principles the ruleset does not check are named once instead of filling the matrix', () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(
      'Not checked by this ruleset, so left out of the matrix: refresh url, code format, severity values, actionable messages, error catalog, empty actions.',
    );
    expect(markdown).toContain(`Matrix: ${report.operations.length} operations × ${PRINCIPLES.length - 6} principles`);
  });
});

describe('the changes and what each does to the matrix', () => {
  let report: ReportData;
  beforeAll(async () => {
    report = await reportOn(join(FIXTURES, 'shared-schema.yaml'), rulesetWith());
  });

  test('a success schema that is also a request body is left as it is: fix declares the envelope and points the two responses at it', () => {
    const nextSteps = report.changes.find(change => change.rule === 'ax-envelope-next-steps')!;
    expect(nextSteps).toMatchObject({ automatic: true, otherUses: [], findings: 2, cellsFixed: 2, cellsAffected: 2 });
    expect(nextSteps.edits.map(edit => edit.target)).toEqual([
      '#/components/schemas',
      '#/paths/~1pets/post/responses/201/content/application~1json/schema',
      '#/paths/~1pets~1{id}/put/responses/200/content/application~1json/schema',
    ]);
    expect(nextSteps.text).toContain('Answer an `allOf` of `Pet` and `nextSteps`');
  });

  test('an error schema used by error responses only is edited in place', () => {
    const hint = report.changes.find(change => change.rule === 'ax-recoverable-suggestion')!;
    expect(hint).toMatchObject({ target: '#/components/schemas/Problem', otherUses: [] });
  });

  test('a change by hand of a success schema that is also a request body names that use and the narrower edit', async () => {
    const pet = { type: 'object', properties: { name: { type: 'string' } } };
    const petBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } };
    const dir = mkdtempSync(join(tmpdir(), 'other-uses-'));
    writeFileSync(
      join(dir, 'openapi.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Pets', version: '1' },
        // The 201 is a `components/responses` entry a read answers too, with an XML body beside: no response of its own, so the change is by hand.
        paths: {
          '/pets': { post: { 'x-ax-retryable': false, requestBody: petBody, responses: { '201': { $ref: '#/components/responses/Created' } } } },
          '/pets/{id}': { get: { responses: { '200': { $ref: '#/components/responses/Created' } } } },
        },
        components: {
          schemas: { Pet: pet },
          responses: { Created: { description: 'Created', content: { ...petBody.content, 'application/xml': { schema: { type: 'object' } } } } },
        },
      }),
    );
    const pets = await reportOn(join(dir, 'openapi.json'), rulesetWith());
    const nextSteps = pets.changes.find(change => change.rule === 'ax-envelope-next-steps')!;
    expect(nextSteps).toMatchObject({ automatic: false, otherUses: ['the request body of POST /pets'] });
    expect(renderMarkdown(pets)).toContain(
      "not in `#/components/schemas/Pet` (it is also the request body of POST /pets) but in each response: `allOf: [{ $ref: '#/components/schemas/Pet' }, { <the addition> }]`.",
    );
    // Lookalike: the engine's own envelope keeps its edits off such a schema, so an automatic change names no other use.
    expect(report.changes.filter(change => change.automatic && change.otherUses.length > 0)).toEqual([]);
  });

  test('the naive example has no change that touches a schema with another role', async () => {
    const naive = await reportOn(example('naive.yaml'), rulesetWith());
    expect(naive.changes.filter(change => change.otherUses.length > 0).map(change => [change.rule, change.target, change.otherUses])).toEqual([]);
  });
});
