#!/usr/bin/env node
/**
 * npm run benchmark: the package on public descriptions the corpus does not hold (benchmark/benchmark.json,
 * fetched into .cache/benchmark/), two measures (docs/benchmark.md):
 *
 * (a) duplicates: every finding of the `all` ruleset (real Spectral, the built dist/index.cjs, the
 *     document read and linted as cli/lint.ts does) and every member its `fix` edits add (cli/fixes.ts's
 *     planFixes on the same lint, compiled from this checkout by esbuild at start: the bin's own engine,
 *     without a process and a second lint per file) is checked by the generous matcher of
 *     benchmark/benchmark-matcher.mjs: does it ask for, or add, a concept the body already holds under
 *     another name? Per rule, per API and per convention counts, and every duplicate as a JSON line.
 * (b) a seeded random sample of error-severity findings (at most `--per-group` of one API and rule), each
 *     with the schema it concerns, resolved, and the columns a person fills: real, rightFix, note.
 *
 *   node benchmark/benchmark.mjs [--manifest benchmark/benchmark.json] [--only a.json,b.yaml] [--set issue-38] [--seed 26]
 *                              [--sample 80] [--per-group 8] [--out .cache/benchmark-results] [--reuse]
 *   (--reuse reads the findings and edits of the last run from <out>/raw/ instead of linting again: for work on the matcher;
 *   a raw file from before findings carried `messageId` and `data` is refused, exit 2: run again)
 *   node benchmark/benchmark.mjs tally [<judged.json> ...]   # share real, share with the right fix (none: every judged sample)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled } from '../scripts/compiled.mjs';
import {
  claimedConcepts,
  deref,
  drawSample,
  editDuplicates,
  findingDuplicates,
  judgedSamples,
  membersOf,
  responseMembers,
  tally,
} from './benchmark-matcher.mjs';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
if (args[0] === 'tally') {
  const files = args.length > 1 ? args.slice(1) : judgedSamples();
  const missing = files.filter(file => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `${missing.join(', ')}: no such file\nusage: node benchmark/benchmark.mjs tally [<judged.json> ...]   (none: every judged sample in benchmark/)`,
    );
    process.exit(2);
  }
  for (const file of files) {
    const judged = JSON.parse(readFileSync(file, 'utf8'));
    const result = tally(judged.items);
    console.log(`${relative(process.cwd(), file)}: seed ${judged.seed}, ${judged.items.length} findings (${result.unjudged} not judged)`);
    console.log(`real: ${result.real}/${result.judged} = ${result.realShare}%`);
    console.log(`right fix: ${result.rightFix} = ${result.rightFixShare}%, partly ${result.partlyFix} = ${result.partlyFixShare}%, wrong ${result.wrongFix}`);
  }
  process.exit(0);
}

const manifestFile = resolve(root, option('--manifest', 'benchmark/benchmark.json'));
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const cacheDir = join(root, '.cache', basename(manifestFile, '.json'));
const outDir = resolve(root, option('--out', `${cacheDir}-results`));
const seed = Number(option('--seed', 26));
const sampleSize = Number(option('--sample', 80));
const perGroup = Number(option('--per-group', 8));
const only = option('--only', undefined)?.split(',');
/** A manifest's `set` marks descriptions added together (issue 38's 30): measured alone, blind to earlier work. */
const set = option('--set', undefined);
const reuse = args.includes('--reuse');
const rawDir = join(outDir, 'raw');
const entries = manifest.files.filter(entry => (only === undefined || only.includes(entry.file)) && (set === undefined || entry.set === set));
const distRuleset = join(root, 'dist', 'index.cjs');
/** With `--reuse`, the last run's findings and edits: every file read, and refused if it cannot be judged, before anything else. */
const lastRuns = reuse ? new Map(entries.map(entry => [entry.file, lastRun(entry)])) : undefined;

const missing = entries.filter(entry => !existsSync(join(cacheDir, entry.file)));
if (missing.length > 0) {
  console.error(`${missing.length} files not fetched: run \`node scripts/fetch-corpus.mjs ${relative(root, manifestFile)}\` (npm run benchmark does)`);
  process.exit(2);
}
if (!existsSync(distRuleset)) {
  console.error('no dist/: run `npm run build` (npm run benchmark does)');
  process.exit(2);
}

