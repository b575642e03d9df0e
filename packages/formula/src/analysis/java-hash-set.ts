// The iteration order of a Java HashSet<String>: the service keeps a calculation's function names in one, so the list
// it returns comes out in this order (verified on a real 7-name list; facts.md).

/** Java's `String.hashCode()` over UTF-16 code units, as a signed 32-bit integer. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** `HashMap.hash()`: the hash with its high bits spread into the low ones. */
function spread(h: number): number {
  return h ^ (h >>> 16);
}

/**
 * The order in which `new HashSet<String>()` iterates `names`, added in the given order (duplicates ignored).
 * The table starts at 16 buckets and doubles whenever the size passes 0.75 of the capacity. A resize splits each
 * bucket keeping its entries' relative order, so the final order is: by bucket index in the final table, then by
 * insertion order within a bucket. (Buckets only become trees past 8 entries in a table of 64 or more, which needs
 * far more names than a formula has; a tree would order them differently.)
 */
export function javaHashSetOrder(names: Iterable<string>): string[] {
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const n of names) {
    if (!seen.has(n)) {
      seen.add(n);
      unique.push(n);
    }
  }
  // One name has one order (most formulas call a function or two).
  if (unique.length < 2) return unique;
  let capacity = 16;
  while (unique.length > capacity * 0.75) capacity *= 2;
  const mask = capacity - 1;
  return unique
    .map((name, index) => ({ name, index, bucket: spread(javaStringHash(name)) & mask }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.name);
}
