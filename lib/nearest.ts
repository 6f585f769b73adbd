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

/** The known name nearest to `name`, if within a third of its length (at least 2 edits); else undefined. */
export function nearest(name: string, known: Iterable<string>, maxDistance = Math.max(2, Math.floor(name.length / 3))): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
