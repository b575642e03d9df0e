// TIME as a value of its own (MariaDB's TIME, api.ts's DurationValue), numbers read as dates where a TIME is read,
// TIMESTAMP's amount, time text as MariaDB reads it, TIMEDIFF's kinds and zero-date text: each expected value
// measured on MariaDB 10.11 (SELECT … with the session clock at NOW), through the whole evaluator.
import { describe, expect, it } from 'vitest';
import type { OutputValue } from '../../api.js';
import { evaluateFormula } from '../../evaluate.js';

const NOW = '2026-11-24 12:34:56';

const value = (formula: string): OutputValue => evaluateFormula(formula, [{}], { now: NOW }).rows[0]!.value;

const cases = (name: string, table: readonly (readonly [string, OutputValue])[]): void => {
  describe(name, () => {
    it.each(table.map(([f, v]) => [f, v] as const))('%s → %j', (formula, expected) => {
      expect(value(formula)).toStrictEqual(expected);
    });
  });
};

cases('a TIME in arithmetic is the number [-]HHMMSS', [
  ['SEC_TO_TIME(9001) + 0', 23001],
  ["TIME('10:00:00.5') + 0", 100000.5],
  ["-TIME('10:00:00')", -100000],
  ["TIME('-10:00:00') + 0", -100000],
  ["TIME('10:00:00') * 2", 200000],
]);

cases('a TIME compares as a duration, as a number with a number, on the current date with a datetime', [
  ["TIME('10:10:10') > 10", true],
  ["TIME('10:00:00') = 100000", true],
  ["TIME('10:00:00') = '10:00:00'", true],
  ["TIME('10:00:00') < '9:00:00'", false],
  ["TIME('100:00:00') > TIME('99:00:00')", true],
  ['TIME(\'10:00:00\') > NOW()', false],
  ["TIME('10:00:00') = TIMESTAMP('2026-11-24 10:00:00')", true],
  ["CASE WHEN TIME('10:00:00') THEN 'yes' END", 'yes'],
  // Typed as their first argument (a number) by the catalogue, yet a TIME and a DATETIME.
  ['ADDTIME(0.0, 8395959) > 5', true],
  ['ADDTIME(0.0, 8395959) = 5', false],
  ['ADDTIME(20010101, 1) > 5', true],
  ['ADDTIME(0, 10) < 100', true],
]);

cases('a TIME takes an INTERVAL and stays a TIME (NULL past ±838:59:59 or with a month unit)', [
  ["TIME(' 1 02:03:04') + INTERVAL 2 DAY", '74:03:04'],
  ["DATE_ADD(TIME('10:00:00'), INTERVAL 1 HOUR)", '11:00:00'],
  ["TIME('10:00:00') - INTERVAL 11 HOUR", '-01:00:00'],
  ["TIME('10:00:00') - INTERVAL '1 1' DAY_HOUR", '-15:00:00'],
  ["TIME('800:00:00') + INTERVAL 100 HOUR", null],
  ["TIME('26:00:00') + INTERVAL 1 MONTH", null],
  ["ADDTIME(TIME('838:00:00'), '01:00:00')", '838:59:59'],
]);

cases('a TIME where a date is needed is a datetime on the current date', [
  ["DAY(TIME('26:00:00'))", 25],
  ["DATE(TIME('30:00:00'))", '2026-11-25'],
  ["DATEDIFF(TIME('26:00:00'), '2026-11-24')", 1],
  ["TIMESTAMP(TIME('10:00:00'))", '2026-11-24 10:00:00'],
  ["YEAR(TIME('10:00:00'))", 2026],
  ["MONTHNAME(TIME('10:00:00'))", 'November'],
  ["LAST_DAY(TIME('10:00:00'))", '2026-11-30'],
  ["DAYOFWEEK(TIME('50:00:00'))", 5],
  ["UNIX_TIMESTAMP(TIME('10:00:00'))", 1795514400],
  // DATE_FORMAT prints a TIME on the zero date, as MariaDB does.
  ["DATE_FORMAT(TIME('-26:00:00'), '%Y-%m-%d %H %k %h %i %s %f %p')", '-0000-00-00 26 26 02 00 00 000000 AM'],
]);

