/**
 * Headless Chromium for the report's browser test and the docs' screenshots (`report:screenshot`, `editor:screenshot`), driven by playwright-core, with no system package
 * and no root: on Linux x64 the browser comes from the npm registry (`@sparticuz/chromium` ships a
 * brotli-compressed chrome-headless-shell and the NSS libraries it links against), unpacked once
 * into node_modules/.cache. Elsewhere, or with CHROMIUM_PATH set, the system's browser is used.
 */
'use strict';
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { brotliDecompressSync } = require('node:zlib');
const { chromium } = require('playwright-core');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const NODE_MODULES = join(__dirname, '..', 'node_modules');

/** @typedef {{ executablePath: string, env?: Record<string, string> }} BrowserBinary */

/** Writes a file under a temporary name, then renames it: a concurrent run never sees half a binary. */
function writeAtomically(file, data, mode) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data, { mode });
  renameSync(partial, file);
}

/** The regular files of a ustar archive (the library archive holds nothing else). */
function* tarFiles(archive) {
  for (let offset = 0; offset + 512 <= archive.length;) {
    const name = archive.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    if (name === '') return;
    const size = parseInt(archive.toString('utf8', offset + 124, offset + 136).trim(), 8);
    const type = archive[offset + 156];
    if (type === 0 || type === 0x30) yield [name, archive.subarray(offset + 512, offset + 512 + size)];
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/** Unpacks the registry's Chromium (once per installed version) and returns it with its library path. */
/** @returns {BrowserBinary} */
function packagedChromium() {
  const packageDir = join(NODE_MODULES, '@sparticuz', 'chromium');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const bin = join(packageDir, 'bin');
  const cache = join(NODE_MODULES, '.cache', 'spectral-agent-ux', `chromium-${version}`);
  const executablePath = join(cache, 'chromium');
  const libraries = join(cache, 'lib');
  if (!existsSync(join(libraries, '.complete'))) {
    for (const [name, data] of tarFiles(brotliDecompressSync(readFileSync(join(bin, 'al2023.tar.br'))))) writeAtomically(join(cache, name), data, 0o644);
    writeAtomically(join(libraries, '.complete'), Buffer.alloc(0), 0o644);
  }
  if (!existsSync(executablePath)) writeAtomically(executablePath, brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))), 0o755);
  const inherited = process.env.LD_LIBRARY_PATH;
  return { executablePath, env: { LD_LIBRARY_PATH: inherited ? `${libraries}:${inherited}` : libraries } };
}

/** @returns {BrowserBinary} */
function browserBinary() {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH };
  if (process.platform === 'linux' && process.arch === 'x64') return packagedChromium();
  const system = SYSTEM_BROWSERS.find(path => existsSync(path));
  if (system === undefined) throw new Error('No Chromium for the HTML report test: set CHROMIUM_PATH to a Chromium or Chrome executable.');
  return { executablePath: system };
}

/** @returns {Promise<import('playwright-core').Browser>} */
function launchChromium() {
  const { executablePath, env } = browserBinary();
  return chromium.launch({ executablePath, args: ARGS, env: { ...process.env, ...env } });
}

/** Renders a page of HTML at this viewport and writes its full-page PNG: the docs' screenshots. */
async function screenshotHtml(html, file, viewport) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport });
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await browser.close();
  }
}

module.exports = { launchChromium, screenshotHtml };
