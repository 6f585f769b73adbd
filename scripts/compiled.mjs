/**
 * TypeScript of this checkout for a script to call: `exports` (an export statement from the root) compiled by esbuild into
 * one CommonJS file under .cache/<name>.cjs and required, the @stoplight packages and yaml left to the script's own.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export async function compiled(exports, name) {
  const outfile = join(root, '.cache', `${name}.cjs`);
  await require('esbuild').build({
    stdin: { contents: exports, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['@stoplight/*', 'yaml'],
    outfile,
    logLevel: 'error',
  });
  return require(outfile);
}
