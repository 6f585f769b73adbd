#!/usr/bin/env node
/**
 * npm run report:screenshot: docs/report-screenshot.png, the HTML report of examples/naive.yaml as
 * headless Chromium renders it (Debian's `chromium` package). REPORT_BIN picks another build of the bin.
 */
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const bin = process.env.REPORT_BIN ?? 'dist/spectral-agent-ux.cjs';
const html = execFileSync(process.execPath, [bin, 'report', 'examples/naive.yaml', '--format', 'html'], { encoding: 'utf8' });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: 'docs/report-screenshot.png', fullPage: true });
  console.log('wrote docs/report-screenshot.png');
} finally {
  await browser.close();
}