const { Document, Ruleset } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const loaded = require(distRuleset);
const ruleset = new Ruleset({ extends: [[loaded.default ?? loaded, 'all']] }, { severity: 'recommended' });

/**
 * The bin's lint and fix engine (cli/lint.ts, cli/fixes.ts), compiled from this checkout into one CommonJS
 * file, the @stoplight packages left to this process's own: one lint per file gives both the findings and
 * the edits, as `fix` computes them.
 */
function fixEngine() {
  return compiled(
    "export { lintWith, readDocument } from './cli/lint';\nexport { planFixes } from './cli/fixes';\nexport { notedFor } from './lib/findings/rule-function';\n",
    'benchmark-build/fix-engine',
  );
}

/** The node at `steps` of `data`, following `$ref`s on the way (Spectral reports paths in the resolved document). */
function nodeAt(data, steps) {
  let node = data;
  for (const step of steps) {
    node = deref(data, node);
    if (node === null || typeof node !== 'object' || !(step in node)) return undefined;
    node = node[step];
  }
  return node;
}

/** The response a finding's path runs through: the segment after the last `responses`. */
function responseOf(data, path) {
  const at = path.lastIndexOf('responses');
  return at < 0 || at + 1 >= path.length ? undefined : deref(data, nodeAt(data, path.slice(0, at + 2)));
}

/** Every response of the document (operations', and the shared ones), with its members and the schemas it reaches. */
function indexResponses(data) {
  const responses = [];
  const add = response => {
    const nodes = new Set();
    const resolved = deref(data, response);
    const bodies = [resolved?.schema, ...Object.values(resolved?.content ?? {}).map(media => media?.schema)].map(schema => deref(data, schema));
    responses.push({ response: resolved, members: responseMembers(data, resolved, node => nodes.add(node)), nodes, bodies: new Set(bodies) });
  };
  for (const item of Object.values(data?.paths ?? {})) for (const method of HTTP_METHODS) Object.values(item?.[method]?.responses ?? {}).forEach(add);
  Object.values(data?.components?.responses ?? data?.responses ?? {}).forEach(add);
  return responses;
}

/**
 * The members beside an edit's target: every response body that reaches it (wrappers and lists included), else the target's own.
 * Where some bodies are the target itself, only those: Jira's `CreatedIssue` nests `ErrorCollection`, and its issue `key` is not beside it.
 */
function membersBeside(data, responses, target) {
  const all = responses.filter(entry => entry.nodes.has(target) || entry.response === target);
  const own = all.filter(entry => entry.response === target || entry.bodies.has(target));
  const reaching = own.length > 0 ? own : all;
  if (reaching.length === 0) return membersOf(data, target);
  const unique = new Map();
  for (const member of reaching.flatMap(entry => entry.members)) unique.set(`${member.trail.join('.')}.${member.name}`, member);
  return [...unique.values()];
}

/** The members an update adds to its target: properties (and headers) the target does not declare yet. */
function addedBy(target, update) {
  const added = {};
  for (const key of ['properties', 'headers'])
    for (const [name, value] of Object.entries(update?.[key] ?? {})) if (!(name in (target?.[key] ?? {}))) added[name] = value;
  return added;
}

/** One lint of a file with the `all` ruleset, and the edits `fix` computes from it: kept in <out>/raw/ for `--reuse`. */
async function lintAndFix(engine, entry, document) {
  const linted = await engine.lintWith(document, ruleset, { edits: true });
  const plan = engine.planFixes(linted);
  const raw = {
    // What each finding said as data (`messageId`, `data` with its `concept`), beside its text.
    findings: linted.diagnostics.map(diagnostic => {
      const { code, severity, path, message } = diagnostic;
      return { code, severity, path, message, ...engine.notedFor(linted.said, diagnostic) };
    }),
    edits: plan.edits.map(edit => ({ target: edit.target, update: edit.update, clears: Object.fromEntries(edit.rules) })),
  };
  writeFileSync(join(rawDir, `${entry.file}.json`), JSON.stringify(raw));
  return raw;
}

