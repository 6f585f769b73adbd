/**
 * The HTML report rendered by a real browser: one self-contained page (it asks the network for
 * nothing), whose matrix shows each cell's status, in its colour, with its explanation on hover. The
 * fixture's pointer override is read as a baseline's, so that every status but "not checked" (a column
 * left out of the matrix) is on the page.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { renderHtml } from '../cli/report/render-html';
import { matrixColumns, matrixRows } from '../cli/report/render-shared';
import type { ReportData } from '../cli/report/report';
import { launchChromium } from './support/chromium';
import { FIXTURES, ROOT, fixtureRuleset, reportOn } from './support/report';

let browser: Browser;
let page: Page;
let report: ReportData;
const requests: string[] = [];

beforeAll(async () => {
  report = await reportOn(join(FIXTURES, 'orders.yaml'), fixtureRuleset(), true);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.route('**/*', route => {
    requests.push(route.request().url());
    return route.abort();
  });
  await page.setContent(renderHtml(report), { waitUntil: 'load' });
}, 60000);

afterAll(async () => {
  await browser?.close();
});

test('the page loads nothing from anywhere', () => {
  expect(requests).toEqual([]);
});

test('the matrix has one row per operation and one column per checked principle', async () => {
  const rows = await page.$$eval('table.matrix tbody tr', trs => trs.map(tr => Array.from(tr.querySelectorAll('td')).slice(0, 3).map(td => td.textContent)));
  expect(rows).toEqual(matrixRows(report).map(operation => [operation.method, operation.path, operation.operationId ?? '']));
  const headers = await page.$$eval('table.matrix th.principle', ths => ths.map(th => th.textContent));
  expect(headers).toEqual(matrixColumns(report).map(principle => principle.label));
});

test('each rendered cell shows the status of the report', async () => {
  const rendered = await page.$$eval('table.matrix tbody tr', trs => trs.map(tr => Array.from(tr.querySelectorAll('td.cell')).map(td => (td as HTMLElement).dataset.status)));
  expect(rendered).toEqual(matrixRows(report).map(operation => matrixColumns(report).map(principle => operation.cells[principle.id].status)));
  expect(new Set(rendered.flat())).toEqual(new Set(['pass', 'fail', 'baselined', 'exempt', 'not-applicable']));
});

test('statuses are told apart by colour', async () => {
  const colours = await page.$$eval('table.matrix td.cell', tds => Object.fromEntries(tds.map(td => [(td as HTMLElement).dataset.status, getComputedStyle(td).backgroundColor])));
  expect(new Set(Object.values(colours)).size).toBe(5);
  expect(Object.keys(colours).sort()).toEqual(['baselined', 'exempt', 'fail', 'not-applicable', 'pass']);
});

test('a failing cell explains itself with its diagnostics, a baselined one with the findings accepted, an exempt one with its reason', async () => {
  const createOrder = page.locator('tr', { has: page.locator('code', { hasText: 'createOrder' }) });
  expect(await createOrder.locator('td[data-principle="retry-after"]').getAttribute('title')).toContain('POST /orders 429');
  expect(await createOrder.locator('td[data-principle="next-steps"]').getAttribute('title')).toMatch(/^accepted by the baseline:\n.*nextSteps/);
  const replaceOrder = page.locator('tr', { has: page.locator('code', { hasText: 'replaceOrder' }) });
  expect(await replaceOrder.locator('td[data-principle="retry-semantics"]').getAttribute('title')).toBe(
    'x-ax-exempt: Replacing an order is retried by our client library, which documents the policy itself.',
  );
});

test('the headline and the top fixes are on the page', async () => {
  expect(await page.textContent('h1')).toBe(`Agent-readiness: ${report.overall.score}% · level: ${report.level.name}`);
  expect(await page.locator('ol li').first().textContent()).toContain('#/components/schemas/Problem');
});

test('the page renders to a screenshot', async () => {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const png = await page.screenshot({ path: join(ROOT, '.cache', 'report-html-test.png'), fullPage: true });
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});
