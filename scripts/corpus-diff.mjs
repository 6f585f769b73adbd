/**
 * What changed between two corpus runs: `npm run test:corpus` writes every finding to
 * .cache/corpus-findings.jsonl; copy it aside, change the code, run again, then
 *
 *   npm run corpus:diff -- BEFORE.jsonl AFTER.jsonl [--list changes.jsonl]
 *
 * prints the counts per rule and per file (before, after, added, removed, reworded) and, with --list,
 * writes each changed finding. A finding is keyed by file, rule and path: a new message at the same
 * key is a rewording, not a removal and an addition.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [beforeFile, afterFile, ...flags] = process.argv.slice(2);
if (afterFile === undefined) {
  console.error('usage: node scripts/corpus-diff.mjs BEFORE.jsonl AFTER.jsonl [--list changes.jsonl]');
  process.exit(2);
}

const findingsIn = file =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line));
const before = findingsIn(beforeFile);
const after = findingsIn(afterFile);

/** The messages at each key (file, rule, path), in order. */
function messagesByKey(findings) {
  const byKey = new Map();
  for (const { file, code, path, message } of findings) {
    const key = JSON.stringify([file, code, path]);
    if (byKey.has(key)) byKey.get(key).push(message);
    else byKey.set(key, [message]);
  }
  return byKey;
}

/** Each finding whose message is gone or new at its key; a gone and a new one at the same key pair up as a rewording. */
function changesBetween(old, now) {
  const changes = [];
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const [file, code, path] = JSON.parse(key);
    const was = old.get(key) ?? [];
    const is = now.get(key) ?? [];
    const gone = was.filter(message => !is.includes(message));
    const added = is.filter(message => !was.includes(message));
    const reworded = Math.min(gone.length, added.length);
    gone.forEach((message, i) =>
      changes.push(
        i < reworded ? { kind: 'reworded', file, code, path, before: message, after: added[i] } : { kind: 'removed', file, code, path, before: message },
      ),
    );
    added.slice(reworded).forEach(message => changes.push({ kind: 'added', file, code, path, after: message }));
  }
  return changes;
}

const changes = changesBetween(messagesByKey(before), messagesByKey(after));

const tally = (items, by) => items.reduce((counts, item) => counts.set(by(item), (counts.get(by(item)) ?? 0) + 1), new Map());

/** One Markdown table of counts, a row per value of `by` (rule or file) and a total. */
function table(title, by) {
  const columns = [
    tally(before, by),
    tally(after, by),
    ...['added', 'removed', 'reworded'].map(kind =>
      tally(
        changes.filter(change => change.kind === kind),
        by,
      ),
    ),
  ];
  const row = (name, counts) => `| ${name} | ${counts.join(' | ')} |`;
  const names = [...new Set([...columns[0].keys(), ...columns[1].keys()])].sort();
  const rows = names.map(name =>
    row(
      name,
      columns.map(counts => counts.get(name) ?? 0),
    ),
  );
  const totals = columns.map(counts => [...counts.values()].reduce((sum, n) => sum + n, 0));
  return [
    `### per ${title}`,
    '',
    `| ${title} | before | after | added | removed | reworded |`,
    '|---|--:|--:|--:|--:|--:|',
    ...rows,
    row('**total**', totals),
    '',
  ].join('\n');
}

console.log(table('rule', finding => finding.code));
console.log(table('file', finding => finding.file));
const listAt = flags.indexOf('--list');
if (listAt >= 0) writeFileSync(flags[listAt + 1], changes.map(change => JSON.stringify(change)).join('\n') + '\n');
