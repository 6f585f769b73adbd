/**
 * The HTML report rendered by a real browser: one self-contained page (it asks the network for
 * nothing), whose matrix shows each cell's status, in its colour, with its explanation on hover. The
 * fixture's pointer override is read as a baseline's, so that every status but "not checked" (a column
 * left out of the matrix) is on the page.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { packageDefinition } from '../../cli/lint';
import { renderHtml } from '../../cli/report/render-html';
import { matrixColumns, matrixRows } from '../../cli/report/render-shared';
import type { ReportData } from '../../cli/report/report';
import { launchChromium } from '../support/chromium';
import { FIXTURES, ROOT, fixtureRuleset, reportOn } from '../support/report';

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
  const rows = await page.$$eval('table.matrix tbody tr', trs =>
    trs.map(tr =>
      Array.from(tr.querySelectorAll('td'))
        .slice(0, 3)
        .map(td => td.textContent),
    ),
  );
  expect(rows).toEqual(matrixRows(report).map(operation => [operation.method, operation.path, operation.operationId ?? '']));
  const headers = await page.$$eval('table.matrix th.principle', ths => ths.map(th => th.textContent));
  expect(headers).toEqual(matrixColumns(report).map(principle => principle.label));
});

test('each rendered cell shows the status of the report', async () => {
  const rendered = await page.$$eval('table.matrix tbody tr', trs =>
    trs.map(tr => Array.from(tr.querySelectorAll('td.cell')).map(td => (td as HTMLElement).dataset.status)),
  );
  expect(rendered).toEqual(matrixRows(report).map(operation => matrixColumns(report).map(principle => operation.cells[principle.id].status)));
  expect(new Set(rendered.flat())).toEqual(new Set(['pass', 'fail', 'baselined', 'exempt', 'not-applicable']));
});

test('statuses are told apart by colour', async () => {
  const colours = await page.$$eval('table.matrix td.cell', tds =>
    Object.fromEntries(tds.map(td => [(td as HTMLElement).dataset.status, getComputedStyle(td).backgroundColor])),
  );
  expect(new Set(Object.values(colours)).size).toBe(5);
  expect(Object.keys(colours).sort()).toEqual(['baselined', 'exempt', 'fail', 'not-applicable', 'pass']);
});

test('a failing cell explains itself with its diagnostics, a baselined one with the findings accepted, an exempt one with its reason', async () => {
  const createOrder = page.locator('tr', { has: page.locator('code', { hasText: 'createOrder' }) });
  expect(await createOrder.locator('td[data-principle="retry-after"]').getAttribute('title')).toContain('POST /orders 429');
  expect(await createOrder.locator('td[data-principle="next-steps"]').getAttribute('title')).toMatch(/^accepted by the baseline:\n.*nextSteps/);
  const replaceOrder = page.locator('tr', { has: page.locator('code', { hasText: 'replaceOrder' }) });
  expect(await replaceOrder.locator('td[data-principle="retryable"]').getAttribute('title')).toBe(
    'x-ax-exempt: Replacing an order is retried by our client library, which documents the policy itself.',
  );
});

test('the headline and the changes are on the page', async () => {
  // No probe ran: the level is what the description declares.
  expect(await page.textContent('h1')).toBe(`Agent-readiness: ${report.overall.score}% · level: ${report.level.name} (declared, not verified)`);
  expect(await page.locator('ol li').first().textContent()).toContain('#/components/schemas/Problem');
});

test('the first screen at 1280 px shows the headline and the changes that clear most findings (one list), before the matrix and the principles', async () => {
  const narrow = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await narrow.setContent(renderHtml(report), { waitUntil: 'load' });
  const headings = await narrow.$$eval('h2', nodes => nodes.map(node => node.textContent?.split(':')[0]));
  expect(headings).toEqual(['Start here', 'Matrix', 'Principles']);
  const top = await narrow.locator('h2', { hasText: 'Start here' }).boundingBox();
  expect(top!.y).toBeLessThan(800);
  const last = await narrow
    .locator('ol li')
    .nth(report.changes.length > 2 ? 2 : 0)
    .boundingBox();
  expect(last!.y).toBeLessThan(800);
  await narrow.close();
});

test('the header row and the first two columns (method and path) stay in view while the matrix scrolls', async () => {
  const scroller = page.locator('div.scroll');
  const header = page.locator('table.matrix thead th').first();
  const firstCell = page.locator('table.matrix tbody tr').first().locator('td').first();
  const pathCell = page.locator('table.matrix tbody tr').first().locator('td').nth(1);
  const before = { header: (await header.boundingBox())!, cell: (await firstCell.boundingBox())!, path: (await pathCell.boundingBox())! };
  await scroller.evaluate(node => {
    node.style.maxHeight = '120px';
    node.style.maxWidth = '500px';
    node.scrollTop = 60;
    node.scrollLeft = 200;
  });
  expect((await header.boundingBox())!.y).toBeCloseTo(before.header.y, 0);
  expect((await firstCell.boundingBox())!.x).toBeCloseTo(before.cell.x, 0);
  expect((await pathCell.boundingBox())!.x).toBeCloseTo(before.path.x, 0);
  await scroller.evaluate(node => {
    node.style.maxHeight = '';
    node.style.maxWidth = '';
    node.scrollTop = 0;
    node.scrollLeft = 0;
  });
});

test('"failing only" hides the rows without a failing cell, and the search box filters by method, path or operationId', async () => {
  const visible = () => page.$$eval('table.matrix tbody tr', rows => rows.filter(row => (row as HTMLElement).offsetParent !== null).length);
  const all = await visible();
  const failing = matrixRows(report).filter(operation => matrixColumns(report).some(principle => operation.cells[principle.id].status === 'fail')).length;
  await page.check('#failing-only');
  expect(await visible()).toBe(failing);
  await page.uncheck('#failing-only');
  expect(await visible()).toBe(all);
  await page.fill('#search', 'replaceorder');
  expect(await visible()).toBe(1);
  await page.fill('#search', '');
  expect(await visible()).toBe(all);
});

test("a cell's details show on click and on keyboard focus, not only on hover", async () => {
  const createOrder = page.locator('tr', { has: page.locator('code', { hasText: 'createOrder' }) });
  await createOrder.locator('td[data-principle="retry-after"]').click();
  expect(await page.textContent('#detail')).toMatch(/^retry-after: .*POST \/orders 429/);
  await createOrder.locator('td[data-principle="next-steps"]').focus();
  expect(await page.textContent('#detail')).toMatch(/^next-steps: accepted by the baseline:/);
});

test('inline code in a message or a fix is rendered as code, not as Markdown backticks', async () => {
  const createOrder = page.locator('tr', { has: page.locator('code', { hasText: 'createOrder' }) });
  await createOrder.locator('td[data-principle="retry-after"]').click();
  expect(await page.$$eval('#detail code', codes => codes.map(code => code.textContent))).toContain('Retry-After');
  const visibleText = await page.evaluate(() => document.querySelector('#detail')!.textContent + document.querySelector('ol')!.textContent);
  expect(visibleText).not.toContain('`');
});

/** examples/naive.yaml's 5 operations, `copies` times, under long Stripe-like paths: a large API with failing cells and top fixes. */
function largeApi(copies: number) {
  const naive = parse(readFileSync(join(ROOT, 'examples', 'naive.yaml'), 'utf8'));
  const paths: Record<string, unknown> = {};
  for (let copy = 0; copy < copies; copy++) {
    for (const [path, item] of Object.entries(naive.paths as Record<string, Record<string, { operationId?: string }>>)) {
      const operations = Object.entries(item).map(([method, operation]) => [
        method,
        { ...operation, operationId: `${operation.operationId}ForExternalAccount${copy}` },
      ]);
      paths[`/v1/accounts/{account}/external_accounts_${copy}${path}`] = Object.fromEntries(operations);
    }
  }
  return { ...naive, paths };
}

