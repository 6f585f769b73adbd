#!/usr/bin/env node
/**
 * npm run vscode:package [-- <out.vsix>]: the VS Code extension of editors/vscode as a .vsix. Its one
 * source file is bundled with the language client (esbuild, `vscode` left to the editor), then packed by
 * @vscode/vsce with no dependency listing (everything is in the bundle), offline.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const extension = resolve(root, 'editors', 'vscode');
const out = resolve(process.argv[2] ?? resolve(extension, 'spectral-agent-ux.vsix'));

await build({
  entryPoints: [resolve(extension, 'src', 'extension.cjs')],
  outfile: resolve(extension, 'dist', 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  minify: true,
  logLevel: 'warning',
});
const vsce = spawnSync(resolve(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--no-update-package-json', '--out', out], {
  cwd: extension,
  stdio: 'inherit',
});
process.exit(vsce.status ?? 1);
