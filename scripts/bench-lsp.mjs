#!/usr/bin/env node
/**
 * npm run bench, the language server (`spectral-agent-ux lsp --stdio`, the built bin) as an editor meets
 * it: the time from starting the server to its first answer to a code action request on a description;
 * the answer again on the unchanged text (from memory); and the answer after a one-character edit (the
 * request comes at once, so it waits for the lint of the new text rather than for the pause in typing).
 *
 *   node scripts/bench-lsp.mjs [.cache/corpus/github.json ...] [--rounds 3]
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openInServer } from './lsp-client.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
const files = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--rounds');
const FILES = files.length > 0 ? files : ['.cache/corpus/github.json', '.cache/corpus/digitalocean.json'];
const bin = join(root, 'dist', 'spectral-agent-ux.cjs');

const median = values => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const seconds = ms => (ms / 1000).toFixed(2);

/** A request, timed: what the editor waits for when the light bulb is asked at a finding. */
async function timed(ask) {
  const start = performance.now();
  const actions = await ask();
  return { ms: performance.now() - start, count: actions.length };
}

/** One server: started, a first answer, the same again, then one character typed into the first description and asked again. */
async function session(file) {
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  const server = await openInServer(bin, root, resolve(file), text);
  const at = server.diagnostics[0].range;
  const first = await timed(() => server.actionsAt(at));
  const firstMs = performance.now() - started;
  const unchanged = await timed(() => server.actionsAt(at));
  const key = /"?description"?:\s*"?/.exec(text);
  const offset = key.index + key[0].length;
  const line = text.slice(0, offset).split('\n').length - 1;
  const position = { line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
  await server.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: server.uri, version: 2 },
    contentChanges: [{ range: { start: position, end: position }, text: 'x' }],
  });
  const edited = await timed(() => server.actionsAt(at));
  await server.close();
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
