#!/usr/bin/env node
/**
 * npm run bench, probe part: how the probe's plan grows with the description. `probe --dry-run` (the order
 * of play, the first try and the faults of every operation, nothing sent) on descriptions of 1,000 to
 * 16,000 operations, each in its own process; reported: its CPU time, and that time per operation, which
 * stays flat when the plan is linear (it was quadratic: 10,000 operations did not finish). The operations
 * are written inline, without `$ref`s: Spectral's resolver is superlinear in the number of references
 * (the synthetic description of `npm run bench`, all `$ref`s, spends 85% of 8,000 operations there), and
 * `spectral lint` pays that too.
 *
 *   node scripts/bench-probe.mjs [--sizes 1000,2000,4000,8000]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const sizes = (args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '1000,2000,4000,8000,16000').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'bench-probe-'));
// Prints the child's own CPU time when it exits, whatever the bin writes.
const cpuOnExit = join(dir, 'cpu.cjs');
writeFileSync(cpuOnExit, "process.on('exit', () => { const { user, system } = process.cpuUsage(); require('fs').writeSync(2, `cpu ${user + system}\\n`); });");

/** `operations` / 4 resources, each a create, a read, an action and a delete, as a probe plays them. */
function description(operations) {
  const json = status => ({ [status]: { description: 'Done', content: { 'application/json': { schema: { type: 'object' } } } } });
  const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
  const paths = {};
  for (let i = 0; i < operations / 4; i++) {
    paths[`/r${i}`] = { post: { operationId: `create${i}`, responses: json(201) } };
    paths[`/r${i}/{id}`] = {
      parameters: id,
      get: { operationId: `read${i}`, responses: json(200) },
      delete: { operationId: `delete${i}`, responses: json(204) },
    };
    paths[`/r${i}/{id}/cancel`] = { parameters: id, post: { operationId: `cancel${i}`, responses: json(200) } };
  }
  return { openapi: '3.1.0', info: { title: `${operations} operations`, version: '1' }, paths };
}

console.log(`\nprobe --dry-run on descriptions of inline operations (CPU time of the process, parse and resolve included), node ${process.version}`);
console.log('| operations | CPU time | per operation |');
console.log('|---|---|---|');
for (const operations of sizes) {
  const file = join(dir, `operations-${operations}.json`);
  writeFileSync(file, JSON.stringify(description(operations)));
  const run = spawnSync(
    process.execPath,
    ['--require', cpuOnExit, join(root, 'dist', 'spectral-agent-ux.cjs'), 'probe', file, '--base-url', 'http://127.0.0.1:9/', '--dry-run', '--format', 'json'],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const cpu = Number(/cpu (\d+)/.exec(run.stderr)?.[1]) / 1e6;
  console.log(`| ${operations.toLocaleString('en')} | ${cpu.toFixed(2)} s | ${((cpu / operations) * 1000).toFixed(2)} ms |`);
}
