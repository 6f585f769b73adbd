/**
 * How each entry point is compiled. `npm run build` (scripts/package.mjs) generates the shared module's
 * sources before and assembles the entry points after; docs/build.md says why the package has this shape.
 */
import { defineConfig, type Options } from 'tsup';
import { fromShared } from './scripts/from-shared';
import { languageServer } from './scripts/language-server';

// Spectral swaps every @stoplight/* import for its own copy; everything else must travel inside dist.
const external = [/^@stoplight\//];

/** The rule code: the ruleset, every function, and each lib/ module for the bin. Minified: Spectral bundles it at every start. */
const library = {
  entry: { shared: '.cache/build/shared-with-lib.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  // The published types: the ruleset and the functions, declarations alone.
  dts: { entry: { shared: '.cache/build/shared.ts' }, compilerOptions: { removeComments: true } },
  minify: true,
  sourcemap: true,
  external,
  noExternal: [/^(?!@stoplight\/)/],
  splitting: false,
  clean: false,
  target: 'es2020',
  platform: 'neutral',
} satisfies Options;

/** The `spectral-agent-ux` bin, run by node in the user's project, with the user's own @stoplight/* packages; its rule code is dist/shared.cjs's. */
export const bin = {
  entry: { 'spectral-agent-ux': 'cli/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  // `yaml` (for `fix --apply`) is a dependency resolved at run time: bundled, it would weigh more than the rest of the bin.
  external: [...external, 'yaml'],
  noExternal: [/^(?!@stoplight\/|yaml$)/],
  esbuildPlugins: [fromShared, languageServer],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  banner: { js: '#!/usr/bin/env node' },
} satisfies Options;

/** The language server's protocol libraries (cli/lsp/language-server.ts), loaded by the bin's `lsp` alone: minified, as no one reads them. */
const languageServerLibraries = {
  entry: { 'language-server': 'cli/lsp/language-server.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  noExternal: [/.*/],
  minify: true,
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
} satisfies Options;

/** `spectral-agent-ux/runtime`, the guard in users' servers: no framework, no @stoplight package, readable. */
const runtime = {
  entry: { runtime: 'runtime/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  dts: { compilerOptions: { removeComments: true } },
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
} satisfies Options;

/** `spectral-agent-ux/eslint`: its own entry, so that the ruleset never loads ESLint; `module.exports` is the plugin. */
const eslintPlugin = {
  entry: { eslint: 'eslint/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  footer: { js: 'module.exports = module.exports.default;' },
} satisfies Options;

/** `spectral-agent-ux/resolver`, for `spectral lint --resolver`: as the plugin, `module.exports` is the resolver; on the host Spectral's @stoplight packages. */
const resolver = { ...eslintPlugin, entry: { resolver: 'resolver.ts' }, external, noExternal: [/^(?!@stoplight\/)/] } satisfies Options;

export default defineConfig([library, bin, languageServerLibraries, runtime, eslintPlugin, resolver]);
