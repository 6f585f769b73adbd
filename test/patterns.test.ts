/**
 * Every regular expression of the ESLint plugin (eslint/) and the runtime guard (runtime/): each agrees with
 * a plain-code reference on any text over its alphabet, and the work of the backtracking search on it grows
 * linearly (counted by test/support/backtrack.ts on n and 4n repetitions of a piece, never timed). The pattern that
 * made `conn.query("COMMIT" + 200,000 spaces + "x")` take 14 s to lint fails the same measure.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { BEGIN, END, endsTransaction, TRANSACTION_SQL } from '../eslint/no-pool-query-in-transaction';
import { OPENAPI_VERSION, PARAMETER, QUERY_OR_FRAGMENT } from '../runtime/description';
import { keyPattern, partPattern } from '../runtime/checks';
import { STACK_TRACE_PARTS } from '../lib/errors/concepts';
import { namesFor } from '../lib/semantics/names';
import { backtrack } from './support/backtrack';

const isWordChar = (char: string | undefined) =>
  char !== undefined && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9') || char === '_');
const isSpace = (char: string | undefined) => char !== undefined && char.trim() === '';

/** Where `words` (case-insensitive, each after the first preceded by at least one space) end when they start at `at`, if they do. */
function wordsAt(text: string, at: number, words: readonly string[]): number | undefined {
  let position = at;
  for (const [i, word] of words.entries()) {
    if (i > 0) {
      const start = position;
      while (isSpace(text[position])) position++;
      if (position === start) return undefined;
    }
    if (text.slice(position, position + word.length).toLowerCase() !== word) return undefined;
    position += word.length;
  }
  return position;
}

/** The words, as whole words, anywhere in the text (`\bW1\s+W2\b`, case-insensitive). */
const words =
  (...sequence: string[]) =>
  (text: string) => {
    for (let at = 0; at < text.length; at++) {
      if (isWordChar(text[at - 1]) && at > 0) continue;
      const end = wordsAt(text, at, sequence);
      if (end !== undefined && !isWordChar(text[end])) return true;
    }
    return false;
  };

/** A `{` followed later by a `}` with no brace between. */
function bracePair(text: string): boolean {
  let open = false;
  for (const char of text) {
    if (char === '}' && open) return true;
    if (char === '{' || char === '}') open = char === '{';
  }
  return false;
}

const SQL = ['COMMIT', 'commit', 'ROLLBACK', 'END', 'BEGIN', 'START', 'TRANSACTION', 'SET', 'local', 'SAVEPOINT', 'TO', 'RELEASE'];
const SQL_ALPHABET = [...SQL, 'pg_', 'try_', 'advisory_xact_lock', ' ', ' ', '\t', '\n', ';', 'x', '_', '('];
const ENDS = ['commit', 'rollback', 'end'];

interface Pattern {
  name: string;
  regex: RegExp;
  /** The same question in plain code. */
  reference: (text: string) => boolean;
  /** What texts are made of: the pattern's own words and the characters around them. */
  alphabet: string[];
}

const PATTERNS: Pattern[] = [
  {
    name: 'transactionSql: pg_(try_)?advisory_xact_lock',
    regex: new RegExp(TRANSACTION_SQL[0], 'i'),
    reference: text => ['pg_advisory_xact_lock', 'pg_try_advisory_xact_lock'].some(name => text.toLowerCase().includes(name)),
    alphabet: SQL_ALPHABET,
  },
  { name: 'transactionSql: SET LOCAL', regex: new RegExp(TRANSACTION_SQL[1], 'i'), reference: words('set', 'local'), alphabet: SQL_ALPHABET },
  { name: 'transactionSql: SAVEPOINT', regex: new RegExp(TRANSACTION_SQL[2], 'i'), reference: words('savepoint'), alphabet: SQL_ALPHABET },
  { name: 'transactionSql: ROLLBACK TO', regex: new RegExp(TRANSACTION_SQL[3], 'i'), reference: words('rollback', 'to'), alphabet: SQL_ALPHABET },
  {
    name: 'transactionSql: RELEASE SAVEPOINT',
    regex: new RegExp(TRANSACTION_SQL[4], 'i'),
    reference: words('release', 'savepoint'),
    alphabet: SQL_ALPHABET,
  },
  {
    name: 'BEGIN',
    regex: BEGIN,
    reference: text => {
      const start = text.length - text.trimStart().length;
      return [['begin'], ['start', 'transaction']].some(sequence => {
        const end = wordsAt(text, start, sequence);
        return end !== undefined && !isWordChar(text[end]);
      });
    },
    alphabet: SQL_ALPHABET,
  },
  {
    name: 'END (on trimmed SQL)',
    regex: END,
    reference: text =>
      ENDS.some(word => {
        const rest = text.toLowerCase().startsWith(word) ? text.slice(word.length) : undefined;
        return rest === '' || (rest !== undefined && rest.endsWith(';') && rest.slice(0, -1).trim() === '');
      }),
    alphabet: SQL_ALPHABET,
  },
  {
    name: 'a route segment with a parameter',
    regex: PARAMETER,
    reference: text => text.startsWith(':') || bracePair(text),
    alphabet: ['{', '}', ':', 'id', 'v', '/'],
  },
  {
    name: 'an OpenAPI version',
    regex: OPENAPI_VERSION,
    reference: text => text.startsWith('2.0') || (text.startsWith('3.') && text[2] >= '0' && text[2] <= '9'),
    alphabet: ['3', '2', '0', '1', '.', 'x'],
  },
  {
    name: 'the start of a query or fragment',
    regex: QUERY_OR_FRAGMENT,
    reference: text => text.includes('?') || text.includes('#'),
    alphabet: ['?', '#', '/', 'a', '='],
  },
  ...(['nextSteps', 'retryFlag', 'stackTrace'] as const).map(concept => {
    // The guard's search of a JSON text for a member name: the default names of each list it asks (any case where it asks so).
    const anyCase = concept !== 'nextSteps';
    const names = namesFor(undefined, concept);
    const quoted = names.map(name => `"${anyCase ? name.toLowerCase() : name}"`);
    return {
      name: `a ${concept} name between quotes${anyCase ? ', any case' : ''}`,
      regex: keyPattern(names, anyCase),
      reference: (text: string) => quoted.some(key => (anyCase ? text.toLowerCase() : text).includes(key)),
      alphabet: ['"', ':', ' ', ...names, ...names.map(name => name.toUpperCase()), ...names.map(name => name.slice(0, 4))],
    };
  }),
  {
    name: 'a word of a stack-trace member name, any case',
    regex: partPattern(STACK_TRACE_PARTS),
    reference: text => STACK_TRACE_PARTS.some(part => text.toLowerCase().includes(part)),
    alphabet: ['"', ...STACK_TRACE_PARTS, ...STACK_TRACE_PARTS.map(part => part.toUpperCase()), 'stac', 'trace', 'back'],
  },
  { name: 'a backslash in a file path', regex: /\\/g, reference: text => text.includes('\\'), alphabet: ['\\', '/', 'a', ':'] },
  { name: 'a trailing slash', regex: /\/$/, reference: text => text.endsWith('/'), alphabet: ['\\', '/', 'a', ':'] },
];

