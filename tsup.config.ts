import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { defineConfig, type Options } from 'tsup';
import type { Plugin } from 'esbuild';

// Spectral swaps every @stoplight/* import for its own copy; everything else must travel inside dist.
const external = [/^@stoplight\//];

/** The rule functions, by file name: each is shipped as dist/functions/<name>.{js,cjs} for `functionsDir`. */
const functionNames = readdirSync('functions')
  .filter(file => file.endsWith('.ts'))
  .map(file => file.slice(0, -3));

/** The bin's own source files (cli/ and its command folders, and runtime/ for the probe): the rest of its code comes from the shared module. */
const BIN_FOLDERS = ['cli', 'runtime'];
const binFiles = BIN_FOLDERS.flatMap(folder =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter(file => file.endsWith('.ts'))
    .map(file => path.join(folder, file)),
);

/** The lib/ modules that the bin's code imports (not for types alone), by file name. */
const binLibNames = [
  ...new Set(binFiles.flatMap(file => [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '(?:\.\.\/)+lib\/([\w-]+)';$/gm)].map(([, name]) => name))),
].sort();

/** The name under which the shared module exports lib/<name>.ts as a namespace, for the bin. */
const libExport = (name: string) => `lib_${name.replace(/-/g, '_')}`;

/**
 * The one module that holds the package's code: the ruleset and every function by name (`api`, its
 * types), and, for the bin, each lib/ module it imports as a namespace (`withLib`, its code; not in the types).
 * Generated, so that a new function file is shipped without a list to keep up to date.
 */
function writeSharedSources(): { api: string; withLib: string } {
  mkdirSync('.cache/build', { recursive: true });
  const api = [`export { default as ruleset } from '../../ruleset';`, ...functionNames.map(name => `export { default as ${name} } from '../../functions/${name}';`)];
  const withLib = [`export * from './shared';`, ...binLibNames.map(name => `export * as ${libExport(name)} from '../../lib/${name}';`)];
  const files = { api: '.cache/build/shared.ts', withLib: '.cache/build/shared-with-lib.ts' };
  writeFileSync(files.api, `${api.join('\n')}\n`);
  writeFileSync(files.withLib, `${withLib.join('\n')}\n`);
  return files;
}

