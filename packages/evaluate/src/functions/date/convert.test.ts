// The implicit conversions the core may call directly (comparing strings with dates): tables of input → output.
import { describe, expect, it } from 'vitest';
import type { TimeValue } from '../../api.js';
import { MAX_EPOCH_MS, MIN_EPOCH_MS, calcWeek, civilFromDays, daysFromCivil, epochOf, fieldsOf, weekMode } from './calendar.js';
import {
  formatDateTime,
  formatTime,
  numberToDateTime,
  numberToTime,
  parseDateTime,
  parseTime,
  toDate,
  toDateTime,
  toInteger,
  toNumber,
  toTemporal,
  toTime,
} from './convert.js';

const show = (t: TimeValue | null): string | null => (t === null ? null : `${t.type} ${formatDateTime(t)}`);

describe('parseDateTime', () => {
  it.each([
    ['2024-01-31', 'DATE 2024-01-31'],
    ['2024-01-31 10:20:30', 'DATETIME 2024-01-31 10:20:30'],
    ['2024-01-31T10:20:30', 'DATETIME 2024-01-31 10:20:30'],
    ['2024-01-31 10:20:30.123456', 'DATETIME 2024-01-31 10:20:30.123456'],
    ['2024-01-31 10:20:30.1234567', 'DATETIME 2024-01-31 10:20:30.123456'],
    ['2024-01-31 10:20:30.5', 'DATETIME 2024-01-31 10:20:30.5'],
    ['2024-01-31 10:20', 'DATETIME 2024-01-31 10:20:00'],
    ['2024-01-31 10', 'DATETIME 2024-01-31 10:00:00'],
    ['2024/1/5', 'DATE 2024-01-05'],
    ['2024.01.31', 'DATE 2024-01-31'],
    ['2024^01^31', 'DATE 2024-01-31'],
    ['24-01-31', 'DATE 2024-01-31'],
    ['70-01-01', 'DATE 1970-01-01'],
    ['69-12-31', 'DATE 2069-12-31'],
    ['20240131', 'DATE 2024-01-31'],
    ['240131', 'DATE 2024-01-31'],
    ['20240131102030', 'DATETIME 2024-01-31 10:20:30'],
    ['20240131102030.25', 'DATETIME 2024-01-31 10:20:30.25'],
    ['240131102030', 'DATETIME 2024-01-31 10:20:30'],
    ['2401311020', 'DATETIME 2024-01-31 10:20:00'],
    ['  2024-01-31', 'DATE 2024-01-31'],
    ['2024-01-31 trailing words', 'DATE 2024-01-31'],
    ['2024-01-31 10:20:30Z', 'DATETIME 2024-01-31 10:20:30'],
    ['2024-02-29', 'DATE 2024-02-29'],
    ['2000-02-29', 'DATE 2000-02-29'],
    ['1900-02-29', null],
    ['2023-02-29', null],
    ['2024-06-31', null],
    ['2024-00-01', null],
    ['2024-01-00', null],
    ['0000-00-00', null],
    ['0000-01-01', null],
    ['0001-01-01', 'DATE 0001-01-01'],
    ['9999-12-31 23:59:59', 'DATETIME 9999-12-31 23:59:59'],
    ['2024-01-31 24:00:00', null],
    ['2024-01-31 10:60:00', null],
    ['2024-01-31 10:00:60', null],
    ['2024-01', null],
    ['2024', null],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['10:20:30', null],
    ['20240131 10:20:30', null],
  ])('%j → %j', (input, expected) => {
    expect(show(parseDateTime(input))).toBe(expected);
  });
});

