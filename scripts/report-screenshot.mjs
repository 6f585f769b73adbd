#!/usr/bin/env node
/**
 * npm run report:screenshot: docs/report-screenshot.png, the HTML report of examples/naive.yaml as
 * headless Chromium renders it at 1280 px (the browser of scripts/chromium.cjs: no system package, no
 * root). REPORT_BIN picks another build of the bin.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const { screenshotHtml } = createRequire(import.meta.url)('./chromium.cjs');
const bin = process.env.REPORT_BIN ?? 'dist/spectral-agent-ux.cjs';
const html = execFileSync(process.execPath, [bin, 'report', 'examples/naive.yaml', '--format', 'html'], { encoding: 'utf8' });

await screenshotHtml(html, 'docs/report-screenshot.png', { width: 1280, height: 800 });
console.log('wrote docs/report-screenshot.png');