/** The findings and edits of the last run (`--reuse`): a file from before findings carried their data cannot be judged, so it stops the run. */
function lastRun(entry) {
  const file = join(rawDir, `${entry.file}.json`);
  if (!existsSync(file)) {
    console.error(`${relative(process.cwd(), file)}: no such file: run again without --reuse`);
    process.exit(2);
  }
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  if (raw.findings.some(finding => finding.messageId === undefined)) {
    console.error(
      `${relative(process.cwd(), file)}: findings without \`messageId\` and \`data\` (a run from before findings carried them): run again without --reuse`,
    );
    process.exit(2);
  }
  return raw;
}

const findings = [];
const duplicates = [];
const perFile = [];
const started = performance.now();
const engine = reuse ? undefined : await fixEngine();
mkdirSync(rawDir, { recursive: true });

for (const entry of entries) {
  const file = join(cacheDir, entry.file);
  const t0 = performance.now();
  const document = reuse
    ? new Document(readFileSync(file, 'utf8'), file.endsWith('.json') ? Parsers.Json : Parsers.Yaml, file)
    : await engine.readDocument(file);
  const raw = reuse ? lastRuns.get(entry.file) : await lintAndFix(engine, entry, document);
  const results = raw.findings;
  const data = document.data;
  const responses = indexResponses(data);
  const membersByResponse = new Map();
  const row = { file: entry.file, findings: 0, errors: 0, claims: 0, duplicateFindings: 0, added: 0, duplicateEdits: 0, seconds: 0 };
  // The concepts each rule's findings here say are missing: an edit's duplicate is counted under the rule it clears that claims its concept.
  const claimedBy = new Map();

  for (const result of results) {
    const code = String(result.code);
    const { messageId, data: said } = result;
    const finding = { file: entry.file, code, severity: result.severity, path: result.path.map(String), message: result.message, messageId, data: said };
    findings.push(finding);
    row.findings++;
    if (result.severity === 0) row.errors++;
    const claimed = claimedConcepts(said);
    if (claimed.length === 0) continue;
    row.claims++;
    claimedBy.set(code, new Set([...(claimedBy.get(code) ?? []), ...claimed]));
    // A finding placed in a shared schema (not under a response) is checked against the bodies that reach it.
    const response = responseOf(data, result.path) ?? deref(data, nodeAt(data, result.path));
    if (response === null || typeof response !== 'object') continue;
    if (!membersByResponse.has(response))
      membersByResponse.set(response, result.path.includes('responses') ? responseMembers(data, response) : membersBeside(data, responses, response));
    const found = findingDuplicates(result.message, membersByResponse.get(response), said);
    if (found.length > 0) {
      row.duplicateFindings++;
      for (const duplicate of found)
        duplicates.push({ kind: 'finding', file: entry.file, rule: code, path: finding.path.join('/'), ...duplicate, message: result.message });
    }
  }

  for (const edit of raw.edits) {
    const target = deref(data, nodeAt(data, edit.target));
    const added = addedBy(target, edit.update);
    const names = Object.keys(added);
    if (names.length === 0) continue;
    row.added += names.length;
    const found = editDuplicates(data, added, membersBeside(data, responses, target));
    if (found.length > 0) row.duplicateEdits += new Set(found.map(duplicate => duplicate.added)).size;
    for (const duplicate of found)
      duplicates.push({
        kind: 'edit',
        file: entry.file,
        rule: Object.keys(edit.clears).find(rule => claimedBy.get(rule)?.has(duplicate.concept)) ?? '',
        target: edit.target.join('/'),
        ...duplicate,
        clears: edit.clears,
      });
  }
  row.seconds = (performance.now() - t0) / 1000;
  perFile.push(row);
  process.stderr.write(
    `${entry.file}: ${row.findings} findings, ${row.duplicateFindings} duplicate; ${row.added} members added, ${row.duplicateEdits} duplicate (${row.seconds.toFixed(1)} s)\n`,
  );
}

