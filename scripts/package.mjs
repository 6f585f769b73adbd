#!/usr/bin/env node
/**
 * `npm run build`: the package in four steps, each a function below. tsup.config.ts only says how each
 * entry point is compiled; what is generated before and assembled after lives here. docs/build.md says why
 * the package has this shape.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compiled } from './compiled.mjs';

/**
 * The rule functions, by the name each rule's definition gives its function (rules/<id>.ts, `recoverableRetryAfter` for
 * `ax-recoverable-retry-after`): each is shipped as dist/functions/<name>.{js,cjs} for YAML rulesets' `functionsDir`.
 */
const FUNCTION_NAMES = (await compiled("export { DECLARATIONS } from './rules';", 'build/declarations')).DECLARATIONS.map(
  declaration => declaration.functionName,
).sort();
/** The lib/ modules, which the bin and the probe take from the shared module instead of bundling a second copy. */
const LIB_NAMES = namesIn('lib', { recursive: true });
/** Each rule module, which cli/ and runtime/ import for a rule's own exports (its `scope`, its `live`). */
const RULE_NAMES = namesIn('rules');
/** What the frames of the compiled rule code are called; lib/findings/code-origin.ts looks for the same name (a test keeps them equal). */
const COMPILED_URL = 'spectral-agent-ux/dist/shared.cjs';