cases('a TIME is printed and read back as text where text is needed', [
  ["CONCAT(TIME('10:00:00.5'))", '10:00:00.5'],
  ["CASE WHEN 1 = 1 THEN TIME('10:00:00') ELSE 'x' END", '10:00:00'],
  ["HOUR(TIME('100:00:00'))", 100],
  ["TIME_TO_SEC(SEC_TO_TIME(3661))", 3661],
  ["TO_CHAR(TIME('10:00:00'), 'HH24')", '10:00:00'],
]);

cases('a TIME clipped at 838:59:59 keeps the declared digits of its fraction as nines (MariaDB func_time tests)', [
  ["TIME('839:00:00')", '838:59:59'],
  ["TIME('839:00:00.5')", '838:59:59.9'],
  ["TIME('839:00:00.55')", '838:59:59.99'],
  ['TIME(8395959.5)', '838:59:59.9'],
  ["ADDTIME('500:00:00', '416:40:00')", '838:59:59.999999'],
  ["SUBTIME('916:40:00', '416:40:00')", '422:19:59.999999'],
  ["SUBTIME('-916:40:00', '416:40:00')", '-838:59:59.999999'],
  ['ADDTIME(5000000, 4164000)', '838:59:59'],
  ['ADDTIME(5000000, 4164000e0)', '838:59:59.999999'],
  ['ADDTIME(0.0, 8395959)', '838:59:59.9'],
  ['ADDTIME(0.0, 8395959) + 0', 8385959.9],
  ['ADDTIME(0.0, 8395959.000)', '838:59:59.999'],
  ["TIMEDIFF('500:00:00', '-416:40:00')", '838:59:59'],
  ['TIMEDIFF(20140101000000.000, 20140302010000.000)', '-838:59:59.999'],
  ["TIMEDIFF('1997-01-01 23:59:59.000001', '1995-12-31 23:59:59.000002')", '838:59:59.999999'],
]);

cases('a number of 8 to 14 digits is a date or datetime where a TIME is read', [
  ['TIME(99991231235957)', '23:59:57'],
  ['TIME(20010101)', '00:00:00'],
  ['TIME(200101011234)', '01:12:34'],
  ['TIME(12345678)', null],
  ['TIME(10000000)', null],
  ['TIME(9999999)', null],
  ['TIME(100000000000000)', '838:59:59'],
  ['TIME(-20010101)', '-838:59:59'],
  ['HOUR(20010101123456)', 12],
  ['ADDTIME(20010101, 1e0)', '2001-01-01 00:00:01.000000'], // a DOUBLE declares 6 digits
  ['ADDTIME(20010101123456, 10)', '2001-01-01 12:35:06'],
  ['TIMEDIFF(20140101000000.000, 20140101010000.000)', '-01:00:00'],
]);

cases('TIMESTAMP, ADDTIME and SUBTIME add their time whole (not clipped to 838:59:59 first)', [
  ["TIMESTAMP('2001-01-01', 8395959)", '2001-02-04 23:59:59'],
  ["TIMESTAMP('2001-01-01', '900:00:00')", '2001-02-07 12:00:00'],
  ["TIMESTAMP('2001-01-01', -8395959)", '2000-11-27 00:00:01'],
  ["TIMESTAMP('2001-01-01', 20010101)", '2001-03-25 09:01:01'],
  ['TIMESTAMP(20010101, 20010101123456)', null],
  ["ADDTIME('2001-01-01 00:00:00', 8395959)", '2001-02-04 23:59:59'],
  ["ADDTIME('2001-01-01 00:00:00', '900:00:00')", '2001-02-07 12:00:00'],
  ["SUBTIME('2001-01-01 00:00:00', '900:00:00')", '2000-11-24 12:00:00'],
]);