/** The pattern without `g`, whose `test` would remember where it stopped. */
const stateless = (regex: RegExp) => new RegExp(regex.source, regex.flags.replace('g', ''));
const textOver = (alphabet: string[], maxLength = 24) => fc.array(fc.constantFrom(...alphabet), { maxLength }).map(parts => parts.join(''));

/** Counted work on `prefix + pump × 4n + suffix` over that on n: about 4 for linear work (a little more for its constant part), about 16 for quadratic. */
function growth(regex: RegExp, prefix: string, pump: string, suffix: string, n = 16): number {
  const steps = (times: number) => backtrack(regex, prefix + pump.repeat(times) + suffix).steps;
  return steps(4 * n) / steps(n);
}

describe.each(PATTERNS.map(pattern => [pattern.name, pattern] as const))('%s', (_name, { regex, reference, alphabet }) => {
  test('property: agrees with its plain-code reference, and the counted search finds what the engine finds', () => {
    fc.assert(
      fc.property(textOver(alphabet), text => {
        expect(stateless(regex).test(text)).toBe(reference(text));
        expect(backtrack(regex, text).matched).toBe(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  test('property: the search on 4n repetitions of any piece costs at most 5 times that on n (linear)', () => {
    fc.assert(
      fc.property(textOver(alphabet, 4), textOver(alphabet, 3).filter(Boolean), textOver(alphabet, 4), (prefix, pump, suffix) => {
        expect(growth(regex, prefix, pump, suffix)).toBeLessThanOrEqual(5);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the measure', () => {
  const OLD_END = /^\s*(COMMIT|ROLLBACK|END)\s*;?\s*$/i;

  test('finds the end-of-transaction pattern this replaced quadratic, on the shape that took 14 s to lint', () => {
    expect(growth(OLD_END, 'COMMIT', ' ', 'x')).toBeGreaterThan(10);
    expect(growth(END, 'COMMIT', ' ', 'x')).toBeLessThanOrEqual(5);
  });

  test('property: endsTransaction (END on the trimmed SQL) says what the old pattern said, on any SQL', () => {
    fc.assert(
      fc.property(textOver(SQL_ALPHABET), sql => expect(endsTransaction(sql)).toBe(OLD_END.test(sql))),
      { numRuns: 1000 },
    );
  });
});

test('the table holds every regular expression written in eslint/ and runtime/', () => {
  const written: string[] = [];
  for (const folder of ['eslint', 'runtime']) {
    for (const file of readdirSync(join(__dirname, '..', folder)).filter(name => name.endsWith('.ts'))) {
      const source = ts.createSourceFile(file, readFileSync(join(__dirname, '..', folder, file), 'utf8'), ts.ScriptTarget.Latest);
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) written.push((node as ts.LiteralExpression).text);
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') written.push(`${file}: new RegExp`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  const tested = new Set(PATTERNS.map(({ regex }) => String(regex)));
  // The `new RegExp` of the ESLint plugin compiles `transactionSql`, the guard's a list of names into literals between quotes
  // (runtime/checks.ts, `keyPattern`): the defaults are in the table; a team's own patterns and names are its own.
  expect(written.filter(literal => !tested.has(literal))).toEqual(['no-pool-query-in-transaction.ts: new RegExp', 'checks.ts: new RegExp']);
});