const totalSeconds = (performance.now() - started) / 1000;
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'findings.jsonl'), findings.map(finding => JSON.stringify({ ...finding, path: finding.path.join('/') })).join('\n') + '\n');
writeFileSync(join(outDir, 'duplicates.jsonl'), duplicates.map(duplicate => JSON.stringify(duplicate)).join('\n') + (duplicates.length > 0 ? '\n' : ''));

// Per rule: findings, claims of a missing concept, and the duplicates among them and among the edits.
const rules = new Map();
const ruleRow = code =>
  rules.get(code) ?? rules.set(code, { findings: 0, errors: 0, claims: 0, duplicateFindings: new Set(), duplicateEdits: new Set() }).get(code);
for (const finding of findings) {
  const row = ruleRow(finding.code);
  row.findings++;
  if (finding.severity === 0) row.errors++;
  if (claimedConcepts(finding.data).length > 0) row.claims++;
}
for (const duplicate of duplicates) {
  const row = ruleRow(duplicate.rule);
  if (duplicate.kind === 'finding') row.duplicateFindings.add(`${duplicate.file} ${duplicate.path} ${duplicate.message}`);
  else row.duplicateEdits.add(`${duplicate.file} ${duplicate.target} ${duplicate.added}`);
}
const table = (header, rows) => [header, header.map(() => '---'), ...rows].map(cells => `| ${cells.join(' | ')} |`).join('\n');
const ruleTable = table(
  ['rule', 'findings', 'error', 'claims a missing concept', 'duplicate findings', 'duplicate edits'],
  [...rules]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, row]) => [code, row.findings, row.errors, row.claims, row.duplicateFindings.size, row.duplicateEdits.size]),
);
const sum = key => perFile.reduce((n, row) => n + row[key], 0);
const fileTable = table(
  ['file', 'conventions', 'findings', 'error', 'claims', 'duplicate findings', 'members added', 'duplicate edits', 'seconds'],
  perFile.map(row => {
    const entry = entries.find(candidate => candidate.file === row.file);
    return [
      row.file,
      [entry.domain, ...(entry.conventions ?? [])].filter(Boolean).join(', '),
      row.findings,
      row.errors,
      row.claims,
      row.duplicateFindings,
      row.added,
      row.duplicateEdits,
      row.seconds.toFixed(1),
    ];
  }),
);
const groups = new Map();
for (const row of perFile) {
  const entry = entries.find(candidate => candidate.file === row.file);
  for (const group of [`domain: ${entry.domain}`, ...(entry.conventions ?? []).map(convention => `convention: ${convention}`)]) {
    const totals = groups.get(group) ?? { files: 0, claims: 0, duplicateFindings: 0, added: 0, duplicateEdits: 0 };
    totals.files++;
    for (const key of ['claims', 'duplicateFindings', 'added', 'duplicateEdits']) totals[key] += row[key];
    groups.set(group, totals);
  }
}
const groupTable = table(
  ['group', 'files', 'claims', 'duplicate findings', 'members added', 'duplicate edits'],
  [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, totals]) => [group, totals.files, totals.claims, totals.duplicateFindings, totals.added, totals.duplicateEdits]),
);
const byConcept = new Map();
for (const duplicate of duplicates) byConcept.set(`${duplicate.kind} ${duplicate.concept}`, (byConcept.get(`${duplicate.kind} ${duplicate.concept}`) ?? 0) + 1);

const headline = [
  `${entries.length} descriptions, ${findings.length} findings (${findings.filter(finding => finding.severity === 0).length} error), ${sum('claims')} claim a missing concept: ${sum('duplicateFindings')} duplicate findings.`,
  `fix adds ${sum('added')} members: ${sum('duplicateEdits')} duplicate. ${totalSeconds.toFixed(0)} s, node ${process.version}.`,
].filter(Boolean);
const report = [
  '# spectral-agent-ux on the benchmark',
  '',
  ...headline,
  '',
  '## Per rule',
  '',
  ruleTable,
  '',
  '## Duplicates by concept',
  '',
  table(
    ['kind and concept', 'duplicates'],
    [...byConcept].sort().map(([key, count]) => [key, count]),
  ),
  '',
  '## Per group',
  '',
  groupTable,
  '',
  '## Per description',
  '',
  fileTable,
  '',
].join('\n');
writeFileSync(join(outDir, 'summary.md'), report);