cases('time text as MariaDB reads it', [
  ["TIME('+100:20:30')", '100:20:30'],
  ["TIME('- 01:00:00')", '-01:00:00'],
  ["TIME('+ 10:00')", '10:00:00'],
  ["TIME('--10:00')", null],
  ["TIME('2001-01-01T')", '00:00:00'],
  ["TIME('2001-01-01T10:20:30')", '10:20:30'],
  ["TIME('2001-1-1 1:2')", '01:02:00'],
  ["TIME('2001-01-01')", '00:20:01'],
  ["TIME('T10:20')", null],
  ["TIME(' 1 02:03:04')", '26:03:04'],
  ["TIME('1 02:03:04.5')", '26:03:04.5'],
  ["TIME('-1 02:03')", '-26:03:00'],
  ["TIME('1 10')", '34:00:00'],
  ["TIME('1 10.5')", '34:00:00.5'],
  ["TIME('1 2')", '00:00:01'],
  ["TIME('1 2:')", '26:00:00'],
  ["TIME('34 22:59:59')", '838:59:59'],
  ["TIME('10:20:30.123456789')", '10:20:30.123456'],
  ["TIME('10.5')", '00:00:10.5'],
  ["TIME('.5')", null],
  // From MariaDB's own func_time/func_extract tests (the oracle's disagreements), and their neighbours.
  ["TIME('2001:01:01T')", '00:00:00'],
  ["TIME('0001:01:01xx')", '01:01:01'],
  ["TIME('-2001-01-01 10:20:30')", null],
  ["TIME('-2001-01-01')", '-00:20:01'],
  ["TIME('42949672955959')", null],
  ["TIME('42949672955959-01')", null],
  ["TIME('42949672945959-01')", '838:59:59'],
  ["TIME('4294967295:00:00')", null],
  ["TIME('4294967294:00:00')", '838:59:59'],
  ["TIME('18446744073709551615-01')", null],
  ["TIME('20010101102030')", '10:20:30'],
  ["TIME('-20010101102030')", null],
  ["TIME('1e3')", null],
  ["TIME('1.5e3')", null],
  ["TIME('1e')", '00:00:01'],
  ["TIME('0000-00-00 10:20:30.5')", '10:20:30.5'],
  // A space after two punctuation characters (colons too), then a digit: a datetime.
  ["TIME('2000:01:01 00:00:00')", '00:00:00'],
  ["TIME('1:1:1 1')", '01:00:00'],
  ["TIME('10:20:30 10:20:30')", null],
  ["TIME('10:20:30 PM')", '10:20:30'],
  ["TIME('10:20 10')", '10:20:00'],
  ["TIME('0001:01:01 xx')", '01:01:01'],
  ['TIMEDIFF("2000:01:01 00:00:00", "2000:01:01 00:00:00.000001")', '-00:00:00.000001'],
]);

cases('TIMEDIFF wants two values of one kind: a DATE with a DATETIME is NULL', [
  ["TIMEDIFF('2024-01-02 00:00:00', DATE('2024-01-01'))", null],
  ['TIMEDIFF(NOW(), CURDATE())', null],
  ["TIMEDIFF(DATE('2026-11-25'), DATE('2026-11-24'))", '24:00:00'],
  ["TIMEDIFF('2026-11-25 00:00:00', 20261124)", null],
  ['TIMEDIFF(NOW(), TIMESTAMP(CURDATE()))', '12:34:56'],
  ["TIMEDIFF(TIME('10:00:00'), NOW())", null],
]);

cases('zero-date text: its parts are 0, DATE_FORMAT prints them (a field is all its digits)', [
  ["MONTH('00/00/0000')", 0],
  ["YEAR('00/00/0000')", 0],
  ["DAY('00-00-0000 10:00:00')", 0],
  ["DATE_FORMAT('00/00/0000', '%Y-%m')", '0000-00'],
  ["DATE_FORMAT('00-00-00', '%Y-%m-%d')", '0000-00-00'],
  ["YEAR('00-00-00 00:00:01')", 2000],
  ["DATE_FORMAT('00/01/0005', '%Y-%m-%d %H:%i:%s')", '2000-01-05 00:00:00'],
  ["DATE_FORMAT('2024/01/001', '%Y-%m-%d')", '2024-01-01'],
  ["MONTH('2024-001-01')", 1],
  ["MONTH('01/02/0304')", null],
  ["DATE('00/00/0000')", null],
  // NO_ZERO_IN_DATE (MySQL 8's default, the differential suite's mode): a zero day has no last day.
  ["LAST_DAY('2005-01-00')", null],
  ['LAST_DAY(20050100)', null],
  ["LAST_DAY('2005-01-10')", '2005-01-31'],
]);

