/**
 * Cell statuses, shares, levels and top fixes on the orders fixture, whose ruleset turns one rule off,
 * changes a severity and overrides one operation, and whose document exempts two rules with reasons.
 */
import { join } from 'node:path';
import type { ReportData } from '../cli/report/report';
import { FIXTURES, fixtureRuleset, reportOn, rulesetWith, example } from './support/report';
import { cellOf as cell } from './support/report';

describe('the orders fixture', () => {
  let report: ReportData;
  beforeAll(async () => {
    report = await reportOn(join(FIXTURES, 'orders.yaml'), fixtureRuleset());
  });

  test.each([
    ['a rule turned off in the ruleset makes its column "not checked"', 'GET', '/orders', 'refresh-url', { status: 'not-checked' }],
    ['a pointer override that turns the rule off exempts the cell', 'POST', '/orders', 'next-steps', { status: 'exempt', reason: 'overrides' }],
    [
      'x-ax-exempt on the operation exempts it, with its reason',
      'PUT',
      '/orders/{id}',
      'retryable',
      { status: 'exempt', reason: 'Replacing an order is retried by our client library, which documents the policy itself.' },
    ],
    [
      'x-ax-exempt on the path item exempts each of its operations',
      'DELETE',
      '/orders/{id}',
      'idempotent',
      { status: 'exempt', reason: 'Orders are removed by an asynchronous job, so a repeated call is reported rather than ignored.' },
    ],
    ['retry semantics do not apply to a GET', 'GET', '/orders', 'retryable', { status: 'not-applicable' }],
    ['retry-after does not apply without a 429 or 503', 'GET', '/orders', 'retry-after', { status: 'not-applicable' }],
    ['nextSteps does not apply to a 204', 'DELETE', '/orders/{id}', 'next-steps', { status: 'not-applicable' }],
    ['idempotency applies to a POST that takes an Idempotency-Key', 'POST', '/orders', 'idempotent', { status: 'fail' }],
    ['a declared error schema passes', 'GET', '/orders', 'error-schema', { status: 'pass' }],
    ['a 429 without headers fails retry-after', 'POST', '/orders', 'retry-after', { status: 'fail' }],
  ])('%s', (_name, method, path, principle, expected) => {
    expect(cell(report, method, path, principle)).toMatchObject(expected);
  });

  test('a severity lowered to info still fails the cell, and its diagnostics say so', () => {
    expect(cell(report, 'GET', '/orders', 'suggestion')).toMatchObject({ status: 'fail', diagnostics: [{ severity: 'info' }] });
  });

  test('shares count pass and fail only; exempt and not applicable stand aside', () => {
    const retry = report.principles.find(principle => principle.id === 'retryable')!;
    expect(retry).toMatchObject({ checked: true, passed: 2, applicable: 2, percent: 100, counts: { pass: 2, exempt: 1, 'not-applicable': 1, fail: 0 } });
    expect(report.principles.find(principle => principle.id === 'refresh-url')).toMatchObject({ checked: false, applicable: 0, percent: null });
  });

  test('the overall score is the share of applicable cells that pass', () => {
    const passed = report.principles.reduce((sum, principle) => sum + principle.passed, 0);
    const applicable = report.principles.reduce((sum, principle) => sum + principle.applicable, 0);
    expect(report.overall.cells).toEqual({ passed, applicable, percent: Math.round((1000 * passed) / applicable) / 10 });
    expect(report.overall.score).toBe(report.overall.cells.percent);
  });

  test("a change is one place: the shared Problem schema and the DELETE's inline one are two changes, each with the cells it turns green", () => {
    const hints = report.changes.filter(change => change.rule === 'ax-recoverable-suggestion');
    expect(
      hints.map(({ kind, target, automatic, cellsFixed, cellsAffected, operations }) => ({ kind, target, automatic, cellsFixed, cellsAffected, operations })),
    ).toEqual([
      {
        kind: 'component',
        target: '#/components/schemas/Problem',
        automatic: true,
        cellsFixed: 3,
        cellsAffected: 3,
        operations: ['GET /orders', 'POST /orders', 'PUT /orders/{id}'],
      },
      {
        kind: 'place',
        target: '#/paths/~1orders~1{id}/delete/responses/404/content/application~1json/schema',
        automatic: true,
        cellsFixed: 1,
        cellsAffected: 1,
        operations: ['DELETE /orders/{id}'],
      },
    ]);
  });

  test('a change inside one operation is its place', () => {
    expect(report.changes.find(change => change.rule === 'ax-recoverable-retry-after')).toMatchObject({
      kind: 'place',
      automatic: true,
      edits: [{ target: '#/paths/~1orders/post/responses/429' }],
    });
  });
});

test('a change by hand goes in the shared schema, one for every operation that uses it (the naive example: a code its example lacks)', async () => {
  const report = await reportOn(example('naive.yaml'), rulesetWith());
  expect(report.changes.find(change => change.rule === 'ax-recoverable-error-structure')).toMatchObject({
    automatic: false,
    kind: 'component',
    target: '#/components/schemas/Error',
    edits: [],
    cellsFixed: 3,
    cellsAffected: 3,
    operations: ['POST /payments', 'GET /payments/{id}', 'POST /payments/{id}/capture'],
  });
});

describe('levels', () => {
  test('the naive example reaches no level, and the next one names what holds it back', async () => {
    const report = await reportOn(example('naive.yaml'), rulesetWith());
    expect(report.level).toEqual({
      id: 'not-agent-ready',
      name: 'not agent-ready',
      verified: false,
      next: {
        id: 'errors-structured',
        name: 'errors structured',
        blockers: ['error-schema', 'error-structure', 'no-html-errors', 'extensions-valid', 'exemption-reason'],
      },
    });
  });

  test('a principle that is not checked holds its level back', async () => {
    const report = await reportOn(example('agent-ready.yaml'), rulesetWith({ rules: { 'ax-recoverable-error-structure': 'off' } }));
    expect(report.level.id).toBe('not-agent-ready');
    expect(report.level.next?.blockers).toEqual(['error-structure']);
  });
});
