// Next run of a report schedule, computed in the schedule's IANA time zone (DST-aware, via luxon).
// A wall time skipped by a DST change runs at the shifted time (02:30 -> 03:30); a repeated one runs at its first occurrence.
import { DateTime } from 'luxon';
import type { Weekday } from '@calckit/protocol';

/** ISO weekday numbers (luxon: Monday = 1). */
const WEEKDAY_NUMBERS: Readonly<Record<Weekday, number>> = { MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6, SUN: 7 };

export interface RunRule {
  /** Weekdays on which it runs; empty means every day. */
  readonly days: readonly Weekday[];
  readonly hour: number;
  readonly minute: number;
  readonly timezone: string;
}

/** Epoch milliseconds of the first run strictly after `now`. */
export function nextRunDate(rule: RunRule, now: number): number {
  const allowed = new Set(rule.days.map((d) => WEEKDAY_NUMBERS[d]));
  const today = DateTime.fromMillis(now, { zone: rule.timezone }).startOf('day');
  // Eight days cover every weekly rule, including "today, but the time has passed".
  for (let offset = 0; offset <= 8; offset++) {
    const day = today.plus({ days: offset });
    if (allowed.size > 0 && !allowed.has(day.weekday)) continue;
    const wall = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: rule.hour, minute: rule.minute },
      { zone: rule.timezone },
    );
    // In a DST overlap the wall time happens twice: take the earlier instant.
    const first = Math.min(...wall.getPossibleOffsets().map((d) => d.toMillis()), wall.toMillis());
    if (first > now) return first;
  }
  throw new Error('no run within eight days (unreachable for a valid rule)');
}
