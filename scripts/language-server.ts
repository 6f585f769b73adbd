/**
 * A build step inside the compile (step 2 of scripts/package.mjs), as an esbuild plugin because only the
 * bundler sees each import: the bin's import of cli/lsp/language-server.ts reads dist/language-server.cjs
 * beside it (its own, minified entry point) instead of bundling the protocol libraries into the bin.
 */
import type { Plugin } from 'esbuild';

export const languageServer: Plugin = {
  name: 'language-server',
  setup(build) {
    build.onResolve({ filter: /^\.\/language-server$/ }, () => ({ path: './language-server.cjs', external: true }));
  },
};
