// Comparison of two values as MySQL compares them: text with text under the collation, a time with text or a time as
// times, anything with a number as numbers (text by its numeric prefix, times as YYYYMMDD[HHMMSS], booleans 1/0).
// NULL compares as unknown (null); sorting (ORDER BY, MIN/MAX, group order) puts NULL first.
import type { DurationValue, TimeValue, Value } from './api.js';
import { compareStrings, type Collation } from './collation.js';
import { timeOnDate, toTemporal } from './functions/date/convert.js';
import { isDurationValue, isTimeValue, parseTimeText, toNumber } from './values.js';

const sign = (d: number): number => (d < 0 ? -1 : d > 0 ? 1 : 0);

/** -1, 0 or 1; null when either side is NULL (or a number is NaN). `today`: the evaluation's clock, on whose date a
 * TIME compared with a datetime is put. */
export function compareValues(a: Value, b: Value, collation: Collation, today?: TimeValue): number | null {
  if (a === null || b === null) return null;
  if (isDurationValue(a)) return compareDuration(a, b, today);
  if (isDurationValue(b)) {
    const c = compareDuration(b, a, today);
    return c === null ? null : -c;
  }
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'number' && tb === 'number') return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : a === b ? 0 : null;
  if (ta === 'string' && tb === 'string') return compareStrings(a as string, b as string, collation);
  if (ta === 'object' || tb === 'object') {
    // A time with a time or with text: as times (text that is no time: as text, the time printed).
    const ca = timeOf(a);
    const cb = timeOf(b);
    if (ca !== undefined && cb !== undefined) return sign(ca - cb);
    if ((ta === 'string' || tb === 'string') && (ca === undefined || cb === undefined)) {
      const na = toNumber(a);
      const nb = toNumber(b);
      return na === null || nb === null ? null : sign(na - nb);
    }
  }
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na === null || nb === null) return null;
  return na < nb ? -1 : na > nb ? 1 : na === nb ? 0 : null;
}

/**
 * A TIME with another value, as MariaDB compares them: with a TIME or text that reads as one, as durations
 * (`TIME('10:00:00') < '9:00:00'` is false); with a date or datetime (or text that reads as one), as datetimes, the
 * TIME on the current date; with anything else, as numbers ([-]HHMMSS: `TIME('10:10:10') > 10`).
 */
function compareDuration(a: DurationValue, b: Value, today: TimeValue | undefined): number | null {
  if (b === null) return null;
  const other = typeof b === 'string' || typeof b === 'object' ? toTemporal(b) : null;
  if (other?.kind === 'time') return sign(a.us - other.us);
  if (other?.kind === 'datetime' && today !== undefined) {
    const ta = timeOf(timeOnDate(a, today));
    const tb = timeOf(other.value);
    return ta === undefined || tb === undefined ? null : sign(ta - tb);
  }
  const na = toNumber(a);
  const nb = toNumber(b);
  return na === null || nb === null ? null : sign(na - nb);
}

/** A time as milliseconds with its microseconds as a fraction (exact to the microsecond until about 2100, to some 30 µs at 9999). */
function timeOf(v: Value | TimeValue | null): number | undefined {
  if (v === null) return undefined;
  if (isTimeValue(v)) return v.micros === undefined ? v.epochMs : v.epochMs + v.micros / 1000;
  if (typeof v === 'string') {
    const t = parseTimeText(v);
    return t === undefined ? undefined : t.micros === undefined ? t.epochMs : t.epochMs + t.micros / 1000;
  }
  return undefined;
}

/** A total order for sorting: NULL first, then by compareValues (incomparable values as equal). */
export function sortCompare(a: Value, b: Value, collation: Collation): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return compareValues(a, b, collation) ?? 0;
}
