/**
 * The published package as npm would publish it (`npm pack`; dist/ must be current: `npm test` builds
 * first): what the tarball holds and weighs, whether every relative link of its Markdown reaches a file
 * inside it, and what publint and arethetypeswrong say about its module formats and types.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(__dirname, '..');
const FUNCTIONS = readdirSync(join(root, 'functions'))
  .filter(file => file.endsWith('.ts'))
  .map(file => file.slice(0, -3));
// 150 kB until 0.3 added the ESLint plugin, the `fix` and `probe` commands and their docs pages; the start-up cost is dist/shared.cjs alone, which npm run bench measures.
const MAX_PACKED_BYTES = 185_000;

interface Packed {
  size: number;
  files: { path: string }[];
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const packed: Packed = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--loglevel=error']).stdout)[0];
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
  });

  test('holds no screenshot, no benchmark page and no source', () => {
    expect([...shipped].filter(file => /\.(png|jpe?g|gif)$/.test(file) || file === 'docs/performance.md' || /^(lib|functions|report|test|scripts)\//.test(file))).toEqual([]);
  });

  test('every relative link of its Markdown reaches a file inside it', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      // Code blocks and code spans hold code, not links (`tools[error.next_operation](args)`).
      const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
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
      .flatMap(file => [...readFileSync(join(root, file), 'utf8').matchAll(/.{0,40}(\bseeds?\b|RULES\.md).{0,40}/gi)].map(([context]) => `${file}: ${context}`));
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
    const result = run(bin('attw'), ['--pack', '.', '--include-entrypoints', ...FUNCTIONS.map(name => `./functions/${name}`)]);
    expect(result.output).toContain('No problems found');
    expect(result.status).toBe(0);
  });
});
