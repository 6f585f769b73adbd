/**
 * Triage (cli/changes.ts): the report opens with the few changes that clear most findings, each with its
 * count and its one edit; the same finding in several operations (an inline error body copied into each) is
 * one pattern while the lint keeps one diagnostic per place; `fix --only` makes one change, proven by linting
 * the edited file again.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { lint } from '../cli/lint';
import { renderMarkdown } from '../cli/report/render-markdown';
import { runMain as run } from './support/bin';
import { example, FIXTURES, lintAlone, reportOn, rulesetWith } from './support/report';

const REPEATED = join(FIXTURES, 'repeated-inline.yaml');
const FIELD_DETAILS = 'ax-recoverable-field-details@pattern-c2d3056e';
const SCHEMA = (path: string) => `#/paths/${path}/post/responses/400/content/application~1json/schema`;

test('the same finding in several operations is one pattern, the lint keeps one diagnostic per place, and copies that differ are not one body', async () => {
  const report = await reportOn(REPEATED, rulesetWith());
  expect(
    report.changes.map(({ id, kind, findings, operations, identical, automatic, places }) => ({
      id,
      kind,
      findings,
      operations: operations.length,
      identical,
      automatic,
      places,
    })),
  ).toEqual([
    {
      id: 'ax-recoverable-retryable-flag@pattern-bbd9f451',
      kind: 'pattern',
      findings: 4,
      operations: 4,
      // The coupon body declares `msg` and `details`: the same defect, not the same body.
      identical: false,
      automatic: true,
      places: [SCHEMA('~1carts'), SCHEMA('~1carts~1{id}~1items'), SCHEMA('~1carts~1{id}~1checkout'), SCHEMA('~1carts~1{id}~1coupons')],
    },
    {
      id: FIELD_DETAILS,
      kind: 'pattern',
      findings: 3,
      operations: 3,
      identical: true,
      automatic: true,
      places: [SCHEMA('~1carts'), SCHEMA('~1carts~1{id}~1items'), SCHEMA('~1carts~1{id}~1checkout')],
    },
    {
      id: 'ax-recoverable-suggestion@pattern-b257c9e6',
      kind: 'pattern',
      findings: 3,
      operations: 3,
      identical: false,
      automatic: true,
      places: [SCHEMA('~1carts~1{id}~1items'), SCHEMA('~1carts~1{id}~1checkout'), SCHEMA('~1carts~1{id}~1coupons')],
    },
    // Its example hint differs (this operation has no parameter to name), so its text does: a place of its own.
    {
      id: `ax-recoverable-suggestion@${SCHEMA('~1carts')}`,
      kind: 'place',
      findings: 1,
      operations: 1,
      identical: false,
      automatic: true,
      places: [SCHEMA('~1carts')],
    },
  ]);
  const diagnostics = await lintAlone(REPEATED, rulesetWith());
  expect(diagnostics.filter(diagnostic => diagnostic.code === 'ax-recoverable-retryable-flag').map(diagnostic => diagnostic.message)).toEqual([
    'POST /carts 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
    'POST /carts/{id}/items 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
    'POST /carts/{id}/checkout 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
    'POST /carts/{id}/coupons 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
  ]);
});

test('the Markdown report opens with the three changes that clear most findings, each with its count and its one edit', async () => {
  const markdown = renderMarkdown(await reportOn(REPEATED, rulesetWith()));
  const docs = (rule: string) => `https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v0.3.0/docs/rules/${rule}.md`;
  const section = markdown.slice(markdown.indexOf('### Start here'), markdown.indexOf('### Principles'));
  expect(section.split('\n')).toEqual([
    '### Start here',
    '',
    `1. **4 findings in 4 operations**, turns 4 cells green ([\`ax-recoverable-retryable-flag\`](${docs('ax-recoverable-retryable-flag')})), the same in 4 places (first \`${SCHEMA('~1carts')}\`): the error schema has no retry flag. Add \`retryable\` (boolean), true when the same call may succeed later. \`spectral-agent-ux fix --apply --only ax-recoverable-retryable-flag@pattern-bbd9f451\` merges \`{"properties":{"retryable":{"type":"boolean"}}}\` into each.`,
    `2. **3 findings in 3 operations**, turns 3 cells green ([\`ax-recoverable-field-details\`](${docs('ax-recoverable-field-details')})), the same in 3 places (first \`${SCHEMA('~1carts')}\`); define it once under \`components/schemas\` and \`$ref\` it from each: the error schema names no failed input field. Add \`details\`: an array of { field, message }, one per invalid field. \`spectral-agent-ux fix --apply --only ${FIELD_DETAILS}\` merges \`{"properties":{"details":{"type":"array","items":{"type":"object","required":["field","message"],"properties":{"field":…\` into each.`,
    `3. **3 findings in 3 operations**, turns 3 cells green ([\`ax-recoverable-suggestion\`](${docs('ax-recoverable-suggestion')})), the same in 3 places (first \`${SCHEMA('~1carts~1{id}~1items')}\`): the error schema has no recovery hint. Add \`recoveryHint\`, e.g. "Send \`id\` as a valid string". \`spectral-agent-ux fix --apply --only ax-recoverable-suggestion@pattern-b257c9e6\` merges \`{"properties":{"recoveryHint":{"type":"string"}}}\` into each.`,
    '',
    'These 3 changes clear 10 of 11 findings (91%) and turn 10 cells green, in 4 of the 4 operations with findings; the JSON report lists all 4 under `changes`.',
    '',
    '`spectral-agent-ux fix` clears 11 of 11 findings (100%) with 4 edits; nothing is left for a person.',
    '',
    '',
  ]);
  // The summary comes first, then this list, before anything else.
  expect(markdown.indexOf('### Start here')).toBeLessThan(markdown.indexOf('### '.concat('Principles')));
});

test("a rule's findings on one shared component are one change of it, by hand where its rule has no edit", async () => {
  const report = await reportOn(example('naive.yaml'), rulesetWith());
  const items = '#/components/schemas/CapturedPayment/allOf/1/properties/nextSteps/items';
  // One ranking: the shared `Error` (1 finding, 3 operations) before `CapturedPayment`'s 5 findings in one operation.
  expect(report.changes.map(change => change.id).indexOf('ax-recoverable-error-structure@#/components/schemas/Error')).toBeLessThan(
    report.changes.map(change => change.id).indexOf('ax-envelope-next-steps-shape@#/components/schemas/CapturedPayment'),
  );
  expect(report.changes.find(change => change.id === 'ax-envelope-next-steps-shape@#/components/schemas/CapturedPayment')).toMatchObject({
    id: 'ax-envelope-next-steps-shape@#/components/schemas/CapturedPayment',
    kind: 'component',
    target: '#/components/schemas/CapturedPayment',
    places: [items, items, items, items, `${items}/properties/method`],
    findings: 5,
    operations: ['POST /payments/{id}/capture'],
    // Requiring `action`, `method` and `href` and the `method` enum are edits; declaring `description` (its words) is for a person.
    automatic: false,
    edits: [
      { target: items, update: '{"required":["action","method","href"]}' },
      { target: `${items}/properties/method`, update: '{"enum":["GET","POST","PUT","PATCH","DELETE"]}' },
    ],
  });
  expect(report.changes.find(change => change.id === 'ax-recoverable-error-structure@#/components/schemas/Error')).toMatchObject({
    kind: 'component',
    findings: 1,
    operations: ['POST /payments', 'GET /payments/{id}', 'POST /payments/{id}/capture'],
    automatic: false,
    fix: 'require a machine-readable `code` and a `message`',
    edits: [],
  });
  expect(report.changes.reduce((sum, change) => sum + change.findings, 0)).toBe(report.autofix.findings);
});

describe('fix --only', () => {
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fix-only-'));
    copyFileSync(REPEATED, join(dir, 'openapi.yaml'));
    return dir;
  };
  const place = (diagnostic: { code: string | number; path: readonly (string | number)[]; message: string }) =>
    `${diagnostic.code} ${diagnostic.path.join('.')}: ${diagnostic.message}`;

  test('makes one change of the report: its findings are gone, every other finding is as it was, and no other byte changes', async () => {
    const dir = copy();
    const file = join(dir, 'openapi.yaml');
    const before = await lint(file, undefined, { cwd: dir });
    const original = readFileSync(file, 'utf8');
    expect(await run(['fix', 'openapi.yaml', '--apply', '--only', FIELD_DETAILS], dir)).toMatchObject({
      code: 0,
      stderr: 'spectral-agent-ux fix: fixed 3 of 3 findings in openapi.yaml (3 objects edited)\n',
    });
    const after = await lint(file, undefined, { cwd: dir });
    const others = before.diagnostics.filter(
      diagnostic => diagnostic.code !== 'ax-recoverable-field-details' || diagnostic.path.includes('~1carts~1{id}~1coupons'),
    );
    expect(after.diagnostics.map(place)).toEqual(others.map(place));
    expect(after.diagnostics.some(diagnostic => diagnostic.code === 'ax-recoverable-field-details')).toBe(false);
    // Every original line is still there, in order: the edit only added lines.
    const edited = readFileSync(file, 'utf8').split('\n');
    let at = 0;
    for (const line of original.split('\n')) at = edited.indexOf(line, at) + 1 || Number.NaN;
    expect(at).not.toBeNaN();
  });

  test('takes a rule: the overlay holds the edits of its findings alone', async () => {
    const dir = copy();
    const { code, stdout, stderr } = await run(['fix', 'openapi.yaml', '--only', 'ax-recoverable-retryable-flag'], dir);
    expect({ code, stderr }).toEqual({ code: 0, stderr: 'spectral-agent-ux fix: 4 actions clear 4 of 4 findings\n' });
    const overlay = parse(stdout) as { actions: { description: string; update: unknown }[] };
    expect(overlay.actions.map(action => [action.description, action.update])).toEqual(
      Array(4).fill(['Clears 1 ax-recoverable-retryable-flag.', { properties: { retryable: { type: 'boolean' } } }]),
    );
  });

  test('a rule without findings is nothing to do; a name that is neither a change nor a rule is a one-line error, exit 2', async () => {
    const dir = copy();
    expect(await run(['fix', 'openapi.yaml', '--apply', '--only', 'ax-recoverable-trace-id'], dir)).toMatchObject({
      code: 0,
      stderr: 'spectral-agent-ux fix: fixed 0 of 0 findings in openapi.yaml (0 objects edited)\n',
    });
    const { code, stderr } = await run(['fix', 'openapi.yaml', '--only', 'ax-recoverable-field-details@pattern-00000000'], dir);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `spectral-agent-ux fix: openapi.yaml: no change or rule "ax-recoverable-field-details@pattern-00000000" to fix; \`spectral-agent-ux report --format json\` lists the ids under \`changes\`\n`,
    );
    expect(readFileSync(join(dir, 'openapi.yaml'), 'utf8')).toBe(readFileSync(REPEATED, 'utf8'));
  });
});
