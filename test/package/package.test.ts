/**
 * The published package as npm would publish it (the tarball `npm run test:package` builds and packs
 * once, test/support/packed.ts): what the tarball holds and weighs, whether every relative link of its
 * Markdown reaches a file inside it, and what publint and arethetypeswrong say about its module formats and types.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { COMPILED_URL } from '../../lib/findings/code-origin';
import { DECLARATIONS } from '../../rules';
import { packedTarball } from '../support/packed';

const root = join(__dirname, '..', '..');
/** The function each rule's definition names, which a YAML ruleset loads from dist/functions/<name>. */
const FUNCTIONS = DECLARATIONS.map(declaration => declaration.functionName);
// 150 kB until 0.3 added the ESLint plugin, the `fix` and `probe` commands and their docs pages, and shipped the bin,
// the runtime guard and the ESLint plugin readable (not minified), with the line map of the rule code; the start-up
// cost is dist/shared.cjs alone, which npm run bench measures. 225 kB since every rule page says what `fix` does for it
// and the ESLint pages print their messages (218 kB packed then). 250 kB with 0.3.0's concept work (246 kB packed then):
// recognition by evidence (lib/concepts.ts, in dist/shared.cjs), fix's text writer for JSON and YAML, the probe's reuse of
// returned ids and its --param/--input, the runtime guard's per-response limits, and docs/code-first.md. 270 kB with the
// probe's streamed, bounded HTTP client and its redaction, and the 0.3.0 changelog (266 kB packed then). 275 kB with the
// recognition that names what it passed over, the rule declarations in dist/shared.cjs (rules/: each rule's report
// principle and applicability beside it, which the bin no longer bundles itself), and their docs (271.6 kB packed then).
// 285 kB with one verdict per check for the lint and the guard (lib/envelope, lib/paths, lib/error-values), recognition of
// what each API already has under its own names and shapes (field locators, per-item errors, link lookalikes, the API's own
// error schema), the sibling-option warning, and their docs (281.4 kB packed then). 290 kB with one finding per defect
// (the grouping of a shared component's uses, the report's placing by users, the baseline's refusal of 0.2) and its
// changelog and docs (286.1 kB packed then). 300 kB with each rule's messages declared as a table of templates by id in
// its function file (233 templates, lib/findings/messages.ts) and the document model's reads of Spectral's kept key order
// (296.0 kB packed then). 305 kB with the report's triage (the changes that clear most findings, `fix --only`) and its
// docs and schema (301.1 kB packed then). 310 kB with the probe's login, coverage gate and reuse of ids in bodies, and
// their docs (308.2 kB packed then). 320 kB with docs/code-first.md's NestJS recipe shipped as code
// (examples/nestjs-orders/src: the exception filter, the exceptionFactory, the DTOs, the guard mounted) and the
// framework-aware wording (316.3 kB packed then). 380 kB with the language server's dist/language-server.cjs (loaded by
// `lsp` alone), `report --probe` (evidence, live rows, observed failures) and `probe --arazzo`, with their docs, schema
// and changelog. 390 kB with the recognitions of issue 38 (status mirrors, HEAD, a default described as success, body
// idempotency keys, sub-resource nouns and existence conflicts, reason phrases beside a detail, next-call members, a
// documented problem+json convention, a shared place's users counted), `spectral-agent-ux/resolver` (dist/resolver.*, for
// `spectral lint --resolver`) and their docs and changelog (385.3 kB packed then). 395 kB with the read-only POSTs, the
// framework bodies by status and the benchmark's measures in the changelog (390.7 kB packed then). 400 kB with the API's own
// error shapes, API Platform's body and the read-only POSTs of the fresh sample (396.7 kB packed then). 410 kB with a
// shared schema's own `allOf` fix, SCIM's error bodies, the guard's cheaper error reads and their changelog (408.6 kB packed then).
// 415 kB with lib/ split by question (more modules) and the guard's FrameworkResponse (410.6 kB packed then).
// 435 kB with findings as data (`say`'s messageId and data, in the report's JSON too), each rule's live checks and their
// messages in its module, the third and fourth samples' advice and their changelog; the bin's imports of a rule module read
// from dist/shared.cjs, not bundled a second time (430.3 kB packed then). 460 kB with the ninth and tenth samples' advice:
// the POSTs that only compute in the scope the runtime guard shares (dist/runtime.cjs +26.6 kB unpacked), API-wide and
// success-only envelopes, Flask-RESTX and Web API 2 by more evidence, the href matcher's route index, and their docs
// and changelog (453.5 kB packed then).
const MAX_PACKED_BYTES = 460_000;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

// The tarball the other package tests install, as `npm pack --json` described it.
const packed = packedTarball();
const shipped = new Set(packed.files.map(file => file.path));
const markdown = [...shipped].filter(file => file.endsWith('.md'));

