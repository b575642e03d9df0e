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

/** Buckets of the table of a HashSet holding `size` names: 16 at first, doubled whenever the size passes 0.75 of it. */
function capacityFor(size: number): number {
  let capacity = 16;
  while (size > capacity * 0.75) capacity *= 2;
  return capacity;
}

/**
 * The order in which a `new HashSet<String>()` iterates the distinct `names`, added in the order of `addedAt` (lower:
 * added earlier), as a new array (`names` itself when it holds fewer than two). The table starts at 16 buckets and
 * doubles whenever the size passes 0.75 of the capacity. A resize splits each bucket keeping its entries' relative
 * order, so the final order is: by bucket index in the final table, then by insertion order within a bucket. (Buckets
 * only become trees past 8 entries in a table of 64 or more, which needs far more names than a formula has; a tree
 * would order them differently.)
 */
export function javaHashSetOrderOfDistinct(names: string[], addedAt: readonly number[]): string[] {
  // One name has one order (most formulas call a function or two).
  if (names.length < 2) return names;
  const mask = capacityFor(names.length) - 1;
  const buckets: number[] = [];
  for (const name of names) buckets.push(spread(javaStringHash(name)) & mask);
  const order: number[] = [];
  if (names.length <= SHORT_LIST) {
    // An insertion sort: a formula's handful of names sort faster so than through the built-in sort's comparator calls.
    for (let index = 0; index < names.length; index++) {
      let at = index;
      for (; at > 0; at--) {
        const other = order[at - 1]!;
        if ((buckets[other]! - buckets[index]! || addedAt[other]! - addedAt[index]!) <= 0) break;
        order[at] = other;
      }
      order[at] = index;
    }
  } else {
    for (let index = 0; index < names.length; index++) order.push(index);
    order.sort((a, b) => buckets[a]! - buckets[b]! || addedAt[a]! - addedAt[b]!);
  }
  const ordered: string[] = [];
  for (const index of order) ordered.push(names[index]!);
  return ordered;
}

/** Names sorted by insertion (quadratic) rather than by the built-in sort. */
const SHORT_LIST = 16;

/** The order in which `new HashSet<String>()` iterates `names`, added in the given order (duplicates ignored). */
export function javaHashSetOrder(names: Iterable<string>): string[] {
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const n of names) {
    if (!seen.has(n)) {
      seen.add(n);
      unique.push(n);
    }
  }
  return javaHashSetOrderOfDistinct(unique, unique.map((_, index) => index));
}
