/**
 * A rule is its module (rules/<id>.ts), a line of rules/index.ts, its page (docs/rules/<id>.md) and its test
 * (test/<id>.test.ts): counted here, on the package's code (its sources and scripts; comments may name any rule).
 * What else still names a rule id in code is listed in LEFT, each entry with why, so that what the declarations
 * have yet to absorb is in sight; a new entry, or one that went, fails the test until LEFT says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import * as ts from 'typescript';
import { DECLARATIONS, PROBE_READINGS, RULE_IDS } from '../rules';
import { GUARDED_RULES } from '../runtime/checks';

const ROOT = join(__dirname, '..');
const CODE = /\.(ts|mjs|cjs)$/;

/**
 * The code that still names rule ids outside their modules, by file, with the ids it names. The generated docs tables
 * and the rule pages are not code; tests name the rules they test.
 */
const LEFT: Record<string, readonly string[]> = {
  // The README's editor screenshot is a picture of one finding, as a test names the rule it tests: what the picture
  // shows, not a list a new rule must join.
  'scripts/editor-screenshot.mjs': ['ax-recoverable-retryable'],
};

/** The package's code, relative to the root, with `/` separators. */
function codeFiles(): string[] {
  const inFolders = ['lib', 'rules', 'runtime', 'eslint', 'cli', 'scripts', 'benchmark'].flatMap(folder =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter(file => CODE.test(file))
      .map(file => `${folder}/${file.split(sep).join('/')}`),
  );
  return ['ruleset.ts', 'resolver.ts', ...inFolders];
}

// Longest first, and whole ids only: `ax-envelope-next-steps` is not found inside `ax-envelope-next-steps-href`.
const ID = new RegExp(`(?<![\\w-])(${[...RULE_IDS].sort((a, b) => b.length - a.length).join('|')})(?![\\w-])`, 'g');

/**
 * The rule ids the code of one file names in its strings. An import's path is no name: it names the rule's module, the
 * one place the rule is stated, to read its declaration (rules/index.ts imports each; the runtime guard imports the
 * `live` of each rule that has one, and the `scope` of four). What this test looks for is a rule's knowledge stated again elsewhere, which a string id marks.
 */
function idsNamedIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    const { parent } = node;
    const isPath = parent !== undefined && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && !isPath)
      for (const [id] of node.text.matchAll(ID)) found.add(id);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].sort();
}

const named = new Map(codeFiles().map(file => [file, idsNamedIn(file)]));

test.each(RULE_IDS.map(id => [id]))('%s is its module, a line of rules/index.ts, its page and its test', id => {
  expect([`rules/${id}.ts`, `docs/rules/${id}.md`, `test/${id}.test.ts`].filter(file => !existsSync(join(ROOT, file)))).toEqual([]);
  expect(
    readFileSync(join(ROOT, 'rules', 'index.ts'), 'utf8')
      .split('\n')
      .filter(line => line.includes(`'./${id}'`)),
  ).toHaveLength(1);
  // Its module names itself and no other rule.
  expect(named.get(`rules/${id}.ts`)).toEqual([id]);
});

test('no other code names a rule id, but what LEFT lists', () => {
  const elsewhere = [...named].filter(([file, ids]) => ids.length > 0 && !/^rules\/ax-[a-z-]+\.ts$/.test(file));
  expect(Object.fromEntries(elsewhere)).toEqual(LEFT);
});

test('the runtime guard checks what the rules declare live: one import line in runtime/checks.ts per rule with `live`, each reporting its own rule', () => {
  const live = DECLARATIONS.flatMap(({ id, live }) => (live === undefined ? [] : [id]));
  expect(live).toHaveLength(10);
  expect(DECLARATIONS.flatMap(({ id, live }) => (live === undefined || live.rule === id ? [] : [id]))).toEqual([]);
  const importing = readFileSync(join(ROOT, 'runtime', 'checks.ts'), 'utf8')
    .split('\n')
    .flatMap(line => /^import \{ live as \w+(?:, scope as \w+)? \} from '\.\.\/rules\/(ax-[a-z-]+)';$/.exec(line)?.[1] ?? []);
  expect(importing.sort()).toEqual([...live].sort());
  expect([...GUARDED_RULES].sort()).toEqual([...live].sort());
});

test("each of the probe's readings is one rule's, and each probe finding confirms at most one rule, the one whose check it may replace", () => {
  const roles = DECLARATIONS.flatMap(({ id, probe }) => (probe === undefined ? [] : [{ id, ...probe }]));
  expect(roles.flatMap(({ reads }) => reads ?? []).sort()).toEqual([...PROBE_READINGS].sort());
  const confirmers = roles.flatMap(({ confirmedBy }) => confirmedBy ?? []);
  expect(new Set(confirmers).size).toBe(confirmers.length);
  expect(roles.filter(({ replacesLiveCheck, confirmedBy }) => replacesLiveCheck === true && confirmedBy === undefined)).toEqual([]);
});
