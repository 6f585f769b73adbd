/**
 * A build step inside the compile (step 2 of scripts/package.mjs), as an esbuild plugin because only the
 * bundler sees each import: the bin's imports of the ruleset, of the rule declarations and of lib/ (from
 * cli/, and from runtime/ for the probe) read them from dist/shared.cjs beside it, instead of bundling a second copy. One copy of the
 * rule code, and one module state (the rules' registry of fixes, the document model's memo) for the bin.
 */
import * as path from 'node:path';
import type { Plugin } from 'esbuild';

/** Code outside lib/ that imports lib/ or the ruleset and ships in the bin. */
const FROM_SHARED = ['cli', 'runtime'];

export const fromShared: Plugin = {
  name: 'from-shared',
  setup(build) {
    const root = path.resolve('.');
    const inBin = (importer: string) => FROM_SHARED.some(folder => path.relative(root, importer).startsWith(`${folder}${path.sep}`));
    build.onResolve({ filter: /^(\.\.\/)+(ruleset|rules(\/[\w-]+)?|lib(\/[\w-]+)+)$/ }, ({ path: id, importer }) => {
      const target = path.relative(root, path.resolve(path.dirname(importer), id)).replace(/\\/g, '/');
      return inBin(importer) && (target === 'ruleset' || target === 'rules' || target.startsWith('rules/') || target.startsWith('lib/'))
        ? { path: target, namespace: 'shared' }
        : undefined;
    });
    build.onResolve({ filter: /^\.\/shared\.cjs$/ }, ({ path: id }) => ({ path: id, external: true }));
    // scripts/package.mjs (step 1) exports the ruleset as `ruleset`, rules/index.ts as `rules`, rules/<id>.ts as `rules_<id>`
    // (dashes as underscores) and lib/<folder>/<name>.ts as `lib_<folder>_<name>`.
    build.onLoad({ filter: /.*/, namespace: 'shared' }, ({ path: id }) => {
      const name =
        id === 'ruleset' || id === 'rules'
          ? id
          : id.startsWith('rules/')
            ? `rules_${id.slice(6).replace(/-/g, '_')}`
            : `lib_${id.slice(4).replace(/[/-]/g, '_')}`;
      return { contents: `module.exports = require('./shared.cjs').${name};\n`, loader: 'js' };
    });
  },
};
