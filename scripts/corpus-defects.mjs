/**
 * Whether a corpus run that reports per defect still reports every defect of a run that reported per use,
 * and each once:
 *
 *   node scripts/corpus-defects.mjs PER-USE.jsonl PER-DEFECT.jsonl [--file github.json ...]
 *
 * A finding of the first run ("GET /a 404: <text>") is kept when the second run has the same rule, in the
 * same file, with the same text, at the same path, on an object around it, or on a component ("`Error` (used by
 * …): <text>").
 * The example codes of a message (`e.g. "NOT_FOUND"`) are left out of the comparison: on a component they
 * name the statuses of every use. Prints, per rule, the findings of each run, those of the first run no
 * finding of the second keeps (listed), and the defects the second run reports more than once.
 */
import { readFileSync } from 'node:fs';

const [perUseFile, perDefectFile, ...flags] = process.argv.slice(2);
if (perDefectFile === undefined) {
  console.error('usage: node scripts/corpus-defects.mjs PER-USE.jsonl PER-DEFECT.jsonl [--file NAME ...]');
  process.exit(2);
}
const onlyFiles = flags.filter((flag, i) => flags[i - 1] === '--file');

const findingsIn = file =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
    .filter(finding => onlyFiles.length === 0 || onlyFiles.includes(finding.file));

/** A finding on a shared place: "`Error` (used by 3 responses): ", or "GET /a 401 (used by 9 responses): " for an operation's schema others reuse. */
const SHARED = /^(?:`[^`]*`|[A-Z]+ \S+ \S+) \(used by [^)]*\): /;

/**
 * The text after the subject ("`Error` (used by 3 responses): ", "GET /a 404: ") with what differs between
 * the uses of one defect blanked: the schema or example named with its media type (a component is the
 * subject of its own finding), example codes and hints, a state rejection's evidence; 0.2's "List `x` as
 * required in" read as 0.3's "Require `x` in".
 */
function textOf(message) {
  const subject = SHARED.exec(message) ?? /^[A-Z]+ \S+(?: [^\s:]+)?(?:, [^:]*)?: /.exec(message);
  const text = subject === null ? message : message.slice(subject[0].length);
  return text
    .replace(/^the (?:\S+ )?error schema /, '')
    .replace(/the \S+ error (schema|example)/g, 'the error $1')
    .replace(/List (.+?) as required in/g, 'Require $1 in')
    .replace(/e\.g\. "[^"]*"/g, 'e.g. …')
    .replace(/state rejection \([^)]*\)/, 'state rejection');
}
const onComponent = message => SHARED.test(message);

const perUse = findingsIn(perUseFile);
const perDefect = findingsIn(perDefectFile);
const keyOf = finding => JSON.stringify([finding.file, finding.code, textOf(finding.message)]);

const kept = new Map();
for (const finding of perDefect) kept.set(keyOf(finding), [...(kept.get(keyOf(finding)) ?? []), finding]);

const rules = new Map();
const rule = code => rules.get(code) ?? rules.set(code, { before: 0, after: 0, lost: [], repeated: [] }).get(code);
for (const finding of perUse) {
  rule(finding.code).before++;
  const candidates = kept.get(keyOf(finding)) ?? [];
  // Kept where it was, on the object around it (a response, where its header goes), or on a component.
  const keeps = candidate => finding.path === candidate.path || finding.path.startsWith(`${candidate.path}/`) || onComponent(candidate.message);
  if (!candidates.some(keeps)) rule(finding.code).lost.push(finding);
}
// The same defect twice: one rule, one place, one text.
const places = new Map();
for (const finding of perDefect) {
  rule(finding.code).after++;
  const place = JSON.stringify([finding.file, finding.code, finding.path, textOf(finding.message)]);
  if (places.has(place)) rule(finding.code).repeated.push([places.get(place), finding]);
  places.set(place, finding);
}

console.log('| rule | per use | per defect | not kept | repeated |\n|---|--:|--:|--:|--:|');
const sum = { before: 0, after: 0, lost: 0, repeated: 0 };
for (const [code, counts] of [...rules].sort(([a], [b]) => (a < b ? -1 : 1))) {
  console.log(`| ${code} | ${counts.before} | ${counts.after} | ${counts.lost.length} | ${counts.repeated.length} |`);
  sum.before += counts.before;
  sum.after += counts.after;
  sum.lost += counts.lost.length;
  sum.repeated += counts.repeated.length;
}
console.log(`| **total** | ${sum.before} | ${sum.after} | ${sum.lost} | ${sum.repeated} |`);
for (const counts of rules.values()) {
  for (const finding of counts.lost) console.log(`not kept: ${JSON.stringify(finding)}`);
  for (const pair of counts.repeated) console.log(`repeated: ${pair.map(finding => JSON.stringify(finding)).join('\n          ')}`);
}
