#!/usr/bin/env node
/**
 * npm run docs:generate: rewrites the generated tables of the README and docs/ (scripts/docs-tables.ts says which, and
 * from what), compiled from this checkout by esbuild as scripts/benchmark.mjs compiles the fix engine. Prints each file
 * it changed; test/docs-tables.test.ts fails while a committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const outfile = join(root, '.cache', 'docs-generate', 'docs-tables.cjs');
await require('esbuild').build({
  entryPoints: [join(root, 'scripts', 'docs-tables.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['@stoplight/*', 'yaml'],
  outfile,
  logLevel: 'error',
});
const read = file => readFileSync(join(root, file), 'utf8');
try {
  const { generatedDocs, rulesFixEdits } = require(outfile);
  const changed = [...generatedDocs(read, await rulesFixEdits(root))].filter(([file, text]) => read(file) !== text);
  for (const [file, text] of changed) writeFileSync(join(root, file), text);
  process.stdout.write(changed.length === 0 ? 'the generated tables are up to date\n' : changed.map(([file]) => `updated ${file}\n`).join(''));
} catch (error) {
  process.stderr.write(`docs:generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
