// The formula's result strings deduplicated within one evaluation (equal texts share one string).
import type { Compiled, Fn, Frame } from './compiled.js';

/** Most distinct strings a formula's result is deduplicated over in one evaluation (see `interned`). */
const INTERN_LIMIT = 65_536;
/** Longer strings are not deduplicated (hashing them would cost more than they are likely to repeat). */
const INTERN_MAX_LENGTH = 64;
/** Misses after which deduplication stops when more than half the results were new strings. */
const INTERN_TRIAL = 512;

/**
 * The formula's strings deduplicated within one evaluation: each row's string is built as before, then replaced by
 * the first equal one of this evaluation. Values do not change; what the caller holds does: a million rows of a
 * few distinct texts hold those few strings, not a million (memory, and the garbage collector's copying of every
 * survivor, which bounds building strings). Stops when most results are new (high cardinality) or too many.
 */
export function interned(c: Compiled, frame: Frame): Compiled {
  const f = c.fn;
  let epoch = -1;
  let seen: Map<string, string> | undefined;
  let lookups = 0;
  let misses = 0;
  const fn: Fn = (i) => {
    if (epoch !== frame.epoch) {
      seen = new Map();
      lookups = 0;
      misses = 0;
      epoch = frame.epoch;
    }
    const v = f(i);
    if (seen === undefined || typeof v !== 'string' || v.length > INTERN_MAX_LENGTH) return v;
    lookups++;
    const first = seen.get(v);
    if (first !== undefined) return first;
    misses++;
    if (seen.size >= INTERN_LIMIT || (misses >= INTERN_TRIAL && misses * 2 > lookups)) seen = undefined;
    else seen.set(v, v);
    return v;
  };
  return { ...c, fn, fresh: false };
}
