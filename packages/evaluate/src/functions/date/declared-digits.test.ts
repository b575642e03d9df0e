// A time result prints the digits of a second's fraction its expression declares, as MariaDB prints it (each value
// measured by MariaDB's own regression tests: test/evaluate/regression), and a time column's value prints as it is.
import { describe, expect, it } from 'vitest';
import type { OutputValue } from '../../api.js';
import { evaluateFormula } from '../../evaluate.js';

const NOW = '2010-01-01 01:02:03';

const value = (formula: string, row: Record<string, unknown> = {}): OutputValue =>
  evaluateFormula(formula, [row as never], { now: NOW }).rows[0]!.value;

describe('declared fraction digits', () => {
  it.each([
    // A MICROSECOND unit declares 6.
    ["DATE_ADD('1000-01-01 00:00:00', INTERVAL '0 00:00:01.5' DAY_MICROSECOND)", '1000-01-01 00:00:01.500000'],
    ['date_add("1997-12-31",INTERVAL "10.09" SECOND_MICROSECOND)', '1997-12-31 00:00:10.090000'],
    // SECOND declares its amount's decimals (a text's 6); a constant date text its written ones.
    ["DATE_ADD('2001-01-01 10:20:30',INTERVAL 250000000000.0 SECOND)", '9923-03-10 22:47:10.0'],
    ["DATE_ADD('2001-01-01 00:00:00', INTERVAL 'xxx' SECOND)", '2001-01-01 00:00:00.000000'],
    ['20010101000203.000000004 + interval 1 day', '2001-01-02 00:02:03.000000'],
    // ADDTIME: a DOUBLE declares 6, a DECIMAL its scale; texts are not fixed (6 when there is a fraction).
    ['ADDTIME(20010101,1e0)', '2001-01-01 00:00:01.000000'],
    ['ADDTIME(20010101000000.0, 8395959)', '2001-02-04 23:59:59.0'],
    ['addtime("-01:01:01.01", "-23:59:59.1")', '-25:01:00.110000'],
    ['subtime("02:01:01.999999", "01:01:01.999999")', '01:00:00'],
    ["ADDTIME(TIME('10:10:10.1'),'10:10:10.12')", '20:20:20.22'],
    // Undeclared: the significant digits; a DATE none.
    ["time(' 1 02:03:04') + interval 2 day", '74:03:04'],
    ["DATE_ADD('2001-01-01', INTERVAL 1 DAY)", '2001-01-02'],
  ] as const)('%s → %j', (formula, expected) => {
    expect(value(formula)).toStrictEqual(expected);
  });

  it('a DATETIME column declares none: its value, or a day added, prints no fraction', () => {
    expect(evaluateFormula('`d`', [{ d: '2024-01-31 10:20:30' }], { now: NOW }).rows[0]!.value).toBe('2024-01-31 10:20:30');
    expect(evaluateFormula('DATE_ADD(`d`, INTERVAL 1 DAY)', [{ d: '2024-01-31 10:20:30' }], { now: NOW }).rows[0]!.value).toBe('2024-02-01 10:20:30');
  });
});
