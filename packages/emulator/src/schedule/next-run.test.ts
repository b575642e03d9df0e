// nextRunDate: wall-clock times in IANA zones, across DST gaps and overlaps, checked by cases and by properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { WEEKDAYS } from '@calckit/protocol';
import { nextRunDate, type RunRule } from './next-run.js';

const utc = (iso: string): number => DateTime.fromISO(iso, { zone: 'utc' }).toMillis();
const iso = (ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISO()!;

interface Case {
  readonly name: string;
  readonly rule: RunRule;
  readonly now: string;
  readonly expected: string;
}

const CASES: readonly Case[] = [
  { name: 'later today', rule: { days: [], hour: 18, minute: 0, timezone: 'Europe/Paris' }, now: '2026-06-01T10:00:00Z', expected: '2026-06-01T18:00:00.000+02:00' },
  { name: 'exactly now is not next', rule: { days: [], hour: 12, minute: 0, timezone: 'UTC' }, now: '2026-06-01T12:00:00Z', expected: '2026-06-02T12:00:00.000Z' },
  { name: 'weekly, this week', rule: { days: ['THU'], hour: 9, minute: 30, timezone: 'America/New_York' }, now: '2026-06-01T12:00:00Z', expected: '2026-06-04T09:30:00.000-04:00' },
  { name: 'weekly, same day but passed: next week', rule: { days: ['MON'], hour: 7, minute: 0, timezone: 'UTC' }, now: '2026-06-01T12:00:00Z', expected: '2026-06-08T07:00:00.000Z' },
  { name: 'spring gap: 02:30 does not exist, runs 03:30', rule: { days: ['SUN'], hour: 2, minute: 30, timezone: 'Europe/Paris' }, now: '2026-03-28T12:00:00Z', expected: '2026-03-29T03:30:00.000+02:00' },
  { name: 'autumn overlap: 02:30 happens twice, runs at the first', rule: { days: ['SUN'], hour: 2, minute: 30, timezone: 'Europe/Paris' }, now: '2026-10-24T12:00:00Z', expected: '2026-10-25T02:30:00.000+02:00' },
  { name: 'after the first occurrence of an overlap: next week', rule: { days: ['SUN'], hour: 2, minute: 30, timezone: 'Europe/Paris' }, now: '2026-10-25T00:45:00Z', expected: '2026-11-01T02:30:00.000+01:00' },
  { name: 'across the change, same wall time', rule: { days: [], hour: 9, minute: 0, timezone: 'Europe/Paris' }, now: '2026-03-28T09:00:00Z', expected: '2026-03-29T09:00:00.000+02:00' },
  { name: 'southern hemisphere autumn (Sydney, April)', rule: { days: ['SUN'], hour: 2, minute: 30, timezone: 'Australia/Sydney' }, now: '2026-04-04T00:00:00Z', expected: '2026-04-05T02:30:00.000+11:00' },
  { name: 'half-hour zone', rule: { days: [], hour: 0, minute: 15, timezone: 'Asia/Kolkata' }, now: '2026-06-01T00:00:00Z', expected: '2026-06-02T00:15:00.000+05:30' },
  { name: 'several days: nearest', rule: { days: ['FRI', 'TUE'], hour: 6, minute: 0, timezone: 'UTC' }, now: '2026-06-03T00:00:00Z', expected: '2026-06-05T06:00:00.000Z' },
];

describe('nextRunDate', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(iso(nextRunDate(c.rule, utc(c.now)), c.rule.timezone)).toBe(c.expected);
    });
  }

  it('properties: after now, within 8 days, on an allowed day, at the wall time unless it does not exist', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC', 'America/Santiago', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.subarray([...WEEKDAYS]),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (timezone, days, hour, minute, now) => {
          const next = nextRunDate({ days, hour, minute, timezone }, now);
          expect(next).toBeGreaterThan(now);
          expect(next - now).toBeLessThanOrEqual(8 * 24 * 3600 * 1000);
          const local = DateTime.fromMillis(next, { zone: timezone });
          if (days.length > 0) expect(days.map((d) => WEEKDAYS.indexOf(d) + 1)).toContain(local.weekday);
          const wall = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour, minute }, { zone: timezone });
          const exists = wall.hour === hour && wall.minute === minute;
          if (exists) expect([local.hour, local.minute]).toEqual([hour, minute]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