/** One entry point re-exporting one name of the shared module, in each format, with its types. */
function writeEntry(path: string, name: string, fromDist: string): void {
  const files = {
    [`${path}.js`]: `export { ${name} as default } from '${fromDist}shared.js';\n`,
    [`${path}.d.ts`]: `export { ${name} as default } from '${fromDist}shared.js';\n`,
    [`${path}.cjs`]: `module.exports = require('${fromDist}shared.cjs').${name};\n`,
    [`${path}.d.cts`]: `import { ${name} } from '${fromDist}shared.cjs';\nexport = ${name};\n`,
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(`dist/${file}`, text);
}

/**
 * `extends: spectral-agent-ux` in a YAML ruleset resolves to dist/index.cjs, which Spectral's CLI and
 * the VS Code extension bundle with rollup at every start; rollup parses and analyses every token it
 * bundles, which was most of what the package cost each `spectral lint` run. A string literal it copies
 * as it is. So shared.cjs carries its code as one string that the host compiles once, and requires the
 * @stoplight packages statically beside it, so that rollup still hands the code the host's own copies.
 */
function wrapCommonJs(): void {
  const file = 'dist/shared.cjs';
  const code = readFileSync(file, 'utf8');
  const required = [...code.matchAll(/require\(("[^"]*")\)/g)].map(([, id]) => id);
  const outside = required.filter(id => !JSON.parse(id).startsWith('@stoplight/'));
  if (outside.length > 0) throw new Error(`${file}: unexpected require: ${outside.join(', ')}`);
  const modules = [...new Set(required)].map(id => `${id}: require(${id})`).join(', ');
  writeFileSync(
    file,
    `"use strict";\nconst modules = { ${modules} };\nconst shared = { exports: {} };\n` +
      `Function("require", "module", "exports", ${JSON.stringify(code)})(id => modules[id], shared, shared.exports);\nmodule.exports = shared.exports;\n`,
  );
}

/** An ES module with the named exports of a CommonJS one beside it (node and rollup import CommonJS): one copy of the code. */
const esmWrapper = (file: string, names: string[]) => `import commonJs from '${file}';\nexport const { ${names.join(', ')} } = commonJs;\n`;

/** An ESM declaration file with the types of a CommonJS one beside it: one copy of the declarations. */
const typesFrom = (file: string) => `export * from '${file}';\n`;

async function writeEntries(): Promise<void> {
  wrapCommonJs();
  writeFileSync('dist/shared.js', esmWrapper('./shared.cjs', ['ruleset', ...functionNames]));
  writeFileSync('dist/shared.d.ts', typesFrom('./shared.cjs'));
  mkdirSync('dist/functions', { recursive: true });
  writeEntry('index', 'ruleset', './');
  for (const name of functionNames) writeEntry(`functions/${name}`, name, '../');
}

/**
 * The bin's imports of the ruleset and of lib/ (from its own folders) become tiny modules that take them
 * from dist/shared.cjs at run time: one copy of the rule code in the package, and the bin and the rules
 * share its module state (memoized documents, rule ids).
 */
const fromShared: Plugin = {
  name: 'from-shared',
  setup(build) {
    const root = path.resolve('.');
    const inBin = (importer: string) => BIN_FOLDERS.some(folder => path.relative(root, importer).startsWith(`${folder}${path.sep}`));
    build.onResolve({ filter: /^(\.\.\/)+(ruleset|lib\/[\w-]+)$/ }, ({ path: id, importer }) => {
      const target = path.relative(root, path.resolve(path.dirname(importer), id));
      return inBin(importer) && (target === 'ruleset' || path.dirname(target) === 'lib') ? { path: target.replace(/\\/g, '/'), namespace: 'shared' } : undefined;
    });
    build.onResolve({ filter: /^\.\/shared\.cjs$/ }, ({ path: id }) => ({ path: id, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'shared' }, ({ path: id }) => {
      const name = id === 'ruleset' ? 'ruleset' : id.slice(4);
      if (name !== 'ruleset' && !binLibNames.includes(name)) return { errors: [{ text: `${id}: not in dist/shared.cjs (binLibNames reads the \`import … from '../lib/…';\` statements)` }] };
      // dist/spectral-agent-ux.cjs requires dist/shared.cjs beside it.
      return { contents: `module.exports = require('./shared.cjs').${name === 'ruleset' ? name : libExport(name)};\n`, loader: 'js' };
    });
  },
};

/**
 * The `spectral-agent-ux` bin (its commands; the probe with the runtime checks), run by node in the user's project:
 * CommonJS, with the user's own @stoplight/* packages (from @stoplight/spectral-cli), the rule code from
 * dist/shared.cjs, everything else inside. Built to dist/spectral-agent-ux.cjs, the path package.json's `bin` names.
 */
export const bin = {
  entry: { 'spectral-agent-ux': 'cli/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  // `yaml` (for `fix --apply`) is a dependency resolved at run time: bundled, it would weigh more than the rest of the bin.
  external: [...external, 'yaml'],
  noExternal: [/^(?!@stoplight\/|yaml$)/],
  esbuildPlugins: [fromShared],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  banner: { js: '#!/usr/bin/env node' },
} satisfies Options;

/**
 * dist/runtime.js, for `import`: the CommonJS build's exports, named one by one (node imports CommonJS),
 * so the package holds one copy of the guard.
 */
async function wrapRuntimeForEsm(): Promise<void> {
  const file = path.resolve('dist/runtime.cjs');
  const names = Object.keys(createRequire(file)(file)).sort();
  writeFileSync('dist/runtime.js', esmWrapper('./runtime.cjs', names));
  writeFileSync('dist/runtime.d.ts', typesFrom('./runtime.cjs'));
}

/**
 * `spectral-agent-ux/runtime`, the guard on live responses: CommonJS for node, with an ESM wrapper
 * (`wrapRuntimeForEsm`), typed for both, with everything it uses from lib/ inside; it imports no web
 * framework and no @stoplight package.
 */
export const runtime = {
  entry: { runtime: 'runtime/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  dts: { compilerOptions: { removeComments: true } },
  minify: true,
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  onSuccess: wrapRuntimeForEsm,
} satisfies Options;

/**
 * The package: one shared module (dist/shared.cjs, minified, wrapped by `wrapCommonJs`, with its types;
 * dist/shared.js, for `import`, re-exports it) and, beside it, the entry points that each re-export one
 * of its names: the ruleset (`index`) and one default-exported file per function (for YAML rulesets'
 * `functionsDir`), as ESM and as CommonJS (`module.exports =`, so `require()` gets the ruleset or the
 * function itself). One copy of the rule code: the npm tarball stays small, and Spectral's rollup
 * (whose commonjs plugin the CLI and the VS Code extension both load) copies its string as it is on
 * either path. Every import is written with its extension, since the VS Code extension reads relative
 * imports exactly as written. Minified because Spectral bundles an extended package with rollup at
 * every start, so its size is start-up time.
 */
const sharedSources = writeSharedSources();
const library = {
  entry: { shared: sharedSources.withLib },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  // Comments stay in the sources; the published types carry the declarations alone (dist/shared.d.ts
  // re-exports dist/shared.d.cts).
  dts: { entry: { shared: sharedSources.api }, compilerOptions: { removeComments: true } },
  minify: true,
  external,
  noExternal: [/^(?!@stoplight\/)/],
  splitting: false,
  clean: false, // `npm run build` empties dist/ first: the builds run side by side
  target: 'es2020',
  platform: 'neutral',
  onSuccess: writeEntries,
} satisfies Options;

/**
 * The plugin's types, as ESLint sees a plugin: written here because its CommonJS `module.exports` is the
 * plugin itself (`export =`), which a TypeScript module cannot declare. test/eslint-rules.test.ts checks
 * them against the plugin.
 */
const ESLINT_TYPES = `type RuleName = 'no-inline-next-steps' | 'no-unchecked-envelope-cast' | 'no-pool-query-in-transaction';
interface RuleModule {
  meta: { type: 'problem' | 'suggestion'; docs: { description: string; url: string }; messages: Record<string, string>; schema: unknown[] };
  create(context: any): Record<string, ((node: any) => void) | undefined>;
}
declare const plugin: {
  meta: { name: string; version: string };
  rules: Record<RuleName, RuleModule>;
  configs: { recommended: { name: string; plugins: { 'agent-ux': typeof plugin }; rules: Record<\`agent-ux/\${RuleName}\`, 'error'> } };
};
`;

/** dist/eslint.js, for `import`: the CommonJS plugin as its default export (one copy of the plugin), and the types of both. */
function wrapEslintForEsm(): void {
  writeFileSync('dist/eslint.d.cts', `${ESLINT_TYPES}export = plugin;\n`);
  writeFileSync('dist/eslint.js', "import plugin from './eslint.cjs';\nexport default plugin;\n");
  writeFileSync('dist/eslint.d.ts', `${ESLINT_TYPES}export default plugin;\n`);
}

/**
 * `spectral-agent-ux/eslint`, the lint guardrail for handler code: its own entry point, so that the
 * ruleset never loads ESLint (it imports none: the rules are plain objects). CommonJS whose
 * `module.exports` is the plugin, an ESM wrapper, typed; minified like the runtime guard (the tarball's size).
 */
export const eslintPlugin = {
  entry: { eslint: 'eslint/index.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
  minify: true,
  footer: { js: 'module.exports = module.exports.default;' },
  onSuccess: async () => wrapEslintForEsm(),
} satisfies Options;

// The bin and the runtime guard are minified too: smaller, and no source comment travels into the package.
export default defineConfig([library, { ...bin, minify: true }, runtime, eslintPlugin]);
