/**
 * The docs' rule tables, written from the code (`npm run docs:generate`, scripts/docs-generate.mjs; test/docs-tables.test.ts
 * fails when a committed file differs): the README's rules, docs/report.md's columns, docs/fix.md's edits, docs/runtime.md's
 * live checks and each docs/rules page's summary (severity, preset) and Options tables. Each sits between `<!-- generated: <what> … -->` and
 * `<!-- /generated -->`. Facts come from the rule declarations (rules/index.ts), the options' schemas and default names
 * (lib/semantics/names.ts), the rules whose findings `fix` edits on the descriptions test/fix.test.ts applies it to, and the
 * rules the runtime guard checks (runtime/checks.ts). Prose the code does not hold stays hand-written where it is shown,
 * kept by rule or option: the guard's response and check cells, an option's meaning, the default of an option that is
 * not a list of names unless its rule defines it, a page's formats; a row the code asks for without that prose is an error naming the file.
 */
import { join } from 'node:path';
import { DECLARATIONS, RULE_IDS, type RuleDeclaration } from '../rules';
import { DEFAULT_NAMES, type Concept } from '../lib/semantics/names';
import { GUARDED_RULES } from '../runtime/checks';
import { lint } from '../cli/lint';
import { planFixes } from '../cli/fixes';

/** Reads a file of the checkout by its path from the root (`docs/fix.md`). */
export type Read = (file: string) => string;

/** The descriptions `fix` is proven on (test/fix.test.ts applies its edits to each): a rule with edits on one of them is in docs/fix.md. */
export const FIX_PROOFS = [
  ['OpenAPI 3.0, YAML (examples/naive.yaml)', 'examples/naive.yaml'],
  ['Swagger 2.0, YAML (.NET fault wrapper)', 'test/fixtures/conventions/dotnet-fault.yaml'],
  ['OpenAPI 3.1, YAML (Zod issues)', 'test/fixtures/conventions/zod-issues.yaml'],
  ['OpenAPI 3.0, YAML (JSON:API)', 'test/fixtures/conventions/jsonapi.yaml'],
] as const;

const END = '<!-- /generated -->';
const begin = (what: string) => `<!-- generated: ${what} (npm run docs:generate) -->`;

/** `text` with the region of `what` holding `content`; a file without that region (once) is an error naming it. */
function withRegion(text: string, file: string, what: string, content: string): string {
  const parts = text.split(begin(what));
  const end = parts.length === 2 ? parts[1].indexOf(END) : -1;
  if (end === -1) throw new Error(`${file}: no single region "${begin(what)}" … "${END}" to write`);
  return `${parts[0]}${begin(what)}\n${content}\n${parts[1].slice(end)}`;
}

/** The text of the region of `what` (empty when there is none: its generation then fails in `withRegion`). */
const regionOf = (text: string, what: string): string => text.split(begin(what))[1]?.split(END)[0] ?? '';

/** A table cell's text: a `|` inside it would end the cell. */
const cell = (text: string) => text.replace(/(?<!\\)\|/g, '\\|');
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---|').join('')}`, ...rows.map(row => `| ${row.join(' | ')} |`)].join('\n');

