import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// Spectral swaps every @stoplight/* import for its own copy; everything else must travel inside dist.
const external = [/^@stoplight\//];

/** The rule functions, by file name: each is shipped as dist/functions/<name>.{js,cjs} for `functionsDir`. */
const functionNames = readdirSync('functions')
  .filter(file => file.endsWith('.ts'))
  .map(file => file.slice(0, -3));

/**
 * The one module that holds the package's code: the ruleset and every function by name. Generated, so
 * that a new function file is shipped without a list to keep up to date.
 */
function writeSharedSource(): string {
  const file = '.cache/build/shared.ts';
  mkdirSync('.cache/build', { recursive: true });
  const lines = [`export { default as ruleset } from '../../ruleset';`, ...functionNames.map(name => `export { default as ${name} } from '../../functions/${name}';`)];
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
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

async function writeEntries(): Promise<void> {
  wrapCommonJs();
  mkdirSync('dist/functions', { recursive: true });
  writeEntry('index', 'ruleset', './');
  for (const name of functionNames) writeEntry(`functions/${name}`, name, '../');
}

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
  dts: { compilerOptions: { removeComments: true } },
  minify: true,
  noExternal: [/.*/],
  splitting: false,
  clean: false,
  target: 'node18',
  platform: 'node',
} satisfies Options;

/**
 * The package: one shared module (dist/shared.{js,cjs}, minified, with its types; the CommonJS one
 * wrapped by `wrapCommonJs`) and, beside it, the
 * entry points that each re-export one of its names: the ruleset (`index`) and one default-exported
 * file per function (for YAML rulesets' `functionsDir`), as ESM and as CommonJS (`module.exports =`,
 * so `require()` gets the ruleset or the function itself). Every import is written with its extension,
 * since the VS Code extension reads relative imports exactly as written. Minified because Spectral
 * bundles an extended package with rollup at every start, so its size is start-up time.
 */
const library = {
  entry: { shared: writeSharedSource() },
  format: ['esm', 'cjs'],
  outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
  // Comments stay in the sources; the published types carry the declarations alone.
  dts: { compilerOptions: { removeComments: true } },
  minify: true,
  external,
  noExternal: [/^(?!@stoplight\/)/],
  splitting: false,
  clean: false, // `npm run build` empties dist/ first: the builds run side by side
  target: 'es2020',
  platform: 'neutral',
  onSuccess: writeEntries,
} satisfies Options;

// The bin and the runtime guard are minified too: smaller, and no source comment travels into the package.
export default defineConfig([library, { ...reportBin, minify: true }, runtime]);