describe('the tarball', () => {
  test(`weighs at most ${MAX_PACKED_BYTES / 1000} kB packed`, () => {
    expect(packed.size).toBeLessThanOrEqual(MAX_PACKED_BYTES);
  });

  test('holds the entry points of the ruleset and of every function, in both formats with their types', () => {
    const entries = ['dist/index', ...FUNCTIONS.map(name => `dist/functions/${name}`)];
    for (const entry of entries) for (const extension of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(shipped).toContain(`${entry}${extension}`);
    expect(shipped).toContain('dist/spectral-agent-ux.cjs');
    for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) expect(shipped).toContain(file);
    // docs/code-first.md's NestJS recipe, as code: the exception filter and exceptionFactory, the DTOs, the app that mounts the guard.
    for (const file of ['problems.ts', 'orders.dto.ts', 'app.ts']) expect(shipped).toContain(`examples/nestjs-orders/src/${file}`);
  });

  test("only the ruleset's shared module compiles code from a string: no other shipped file uses Function or eval", () => {
    const code = [...shipped].filter(file => /\.(c?js)$/.test(file) && file !== 'dist/shared.cjs');
    expect(code.filter(file => /\b(new\s+)?Function\s*\(|\beval\s*\(/.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
    expect(readFileSync(join(root, 'dist', 'shared.cjs'), 'utf8')).toMatch(/\bFunction\(/);
  });

  test('the runtime guard, the ESLint plugin and the bin ship readable: named functions, one statement a line', () => {
    const readable = {
      'dist/runtime.cjs': 'function checkResponse(',
      'dist/eslint.cjs': 'function enclosingFunctionNames(',
      'dist/spectral-agent-ux.cjs': 'async function dispatch(',
    };
    for (const [file, declaration] of Object.entries(readable)) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text).toContain(declaration);
      expect(Math.max(...text.split('\n').map(line => line.length))).toBeLessThan(400);
    }
  });

  test('a rule that throws, from the packed code, names the source file and line in its "could not finish" message', () => {
    expect(shipped).toContain('dist/shared-map.cjs');
    expect(readFileSync(join(root, 'dist', 'shared.cjs'), 'utf8')).toContain(`//# sourceURL=${COMPILED_URL}`);
    // A document whose `paths` throws when read: the failure happens inside lib/document/document.ts, compiled into dist/shared.cjs.
    const script = `
      const rule = require('./dist/functions/envelopeNextSteps.cjs');
      const data = { openapi: '3.1.0', info: { title: 'x', version: '1' }, get paths() { throw new Error('unreadable paths'); } };
      const context = { rule: { name: 'ax-envelope-next-steps' }, document: { data }, documentInventory: { resolved: data } };
      console.log(rule(data, null, context)[0].message);`;
    const message = run(process.execPath, ['-e', script]).stdout.trim();
    const line =
      readFileSync(join(root, 'lib', 'document', 'document.ts'), 'utf8')
        .split('\n')
        .findIndex(text => text.includes('if (!isObject(this.root.paths))')) + 1;
    expect(message).toBe(
      `spectral-agent-ux could not finish ax-envelope-next-steps on this document (unreadable paths, at lib/document/document.ts:${line}); please report this with the document.`,
    );
  });

  test('holds no screenshot, no benchmark page and no source', () => {
    expect(
      [...shipped].filter(file => /\.(png|jpe?g|gif)$/.test(file) || file === 'docs/performance.md' || /^(lib|functions|report|test|scripts)\//.test(file)),
    ).toEqual([]);
  });

  test('every relative link of its Markdown reaches a file inside it', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      // Code blocks and code spans hold code, not links (`tools[error.next_operation](args)`).
      const text = readFileSync(join(root, file), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^([a-z]+:|#)/i.test(target)) continue;
        const path = normalize(join(dirname(file), decodeURIComponent(target.split('#')[0])));
        if (!shipped.has(path) && ![...shipped].some(shippedFile => shippedFile.startsWith(`${path}/`))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('cites its sources by title: no shipped file mentions the seeds or RULES.md', () => {
    const mentions = [...shipped]
      .filter(file => /\.(md|js|cjs|ts|cts|json)$/.test(file))
      .flatMap(file =>
        [...readFileSync(join(root, file), 'utf8').matchAll(/.{0,40}(\bseeds?\b|RULES\.md).{0,40}/gi)].map(([context]) => `${file}: ${context}`),
      );
    expect(mentions).toEqual([]);
  });
});

describe('module formats and types', () => {
  test('publint --strict finds nothing', () => {
    const result = run(bin('publint'), ['--strict']);
    expect(result.output).toContain('All good!');
    expect(result.status).toBe(0);
  });

  test('arethetypeswrong finds no problem in the main entry or any function entry, for node10, node16 (ESM and CJS) and bundlers', () => {
    const result = run(bin('attw'), [packed.tarball, '--include-entrypoints', ...FUNCTIONS.map(name => `./functions/${name}`)]);
    expect(result.output).toContain('No problems found');
    expect(result.status).toBe(0);
  });
});
