#!/usr/bin/env node
/**
 * npm run report:screenshot: docs/report-screenshot.png, the HTML report of examples/naive.yaml as
 * headless Chromium renders it at 1280 px (the browser of scripts/chromium.cjs: no system package, no
 * root). REPORT_BIN picks another build of the bin.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const { launchChromium } = createRequire(import.meta.url)('./chromium.cjs');
const bin = process.env.REPORT_BIN ?? 'dist/spectral-agent-ux.cjs';
const html = execFileSync(process.execPath, [bin, 'report', 'examples/naive.yaml', '--format', 'html'], { encoding: 'utf8' });

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: 'docs/report-screenshot.png', fullPage: true });
  console.log('wrote docs/report-screenshot.png');
} finally {
  await browser.close();
}
