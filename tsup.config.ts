import { readdirSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// Spectral swaps every @stoplight/* import for its own copy; everything else must travel inside dist.
const external = [/^@stoplight\//];
const cjsDefaultExport = { js: 'module.exports = module.exports.default;' };

const functionEntries = Object.fromEntries(
  readdirSync('functions')
    .filter(file => file.endsWith('.ts'))
    .map(file => [`functions/${file.slice(0, -3)}`, `functions/${file}`]),
);

/**
 * The `spectral-agent-ux` bin (its `report` and `baseline` commands), run by node in the user's project:
 * CommonJS, with the user's own @stoplight/* packages (from @stoplight/spectral-cli), everything else inside.
 * Built to dist/report/cli.cjs, the path package.json's `bin` names.
 */
export const reportBin = {
  entry: { 'report/cli': 'cli/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  external,
  noExternal: [/^(?!@stoplight\/)/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  banner: { js: '#!/usr/bin/env node' },
} satisfies Options;

/**
 * `spectral-agent-ux/runtime`, the guard on live responses: ESM and CommonJS for node, typed, with
 * everything it uses from lib/ inside; it imports no web framework and no @stoplight package.
 */
export const runtime = {
  entry: { runtime: 'runtime/index.ts' },
  format: ['esm', 'cjs'],
  outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
  dts: true,
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
} satisfies Options;

export default defineConfig([
  // The package entry: the ruleset, as ESM and as CommonJS (the VS Code extension loads the latter).
  {
    entry: { index: 'ruleset.ts' },
    format: ['esm', 'cjs'],
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    dts: true,
    external,
    noExternal: [/^(?!@stoplight\/)/],
    splitting: false,
    clean: false, // `npm run build` empties dist/ first: the three builds run side by side
    target: 'es2020',
    platform: 'neutral',
    footer: ({ format }) => (format === 'cjs' ? cjsDefaultExport : {}),
  },
  // One self-contained, default-exported file per function, for YAML rulesets that use `functionsDir`.
  {
    entry: functionEntries,
    format: ['esm'],
    external,
    noExternal: [/^(?!@stoplight\/)/],
    splitting: false,
    clean: false,
    target: 'es2020',
    platform: 'neutral',
  },
  reportBin,
  runtime,
]);