cases("an INTERVAL's digit group past a signed 64-bit value is NULL (MariaDB's get_interval_info)", [
  ["DATE_ADD('1000-01-01 00:00:00', INTERVAL '0 00:00:01.50000000000000000000' DAY_MICROSECOND)", null],
  ["DATE_ADD('1000-01-01 00:00:00', INTERVAL '0 00:00:01.5000000000000000000' DAY_MICROSECOND)", '1000-01-01 00:00:01.500000'],
  ["DATE_ADD('1000-01-01 00:00:00', INTERVAL '0 00:00:01.1234567' DAY_MICROSECOND)", '1000-01-01 00:00:01.123456'],
]);

cases('SEC_TO_TIME wraps its seconds before it reads their fraction (the service wraps at 24 h; MariaDB rewritten so)', [
  ['SEC_TO_TIME(1234567890123)', '05:02:03'],
  ['SEC_TO_TIME(1234567890123e30)', '01:27:28.000000'], // a DOUBLE (or text) declares 6 digits: TIME(6)
  ["SEC_TO_TIME('1234567890123.123')", '05:02:03.123046'],
  ["SEC_TO_TIME('99999999999999999999999999999')", '20:20:16.000000'],
  ['SEC_TO_TIME(-3020399.9999999)', '01:00:00.000000'],
  ['SEC_TO_TIME(-0.5)', '23:59:59.5'],
  ['SEC_TO_TIME(-3020399.999999)', '01:00:00.000001'],
  ['SEC_TO_TIME(3020399.99999)', '22:59:59.99999'],
  ["SEC_TO_TIME(TIME_TO_SEC('2:3:4.567890'))", '02:03:04.56789'],
  ["SEC_TO_TIME(TIME_TO_SEC('0:30:47') / 6.21)", '00:04:57.4235'],
]);

describe('the clock with fractional seconds: NOW(fsp), CURTIME(fsp), truncated (MariaDB func_time_hires)', () => {
  const at = (formula: string) => evaluateFormula(formula, [{}], { now: '2011-01-01 01:01:01.123456' }).rows[0]!.value;
  it.each([
    ['CURRENT_TIME(3)', '01:01:01.123'],
    ['CURTIME(6)', '01:01:01.123456'],
    ['CURTIME()', '01:01:01'],
    ['NOW(4)', '2011-01-01 01:01:01.1234'],
    ['CURRENT_TIMESTAMP(6)', '2011-01-01 01:01:01.123456'],
    ['NOW()', '2011-01-01 01:01:01'],
  ])('%s → %j', (formula, expected) => {
    expect(at(formula)).toBe(expected);
  });
});

describe('DISTINCT and grouping see a TIME by its duration', () => {
  it('COUNT(DISTINCT) of equal TIMEs made per row is 1', () => {
    const rows = [{ s: 60 }, { s: 60 }, { s: 120 }];
    expect(evaluateFormula('COUNT(DISTINCT SEC_TO_TIME(`s`))', rows, { now: NOW }).rows[0]!.value).toBe(2);
    expect(evaluateFormula('MAX(SEC_TO_TIME(`s`))', rows, { now: NOW }).rows[0]!.value).toBe('00:02:00');
  });
});

cases("a TIME among dates in COALESCE or IFNULL is a DATETIME, the time on the current date (MariaDB's common type; func_hybrid_type.test)", [
  ['COALESCE(CURRENT_TIME, CURRENT_DATE)', '2026-11-24 12:34:56'],
  ['IFNULL(CURRENT_TIME, CURRENT_DATE)', '2026-11-24 12:34:56'],
  ["COALESCE(TIME('26:00:00'), CURRENT_DATE)", '2026-11-25 02:00:00'],
  ["COALESCE(CURRENT_TIME, 'x')", '12:34:56'],
]);
