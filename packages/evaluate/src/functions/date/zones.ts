// Time zones for CONVERT_TZ: fixed offsets ('+02:00') computed directly, named IANA zones ('America/Denver') through
// the platform's Intl time zone data (no node: import; a browser has the same data).
import { MS_PER_DAY, MS_PER_MINUTE, epochOf } from './calendar.js';

/** A zone: the offset (ms to add to UTC to get the wall clock) at an instant. */
export type Zone = (utcMs: number) => number;

const zoneCache = new Map<string, Zone | null>();

/**
 * MariaDB's offset syntax: `+HH:MM` / `-HH:MM`, from -12:59 to +13:00, minutes below 60. Returns ms, or null when the
 * text is not an offset or out of range.
 */
export function parseOffset(text: string): number | null {
  const m = /^\s*([+-])(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (minutes > 59) return null;
  const total = hours * 60 + minutes;
  const negative = m[1] === '-';
  if (negative ? total > 12 * 60 + 59 : total > 13 * 60) return null;
  return (negative ? -total : total) * MS_PER_MINUTE;
}

function namedZone(name: string): Zone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  } catch {
    return null;
  }
  return (utcMs: number): number => {
    const whole = Math.floor(utcMs / 1000) * 1000;
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(whole))) parts[part.type] = part.value;
    let year = Number(parts.year);
    if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
    const wall = epochOf({
      year,
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour) % 24,
      minute: Number(parts.minute),
      second: Number(parts.second),
      micro: 0,
    });
    return wall - whole;
  };
}

/** A zone by name (fixed offset or IANA name, case-insensitive as MySQL's time zone tables); null when unknown. */
export function zone(name: string): Zone | null {
  const key = name.trim();
  const cached = zoneCache.get(key);
  if (cached !== undefined) return cached;
  const offset = parseOffset(key);
  let z: Zone | null;
  if (offset !== null) z = () => offset;
  else if (/^[+-]/.test(key) || key === '' || key.toUpperCase() === 'SYSTEM') z = null;
  else z = namedZone(key);
  zoneCache.set(key, z);
  return z;
}

/**
 * The UTC instant of a wall-clock time in a zone, as MySQL's time zone tables resolve it: in an overlap (clocks moved
 * back) the earlier instant; in a gap (clocks moved forward, the wall time does not exist) the instant of the change
 * (Paris 2024-03-31 02:30 is 01:00 UTC, 03:00 local).
 */
export function wallToUtc(wallMs: number, z: Zone): number {
  const before = z(wallMs - MS_PER_DAY);
  const after = z(wallMs + MS_PER_DAY);
  const candidates = [wallMs - before, wallMs - after].sort((a, b) => a - b);
  for (const utc of candidates) if (utc + z(utc) === wallMs) return utc;
  // A gap: the change lies between the two candidates; find its first second.
  let lo = Math.floor((candidates[0] ?? wallMs) / 1000);
  let hi = Math.ceil((candidates[1] ?? wallMs) / 1000);
  const offsetLo = z(lo * 1000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (z(mid * 1000) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi * 1000;
}

/** TIMESTAMP's range (MariaDB 10.11): conversions outside it leave the value unchanged. */
export const TIMESTAMP_MIN_S = 1;
export const TIMESTAMP_MAX_S = 2_147_483_647;
