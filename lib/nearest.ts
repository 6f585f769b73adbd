/** "Did you mean …?": the closest known name by edit distance, when it is close enough to be a typo. */

/** Stops early once the distance must exceed `limit` (then returns limit + 1): keeps a search over thousands of paths fast. */
function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Bounds on the work of one suggestion: the runtime guard suggests routes for hrefs a server sends, and
 * edit distance is quadratic. A name this long is no typo of a known one, and no API has more names.
 */
export const MAX_SUGGESTED_LENGTH = 256;
const MAX_CANDIDATES = 5000;

/** The known name nearest to `name`, if within a third of its length (at least 2 edits); else undefined (always for an overlong name). */
export function nearest(name: string, known: Iterable<string>, maxDistance = Math.max(2, Math.floor(name.length / 3))): string | undefined {
  if (name.length > MAX_SUGGESTED_LENGTH) return undefined;
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  let examined = 0;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    if (++examined > MAX_CANDIDATES) break;
    // The length difference alone bounds the distance from below: most candidates end here, in constant time.
    if (Math.abs(candidate.length - lower.length) >= bestDistance) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