// (b) The sample of error findings, with what a person needs to judge each.
const sample = drawSample(
  findings.filter(finding => finding.severity === 0),
  { seed, size: sampleSize, perGroup },
);
const documents = new Map();
const dataOf = fileName => {
  if (!documents.has(fileName)) {
    const path = join(cacheDir, fileName);
    documents.set(fileName, new Document(readFileSync(path, 'utf8'), path.endsWith('.json') ? Parsers.Json : Parsers.Yaml, path).data);
  }
  return documents.get(fileName);
};
const items = sample.map((finding, index) => ({
  id: index + 1,
  file: finding.file,
  rule: finding.code,
  path: finding.path.join('/'),
  message: finding.message,
  excerpt: excerptOf(dataOf(finding.file), finding.path),
  real: '',
  rightFix: '',
  note: '',
}));
const sampleDoc = {
  comment:
    'Fill `real` (y/n: what the finding says is missing or wrong really is) and `rightFix` (y/partly/n: the fix the message names fits this API), then `node benchmark/benchmark.mjs tally <this file>`.',
  seed,
  perGroup,
  manifest: basename(manifestFile),
  items,
};
writeFileSync(join(outDir, 'sample.json'), `${JSON.stringify(sampleDoc, null, 2)}\n`);
writeFileSync(
  join(outDir, 'sample.md'),
  [
    `# Sample of ${items.length} error findings (seed ${seed}, at most ${perGroup} per API and rule)`,
    '',
    ...items.flatMap(item => [
      `## ${item.id}. ${item.file}: ${item.rule}`,
      '',
      `\`${item.path}\``,
      '',
      `> ${item.message}`,
      '',
      '```json',
      item.excerpt,
      '```',
      '',
    ]),
  ].join('\n'),
);

console.log(report.split('## Duplicates by concept')[0]);
console.log(`seed ${seed}: ${items.length} error findings sampled.`);
console.log(`written to ${outDir}: summary.md, findings.jsonl, duplicates.jsonl (${duplicates.length} lines), sample.json, sample.md`);

/**
 * What a person needs to judge a finding: the operation's summary and id, and the response (or the node
 * the path names) with `$ref`s inlined a few levels deep, each marked with the name it came from.
 */
function excerptOf(data, path) {
  const at = path.lastIndexOf('responses');
  const operationAt = path.findIndex((step, i) => HTTP_METHODS.includes(step) && path[i - 2] === 'paths');
  const operation = operationAt >= 0 ? deref(data, nodeAt(data, path.slice(0, operationAt + 1))) : undefined;
  const focus = at >= 0 && at + 1 < path.length ? nodeAt(data, path.slice(0, at + 2)) : nodeAt(data, path);
  const shown = {
    ...(operation === undefined
      ? {}
      : {
          operation: Object.fromEntries(
            ['operationId', 'summary', 'description', 'tags'].filter(key => operation[key] !== undefined).map(key => [key, clip(operation[key], 300)]),
          ),
        }),
    [at >= 0 ? 'response' : 'node']: inline(data, focus, 0, new Set()),
  };
  const text = JSON.stringify(shown, null, 1);
  return text.length > 4000 ? `${text.slice(0, 4000)}\n… (cut at 4000 characters)` : text;
}

function clip(value, length) {
  return typeof value === 'string' && value.length > length ? `${value.slice(0, length)}…` : value;
}

function inline(data, node, depth, refs) {
  if (Array.isArray(node)) return node.slice(0, 12).map(item => inline(data, item, depth + 1, refs));
  if (node === null || typeof node !== 'object') return clip(node, 200);
  if (typeof node.$ref === 'string') {
    if (depth > 7 || refs.has(node.$ref)) return { $ref: node.$ref };
    const target = deref(data, node);
    if (target === node) return { $ref: node.$ref };
    return { 'x-from': node.$ref, ...inline(data, target, depth + 1, new Set([...refs, node.$ref])) };
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example' || key === 'x-ms-examples') out[key] = clip(JSON.stringify(value), 300);
    else out[key] = depth > 9 ? '…' : inline(data, value, depth + 1, refs);
  }
  return out;
}
