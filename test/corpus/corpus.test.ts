/**
 * npm run test:corpus: every rule of the package, through real Spectral, on the real-world descriptions
 * of scripts/corpus.json (fetched into .cache/corpus/ by `npm run corpus:fetch`). No run may abort, no
 * function may fail, every result must be ours or Spectral's own, and every path a function reports must
 * exist in the document as written (Spectral would otherwise silently move it to the nearest parent).
 * The per-file and per-convention counts of each rule go to .cache/corpus-report.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ruleset from '../../ruleset';
import { COULD_NOT_FINISH, misplaced, ObservedLinter, OUR_CODES, parse, valueAt } from '../support/observe';

const ROOT = join(__dirname, '..', '..');
const CORPUS = join(ROOT, '.cache', 'corpus');
const REPORT = join(ROOT, '.cache', 'corpus-report.md');
// Every finding, one JSON line each, sorted: two runs diff finding by finding (`npm run corpus:diff -- before.jsonl after.jsonl`).
const FINDINGS = join(ROOT, '.cache', 'corpus-findings.jsonl');
const SPECTRAL_CODES = new Set(['invalid-ref', 'parser']);

interface Entry {
  file: string;
  package: string;
  version: string;
  member: string;
  /** The real-world error or link conventions this file represents: keys of the manifest's `conventions`. */
  conventions?: string[];
}
const manifest: { conventions: Record<string, string>; files: Entry[] } = JSON.parse(readFileSync(join(ROOT, 'scripts', 'corpus.json'), 'utf8'));
const entries = manifest.files;
const filesOf = (convention: string) => entries.filter(entry => entry.conventions?.includes(convention));

test('every convention of the manifest has a file, and every file names only declared conventions', () => {
  expect(Object.keys(manifest.conventions).filter(convention => filesOf(convention).length === 0)).toEqual([]);
  expect(entries.flatMap(entry => (entry.conventions ?? []).filter(c => !(c in manifest.conventions)).map(c => `${entry.file}: ${c}`))).toEqual([]);
});

interface FileReport {
  file: string;
  operations: number;
  ms: number;
  counts: Map<string, number>;
  ruleMs: Map<string, number>;
  findings: string[];
}
const reports: FileReport[] = [];

function countOperations(data: unknown): number {
  const paths = valueAt(data, ['paths']);
  if (typeof paths !== 'object' || paths === null) return 0;
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
  return Object.values(paths).reduce((n: number, item) => n + (typeof item === 'object' && item !== null ? methods.filter(m => m in item).length : 0), 0);
}

const describeCorpus = entries.every(entry => existsSync(join(CORPUS, entry.file))) ? describe : describe.skip;
if (describeCorpus === describe.skip) process.stderr.write('corpus not fetched: run `npm run corpus:fetch` (npm run test:corpus does)\n');

describeCorpus('the real-world corpus, every rule on', () => {
  // One linter for every file: Spectral shares the rule objects between instances, so a second
  // ObservedLinter would wrap the first one's wrappers, and the first one's times would add up every file.
  const linter = new ObservedLinter();

  test.each(entries.map(entry => [entry.file, entry] as const))('%s', async (_name, entry) => {
    const source = join(CORPUS, entry.file);
    const document = parse(readFileSync(source, 'utf8'), source);

    linter.ruleMs.clear();
    const started = performance.now();
    const results = await linter.lint(document); // rejects if a function throws
    const ms = performance.now() - started;

    const counts = new Map<string, number>();
    for (const result of results) counts.set(String(result.code), (counts.get(String(result.code)) ?? 0) + 1);
    const findings = results.map(({ code, path, message }) => JSON.stringify({ file: entry.file, code, path: path.join('/'), message })).sort();
    reports.push({ file: entry.file, operations: countOperations(document.data), ms, counts, ruleMs: new Map(linter.ruleMs), findings });

    expect(results.filter(result => result.message.startsWith(COULD_NOT_FINISH)).map(r => `${r.code}: ${r.message}`)).toEqual([]);
    expect([...counts.keys()].filter(code => !OUR_CODES.has(code) && !SPECTRAL_CODES.has(code))).toEqual([]);
    expect(misplaced(linter.raw, document.data).slice(0, 20)).toEqual([]);
    expect(results.filter(result => OUR_CODES.has(String(result.code))).length).toBe(linter.raw.length);
  });
});

afterAll(() => {
  if (reports.length === 0) return;
  const order = new Map(entries.map((entry, i) => [entry.file, i]));
  reports.sort((a, b) => order.get(a.file)! - order.get(b.file)!);
  const codes = [...OUR_CODES, ...SPECTRAL_CODES].filter(code => reports.some(report => report.counts.has(code)));
  const silent = [...OUR_CODES].filter(code => !codes.includes(code));
  const header = ['file', 'operations', 'seconds', ...codes];
  const rows = reports.map(report => [
    report.file,
    String(report.operations),
    (report.ms / 1000).toFixed(1),
    ...codes.map(code => String(report.counts.get(code) ?? 0)),
  ]);
  const table = markdownTable(header, rows);
  const byFile = new Map(reports.map(report => [report.file, report]));
  const conventionRows = Object.entries(manifest.conventions).map(([convention, what]) => {
    const files = filesOf(convention).flatMap(entry => byFile.get(entry.file) ?? []);
    const sum = (code: string) => files.reduce((n, report) => n + (report.counts.get(code) ?? 0), 0);
    const named = files.map(report => `${report.file} (${report.operations})`).join(', ');
    return [convention, what, named || '(not run)', ...codes.map(code => String(sum(code)))];
  });
  const conventions = markdownTable(['convention', 'shape', 'files (operations)', ...codes], conventionRows);
  const slowest = reports.map(report => {
    const top = [...report.ruleMs].sort((a, b) => b[1] - a[1]).slice(0, 3);
    return `- ${report.file}: ${top.map(([id, time]) => `${id} ${time.toFixed(0)} ms`).join(', ')}`;
  });
  const text = [
    `# spectral-agent-ux on the corpus`,
    '',
    `${new Date().toISOString()}, node ${process.version}, ${Object.keys(ruleset.rules).length} rules, all on.`,
    '',
    table,
    '',
    `Rules silent on every file: ${silent.length === 0 ? 'none' : silent.join(', ')}.`,
    '',
    '## Per convention',
    '',
    'Each real-world error or link convention, the files of the corpus that represent it (scripts/corpus.json `conventions`), and the findings of each rule summed over them.',
    '',
    conventions,
    '',
    'Slowest rule functions per file (time inside the function, in process):',
    ...slowest,
    '',
  ].join('\n');
  writeFileSync(REPORT, text);
  writeFileSync(FINDINGS, reports.flatMap(report => report.findings).join('\n') + '\n');
  process.stdout.write(`\n${text}\n(written to ${REPORT})\n`);
});

function markdownTable(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map(row => `| ${row.join(' | ')} |`).join('\n');
}