describe("at 1280 px on a 450-operation API (the size of Stripe's)", () => {
  let large: Page;
  let rows: number;

  beforeAll(async () => {
    const file = join(ROOT, '.cache', 'large-450.json');
    mkdirSync(join(ROOT, '.cache'), { recursive: true });
    writeFileSync(file, JSON.stringify(largeApi(90)));
    const data = await reportOn(file, new Ruleset(packageDefinition(), { severity: 'recommended' }));
    rows = data.operations.length;
    large = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await large.setContent(renderHtml(data), { waitUntil: 'load' });
  }, 60000);

  afterAll(async () => {
    await large?.close();
  });

  test('the page is no wider than the window, the top fixes are on the first screen, and the matrix box fits in the window', async () => {
    expect(rows).toBe(450);
    const facts = await large.evaluate(() => ({
      pageWidth: document.documentElement.scrollWidth,
      firstFixBottom: document.querySelector('ol li')!.getBoundingClientRect().bottom,
      box: document.querySelector('div.scroll')!.getBoundingClientRect().height,
      rows: document.querySelectorAll('table.matrix tbody tr').length,
    }));
    expect(facts.pageWidth).toBeLessThanOrEqual(1280);
    expect(facts.firstFixBottom).toBeLessThan(800);
    expect(facts.box).toBeLessThan(800);
    expect(facts.rows).toBe(450);
  });

  test('scrolled to the last row and the last principle, the header row and the method and path of each row are still in view', async () => {
    const at = () =>
      large.evaluate(() => {
        const box = document.querySelector('div.scroll')!.getBoundingClientRect();
        const lastRow = document.querySelector('table.matrix tbody tr:last-child')!;
        const [method, path] = Array.from(lastRow.querySelectorAll('td')).map(td => td.getBoundingClientRect());
        return { box, header: document.querySelector('table.matrix thead th')!.getBoundingClientRect().y, method: method.x, path: path.x };
      });
    const before = await at();
    await large.locator('div.scroll').evaluate(node => {
      node.scrollTop = node.scrollHeight;
      node.scrollLeft = node.scrollWidth;
    });
    const after = await at();
    expect(after.header).toBeCloseTo(before.header, 0);
    expect(after.method).toBeCloseTo(before.method, 0);
    expect(after.path).toBeCloseTo(before.path, 0);
    expect(after.path).toBeGreaterThan(after.method);
  });
});

test('the page renders to a screenshot', async () => {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const png = await page.screenshot({ path: join(ROOT, '.cache', 'report-html-test.png'), fullPage: true });
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test("docs/report-screenshot.png is the current build's report of examples/naive.yaml at 1280 px (npm run report:screenshot)", async () => {
  const naive = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await naive.setContent(renderHtml(await reportOn(join(ROOT, 'examples', 'naive.yaml'), new Ruleset(packageDefinition(), { severity: 'recommended' }))), {
    waitUntil: 'load',
  });
  const rendered = await naive.screenshot({ fullPage: true });
  await naive.close();
  // A PNG's IHDR holds its width and height: a stale screenshot (another count of principles or operations) has another height.
  const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
  expect(size(readFileSync(join(ROOT, 'docs', 'report-screenshot.png')))).toEqual(size(rendered));
});