function namesIn(folder, { recursive = false } = {}) {
  return readdirSync(folder, { recursive, encoding: 'utf8' })
    .map(file => file.replace(/\\/g, '/'))
    .filter(file => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map(file => file.slice(0, -3))
    .sort();
}

/**
 * Step 1, why: a new rule or lib module must ship without a list to keep up to date. Writes the
 * shared module's two entries: `shared.ts` (the ruleset and every function by name, as the rule
 * declarations hold them: the published types) and `shared-with-lib.ts` (that, plus the declarations and
 * each lib/ and rules/ module as a namespace for the bin, and the hook that hands the compiled code its source map).
 */
function writeSharedSources() {
  mkdirSync('.cache/build', { recursive: true });
  const api = [
    `export { default as ruleset } from '../../ruleset';`,
    `import { FUNCTIONS } from '../../ruleset';`,
    `export const { ${FUNCTION_NAMES.join(', ')} } = FUNCTIONS;`,
  ];
  const withLib = [
    `export * from './shared';`,
    `export { useSourceMap as __useSourceMap } from '../../lib/findings/code-origin';`,
    `export * as rules from '../../rules';`,
    ...LIB_NAMES.map(name => `export * as lib_${name.replace(/[/-]/g, '_')} from '../../lib/${name}';`),
    ...RULE_NAMES.map(name => `export * as rules_${name.replace(/-/g, '_')} from '../../rules/${name}';`),
  ];
  writeFileSync('.cache/build/shared.ts', `${api.join('\n')}\n`);
  writeFileSync('.cache/build/shared-with-lib.ts', `${withLib.join('\n')}\n`);
}

/**
 * Step 2, why: esbuild (through tsup) compiles and bundles each entry point, in parallel; tsup.config.ts holds
 * the options, and scripts/from-shared.ts the one plugin, which points the bin's imports of the rule code at
 * dist/shared.cjs instead of a second copy.
 */
function compile() {
  const result = spawnSync('npx', ['--no', 'tsup'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Step 3, why: Spectral's CLI and the VS Code extension bundle an extended package with rollup at every
 * start, and rollup parses every token it bundles, while it copies a string literal as it is. So
 * dist/shared.cjs carries the rule code as one string, compiled once by `Function` (docs/build.md has the
 * measured saving), and requires the @stoplight packages statically beside it, so that rollup still hands
 * the code the host's own copies. The string names itself (`sourceURL`) and its map, cut to lines, rides
 * beside it in dist/shared-map.cjs, so that "could not finish" names the source file and line.
 */
function wrapSharedModule() {
  const file = 'dist/shared.cjs';
  const code = `${readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '')}\n//# sourceURL=${COMPILED_URL}`;
  // The compiled module's own lib/findings/code-origin.ts cuts the map, so the build and the reader share one codec.
  const { lib_findings_code_origin: origin } = createRequire(import.meta.url)('../dist/shared.cjs');
  writeFileSync('dist/shared-map.cjs', `module.exports = ${JSON.stringify(origin.linesOnly(JSON.parse(readFileSync(`${file}.map`, 'utf8'))))};\n`);
  rmSync(`${file}.map`);
  const required = [...code.matchAll(/require\(("[^"]*")\)/g)].map(([, id]) => id);
  const outside = required.filter(id => !JSON.parse(id).startsWith('@stoplight/'));
  if (outside.length > 0) throw new Error(`${file}: unexpected require: ${outside.join(', ')}`);
  const modules = [...new Set(required)].map(id => `${id}: require(${id})`).join(', ');
  writeFileSync(
    file,
    `"use strict";\nconst modules = { ${modules} };\nconst shared = { exports: {} };\n` +
      `Function("require", "module", "exports", ${JSON.stringify(code)})(id => modules[id], shared, shared.exports);\n` +
      `shared.exports.__useSourceMap(require("./shared-map.cjs"));\nmodule.exports = shared.exports;\n`,
  );
}

/** An ES module with the named exports of a CommonJS one beside it (node and rollup import CommonJS): one copy of the code. */
const esmWrapper = (file, names) => `import commonJs from '${file}';\nexport const { ${names.join(', ')} } = commonJs;\n`;

/** One entry point re-exporting one name of the shared module, in each format, with its types. */
function writeEntry(path, name, fromDist) {
  const files = {
    [`${path}.js`]: `export { ${name} as default } from '${fromDist}shared.js';\n`,
    [`${path}.d.ts`]: `export { ${name} as default } from '${fromDist}shared.js';\n`,
    [`${path}.cjs`]: `module.exports = require('${fromDist}shared.cjs').${name};\n`,
    [`${path}.d.cts`]: `import { ${name} } from '${fromDist}shared.cjs';\nexport = ${name};\n`,
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(`dist/${file}`, text);
}

/**
 * Step 4, why: one copy of each piece of code, reached by every entry point users name. The ruleset
 * (`index`) and one default-exported file per function (YAML rulesets' `functionsDir`) re-export the
 * shared module, as ESM and CommonJS (`module.exports =`, so `require()` gets the ruleset or the function
 * itself); the runtime guard and the ESLint plugin get ESM wrappers over their CommonJS builds. Every
 * import is written with its extension: the VS Code extension reads relative imports exactly as written.
 */
function writeEntryPoints() {
  writeFileSync('dist/shared.js', esmWrapper('./shared.cjs', ['ruleset', ...FUNCTION_NAMES]));
  writeFileSync('dist/shared.d.ts', `export * from './shared.cjs';\n`);
  mkdirSync('dist/functions', { recursive: true });
  writeEntry('index', 'ruleset', './');
  for (const name of FUNCTION_NAMES) writeEntry(`functions/${name}`, name, '../');
  const runtime = Object.keys(createRequire(import.meta.url)('../dist/runtime.cjs')).sort();
  writeFileSync('dist/runtime.js', esmWrapper('./runtime.cjs', runtime));
  writeFileSync('dist/runtime.d.ts', `export * from './runtime.cjs';\n`);
  // The plugin's CommonJS `module.exports` is the plugin itself (`export =`), which a TypeScript module cannot declare: eslint/plugin.d.ts can.
  const types = readFileSync('eslint/plugin.d.ts', 'utf8').replace(/^export default plugin;\n$/m, '');
  writeFileSync('dist/eslint.d.cts', `${types}export = plugin;\n`);
  writeFileSync('dist/eslint.d.ts', `${types}export default plugin;\n`);
  writeFileSync('dist/eslint.js', "import plugin from './eslint.cjs';\nexport default plugin;\n");
  // The resolver the same way: `spectral lint --resolver` requires the file and takes `module.exports` as the resolver.
  const resolverType = "import type { Resolver } from '@stoplight/spectral-ref-resolver';\ndeclare const resolver: Resolver;\n";
  writeFileSync('dist/resolver.d.cts', `${resolverType}export = resolver;\n`);
  writeFileSync('dist/resolver.d.ts', `${resolverType}export default resolver;\n`);
  writeFileSync('dist/resolver.js', "import resolver from './resolver.cjs';\nexport default resolver;\n");
}

rmSync('dist', { recursive: true, force: true });
writeSharedSources();
compile();
wrapSharedModule();
writeEntryPoints();
