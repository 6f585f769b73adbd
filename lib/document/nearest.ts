/** "Did you mean …?": the closest known name by edit distance, when it is close enough to be a typo. */

/** The two rows of the distance table, kept between calls: a search allocates nothing per candidate. */
let rows = [new Uint32Array(64), new Uint32Array(64)];

/**
 * Levenshtein distance, or limit + 1 once it must exceed `limit`. Only the cells within `limit` of the
 * diagonal can stay within it, so a row costs 2 × limit + 1 cells, not the length of `b`: a search over
 * thousands of paths stays fast.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // A common start and end cost no edit: paths share `/v1/` and `/{id}`, so most of the table goes.
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  [a, b] = [a.slice(start, a.length - end), b.slice(start, b.length - end)];
  const beyond = limit + 1;
  if (rows[0].length <= b.length) rows = [new Uint32Array(b.length * 2), new Uint32Array(b.length * 2)];
  let [previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = Math.min(j, beyond);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    // Left of the band (or the first column), and right of it for the next row: too far to count.
    current[from - 1] = from === 1 ? Math.min(i, beyond) : beyond;
    if (to < b.length) current[to + 1] = beyond;
    let rowMin = current[from - 1];
    const letter = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const value = Math.min(previous[j - 1] + (letter === b.charCodeAt(j - 1) ? 0 : 1), previous[j] + 1, current[j - 1] + 1, beyond);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return beyond;
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * Bounds on the work of one suggestion: the runtime guard suggests routes for hrefs a server sends, and
 * each candidate costs up to the name's length × its limit. A name this long is no typo of a known one,
 * and no API has more names.
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
