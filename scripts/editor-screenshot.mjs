#!/usr/bin/env node
/**
 * npm run editor:screenshot: docs/editor-screenshot.png, the code actions the built server answers on
 * examples/naive.yaml where POST /payments lacks `x-ax-retryable`, drawn as an editor shows them (the
 * lines around the finding, its squiggle, the menu of titles), rendered by headless Chromium (scripts/chromium.cjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { openInServer } from './lsp-client.mjs';

const { screenshotHtml } = createRequire(import.meta.url)('./chromium.cjs');
const root = process.cwd();
const file = resolve(root, 'examples', 'naive.yaml');
const text = readFileSync(file, 'utf8');
const server = await openInServer(resolve(root, 'dist', 'spectral-agent-ux.cjs'), root, file, text);
const finding = server.diagnostics.find(diagnostic => diagnostic.code === 'ax-recoverable-retryable');
const cursor = { start: finding.range.start, end: finding.range.start };
const actions = await server.actionsAt(cursor);
await server.close();

const escape = value => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const lines = text.split('\n');
const first = Math.max(0, finding.range.start.line - 4);
const shown = lines.slice(first, first + 14).map((line, i) => {
  const number = first + i;
  const code = number === finding.range.start.line ? `<span class="squiggle">${escape(line)}</span>` : escape(line);
  return `<div class="line"><span class="number">${number + 1}</span>${code || ' '}</div>${number === finding.range.start.line ? menu() : ''}`;
});

function menu() {
  const items = actions.map(action => `<div class="item">${escape(action.title).replace(/`([^`]+)`/g, '<code>$1</code>')}</div>`);
  return `<div class="menu"><div class="hint">${escape(finding.message)}</div>${items.join('')}</div>`;
}

const html = `<!doctype html><meta charset="utf-8"><style>
body { margin: 0; background: #1e1e1e; color: #d4d4d4; font: 14px/20px Menlo, Consolas, monospace; padding: 16px; }
.line { white-space: pre; } .number { display: inline-block; width: 40px; color: #858585; }
.squiggle { text-decoration: underline wavy #cca700; }
.menu { margin: 4px 0 4px 40px; width: 760px; background: #252526; border: 1px solid #454545; font-family: system-ui, sans-serif; font-size: 13px; }
.hint { padding: 6px 10px; color: #cca700; border-bottom: 1px solid #454545; white-space: normal; }
.item { padding: 5px 10px; } .item:first-of-type { background: #04395e; } code { font-family: Menlo, Consolas, monospace; color: #9cdcfe; }
</style><body>${shown.join('')}</body>`;

await screenshotHtml(html, 'docs/editor-screenshot.png', { width: 900, height: 400 });
console.log('wrote docs/editor-screenshot.png');
