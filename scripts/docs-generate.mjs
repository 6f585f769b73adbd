#!/usr/bin/env node
/**
 * npm run docs:generate: rewrites the generated tables of the README and docs/ (scripts/docs-tables.ts says which, and
 * from what), compiled from this checkout (scripts/compiled.mjs). Prints each file
 * it changed; test/docs-tables.test.ts fails while a committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled } from './compiled.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { generatedDocs, rulesFixEdits } = await compiled("export { generatedDocs, rulesFixEdits } from './scripts/docs-tables';", 'docs-generate/docs-tables');
const read = file => readFileSync(join(root, file), 'utf8');
try {
  const changed = [...generatedDocs(read, await rulesFixEdits(root))].filter(([file, text]) => read(file) !== text);
  for (const [file, text] of changed) writeFileSync(join(root, file), text);
  process.stdout.write(changed.length === 0 ? 'the generated tables are up to date\n' : changed.map(([file]) => `updated ${file}\n`).join(''));
} catch (error) {
  process.stderr.write(`docs:generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
