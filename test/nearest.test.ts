/**
 * lib/document/nearest.ts: the banded edit distance behind every "did you mean" (rule messages, CLI warnings, the
 * runtime guard's route suggestions) agrees with the textbook one, and an overlong name gets no suggestion.
 */
import fc from 'fast-check';
import { MAX_SUGGESTED_LENGTH, nearest } from '../lib/document/nearest';

/** Levenshtein distance, the full table: the reference the banded one must agree with. */
function levenshtein(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i][j] = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return table[a.length][b.length];
}

test('a candidate is suggested exactly when its distance is within the limit', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', '{', '}'), maxLength: 24 });
  fc.assert(
    fc.property(text, text, fc.integer({ min: 0, max: 8 }), (name, candidate, limit) => {
      const within = levenshtein(name, candidate) <= limit;
      expect(nearest(name, [candidate], limit)).toBe(within ? candidate : undefined);
    }),
    { numRuns: 2000 },
  );
});

test('the nearest of several wins, the first on a tie, regardless of letter case', () => {
  expect(nearest('/v1/ordres', ['/v1/users', '/v1/orders', '/v1/order'])).toBe('/v1/orders');
  expect(nearest('onviolation', ['onViolation', 'mode'])).toBe('onViolation');
  expect(nearest('/v1/zzzzzz', ['/v1/orders'])).toBeUndefined();
});

test('a name longer than the suggestion limit gets none, even when a candidate is equal to it', () => {
  const long = `/v1/${'a'.repeat(MAX_SUGGESTED_LENGTH)}`;
  expect(nearest(long, [long])).toBeUndefined();
  expect(nearest(long.slice(0, MAX_SUGGESTED_LENGTH), [long.slice(0, MAX_SUGGESTED_LENGTH)])).toBe(long.slice(0, MAX_SUGGESTED_LENGTH));
});
