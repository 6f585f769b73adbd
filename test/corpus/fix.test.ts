/**
 * npm run test:corpus, `fix` proven on the real-world corpus: each description's edits applied, then
 * linted again; its Overlay, applied by openapi-format (an independent implementation), gives the same
 * document, every action matching a node. Every finding an edit claimed is gone, no new finding of this package appears, the result
 * parses as the same OpenAPI version, no byte outside the edited objects changed, no request body and no
 * response without a claimed finding gains a member (required or declared: a server built from the
 * description would then have to send it), and (on files under 1 MB, where it takes seconds) spectral:oas
 * reports no new error. The per-file counts go to .cache/corpus-fix.md.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { applyToText } from '../../cli/text-apply';
import { renderOverlay } from '../../cli/fix/overlay';
import { planFixes } from '../../cli/fixes';
import { lint } from '../../cli/lint';
import { outsideObjects } from '../support/edited-ranges';
import { applyWithOpenapiFormat, claimedPlaces, oasErrors, ours, planOutcome } from '../support/fixes';
import { unconcernedGains } from '../support/members';
import { runMain } from '../support/bin';

const ROOT = join(__dirname, '..', '..');
const CORPUS = join(ROOT, '.cache', 'corpus');
const files: string[] = (JSON.parse(readFileSync(join(ROOT, 'scripts', 'corpus.json'), 'utf8')) as { files: { file: string }[] }).files.map(
  entry => entry.file,
);
const OAS_LIMIT = 1024 * 1024;
const isJson = (file: string) => file.endsWith('.json');

const rows: string[] = [];
const leftByRule = new Map<string, number>();
const describeCorpus = files.every(file => existsSync(join(CORPUS, file))) ? describe : describe.skip;

describeCorpus('fix on the corpus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-fix-'));
  afterAll(() => {
    const header =
      '| file | findings before | fixed by an edit | left for a person | findings after | objects edited | bytes added, all inside them |\n|---|---|---|---|---|---|---|';
    const left = [...leftByRule].sort((a, b) => b[1] - a[1]).map(([rule, count]) => `| ${rule} | ${count} |`);
    writeFileSync(
      join(ROOT, '.cache', 'corpus-fix.md'),
      `# fix on the corpus\n\n${header}\n${rows.join('\n')}\n\n| left for a person, by rule | findings |\n|---|---|\n${left.join('\n')}\n`,
    );
  });

  test.each(files)('%s', async file => {
    const source = join(CORPUS, file);
    const text = readFileSync(source, 'utf8');
    const before = await lint(source, undefined, { cwd: ROOT, edits: true });
    const plan = planFixes(before);
    const edited = join(dir, basename(file));
    const { text: fixedText, applied, refused } = applyToText(text, isJson(file), plan.edits);
    expect(refused).toEqual([]);
    const targets = applied.map(edit => edit.target);
    const untouched = outsideObjects(text, isJson(file), targets);
    expect(untouched).toBeDefined();
    expect(outsideObjects(fixedText, isJson(file), targets)).toBe(untouched);
    writeFileSync(edited, fixedText);
    const versionOf = (data: unknown) => (data as Record<string, unknown>).openapi ?? (data as Record<string, unknown>).swagger;
    const read = (content: string) => (isJson(file) ? JSON.parse(content) : parse(content)) as object;
    expect(versionOf(read(fixedText))).toBe(versionOf(read(text)));
    expect(unconcernedGains(read(text) as never, read(fixedText) as never, claimedPlaces(before, plan))).toEqual([]);
    const overlay = JSON.parse(renderOverlay(plan, file, true)) as object;
    expect(await applyWithOpenapiFormat(read(text), overlay)).toEqual({ result: read(fixedText), unmatched: 0 });

    const after = await lint(edited, undefined, { cwd: ROOT });
    expect(planOutcome(before.diagnostics, plan, after.diagnostics)).toEqual({ kept: [], added: [] });
    if (text.length < OAS_LIMIT) {
      const errorsBefore = await oasErrors(text, source);
      expect([...(await oasErrors(fixedText, edited))].filter(error => !errorsBefore.has(error))).toEqual([]);
    }
    for (const diagnostic of plan.left) leftByRule.set(String(diagnostic.code), (leftByRule.get(String(diagnostic.code)) ?? 0) + 1);
    rows.push(
      `| ${file} | ${ours(before.diagnostics).length} | ${plan.fixed.length} | ${plan.left.length} | ${ours(after.diagnostics).length} | ${applied.length} | ${Buffer.byteLength(fixedText) - Buffer.byteLength(text)} |`,
    );
  });
});

/** `fix --only` on a real description: one change of the report made, every other finding as it was. */
test('fix --apply --only makes one pattern of the Kubernetes description and nothing else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-fix-only-'));
  const file = join(dir, 'kubernetes.json');
  writeFileSync(file, readFileSync(join(CORPUS, 'kubernetes.json')));
  const place = (diagnostic: { code: string | number; path: readonly (string | number)[]; message: string }) =>
    JSON.stringify([diagnostic.code, diagnostic.path, diagnostic.message]);
  const before = (await lint(file, undefined, { cwd: dir })).diagnostics.map(place);
  const only = 'ax-recoverable-retryable@pattern-0c8cc7b8';
  expect(await runMain(['fix', 'kubernetes.json', '--apply', '--only', only], dir)).toMatchObject({
    code: 0,
    stderr: 'spectral-agent-ux fix: fixed 185 of 185 findings in kubernetes.json (185 objects edited)\n',
  });
  const after = (await lint(file, undefined, { cwd: dir })).diagnostics.map(place);
  const gone = before.filter(key => !after.includes(key));
  expect(gone).toHaveLength(185);
  expect(gone.every(key => key.includes('no `x-ax-retryable`') && key.includes('Add `x-ax-retryable: false`'))).toBe(true);
  expect(after.filter(key => !before.includes(key))).toEqual([]);
});