/** The rows of the table in `text` (its header left out), by their first cell's name: `` `name` `` or `` [`name`](link) ``. */
function rowsByKey(text: string): Map<string, string[]> {
  const rows = text.split('\n').filter(line => line.startsWith('| ') && !line.startsWith('|---'));
  const cells = rows.slice(1).map(row => row.slice(2, -2).split(' | '));
  return new Map(cells.map(row => [row[0].replace(/\]\(.*\)$/, '').replace(/[[\]`]/g, ''), row]));
}

/** "Every error response declares …." → "every error response declares …", for a table's cell. */
const asCell = (sentence: string) => cell(sentence[0].toLowerCase() + sentence.slice(1).replace(/\.$/, ''));
const defaultOf = (declaration: RuleDeclaration) => (declaration.recommended ? declaration.severity : `${declaration.severity}, opt-in`);

/** The README's families of rules, by the start of their ids; the rest judge this package's own `x-ax-*` annotations. */
const FAMILIES = [
  ['Recoverable errors', (id: string) => id.startsWith('ax-recoverable-')],
  ['The agent-UX envelope', (id: string) => id.startsWith('ax-envelope-')],
  ['The `x-ax-*` annotations', (id: string) => !/^ax-(recoverable|envelope)-/.test(id)],
] as const;

function readmeRules(): string {
  return FAMILIES.map(([heading, holds]) => {
    const rows = DECLARATIONS.filter(({ id }) => holds(id)).map(rule => [`[${rule.id}](docs/rules/${rule.id}.md)`, defaultOf(rule), asCell(rule.description)]);
    return `### ${heading}\n\n${table(['rule', 'default', 'checks'], rows)}`;
  }).join('\n\n');
}

const reportColumns = () =>
  table(
    ['column', 'rule', 'applies to'],
    DECLARATIONS.map(({ id, principle }) => [principle.label, `\`${id}\``, cell(principle.scope)]),
  );

/** The rule page's Fix line, after its link to docs/fix.md: the edit, or "none" and why. */
function fixLine(read: Read, id: string): string {
  const file = `docs/rules/${id}.md`;
  const line = /^\*\*Fix\*\* \(\[`spectral-agent-ux fix`\]\(\.\.\/fix\.md\)\): (.+)$/m.exec(read(file))?.[1];
  if (line === undefined) throw new Error(`${file}: no **Fix** line to say what \`spectral-agent-ux fix\` does`);
  return line;
}

/** The rules whose findings `fix` edits on the descriptions it is proven on, in the order of the declarations. */
export async function rulesFixEdits(root: string): Promise<string[]> {
  const edited = new Set<string>();
  for (const [, file] of FIX_PROOFS) {
    for (const { diagnostic } of planFixes(await lint(join(root, file), undefined, { cwd: root, edits: true })).fixed) edited.add(String(diagnostic.code));
  }
  return RULE_IDS.filter(id => edited.has(id));
}

/** docs/fix.md's table: each rule `fix` edits, with its page's Fix line (links made relative to docs/). */
function fixTable(read: Read, edited: readonly string[]): string {
  const rows = RULE_IDS.flatMap(id => {
    const line = fixLine(read, id);
    if (/^none\b/.test(line) === edited.includes(id)) {
      const says = edited.includes(id)
        ? 'says "none", but `fix` edits its findings'
        : 'gives an edit, but `fix` makes none on the descriptions it is proven on';
      throw new Error(`docs/rules/${id}.md: the **Fix** line ${says} (scripts/docs-tables.ts FIX_PROOFS)`);
    }
    if (!edited.includes(id)) return [];
    const edit = line
      .replace(/\.$/, '')
      .replace(/\]\((ax-[a-z-]+\.md)/g, '](rules/$1')
      .replace(/\]\(\.\.\//g, '](');
    return [[`[\`${id}\`](rules/${id}.md)`, cell(edit)]];
  });
  return table(['rule', 'edit'], rows);
}

/** docs/runtime.md's table: each rule the guard checks, with the response and check cells written in that table. */
function guardTable(read: Read): string {
  const file = 'docs/runtime.md';
  const written = rowsByKey(regionOf(read(file), 'runtime checks'));
  const rows = GUARDED_RULES.map(id => {
    const row = written.get(id);
    if (row === undefined || row.length !== 3)
      throw new Error(`${file}: the guard checks ${id}; write its row (| \`${id}\` | response | what must be there |)`);
    return [`[\`${id}\`](rules/${id}.md)`, row[1], row[2]];
  });
  return table(['rule', 'response', 'what must be there'], rows);
}

interface OptionSchema {
  type?: string | string[];
  items?: OptionSchema;
  anyOf?: OptionSchema[];
  enum?: string[];
  minimum?: number;
}

/** An option's type as the pages write it, from its JSON Schema. */
function typeOf(schema: OptionSchema, where: string): string {
  if (schema.anyOf !== undefined) return schema.anyOf.map(branch => typeOf(branch, where)).join(' or ');
  if (schema.enum !== undefined) return cell(schema.enum.map(value => `\`${value}\``).join(' | '));
  if (schema.type === 'array' && schema.items?.type === 'string') return 'string[]';
  if (schema.type === 'integer' && schema.minimum !== undefined) return `integer ≥ ${schema.minimum}`;
  if (schema.type === 'boolean' || schema.type === 'object' || schema.type === 'integer' || schema.type === 'string') return schema.type;
  throw new Error(`${where}: no docs type for the schema ${JSON.stringify(schema)} (scripts/docs-tables.ts typeOf)`);
}

const isConcept = (name: string): name is Concept => Object.hasOwn(DEFAULT_NAMES, name);
const nameList = (names: readonly string[]) => `\`[${names.map(name => JSON.stringify(name)).join(', ')}]\``;

/** The default a rule's definition gives an option that is not a list of names, as a cell; undefined when it gives none. */
const defaultIn = (defaults: Record<string, unknown> | undefined, name: string): string | undefined =>
  defaults !== undefined && name in defaults ? `\`${JSON.stringify(defaults[name])}\`` : undefined;

/** A page's Options table: each option the rule's function reads, its type, its default names, and the meaning written there. */
function optionsTable(read: Read, { id, optionNames, options }: RuleDeclaration): string {
  const file = `docs/rules/${id}.md`;
  if (optionNames.length === 0) return 'None.';
  const written = rowsByKey(regionOf(read(file), 'options'));
  const properties = options.schema as Record<string, OptionSchema>;
  const rows = optionNames.map(name => {
    const row = written.get(name);
    const declared = isConcept(name) ? nameList(DEFAULT_NAMES[name]) : defaultIn(options.defaults as Record<string, unknown> | undefined, name);
    const missing = [...(row?.[3] ? [] : ['meaning']), ...(row?.[2] || declared !== undefined ? [] : ['default'])];
    if (missing.length > 0) throw new Error(`${file}: option \`${name}\` has no ${missing.join(' and ')} in its Options table; write it`);
    return [`\`${name}\``, typeOf(properties[name], `${file} \`${name}\``), declared ?? row![2], row![3]];
  });
  return table(['option', 'type', 'default', 'meaning'], rows);
}

/** How a page says its rule is opt-in. */
const OPT_IN = 'no (opt-in: `extends: [["spectral-agent-ux", "all"]]`)';

/** A page's first table: the rule's default severity and preset, beside the formats written there. */
function summaryTable(read: Read, { id, severity, recommended }: RuleDeclaration): string {
  const file = `docs/rules/${id}.md`;
  const formats = regionOf(read(file), 'summary')
    .split('\n')
    .filter(line => line.startsWith('| ') && !line.startsWith('| severity'))[0]
    ?.slice(2, -2)
    .split(' | ')[2];
  if (!formats) throw new Error(`${file}: its summary table has no formats; write them`);
  return table(['severity', 'recommended', 'formats'], [[severity, recommended ? 'yes' : OPT_IN, formats]]);
}

/**
 * Every generated file's text as generation writes it, by its path from the root, from the files as `read` gives them
 * (the checkout's, unless a test hands others) and the rules `fix` edits (`rulesFixEdits`).
 */
export function generatedDocs(read: Read, edited: readonly string[]): Map<string, string> {
  const files = new Map<string, string>([
    ['README.md', withRegion(read('README.md'), 'README.md', 'rules', readmeRules())],
    ['docs/report.md', withRegion(read('docs/report.md'), 'docs/report.md', 'report columns', reportColumns())],
    ['docs/fix.md', withRegion(read('docs/fix.md'), 'docs/fix.md', 'fix edits', fixTable(read, edited))],
    ['docs/runtime.md', withRegion(read('docs/runtime.md'), 'docs/runtime.md', 'runtime checks', guardTable(read))],
  ]);
  for (const declaration of DECLARATIONS) {
    const file = `docs/rules/${declaration.id}.md`;
    const summarized = withRegion(read(file), file, 'summary', summaryTable(read, declaration));
    files.set(file, withRegion(summarized, file, 'options', optionsTable(read, declaration)));
  }
  return files;
}