describe('numberToDateTime', () => {
  it.each([
    [20240131, 'DATE 2024-01-31'],
    [240131, 'DATE 2024-01-31'],
    [101, 'DATE 2000-01-01'],
    [691231, 'DATE 2069-12-31'],
    [700101, 'DATE 1970-01-01'],
    [991231, 'DATE 1999-12-31'],
    [10000101, 'DATE 1000-01-01'],
    [99991231, 'DATE 9999-12-31'],
    [20240131102030, 'DATETIME 2024-01-31 10:20:30'],
    [240131102030, 'DATETIME 2024-01-31 10:20:30'],
    [20240131.5, 'DATE 2024-01-31'],
    [20240131102030.25, 'DATETIME 2024-01-31 10:20:30.25'],
    [0, null],
    [100, null],
    [1000101, null],
    [20240230, null],
    [-20240131, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j → %j', (input, expected) => {
    expect(show(numberToDateTime(input))).toBe(expected);
  });
});

describe('toDateTime and toDate', () => {
  const dt: TimeValue = { type: 'DATETIME', epochMs: epochOf({ year: 2024, month: 1, day: 31, hour: 10, minute: 20, second: 30, micro: 0 }) };
  it.each([
    [null, null],
    [undefined, null],
    [dt, 'DATETIME 2024-01-31 10:20:30'],
    ['2024-01-31', 'DATE 2024-01-31'],
    [20240131, 'DATE 2024-01-31'],
    [true, null],
  ] as const)('toDateTime(%j) → %j', (input, expected) => {
    expect(show(toDateTime(input))).toBe(expected);
  });
  it('toDate keeps the date part', () => {
    expect(show(toDate(dt))).toBe('DATE 2024-01-31');
    expect(show(toDate('2024-01-31 23:59:59'))).toBe('DATE 2024-01-31');
    expect(toDate('nope')).toBeNull();
  });
});

describe('parseTime and numberToTime (TIME values, signed microseconds)', () => {
  it.each([
    ['10:20:30', '10:20:30'],
    ['1:2:3', '01:02:03'],
    ['10:20', '10:20:00'],
    ['-01:00:00', '-01:00:00'],
    ['25:00:00', '25:00:00'],
    ['838:59:59', '838:59:59'],
    ['839:00:00', '838:59:59'],
    ['-839:00:00', '-838:59:59'],
    ['1 10:00:00', '34:00:00'],
    ['1 10', '34:00:00'],
    ['102030', '10:20:30'],
    ['2030', '00:20:30'],
    ['30', '00:00:30'],
    ['10:20:30.5', '10:20:30.5'],
    ['10:20:30 PM', '10:20:30'],
    ['2024-01-31', '00:20:24'],
    ['10:60:00', null],
    ['10:00:60', null],
    ['106000', null],
    ['abc', null],
    ['', null],
  ])('parseTime(%j) → %j', (input, expected) => {
    const t = parseTime(input);
    expect(t === null ? null : formatTime(t)).toBe(expected);
  });
  it.each([
    [3600, '00:36:00'],
    [102030, '10:20:30'],
    [-102030, '-10:20:30'],
    [1.5, '00:00:01.5'],
    [0, '00:00:00'],
    [70, null],
    [Number.NaN, null],
  ])('numberToTime(%j) → %j', (input, expected) => {
    const t = numberToTime(input);
    expect(t === null ? null : formatTime(t)).toBe(expected);
  });
});

describe('toTemporal and toTime', () => {
  it.each([
    ['2024-01-31 10:20:30', 'datetime'],
    ['20240131102030', 'datetime'],
    ['10:20:30', 'time'],
    ['2024-01-31', 'time'],
    [102030, 'time'],
    ['garbage', null],
    [null, null],
  ] as const)('%j is a %s', (input, kind) => {
    expect(toTemporal(input)?.kind ?? null).toBe(kind);
  });
  it('a datetime gives its time of day', () => {
    expect(toTime('2024-01-31 10:20:30')).toBe(37_230_000_000);
    expect(toTime('2024-01-31 10:20:30.000001')).toBe(37_230_000_001);
    expect(toTime({ type: 'DATE', epochMs: 0 })).toBe(0);
  });
});

describe('formatTime and formatDateTime', () => {
  it.each([
    [0, '00:00:00'],
    [3_723_000_000, '01:02:03'],
    [-3_723_000_000, '-01:02:03'],
    [3_723_250_000, '01:02:03.25'],
    [3_723_000_001, '01:02:03.000001'],
    [360_000_000_000, '100:00:00'],
  ])('formatTime(%j) → %j', (us, text) => {
    expect(formatTime(us)).toBe(text);
  });
  it('prints dates with four-digit years and datetimes with their seconds', () => {
    expect(formatDateTime({ type: 'DATE', epochMs: epochOf({ year: 500, month: 6, day: 1, hour: 0, minute: 0, second: 0, micro: 0 }) })).toBe('0500-06-01');
    expect(formatDateTime({ type: 'DATETIME', epochMs: 0 })).toBe('1970-01-01 00:00:00');
    expect(formatDateTime({ type: 'DATETIME', epochMs: -1 })).toBe('1969-12-31 23:59:59.999');
    expect(formatDateTime({ type: 'DATETIME', epochMs: -1, micros: 999 })).toBe('1969-12-31 23:59:59.999999');
    expect(formatDateTime({ type: 'DATETIME', epochMs: 1004, micros: 999 })).toBe('1970-01-01 00:00:01.004999');
  });
});

describe('numbers', () => {
  it.each([
    [null, null],
    [12, 12],
    [true, 1],
    ['12abc', 12],
    ['  -1.5e2x', -150],
    ['abc', 0],
    [{ type: 'DATE', epochMs: 0 }, 19_700_101],
    [{ type: 'DATETIME', epochMs: 3_723_500 }, 19_700_101_010_203.5],
  ] as const)('toNumber(%j) → %j', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });
  it.each([
    [1.5, 2],
    [-1.5, -2],
    [1.4, 1],
    ['1.9', 1],
    ['-3x', -3],
    ['x', 0],
    [null, null],
  ] as const)('toInteger(%j) → %j', (input, expected) => {
    expect(toInteger(input)).toBe(expected);
  });
});

describe('the calendar', () => {
  it('round-trips every day from 0001-01-01 to 9999-12-31 through civil dates', () => {
    const first = daysFromCivil(1, 1, 1);
    const last = daysFromCivil(9999, 12, 31);
    let previous = civilFromDays(first - 1);
    for (let d = first; d <= last; d++) {
      const c = civilFromDays(d);
      const next = c.day === 1 ? (c.month === 1 ? previous.year + 1 === c.year && previous.month === 12 && previous.day === 31 : previous.month + 1 === c.month) : previous.day + 1 === c.day;
      if (!next || daysFromCivil(c.year, c.month, c.day) !== d) throw new Error(`day ${d}: ${JSON.stringify(c)} after ${JSON.stringify(previous)}`);
      previous = c;
    }
    expect(fieldsOf(MIN_EPOCH_MS)).toMatchObject({ year: 1, month: 1, day: 1 });
    expect(fieldsOf(MAX_EPOCH_MS)).toEqual({ year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, micro: 999_000 });
  });
  it('numbers ISO weeks (mode 3) as the ISO calendar does, over four centuries', () => {
    for (let y = 1900; y < 2300; y++) {
      // 4 January is always in ISO week 1; 28 December always in the last week of its year.
      expect(calcWeek(y, 1, 4, weekMode(3))).toEqual({ week: 1, year: y });
      const last = calcWeek(y, 12, 28, weekMode(3) | 2);
      expect(last.year).toBe(y);
      expect([52, 53]).toContain(last.week);
    }
  });
});
