// Small statistics helpers shared by the benchmark sections: median, percentiles, rounding.
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Rounds to `digits` significant-looking decimals for tables (keeps integers readable). */
export function round(x, digits = 2) {
  if (x === undefined || x === null || Number.isNaN(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Ratio a/b, or undefined when either side is missing. */
export function ratio(a, b) {
  return typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : undefined;
}
