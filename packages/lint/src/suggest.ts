// "Did you mean": the closest candidates to a misspelt name by edit distance (case-insensitive), best first.

/** Damerau-style edit distance (adjacent transpositions count as one edit). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/**
 * Candidates within a distance budget that grows with the name's length (a third of it, at least 1, at most 3),
 * closest first; names that differ only by `_`/space or case are always offered.
 */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const key = name.toLowerCase();
  const squash = (s: string) => s.toLowerCase().replace(/[\s_]+/g, '');
  const budget = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  const scored: Array<{ name: string; d: number }> = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = squash(candidate) === squash(name) ? 0 : editDistance(key, candidate.toLowerCase());
    if (d <= budget) scored.push({ name: candidate, d });
  }
  scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((s) => s.name);
}

/** `'A'`, `'A' or 'B'`, `'A', 'B' or 'C'`, quoted with `quote`. */
export function orList(names: readonly string[], quote = "'"): string {
  const q = names.map((n) => `${quote}${n}${quote}`);
  if (q.length <= 1) return q.join('');
  return `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
