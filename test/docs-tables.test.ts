/**
 * The docs' rule tables are what `npm run docs:generate` writes from the code (scripts/docs-tables.ts): a committed
 * file that differs is named here. A hand edit of a generated fact is drift; of the prose kept by rule or option, not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs, rulesFixEdits, type Read } from '../scripts/docs-tables';
import { ROOT } from './support/report';

const read: Read = file => readFileSync(join(ROOT, file), 'utf8');
let edited: string[];
beforeAll(async () => {
  edited = await rulesFixEdits(ROOT);
});

/** The checkout's files, with `file` as `change` makes it. */
const readChanged =
  (file: string, change: (text: string) => string): Read =>
  name =>
    name === file ? change(read(name)) : read(name);

/** The files whose text generation changes, read by `reader`. */
const differing = (reader: Read) => [...generatedDocs(reader, edited)].filter(([file, text]) => reader(file) !== text).map(([file]) => file);

test('every generated table is committed as generation writes it (else run npm run docs:generate)', () => {
  expect(differing(read)).toEqual([]);
});

test.each([
  [
    'README.md',
    '| [ax-recoverable-trace-id](docs/rules/ax-recoverable-trace-id.md) | warn |',
    '| [ax-recoverable-trace-id](docs/rules/ax-recoverable-trace-id.md) | error |',
  ],
  ['docs/report.md', '| retry flag | `ax-recoverable-retryable-flag` |', '| retry flag | `ax-recoverable-retryable` |'],
  ['docs/fix.md', "in the body's naming style |", 'in its naming style |'],
  ['docs/runtime.md', '| [`ax-envelope-state`](rules/ax-envelope-state.md) |', '| [`ax-envelope-state`](rules/ax-envelope-refresh-url.md) |'],
  [
    'docs/rules/ax-recoverable-retry-after.md',
    '`["retry_after_ms", "retry_after_seconds", "retryAfter", "retryAfterMs", "retryAfterSeconds"]`',
    '`["retry_after_ms"]`',
  ],
  ['docs/rules/ax-recoverable-retry-after.md', '| `retryDelay` | string[] |', '| `retryDelay` | string |'],
  ['docs/rules/ax-recoverable-severity.md', '| warn | no (opt-in', '| error | no (opt-in'],
  // A default the rule's definition declares (`options.defaults`), not only lists of names.
  ['docs/rules/ax-exemption-reason.md', '| integer ≥ 1 | `3` |', '| integer ≥ 1 | `4` |'],
])('%s with a generated fact edited by hand (%s) is named', (file, fact, edit) => {
  expect(read(file)).toContain(fact);
  expect(differing(readChanged(file, text => text.replace(fact, edit)))).toEqual([file]);
});

test.each([
  ['docs/runtime.md', '| 422 state rejection | `refreshUrl` |', '| a 422 state rejection | `refreshUrl` |'],
  ['docs/rules/ax-recoverable-retry-after.md', '| body properties that count as a delay |', '| body members that count as a delay |'],
  ['docs/rules/ax-recoverable-code-format.md', "| the document's majority |", '| the majority of the document |'],
])('%s with its hand-written prose reworded (%s) is kept', (file, prose, edit) => {
  expect(read(file)).toContain(prose);
  const reworded = readChanged(file, text => text.replace(prose, edit));
  expect(differing(reworded)).toEqual([]);
});

test.each([
  [
    'docs/fix.md',
    (text: string) => text.replace('<!-- /generated -->', ''),
    'docs/fix.md: no single region "<!-- generated: fix edits (npm run docs:generate) -->"',
  ],
  [
    'docs/runtime.md',
    (text: string) => text.replace(/^\| \[`ax-recoverable-retry-after`\].*\n/m, ''),
    'docs/runtime.md: the guard checks ax-recoverable-retry-after; write its row',
  ],
  [
    'docs/rules/ax-recoverable-trace-id.md',
    (text: string) => text.replace(/(\*\*Fix\*\* .*?\): ).*/, '$1none. A person writes it.'),
    'docs/rules/ax-recoverable-trace-id.md: the **Fix** line says "none", but `fix` edits its findings',
  ],
  [
    'docs/rules/ax-recoverable-error-schema.md',
    (text: string) => text.replace(/(\*\*Fix\*\* .*?\): ).*/, '$1declares a body.'),
    'docs/rules/ax-recoverable-error-schema.md: the **Fix** line gives an edit, but `fix` makes none',
  ],
  [
    'docs/rules/ax-recoverable-retry-after.md',
    (text: string) => text.replace(/^\| `retryFlag` .*\n/m, ''),
    'docs/rules/ax-recoverable-retry-after.md: option `retryFlag` has no meaning in its Options table',
  ],
  [
    'docs/rules/ax-recoverable-code-format.md',
    (text: string) => text.replace("| the document's majority |", '|  |'),
    'docs/rules/ax-recoverable-code-format.md: option `convention` has no default in its Options table',
  ],
])('%s without what generation needs is a one-line error naming it', (file, change, message) => {
  expect(() => generatedDocs(readChanged(file, change), edited)).toThrow(message);
});
