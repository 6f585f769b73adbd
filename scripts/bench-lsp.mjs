#!/usr/bin/env node
/**
 * npm run bench, the language server (`spectral-agent-ux lsp --stdio`, the built bin) as an editor meets
 * it: the time from starting the server to its first answer to a code action request on a description;
 * the answer again on the unchanged text (from memory); and the answer after a one-character edit (the
 * request comes at once, so it waits for the lint of the new text rather than for the pause in typing).
 *
 *   node scripts/bench-lsp.mjs [.cache/corpus/github.json ...] [--rounds 3]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { createProtocolConnection } = require('vscode-languageserver/node');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
const files = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--rounds');
const FILES = files.length > 0 ? files : ['.cache/corpus/github.json', '.cache/corpus/digitalocean.json'];
const bin = join(root, 'dist', 'spectral-agent-ux.cjs');

const median = values => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const seconds = ms => (ms / 1000).toFixed(2);

/** A code action request at a finding's range, timed: what the editor waits for when the light bulb is asked there. */
async function timedActions(connection, uri, range) {
  const start = performance.now();
  const actions = await connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } });
  return { ms: performance.now() - start, count: actions.length };
}

/** One server: started, a first answer, the same again, then one character typed into the first description and asked again. */
async function session(file) {
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  // With --diagnostics, to learn where the findings are: the request goes where the user's cursor would.
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio', '--diagnostics'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(child.stdout, child.stdin);
  const published = new Promise(resolve => connection.onNotification('textDocument/publishDiagnostics', ({ diagnostics }) => resolve(diagnostics)));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  await connection.sendNotification('initialized', {});
  const uri = pathToFileURL(resolve(file)).href;
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
  const [finding] = await published;
  const first = await timedActions(connection, uri, finding.range);
  const firstMs = performance.now() - started;
  const unchanged = await timedActions(connection, uri, finding.range);
  const key = /"?description"?:\s*"?/.exec(text);
  const at = key.index + key[0].length;
  const line = text.slice(0, at).split('\n').length - 1;
  const character = at - (text.lastIndexOf('\n', at - 1) + 1);
  const position = { line, character };
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: position, end: position }, text: 'x' }],
  });
  const edited = await timedActions(connection, uri, finding.range);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  return { firstMs, unchangedMs: unchanged.ms, editedMs: edited.ms, actions: first.count };
}

console.log("## The language server (`spectral-agent-ux lsp --stdio`), code actions at the first finding's range");
console.log('');
console.log('| description | size (MB) | actions there | start to first answer (s) | unchanged text (s) | after a one-character edit (s) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const file of FILES) {
  const runs = [];
  for (let round = 0; round < rounds; round++) runs.push(await session(join(root, file)));
  const size = (readFileSync(join(root, file)).length / 1024 / 1024).toFixed(1);
  console.log(
    `| ${file} | ${size} | ${runs[0].actions} | ${seconds(median(runs.map(run => run.firstMs)))} | ${seconds(median(runs.map(run => run.unchangedMs)))} | ${seconds(median(runs.map(run => run.editedMs)))} |`,
  );
}
console.log(`\nmedians of ${rounds} servers each`);
