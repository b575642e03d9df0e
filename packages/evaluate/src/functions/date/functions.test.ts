// The date functions as tables of cases: a call written in the formula language → the value MariaDB 10.11 gives
// (dates printed as ISO text, TIME values as text). Each case line is a JSON array, so a script can send the same
// calls to MariaDB: a third element marks a case that deliberately differs from MariaDB ("service": the service's
// documentation wins; "ours": a value MariaDB has and TimeValue cannot hold, such as a zero date; "clock": uses the
// evaluation's clock, 2024-03-15 13:45:30.250).
import { describe, expect, it } from 'vitest';
import { parseFormula, type CallExpression, type Expression } from '@calckit/formula';
import { EvaluationError, type OutputValue, type TimeValue } from '../../api.js';
import type { ArgumentValue, ScalarContext } from '../contract.js';
import { isDurationValue, isTimeValue } from '../contract.js';
import { epochOf } from './calendar.js';
import { formatDateTime, formatTime } from './convert.js';
import { DATE_FUNCTIONS } from './index.js';

const NOW: TimeValue = { type: 'DATETIME', epochMs: epochOf({ year: 2024, month: 3, day: 15, hour: 13, minute: 45, second: 30, micro: 250_000 }) };

function evaluate(e: Expression): ArgumentValue {
  switch (e.kind) {
    case 'Number':
    case 'String':
    case 'Boolean':
      return e.value;
    case 'Null':
      return null;
    case 'Paren':
      return evaluate(e.expression);
    case 'Unary': {
      const v = evaluate(e.operand);
      if (e.operator === '-' && typeof v === 'number') return -v;
      if (e.operator === '+') return v;
      throw new Error(`unsupported unary ${e.operator}`);
    }
    case 'Interval':
      return { type: 'INTERVAL', amount: evaluate(e.value) as never, unit: e.unit };
    case 'Call': {
      const fn = DATE_FUNCTIONS[e.upperName];
      if (!fn) throw new Error(`no date function ${e.upperName}`);
      const ctx: ScalarContext = { now: NOW, collation: 'utf8mb4_general_ci', call: e as CallExpression };
      return fn(e.args.map(evaluate), ctx);
    }
    default:
      throw new Error(`unsupported node ${e.kind}`);
  }
}

export function run(text: string): OutputValue {
  const parsed = parseFormula(text);
  if (parsed.errors.length > 0 || !parsed.formula.expression) throw new Error(`${text}: ${parsed.errors.map((x) => x.message).join('; ')}`);
  const v = evaluate(parsed.formula.expression);
  return shown(v);
}

/** A value as `eval` prints it: dates as ISO text, a TIME as `[-]HH:MM:SS`. */
function shown(v: ArgumentValue): OutputValue {
  if (isTimeValue(v)) return formatDateTime(v);
  if (isDurationValue(v)) return formatTime(v.us);
  if (typeof v === 'object' && v !== null) throw new Error('an INTERVAL is not a result');
  return v;
}

type Case = [string, OutputValue] | [string, OutputValue, 'service' | 'ours' | 'clock'];

const table = (name: string, cases: readonly Case[]): void => {
  describe(name, () => {
    it.each(cases.map((c) => [c[0], c[1]] as const))('%s → %j', (call, expected) => {
      const actual = run(call);
      if (typeof expected === 'number' && typeof actual === 'number') expect(actual).toBeCloseTo(expected, 6);
      else expect(actual).toStrictEqual(expected);
    });
  });
};

// prettier-ignore
table('DATE_ADD, ADDDATE, DATE_SUB, SUBDATE', [
  ["DATE_ADD('2024-01-31', INTERVAL 1 DAY)", "2024-02-01"],
  ["DATE_ADD('2024-01-31', INTERVAL 1 MONTH)", "2024-02-29"],
  ["DATE_ADD('2023-01-31', INTERVAL 1 MONTH)", "2023-02-28"],
  ["DATE_ADD('2024-03-31', INTERVAL 1 MONTH)", "2024-04-30"],
  ["DATE_ADD('2024-01-31', INTERVAL 13 MONTH)", "2025-02-28"],
  ["DATE_ADD('2024-02-29', INTERVAL 1 YEAR)", "2025-02-28"],
  ["DATE_ADD('2024-02-29', INTERVAL 4 YEAR)", "2028-02-29"],
  ["DATE_ADD('2024-11-30', INTERVAL 1 QUARTER)", "2025-02-28"],
  ["DATE_ADD('2024-01-01', INTERVAL 2 WEEK)", "2024-01-15"],
  ["DATE_ADD('2024-01-01', INTERVAL -1 DAY)", "2023-12-31"],
  ["DATE_ADD('2024-03-31', INTERVAL -1 MONTH)", "2024-02-29"],
  ["DATE_ADD('2024-01-31', INTERVAL 1 HOUR)", "2024-01-31 01:00:00"],
  ["DATE_ADD('2024-01-31', INTERVAL 90 MINUTE)", "2024-01-31 01:30:00"],
  ["DATE_ADD('2024-01-31', INTERVAL 30 SECOND)", "2024-01-31 00:00:30"],
  ["DATE_ADD('2024-12-31 23:59:59', INTERVAL 1 SECOND)", "2025-01-01 00:00:00"],
  ["DATE_ADD('2024-01-31 10:20:30', INTERVAL 1 DAY)", "2024-02-01 10:20:30"],
  ["DATE_ADD('2024-01-31 10:20:30', INTERVAL 1 MONTH)", "2024-02-29 10:20:30"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1 2' DAY_HOUR)", "2024-01-02 02:00:00"],
  ["DATE_ADD('2024-01-01', INTERVAL '1 2' DAY_HOUR)", "2024-01-02 02:00:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '5' DAY_HOUR)", "2024-01-01 05:00:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '-1 2' DAY_HOUR)", "2023-12-30 22:00:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1:30' HOUR_MINUTE)", "2024-01-01 01:30:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1:30:15' HOUR_SECOND)", "2024-01-01 01:30:15"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '2 1:30:15' DAY_SECOND)", "2024-01-03 01:30:15"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '2 1:30' DAY_MINUTE)", "2024-01-03 01:30:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '10:05' MINUTE_SECOND)", "2024-01-01 00:10:05"],
  ["DATE_ADD('2024-01-01', INTERVAL '1-2' YEAR_MONTH)", "2025-03-01"],
  ["DATE_ADD('2024-01-31', INTERVAL '1-1' YEAR_MONTH)", "2025-02-28"],
  ["DATE_ADD('2024-01-01', INTERVAL '-1-2' YEAR_MONTH)", "2022-11-01"],
  ["DATE_ADD('2024-01-01', INTERVAL 1.5 DAY)", "2024-01-03"],
  ["DATE_ADD('2024-01-01', INTERVAL 1.4 DAY)", "2024-01-02"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL 1.5 DAY_HOUR)", "2024-01-02 05:00:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL 1.5 SECOND)", "2024-01-01 00:00:01.5"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1.5' SECOND_MICROSECOND)", "2024-01-01 00:00:01.5"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL 500000 MICROSECOND)", "2024-01-01 00:00:00.5"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1:1.25' MINUTE_MICROSECOND)", "2024-01-01 00:01:01.25"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1 1:1:1.5' DAY_MICROSECOND)", "2024-01-02 01:01:01.5"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1:1:1.5' HOUR_MICROSECOND)", "2024-01-01 01:01:01.5"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1 2 3' DAY_HOUR)", null],
  ["DATE_ADD('9999-12-31', INTERVAL 1 DAY)", null],
  ["DATE_ADD('9999-12-01', INTERVAL 1 MONTH)", null],
  ["DATE_ADD('0001-01-01', INTERVAL -1 DAY)", null],
  ["DATE_ADD(NULL, INTERVAL 1 DAY)", null],
  ["DATE_ADD('2024-01-01', INTERVAL NULL DAY)", null],
  ["DATE_ADD('not a date', INTERVAL 1 DAY)", null],
  ["DATE_ADD('2024-02-30', INTERVAL 1 DAY)", null],
  ["DATE_ADD(20240131, INTERVAL 1 DAY)", "2024-02-01"],
  ["DATE_ADD(DATE('2024-01-31'), INTERVAL 1 DAY)", "2024-02-01"],
  ["DATE_ADD(DATE('2024-01-31'), INTERVAL 1 HOUR)", "2024-01-31 01:00:00"],
  ["ADDDATE('2024-01-31', 1)", "2024-02-01"],
  ["ADDDATE('2024-01-31', -31)", "2023-12-31"],
  ["ADDDATE('2024-01-31', INTERVAL 1 MONTH)", "2024-02-29"],
  ["ADDDATE('2024-01-31 10:00:00', 1)", "2024-02-01 10:00:00"],
  ["ADDDATE('2024-01-31', NULL)", null],
  ["SUBDATE('2024-03-01', 1)", "2024-02-29"],
  ["SUBDATE('2023-03-01', 1)", "2023-02-28"],
  ["SUBDATE('2024-03-31', INTERVAL 1 MONTH)", "2024-02-29"],
  ["DATE_SUB('2024-01-01', INTERVAL 1 DAY)", "2023-12-31"],
  ["DATE_SUB('2024-01-01', INTERVAL 12 MONTH)", "2023-01-01"],
  ["DATE_SUB('2024-01-01 00:00:00', INTERVAL 1 SECOND)", "2023-12-31 23:59:59"],
  ["DATE_SUB('2024-01-01 00:00:00', INTERVAL '1 1' DAY_HOUR)", "2023-12-30 23:00:00"],
  ["DATE_SUB('2024-05-31', INTERVAL 1 QUARTER)", "2024-02-29"],
  ["DATE_SUB('2024-01-01', INTERVAL -1 YEAR)", "2025-01-01"],
]);

// prettier-ignore
table('ADDTIME, SUBTIME, TIMEDIFF, TIME, TIME_TO_SEC, SEC_TO_TIME, TIMESTAMP', [
  ["ADDTIME('2024-01-01 10:00:00', '01:30:00')", "2024-01-01 11:30:00"],
  ["ADDTIME('2024-01-01 23:00:00', '02:00:00')", "2024-01-02 01:00:00"],
  ["ADDTIME('2024-01-01 10:00:00', '1 01:00:00')", "2024-01-02 11:00:00"],
  ["ADDTIME('2024-01-01 10:00:00', '-01:00:00')", "2024-01-01 09:00:00"],
  ["ADDTIME('2024-01-01 10:00:00', '00:00:00.5')", "2024-01-01 10:00:00.5"],
  ["ADDTIME('10:00:00', '01:30:00')", "11:30:00"],
  ["ADDTIME('23:00:00', '02:00:00')", "25:00:00"],
  ["ADDTIME('10:00:00', '-11:00:00')", "-01:00:00"],
  ["ADDTIME('2024-01-01 10:00:00', 130)", "2024-01-01 10:01:30"],
  ["ADDTIME('2024-01-01 10:00:00', NULL)", null],
  ["ADDTIME('2024-01-31', '01:00:00')", "01:20:24"],
  ["ADDTIME(DATE('2024-01-31'), '01:00:00')", "2024-01-31 01:00:00"],
  ["TIMEDIFF('2024-01-02', '2024-01-01')", "00:00:00"],
  ["DATE_ADD('10:00:00', INTERVAL 1 HOUR)", null],
  ["ADDTIME(NULL, '01:00:00')", null],
  ["SUBTIME('2024-01-01 10:00:00', '01:30:00')", "2024-01-01 08:30:00"],
  ["SUBTIME('2024-01-01 00:30:00', '01:00:00')", "2023-12-31 23:30:00"],
  ["SUBTIME('10:00:00', '11:00:00')", "-01:00:00"],
  ["SUBTIME('2024-01-01 10:00:00', 3600)", "2024-01-01 09:00:00", "service"],
  ["SUBTIME('2024-01-01 10:00:00', 90)", "2024-01-01 09:58:30", "service"],
  ["SUBTIME(NULL, '01:00:00')", null],
  ["TIMEDIFF('2024-01-02 00:00:00', '2024-01-01 00:00:00')", "24:00:00"],
  ["TIMEDIFF('2024-01-01 10:00:00', '2024-01-01 12:30:15')", "-02:30:15"],
  ["TIMEDIFF('12:00:00', '10:30:00')", "01:30:00"],
  ["TIMEDIFF('10:30:00', '12:00:00')", "-01:30:00"],
  ["TIMEDIFF('2024-01-01 12:00:00', '10:00:00')", null],
  ["TIMEDIFF('2024-03-01 00:00:00', '2024-01-01 00:00:00')", "838:59:59"],
  ["TIMEDIFF('2024-01-01 10:00:00.5', '2024-01-01 10:00:00')", "00:00:00.5"],
  ["TIMEDIFF(NULL, '10:00:00')", null],
  ["TIMEDIFF('2011-04-31 08:27:17', '2011-05-01 22:56:44')", "-14:29:27"],
  ["TIMEDIFF('2023-02-29 10:00:00', '2023-03-01 09:00:00')", "01:00:00"],
  ["ADDTIME('2023-02-29 10:00:00', '01:00:00')", null],
  ["SUBTIME('2100-02-29 10:00:00', '01:00:00')", null],
  ["HOUR('2027-02-31 20:39:58')", 20],
  ["MINUTE('2026-02-30 02:31:12')", 31],
  ["SECOND('2027-06-31 20:39:58')", 58],
  ["TIME('2027-06-31 20:39:58')", "20:39:58"],
  ["TIME_TO_SEC('9172-02-31 11:20:28')", 40828],
  ["TIME_FORMAT('2027-02-31 20:39:58', '%H')", null],
  ["DATE_FORMAT('2027-02-31 20:39:58', '%H')", null],
  ["TIME('2024-01-31 10:20:30')", "10:20:30"],
  ["TIME('10:20:30')", "10:20:30"],
  ["TIME('2024-01-31')", "00:20:24"],
  ["TIME(DATE('2024-01-31'))", "00:00:00"],
  ["TIME('2024-01-31 10:20')", "10:20:00"],
  ["TIME('20240131102030')", "10:20:30"],
  ["TIME_TO_SEC('2024-01-31')", 1224],
  ["TIME('25:00:00')", "25:00:00"],
  ["TIME('-01:02:03')", "-01:02:03"],
  ["TIME('1 02:00:00')", "26:00:00"],
  ["TIME('10:20')", "10:20:00"],
  ["TIME(102030)", "10:20:30"],
  ["TIME('2024-01-31 10:20:30.123')", "10:20:30.123"],
  ["TIME(NULL)", null],
  ["TIME_TO_SEC('01:00:00')", 3600],
  ["TIME_TO_SEC('25:00:00')", 90000],
  ["TIME_TO_SEC('-01:00:01')", -3601],
  ["TIME_TO_SEC('2024-01-31 10:20:30')", 37230],
  ["TIME_TO_SEC('00:00:01.5')", 1.5],
  ["TIME_TO_SEC('00:61:00')", null],
  ["TIME_TO_SEC(NULL)", null],
  ["SEC_TO_TIME(0)", "00:00:00"],
  ["SEC_TO_TIME(3661)", "01:01:01"],
  ["SEC_TO_TIME(86399)", "23:59:59"],
  ["SEC_TO_TIME(90000)", "01:00:00", "service"],
  ["SEC_TO_TIME(86400)", "00:00:00", "service"],
  ["SEC_TO_TIME(-1)", "23:59:59", "service"],
  ["SEC_TO_TIME(NULL)", null],
  ["TIMESTAMP('2024-01-31')", "2024-01-31 00:00:00"],
  ["TIMESTAMP('2024-01-31 10:20:30')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2024-01-31', '10:20:30')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2024-01-31 23:00:00', '02:00:00')", "2024-02-01 01:00:00"],
  ["TIMESTAMP(20240131)", "2024-01-31 00:00:00"],
  ["TIMESTAMP('2024-13-01')", null],
  ["TIMESTAMP(NULL)", null],
]);

// prettier-ignore
table('the clock: CURDATE, CURTIME, NOW and their synonyms', [
  ["CURDATE()", "2024-03-15", "clock"],
  ["CURRENT_DATE()", "2024-03-15", "clock"],
  ["CURRENT_DATE", "2024-03-15", "clock"],
  ["CURTIME()", "13:45:30", "clock"],
  ["CURRENT_TIME()", "13:45:30", "clock"],
  ["NOW()", "2024-03-15 13:45:30", "clock"],
  ["CURRENT_TIMESTAMP()", "2024-03-15 13:45:30", "clock"],
  ["CURRENT_TIMESTAMP", "2024-03-15 13:45:30", "clock"],
  ["SYSDATE()", "2024-03-15 13:45:30", "clock"],
  ["DATE_ADD(CURDATE(), INTERVAL 1 DAY)", "2024-03-16", "clock"],
  ["DATEDIFF(CURDATE(), '2024-01-01')", 74, "clock"],
  ["UNIX_TIMESTAMP()", 1710510330, "clock"],
]);

// prettier-ignore
table('DATE, TO_DATE, DATEDIFF, LAST_DAY, TO_DAYS, FROM_DAYS', [
  ["DATE('2024-01-31 10:20:30')", "2024-01-31"],
  ["DATE('2024-01-31')", "2024-01-31"],
  ["DATE('2024-1-5')", "2024-01-05"],
  ["DATE('2024/01/31')", "2024-01-31"],
  ["DATE('2024.01.31')", "2024-01-31"],
  ["DATE('24-01-31')", "2024-01-31"],
  ["DATE('69-12-31')", "2069-12-31"],
  ["DATE('70-01-01')", "1970-01-01"],
  ["DATE('20240131')", "2024-01-31"],
  ["DATE('240131')", "2024-01-31"],
  ["DATE('20240131102030')", "2024-01-31"],
  ["DATE('2024-01-31T10:20:30')", "2024-01-31"],
  ["DATE('  2024-01-31')", "2024-01-31"],
  ["DATE('2024-01-31abc')", "2024-01-31"],
  ["DATE('20240131x')", "2024-01-31"],
  ["DATE(' 550725232224x')", "2055-07-25"],
  ["DATE('83730303T04:06')", null],
  ["DATE('2024--01--31')", null],
  ["TIMESTAMP('2024-01-31-10:20:30')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2024-01-31 102030')", null],
  ["TIMESTAMP('2024-01-31  10:20:30')", "2024-01-31 10:20:30"],
  ["SEC_TO_TIME(66549.68)", "18:29:09.68"],
  ["DATE(20240131)", "2024-01-31"],
  ["DATE(240131)", "2024-01-31"],
  ["DATE(20240131102030)", "2024-01-31"],
  ["DATE('2024-02-29')", "2024-02-29"],
  ["DATE('2023-02-29')", null],
  ["DATE('2024-04-31')", null],
  ["DATE('2024-13-01')", null],
  ["DATE('2024-01')", null],
  ["DATE('')", null],
  ["DATE('abc')", null],
  ["DATE(NULL)", null],
  ["DATE('0500-06-01')", "0500-06-01"],
  ["DATE('2024-01-31 25:00:00')", null],
  ["DATE('20240131 10:20:30')", null],
  ["DATE('2024-1-5 1:2:3')", "2024-01-05"],
  ["TIMESTAMP('2024-1-5 1:2')", "2024-01-05 01:02:00"],
  ["TIMESTAMP('2024-01-05 10')", "2024-01-05 10:00:00"],
  ["DATE(2024)", null],
  ["DATE('2024')", null],
  ["DATE(1.5)", null],
  ["DATE(TRUE)", null],
  ["DATE(20240131.5)", "2024-01-31"],
  ["TIMESTAMP(20240131102030.25)", "2024-01-31 10:20:30.25"],
  ["DAY('10:20:30')", null],
  ["DATE('9999-12-31')", "9999-12-31"],
  ["DATE('0000-00-00')", null, "ours"],
  ["DATE('2024-00-10')", null, "ours"],
  ["TO_DATE('2024-01-31 10:20:30')", "2024-01-31", "service"],
  ["DATEDIFF('2024-03-01', '2024-02-01')", 29],
  ["DATEDIFF('2023-03-01', '2023-02-01')", 28],
  ["DATEDIFF('2024-01-01', '2024-12-31')", -365],
  ["DATEDIFF('2024-01-01 23:59:59', '2023-12-31 00:00:00')", 1],
  ["DATEDIFF('2025-01-01', '2024-01-01')", 366],
  ["DATEDIFF('2024-01-01', NULL)", null],
  ["DATEDIFF('2024-01-01', 'x')", null],
  ["LAST_DAY('2024-02-10')", "2024-02-29"],
  ["LAST_DAY('2023-02-10')", "2023-02-28"],
  ["LAST_DAY('1900-02-10')", "1900-02-28"],
  ["LAST_DAY('2000-02-10')", "2000-02-29"],
  ["LAST_DAY('2024-12-31 23:59:59')", "2024-12-31"],
  ["LAST_DAY('2024-04-01')", "2024-04-30"],
  ["LAST_DAY(NULL)", null],
  ["TO_DAYS('2024-01-31')", 739281],
  ["TO_DAYS('1970-01-01')", 719528],
  ["TO_DAYS('0001-01-01')", 366],
  ["TO_DAYS('2024-01-31 23:59:59')", 739281],
  ["TO_DAYS(950501)", 728779],
  ["TO_DAYS(NULL)", null],
  ["FROM_DAYS(739281)", "2024-01-31"],
  ["FROM_DAYS(719528)", "1970-01-01"],
  ["FROM_DAYS(366)", "0001-01-01"],
  ["FROM_DAYS(730669)", "2000-07-03"],
  ["FROM_DAYS(3652424)", "9999-12-31"],
  ["FROM_DAYS(365)", null, "ours"],
  ["FROM_DAYS(3652425)", null, "ours"],
  ["FROM_DAYS(NULL)", null],
]);

// prettier-ignore
table('parts: DAY, MONTH, YEAR, QUARTER, HOUR, MINUTE, SECOND, names, DAYOFWEEK, DAYOFYEAR, WEEKDAY', [
  ["DAY('2024-01-31')", 31],
  ["DAYOFMONTH('2024-02-29 10:00:00')", 29],
  ["DAY(NULL)", null],
  ["DAY('2024-02-30')", null],
  ["MONTH('2024-12-01')", 12],
  ["MONTH(20240131)", 1],
  ["YEAR('2024-01-31')", 2024],
  ["YEAR('99-01-01')", 1999],
  ["YEAR(NULL)", null],
  ["QUARTER('2024-01-01')", 1],
  ["QUARTER('2024-03-31')", 1],
  ["QUARTER('2024-04-01')", 2],
  ["QUARTER('2024-09-30')", 3],
  ["QUARTER('2024-12-31')", 4],
  ["HOUR('2024-01-31 10:20:30')", 10],
  ["HOUR('10:20:30')", 10],
  ["HOUR('25:00:00')", 25],
  ["HOUR('-01:00:00')", 1],
  ["HOUR('2024-01-31')", 0],
  ["HOUR(NULL)", null],
  ["MINUTE('2024-01-31 10:20:30')", 20],
  ["MINUTE('10:20:30')", 20],
  ["SECOND('2024-01-31 10:20:30')", 30],
  ["SECOND('10:20:30.5')", 30],
  ["DAYNAME('2024-01-31')", "Wednesday"],
  ["DAYNAME('2024-02-04')", "Sunday"],
  ["DAYNAME('1970-01-01')", "Thursday"],
  ["DAYNAME(NULL)", null],
  ["MONTHNAME('2024-01-31')", "January"],
  ["MONTHNAME('2024-09-01')", "September"],
  ["DAYOFWEEK('2024-02-04')", 1],
  ["DAYOFWEEK('2024-02-05')", 2],
  ["DAYOFWEEK('2024-02-10')", 7],
  ["DAYOFWEEK('2000-01-01')", 7],
  ["DAYOFWEEK(NULL)", null],
  ["WEEKDAY('2024-02-04')", 1, "service"],
  ["WEEKDAY('2024-02-05')", 2, "service"],
  ["WEEKDAY('2024-02-10')", 7, "service"],
  ["DAYOFYEAR('2024-01-01')", 1],
  ["DAYOFYEAR('2024-12-31')", 366],
  ["DAYOFYEAR('2023-12-31')", 365],
  ["DAYOFYEAR('2024-03-01')", 61],
]);

// Week numbers around the new year: 2024-01-01 is a Monday, 2023-01-01 a Sunday, 2021-01-01 a Friday, 2020-12-31 a
// Thursday, 2026-01-01 a Thursday, 2027-01-01 a Friday.
const WEEK_DATES = ['2021-01-01', '2021-01-03', '2021-01-04', '2020-12-31', '2023-01-01', '2023-12-31', '2024-01-01', '2024-12-29', '2024-12-31', '2026-01-01', '2027-01-01', '2027-01-03', '2008-12-29'];
// prettier-ignore
const WEEK_EXPECTED: Record<string, readonly number[]> = {
  // date:        mode 0  1  2  3  4  5  6  7   (as MariaDB 10.11 answers)
  '2021-01-01': [0, 0, 52, 53, 0, 0, 53, 52],
  '2021-01-03': [1, 0, 1, 53, 1, 0, 1, 52],
  '2021-01-04': [1, 1, 1, 1, 1, 1, 1, 1],
  '2020-12-31': [52, 53, 52, 53, 53, 52, 53, 52],
  '2023-01-01': [1, 0, 1, 52, 1, 0, 1, 52],
  '2023-12-31': [53, 52, 53, 52, 53, 52, 1, 52],
  '2024-01-01': [0, 1, 53, 1, 1, 1, 1, 1],
  '2024-12-29': [52, 52, 52, 52, 53, 52, 1, 52],
  '2024-12-31': [52, 53, 52, 1, 53, 53, 1, 53],
  '2026-01-01': [0, 1, 52, 1, 0, 0, 53, 52],
  '2027-01-01': [0, 0, 52, 53, 0, 0, 52, 52],
  '2027-01-03': [1, 0, 1, 53, 1, 0, 1, 52],
  '2008-12-29': [52, 53, 52, 1, 53, 52, 53, 52],
};
table(
  'WEEK with modes 0..7 around the new year',
  WEEK_DATES.flatMap((d) => (WEEK_EXPECTED[d] ?? []).map((w, mode): Case => [`WEEK('${d}', ${mode})`, w])),
);

// prettier-ignore
table('WEEK, YEARWEEK, WEEKOFYEAR', [
  ["WEEK('2024-01-01')", 0],
  ["WEEK('2024-06-15')", 23],
  ["WEEK('2024-01-07')", 1],
  ["WEEK('2024-06-15', 8)", 23],
  ["WEEK('2024-01-01', NULL)", 0],
  ["WEEK(NULL, 1)", null],
  ["YEARWEEK('2024-01-01')", 202353],
  ["YEARWEEK('2024-01-01', 1)", 202401],
  ["YEARWEEK('2024-01-07')", 202401],
  ["YEARWEEK('2021-01-01', 3)", 202053],
  ["YEARWEEK('2024-12-31', 3)", 202501],
  ["YEARWEEK('2024-12-31', 0)", 202452],
  ["YEARWEEK('2023-01-01', 0)", 202301],
  ["YEARWEEK('2026-01-01', 4)", 202553],
  ["YEARWEEK('2024-06-15', 2)", 202423],
  ["YEARWEEK(NULL)", null],
  ["WEEKOFYEAR('2024-01-01')", 1],
  ["WEEKOFYEAR('2021-01-01')", 53],
  ["WEEKOFYEAR('2024-12-31')", 1],
  ["WEEKOFYEAR('2024-06-15')", 24],
  ["WEEKOFYEAR('2008-12-29')", 1],
  ["WEEKOFYEAR(NULL)", null],
]);

// prettier-ignore
table('DATE_FORMAT', [
  ["DATE_FORMAT('2024-01-05 09:07:03', '%Y-%m-%d %H:%i:%s')", "2024-01-05 09:07:03"],
  ["DATE_FORMAT('2024-01-05 09:07:03', '%a %b %c %D %d %e')", "Fri Jan 1 5th 05 5"],
  ["DATE_FORMAT('2024-01-05 09:07:03.25', '%f')", "250000"],
  ["DATE_FORMAT('2024-01-05 21:07:03', '%H %h %I %i %k %l %p')", "21 09 09 07 21 9 PM"],
  ["DATE_FORMAT('2024-01-05 00:07:03', '%H %h %I %k %l %p')", "00 12 12 0 12 AM"],
  ["DATE_FORMAT('2024-01-05 12:00:00', '%h %p %r')", "12 PM 12:00:00 PM"],
  ["DATE_FORMAT('2024-01-05 21:07:03', '%r')", "09:07:03 PM"],
  ["DATE_FORMAT('2024-01-05 00:07:03', '%r')", "12:07:03 AM"],
  ["DATE_FORMAT('2024-01-05 21:07:03', '%T')", "21:07:03"],
  ["DATE_FORMAT('2024-01-05 09:07:03', '%j %M %m %S %s')", "005 January 01 03 03"],
  ["DATE_FORMAT('2024-12-31', '%j')", "366"],
  ["DATE_FORMAT('2024-01-05', '%W %w')", "Friday 5"],
  ["DATE_FORMAT('2024-01-07', '%W %w')", "Sunday 0"],
  ["DATE_FORMAT('2024-01-05', '%Y %y')", "2024 24"],
  ["DATE_FORMAT('2005-01-05', '%y')", "05"],
  ["DATE_FORMAT('0500-01-05', '%Y')", "0500"],
  ["DATE_FORMAT('2024-01-01', '%U %u %V %v %X %x')", "00 01 53 01 2023 2024"],
  ["DATE_FORMAT('2021-01-01', '%U %u %V %v %X %x')", "00 00 52 53 2020 2020"],
  ["DATE_FORMAT('2024-12-31', '%U %u %V %v %X %x')", "52 53 52 01 2024 2025"],
  ["DATE_FORMAT('2023-01-01', '%U %u %V %v %X %x')", "01 00 01 52 2023 2022"],
  ["DATE_FORMAT('2024-01-01', '%%Y %Y%%')", "%Y 2024%"],
  ["DATE_FORMAT('2024-01-01', '%q %Z')", "q Z"],
  ["DATE_FORMAT('2024-01-01', 'year %Y!')", "year 2024!"],
  ["DATE_FORMAT('2024-01-01', '100%')", "100%"],
  ["DATE_FORMAT('2024-01-01', '')", null],
  ["DATE_FORMAT('2024-01-01', 'abc')", "abc"],
  ["DATE_FORMAT('10:20:30', '%Y-%m-%d')", null],
  ["DATE_FORMAT('2024-01-01', '%D %D')", "1st 1st"],
  ["DATE_FORMAT('2024-01-02', '%D')", "2nd"],
  ["DATE_FORMAT('2024-01-03', '%D')", "3rd"],
  ["DATE_FORMAT('2024-01-04', '%D')", "4th"],
  ["DATE_FORMAT('2024-01-11', '%D')", "11th"],
  ["DATE_FORMAT('2024-01-12', '%D')", "12th"],
  ["DATE_FORMAT('2024-01-13', '%D')", "13th"],
  ["DATE_FORMAT('2024-01-21', '%D')", "21st"],
  ["DATE_FORMAT('2024-01-22', '%D')", "22nd"],
  ["DATE_FORMAT('2024-01-23', '%D')", "23rd"],
  ["DATE_FORMAT('2024-01-31', '%D')", "31st"],
  ["DATE_FORMAT('2024-05-01', '%M %b')", "May May"],
  ["DATE_FORMAT('2024-09-01', '%M %b')", "September Sep"],
  ["DATE_FORMAT(20240131, '%Y-%m')", "2024-01"],
  ["DATE_FORMAT(NULL, '%Y')", null],
  ["DATE_FORMAT('2024-01-01', NULL)", null],
  ["DATE_FORMAT('2024-02-30', '%Y')", null],
]);

// prettier-ignore
table('DATE_FORMAT of zero dates and zero parts (printed as written, as MariaDB)', [
  ["DATE_FORMAT(0, '%Y-%m-%d %H:%i:%s.%f')", "0000-00-00 00:00:00.000000"],
  ["DATE_FORMAT('0000-00-00', '%Y-%m-%d')", "0000-00-00"],
  ["DATE_FORMAT('00000000', '%Y-%m-%d')", "0000-00-00"],
  ["DATE_FORMAT('0000-00-00 00:00:00', '%Y-%m-%d %T')", "0000-00-00 00:00:00"],
  ["DATE_FORMAT('0000-00-00 10:20:30.5', '%Y %H %f')", "0000 10 500000"],
  ["DATE_FORMAT(0.5, '%Y-%m-%d %f')", "0000-00-00 500000"],
  ["DATE_FORMAT(0.000001, '%f')", "000001"],
  ["DATE_FORMAT(20240100, '%Y-%m-%d')", "2024-01-00"],
  ["DATE_FORMAT('20240100', '%Y-%m-%d')", "2024-01-00"],
  ["DATE_FORMAT('2024-1-0', '%Y-%m-%d')", "2024-01-00"],
  ["DATE_FORMAT(10000, '%Y-%m-%d')", "2001-00-00"],
  ["DATE_FORMAT('2024-01-00', '%Y-%m-%d')", "2024-01-00"],
  ["DATE_FORMAT('2024-00-10', '%Y-%m-%d')", "2024-00-10"],
  ["DATE_FORMAT('2024-00-00 10:20:30', '%Y-%m-%d %H:%i:%s')", "2024-00-00 10:20:30"],
  ["DATE_FORMAT('0000-05-00', '%Y-%m-%d')", "0000-05-00"],
  ["DATE_FORMAT('0000-01-01', '%Y-%m-%d')", "0000-01-01"],
  ["DATE_FORMAT(0, '%c %D %e %y')", "0 0th 0 00"],
  ["DATE_FORMAT(0, '%h %I %l %p %r %k %T %S')", "12 12 12 AM 12:00:00 AM 0 00:00:00 00"],
  // Names of month 0: NULL; weekdays of the zero date (year and month 0): NULL; day of year of year or month 0: NULL.
  ["DATE_FORMAT(0, '%a')", null],
  ["DATE_FORMAT(0, '%b')", null],
  ["DATE_FORMAT(0, '%M')", null],
  ["DATE_FORMAT(0, '%W')", null],
  ["DATE_FORMAT(0, '%w')", null],
  ["DATE_FORMAT(0, '%j')", null],
  ["DATE_FORMAT('2024-00-10', '%b')", null],
  ["DATE_FORMAT('2024-00-10', '%M')", null],
  ["DATE_FORMAT('2024-00-10', '%j')", null],
  ["DATE_FORMAT('0000-01-01', '%j')", null],
  // Day 0 is the day before the 1st (2024-01-00 is 2023-12-31, a Sunday), in the weeks of its own year.
  ["DATE_FORMAT('2024-01-00', '%b %M %c %D %e %y')", "Jan January 1 0th 0 24"],
  ["DATE_FORMAT('2024-01-00', '%a %W %w %j')", "Sun Sunday 0 000"],
  ["DATE_FORMAT('2024-01-00', '%U %u %V %v %X %x')", "00 52 53 52 2023 2023"],
  ["DATE_FORMAT('2021-01-00', '%a %w %j %U %u %V %v %X %x')", "Thu 4 000 00 00 52 53 2020 2020"],
  ["DATE_FORMAT('2024-03-00', '%a %w %j %U %u %V %v %X %x')", "Thu 4 060 08 09 08 09 2024 2024"],
  ["DATE_FORMAT(700, '%Y-%m-%d %a %j')", "2000-07-00 Fri 182"],
  // Month 0 is the previous December for the weekday (2024-00-01 is 2023-12-01, a Friday).
  ["DATE_FORMAT('2024-00-01', '%a %w')", "Fri 5"],
  ["DATE_FORMAT('2024-00-31', '%a %w')", "Sun 0"],
  ["DATE_FORMAT('2023-00-15', '%a %w %W')", "Thu 4 Thursday"],
  ["DATE_FORMAT('2024-00-00', '%a')", "Thu"],
  ["DATE_FORMAT('2024-00-10', '%D %c %e')", "10th 0 10"],
  // Year 0 from March: the proleptic calendar (0000-03-01 is a Wednesday).
  ["DATE_FORMAT('0000-03-01', '%a %w')", "Wed 3"],
  ["DATE_FORMAT('0000-01-01', '%M %b')", "January Jan"],
  // Not dates: NULL.
  ["DATE_FORMAT('0', '%Y-%m-%d')", null],
  ["DATE_FORMAT('123', '%Y-%m-%d')", null],
  ["DATE_FORMAT(-10000, '%Y-%m-%d')", null],
  ["DATE_FORMAT('2024-01-00 25:00:00', '%Y')", null],
  ["DATE_FORMAT('2024-13-01', '%Y')", null],
  ["DATE_FORMAT('2024-01-32', '%Y')", null],
  ["DATE_FORMAT(20240230, '%Y-%m-%d')", null],
  // MariaDB prints numbers of no meaning here (unsigned arithmetic wrapping): NULL (docs/dates.md).
  ["DATE_FORMAT(0, '%U')", null, 'ours'],
  ["DATE_FORMAT(0, '%u')", null, 'ours'],
  ["DATE_FORMAT(0, '%V')", null, 'ours'],
  ["DATE_FORMAT(0, '%v')", null, 'ours'],
  ["DATE_FORMAT(0, '%X')", null, 'ours'],
  ["DATE_FORMAT(0, '%x')", null, 'ours'],
  ["DATE_FORMAT('2024-00-10', '%U')", null, 'ours'],
  ["DATE_FORMAT('2024-00-10', '%x')", null, 'ours'],
  ["DATE_FORMAT('0000-01-01', '%U %u %V %v %X %x')", null, 'ours'],
  ["DATE_FORMAT('0000-01-01', '%a')", null, 'ours'],
  ["DATE_FORMAT('0000-01-01', '%w %W')", null, 'ours'],
]);

// prettier-ignore
table('TIME_FORMAT', [
  ["TIME_FORMAT('10:20:30', '%H:%i:%s')", "10:20:30"],
  ["TIME_FORMAT('25:20:30', '%H %k %h %I %l %p')", "25 25 01 01 1 AM"],
  ["TIME_FORMAT('13:20:30', '%r %T')", "01:20:30 PM 13:20:30"],
  ["TIME_FORMAT('-01:20:30', '%H:%i')", "-01:20"],
  ["TIME_FORMAT('10:20:30.5', '%f')", "500000"],
  ["TIME_FORMAT('2024-01-31 10:20:30', '%H.%i')", "10.20"],
  ["TIME_FORMAT('10:20:30', '%Y')", null],
  ["TIME_FORMAT('10:20:30', '%y')", null],
  ["TIME_FORMAT('10:20:30', '%m')", null],
  ["TIME_FORMAT('10:20:30', '%c')", null],
  ["TIME_FORMAT('10:20:30', '%d')", null],
  ["TIME_FORMAT('10:20:30', '%e')", null],
  ["TIME_FORMAT('2024-01-31 10:20:30', '%Y')", null],
  ["TIME_FORMAT('10:20:30', '')", null],
  ["TIME_FORMAT('10:20:30', 'abc')", "abc"],
  ["TIME_FORMAT('10:20:30', '%W')", null],
  ["TIME_FORMAT('10:20:30', '%a')", null],
  ["TIME_FORMAT('10:20:30', '%M')", null],
  ["TIME_FORMAT('10:20:30', '%b')", null],
  ["TIME_FORMAT('10:20:30', '%D')", null],
  ["TIME_FORMAT('10:20:30', '%j')", null],
  ["TIME_FORMAT('10:20:30', '%U')", null],
  ["TIME_FORMAT('10:20:30', '%w')", null],
  ["TIME_FORMAT('10:20:30', '%x')", null],
  ["TIME_FORMAT(NULL, '%H')", null],
  ["TIME_FORMAT('10:20:30', NULL)", null],
  ["TIME_FORMAT(102030, '%H-%i-%s')", "10-20-30"],
]);

// prettier-ignore
table('STR_TO_DATE', [
  ["STR_TO_DATE('31/01/2024', '%d/%m/%Y')", "2024-01-31"],
  ["STR_TO_DATE('1/5/2024', '%m/%d/%Y')", "2024-01-05"],
  ["STR_TO_DATE('2024-01-31 10:20:30', '%Y-%m-%d %H:%i:%s')", "2024-01-31 10:20:30"],
  ["STR_TO_DATE('2024-01-31 10:20:30', '%Y-%m-%d %T')", "2024-01-31 10:20:30"],
  ["STR_TO_DATE('Jan 5 2024', '%b %e %Y')", "2024-01-05"],
  ["STR_TO_DATE('january 5, 2024', '%M %e, %Y')", "2024-01-05"],
  ["STR_TO_DATE('Friday, January 5th, 2024', '%W, %M %D, %Y')", "2024-01-05"],
  ["STR_TO_DATE('05-Jan-24', '%d-%b-%y')", "2024-01-05"],
  ["STR_TO_DATE('05-Jan-99', '%d-%b-%y')", "1999-01-05"],
  ["STR_TO_DATE('24-01-05', '%Y-%m-%d')", "2024-01-05"],
  ["STR_TO_DATE('20240105', '%Y%m%d')", "2024-01-05"],
  ["STR_TO_DATE('2024-01-05 09:07:03 PM', '%Y-%m-%d %h:%i:%s %p')", "2024-01-05 21:07:03"],
  ["STR_TO_DATE('2024-01-05 12:07:03 AM', '%Y-%m-%d %h:%i:%s %p')", "2024-01-05 00:07:03"],
  ["STR_TO_DATE('2024-01-05 12:07:03 PM', '%Y-%m-%d %r')", "2024-01-05 12:07:03"],
  ["STR_TO_DATE('2024-01-05 13:07:03 PM', '%Y-%m-%d %h:%i:%s %p')", null],
  ["STR_TO_DATE('2024-01-05 09:07:03 PM', '%Y-%m-%d %H:%i:%s %p')", null],
  ["STR_TO_DATE('2024-01-05 10:20:30.25', '%Y-%m-%d %H:%i:%s.%f')", "2024-01-05 10:20:30.25", "ours"],
  ["STR_TO_DATE('10:20:30', '%H:%i:%s')", "10:20:30"],
  ["STR_TO_DATE('10:20:30', '%T')", "10:20:30"],
  ["STR_TO_DATE('2024-060', '%Y-%j')", "2024-02-29"],
  ["STR_TO_DATE('2023-060', '%Y-%j')", "2023-03-01"],
  ["STR_TO_DATE('2024 1 Monday', '%X %V %W')", "2024-01-08"],
  ["STR_TO_DATE('2024 01 Monday', '%x %v %W')", "2024-01-01"],
  ["STR_TO_DATE('2024 10 Monday', '%x %v %W')", "2024-03-04"],
  ["STR_TO_DATE('2024 10 Sunday', '%X %V %W')", "2024-03-10"],
  ["STR_TO_DATE('2024 10 1', '%Y %U %w')", "2024-03-11"],
  ["STR_TO_DATE('2024 10 1', '%Y %u %w')", "2024-03-04"],
  ["STR_TO_DATE('  2024-01-05', '%Y-%m-%d')", "2024-01-05"],
  ["STR_TO_DATE('2024-01-05 trailing', '%Y-%m-%d')", "2024-01-05"],
  ["STR_TO_DATE('2024x01x05', '%Y-%m-%d')", null],
  ["STR_TO_DATE('2024-02-30', '%Y-%m-%d')", null, "ours"],
  ["STR_TO_DATE('2024-13-01', '%Y-%m-%d')", null],
  ["STR_TO_DATE('abc', '%Y')", null],
  ["STR_TO_DATE('2024-01', '%Y-%m-%d')", null, "ours"],
  ["STR_TO_DATE('Foo 5 2024', '%b %e %Y')", null],
  ["STR_TO_DATE('Ju 5 2024', '%M %e %Y')", null],
  ["STR_TO_DATE('2024-01-05', '%Y-%m-%d %H')", "2024-01-05 00:00:00"],
  ["STR_TO_DATE('2024/01/05', '%Y%.%m%.%d')", "2024-01-05"],
  ["STR_TO_DATE('x2024', '%@%Y-%m-%d')", null, "ours"],
  ["STR_TO_DATE(' 1129-11-14', '%H%i%s')", null],
  ["STR_TO_DATE('2024-01--5', '%Y-%m-%d')", null],
  ["STR_TO_DATE(NULL, '%Y')", null],
  ["STR_TO_DATE('2024', NULL)", null],
]);

// prettier-ignore
table('FROM_UNIXTIME, UNIX_TIMESTAMP (the wall clock read as UTC)', [
  ["FROM_UNIXTIME(0)", "1970-01-01 00:00:00"],
  ["FROM_UNIXTIME(1706700000)", "2024-01-31 11:20:00"],
  ["FROM_UNIXTIME(1706700000.5)", "2024-01-31 11:20:00.5"],
  ["FROM_UNIXTIME(2147483647)", "2038-01-19 03:14:07"],
  ["FROM_UNIXTIME(2147483648)", null],
  ["FROM_UNIXTIME(-1)", null],
  ["FROM_UNIXTIME(1706700000, '%Y-%m-%d %H')", "2024-01-31 11"],
  ["FROM_UNIXTIME(NULL)", null],
  ["FROM_UNIXTIME(0, NULL)", null],
  ["UNIX_TIMESTAMP('2024-01-31 11:20:00')", 1706700000],
  ["UNIX_TIMESTAMP('2024-01-31')", 1706659200],
  ["UNIX_TIMESTAMP('1970-01-01 00:00:00')", 0],
  ["UNIX_TIMESTAMP('2038-01-19 03:14:07')", 2147483647],
  ["UNIX_TIMESTAMP('2038-01-19 03:14:08')", null],
  ["UNIX_TIMESTAMP('1969-12-31 23:59:59')", null],
  ["UNIX_TIMESTAMP('2024-01-31 11:20:00.5')", 1706700000.5],
  ["UNIX_TIMESTAMP(NULL)", null],
  ["UNIX_TIMESTAMP('x')", null],
]);

// prettier-ignore
table('microseconds (MariaDB\'s DATETIME(6) and TIME(6): six digits, truncated, never rounded)', [
  ["DATE_ADD('2024-01-31 10:00:00', INTERVAL 1 MICROSECOND)", "2024-01-31 10:00:00.000001"],
  ["DATE_SUB('2024-01-31 10:00:00', INTERVAL 1 MICROSECOND)", "2024-01-31 09:59:59.999999"],
  ["DATE_ADD('2024-01-31 10:00:00.999999', INTERVAL 1 MICROSECOND)", "2024-01-31 10:00:01"],
  ["DATE_ADD('2024-01-31', INTERVAL '1.000002' SECOND_MICROSECOND)", "2024-01-31 00:00:01.000002"],
  ["DATE_ADD('2024-01-31', INTERVAL '1 02:03:04.5' DAY_MICROSECOND)", "2024-02-01 02:03:04.5"],
  ["DATE_ADD('2024-01-31', INTERVAL 1.0000005 SECOND)", "2024-01-31 00:00:01"],
  ["DATE_ADD('2024-01-31', INTERVAL 1.9999999 SECOND)", "2024-01-31 00:00:01.999999"],
  ["DATE_ADD('2024-01-31', INTERVAL -1.5 SECOND)", "2024-01-30 23:59:58.5"],
  ["DATE_ADD('2024-01-31 10:00:00.123456', INTERVAL 1 MONTH)", "2024-02-29 10:00:00.123456"],
  ["TIMESTAMP('2024-01-01 00:00:01.1234565')", "2024-01-01 00:00:01.123456"],
  ["TIMESTAMP('2024-01-01 00:00:01.9999999')", "2024-01-01 00:00:01.999999"],
  ["TIMESTAMP(240131102030.25)", "2024-01-31 10:20:30.25"],
  ["TIMESTAMP('2024-01-01 10:00:00', '00:00:00.000001')", "2024-01-01 10:00:00.000001"],
  ["ADDTIME('2024-01-01 00:00:00', '00:00:01.0000005')", "2024-01-01 00:00:01"],
  ["ADDTIME('2024-01-01 23:59:59.999999', '00:00:00.000001')", "2024-01-02 00:00:00"],
  ["ADDTIME('10:00:00.5', '00:00:00.000001')", "10:00:00.500001"],
  ["SUBTIME('2024-01-01 00:00:00', '00:00:00.000001')", "2023-12-31 23:59:59.999999"],
  ["TIMEDIFF('2024-01-01 00:00:01.123456', '2024-01-01 00:00:00.000001')", "00:00:01.123455"],
  ["TIMEDIFF('00:00:01', '00:00:00.999999')", "00:00:00.000001"],
  ["TIME('10:20:30.1234567')", "10:20:30.123456"],
  ["TIME(102030.1234567)", "10:20:30.123456"],
  ["TIME_TO_SEC('00:00:01.123456')", 1.123456],
  ["SEC_TO_TIME(1.0000005)", "00:00:01"],
  ["SEC_TO_TIME(1.004999)", "00:00:01.004999"],
  ["HOUR('10:20:30.999999')", 10],
  ["SECOND('10:20:30.999999')", 30],
  ["DATE_FORMAT('2024-01-01 00:00:01.123456', '%f')", "123456"],
  ["DATE_FORMAT('2024-01-01 00:00:01.000001', '%s.%f')", "01.000001"],
  ["TIME_FORMAT('10:00:00.000042', '%f')", "000042"],
  ["STR_TO_DATE('2024-01-05 10:20:30.000042', '%Y-%m-%d %H:%i:%s.%f')", "2024-01-05 10:20:30.000042"],
  ["STR_TO_DATE('10:20:30.000042', '%H:%i:%s.%f')", "10:20:30.000042"],
  ["UNIX_TIMESTAMP('2024-01-01 00:00:01.123456')", 1704067201.123456],
  ["UNIX_TIMESTAMP(FROM_UNIXTIME(1.004999))", 1.004999],
  ["FROM_UNIXTIME(1.004999)", "1970-01-01 00:00:01.004999"],
  ["FROM_UNIXTIME(0.000001)", "1970-01-01 00:00:00.000001"],
  ["FROM_UNIXTIME(1234.5678)", "1970-01-01 00:20:34.5678"],
  ["FROM_UNIXTIME(1.0000005)", "1970-01-01 00:00:01"],
  ["FROM_UNIXTIME(1.9999999)", "1970-01-01 00:00:01.999999"],
  ["FROM_UNIXTIME(1706700000.1234567)", "2024-01-31 11:20:00.123456"],
  ["FROM_UNIXTIME(1e-7)", "1970-01-01 00:00:00"],
  ["FROM_UNIXTIME(1.004999, '%s.%f')", "01.004999"],
  ["CONVERT_TZ('2024-01-31 10:00:00.000001', '+00:00', '+01:00')", "2024-01-31 11:00:00.000001"],
]);

// prettier-ignore
table('numbers and text read as date parts: YEAR, MONTH, DAY, QUARTER, MONTHNAME, LAST_DAY keep zero parts', [
  ["YEAR(0)", 0],
  ["YEAR(0.01)", 0],
  ["YEAR(0.999999)", 0],
  ["MONTH(0)", 0],
  ["DAY(0)", 0],
  ["QUARTER(0)", 0],
  ["MONTHNAME(0)", null],
  ["LAST_DAY(0)", null],
  ["YEAR(FALSE)", 0],
  ["YEAR(TRUE)", null],
  ["YEAR(1)", null],
  ["YEAR(100)", null],
  ["YEAR(101)", 2000],
  ["YEAR(123.45)", 2000],
  ["YEAR(10000)", 2001],
  ["YEAR(691231)", 2069],
  ["YEAR(691232)", null],
  ["YEAR(700101)", 1970],
  ["YEAR(1000101)", null],
  ["YEAR(10000101)", 1000],
  ["YEAR(99991231)", 9999],
  ["YEAR(100000000)", null],
  ["YEAR(101000000)", 2000],
  ["YEAR(20240131102030.5)", 2024],
  ["YEAR(-1)", null],
  ["YEAR(-0.5)", null],
  ["YEAR(1e20)", null],
  ["YEAR(20240001)", 2024],
  ["MONTH(20240001)", 0],
  ["DAY(20240100)", 0],
  ["QUARTER(20240001)", 0],
  ["MONTH(240001)", 0],
  ["YEAR(20240230)", null],
  ["DAY(20240230)", null],
  ["YEAR('0000-00-00')", 0],
  ["YEAR('0000-00-00 10:00:00')", 0],
  ["YEAR('00000000')", 0],
  ["YEAR('0')", null],
  ["YEAR('0000-01-01')", 0],
  ["YEAR('2024-00-10')", 2024],
  ["MONTH('2024-00-10')", 0],
  ["DAY('2024-01-00')", 0],
  ["DAYOFMONTH('2024-01-00')", 0],
  ["QUARTER('2024-00-05')", 0],
  ["MONTHNAME('2024-00-01')", null],
  ["MONTHNAME('2024-01-00')", "January"],
  // A zero day: NULL under NO_ZERO_IN_DATE (MySQL 8's default; MariaDB's default mode gives the month's last day).
  ["LAST_DAY('2024-01-00')", null],
  ["LAST_DAY(20240200)", null],
  ["YEAR('2024-02-30')", null],
  ["DAY('2024-02-31 10:00:00')", null],
  ["DAYNAME('2024-01-00')", null],
  ["DAYOFYEAR('2024-01-00')", null],
  ["TO_DAYS(0)", null],
  ["DAYOFWEEK(0)", null],
  ["WEEK(0)", null],
  ["DATEDIFF('2024-01-00', '2024-01-01')", null],
  ["DATE_ADD(0, INTERVAL 1 DAY)", null],
  ["UNIX_TIMESTAMP(0)", null],
]);

// prettier-ignore
table('PERIOD_ADD, PERIOD_DIFF', [
  ["PERIOD_ADD(202401, 3)", 202404],
  ["PERIOD_ADD(202411, 3)", 202502],
  ["PERIOD_ADD(202401, -1)", 202312],
  ["PERIOD_ADD(2401, 1)", 202402],
  ["PERIOD_ADD(9901, 1)", 199902],
  ["PERIOD_ADD(202401, 0)", 202401],
  ["PERIOD_ADD(0, 5)", 0],
  ["PERIOD_ADD(NULL, 1)", null],
  ["PERIOD_ADD(202401, NULL)", null],
  ["PERIOD_DIFF(202412, 202401)", 11],
  ["PERIOD_DIFF(202401, 202412)", -11],
  ["PERIOD_DIFF(2401, 202301)", 12],
  ["PERIOD_DIFF(9912, 200001)", -1],
  ["PERIOD_DIFF(NULL, 202401)", null],
]);

// prettier-ignore
table('edge cases of conversions, intervals, formats and parsing', [
  ["DATE_FORMAT('2024-01-31 10:20:30.5', '%f')", "500000"],
  ["TIMESTAMP('  2024-01-31 10:20:30  ')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2024-01-31 10:20:30Z')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2024-01-31T10:20')", "2024-01-31 10:20:00"],
  ["TIMESTAMP('2024-01-31 10:20:60')", null],
  ["TIMESTAMP('2024-01-31 24:00:00')", null],
  ["DATE('99991231')", "9999-12-31"],
  ["TIMESTAMP('240131102030')", "2024-01-31 10:20:30"],
  ["TIMESTAMP('2401311020')", "2024-01-31 10:20:00"],
  ["TIMESTAMP('2024-01-31 10-20-30')", "2024-01-31 10:20:30"],
  ["DATE(101)", "2000-01-01"],
  ["DATE(691231)", "2069-12-31"],
  ["DATE(700101)", "1970-01-01"],
  ["DATE(991231)", "1999-12-31"],
  ["DATE(10000101)", "1000-01-01"],
  ["DATE(100)", null],
  ["TIMESTAMP(240131102030)", "2024-01-31 10:20:30"],
  ["DATE(1000101)", null],
  ["TIME('1:2:3')", "01:02:03"],
  ["TIME('838:59:59')", "838:59:59"],
  ["TIME('839:00:00')", "838:59:59"],
  ["TIME('10:60:00')", null],
  ["TIME('1 10')", "34:00:00"],
  ["TIME(-102030)", "-10:20:30"],
  ["TIME('abc')", null],
  ["TIME('10:20:30 PM')", "10:20:30"],
  ["TIME_TO_SEC(3600)", 2160],
  ["HOUR(102030)", 10],
  ["SEC_TO_TIME(1.5)", "00:00:01.5"],
  ["DATE_ADD('2024-01-31', INTERVAL '1' YEAR_MONTH)", "2024-02-29"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1:2' DAY_HOUR)", "2024-01-02 02:00:00"],
  ["DATE_ADD('2024-01-31', INTERVAL 'abc' DAY)", "2024-01-31"],
  ["DATE_ADD('2024-01-31', INTERVAL '3' DAY)", "2024-02-03"],
  ["DATE_ADD('2024-01-31', INTERVAL '1.9' DAY)", "2024-02-01"],
  ["DATE_ADD('2024-01-31', INTERVAL 1.5 MONTH)", "2024-03-31"],
  ["DATE_ADD('2024-01-31', INTERVAL -1.5 DAY)", "2024-01-29"],
  ["DATE_ADD('2024-01-31', INTERVAL '2 garbage' DAY)", "2024-02-02"],
  ["DATE_ADD('2024-01-31 10:00:00', INTERVAL 1 WEEK)", "2024-02-07 10:00:00"],
  ["DATE_ADD('2024-01-01 00:00:00', INTERVAL '1 25' DAY_HOUR)", "2024-01-03 01:00:00"],
  ["ADDDATE('2024-01-31', '1')", "2024-02-01"],
  ["ADDDATE('2024-01-31', 1.5)", "2024-02-02"],
  ["DATE_FORMAT('2024-01-01', '%')", "%"],
  ["DATE_FORMAT('2024-01-01', '%%%')", "%%"],
  ["DATE_FORMAT('0001-01-01', '%x %v %X %V %U %u')", "0001 01 0000 53 00 01"],
  ["STR_TO_DATE('2024-01-05', '%Y-%m-%d %H:%i:%s')", "2024-01-05 00:00:00"],
  ["STR_TO_DATE('10:20', '%H:%i')", "10:20:00"],
  ["STR_TO_DATE('25:00:00', '%H:%i:%s')", null],
  ["STR_TO_DATE('9:07 pm', '%l:%i %p')", "21:07:00"],
  ["STR_TO_DATE('2024-01-05', '%Y-%c-%e')", "2024-01-05"],
  ["STR_TO_DATE('12/31/99', '%m/%d/%y')", "1999-12-31"],
  ["STR_TO_DATE('2024-1-5', '%Y-%m-%d')", "2024-01-05"],
  ["STR_TO_DATE('Jan 5th 2024', '%b %D %Y')", "2024-01-05"],
  ["STR_TO_DATE('2024-01-05abc', '%Y-%m-%d')", "2024-01-05"],
  ["STR_TO_DATE('2024-01-05', '%Y-%m-%d!')", "2024-01-05"],
  ["STR_TO_DATE('20240105 102030', '%Y%m%d %H%i%s')", "2024-01-05 10:20:30"],
  ["STR_TO_DATE('Monday 2024-01-01', '%W %Y-%m-%d')", "2024-01-01"],
  ["STR_TO_DATE('1 Jan 2024', '%e %b %Y')", "2024-01-01"],
  ["STR_TO_DATE(20240105, '%Y%m%d')", "2024-01-05"],
  ["STR_TO_DATE('10', '%H')", "10:00:00"],
  ["STR_TO_DATE('2024-01-05 10:20:30', '%Y-%m-%d')", "2024-01-05"],
  ["WEEK('2024-06-15', -1)", 24],
  ["WEEK('2024-06-15', '3')", 24],
  ["FROM_UNIXTIME('1706700000')", "2024-01-31 11:20:00"],
  ["UNIX_TIMESTAMP(20240131)", 1706659200],
  ["UNIX_TIMESTAMP(DATE('2024-01-31'))", 1706659200],
  ["PERIOD_ADD(202413, 1)", 202502],
  ["PERIOD_ADD(202401.6, 1)", 202403],
  ["PERIOD_DIFF(202401, 202413)", -12],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+5:00', '+00:00')", "2024-01-31 05:00:00"],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+05:00:00', '+00:00')", null],
  ["DATEDIFF(20240131, 20240101)", 30],
  ["LAST_DAY('2024-02-30')", null],
  ["YEARWEEK('2024-12-30', 1)", 202501],
  ["YEARWEEK('2027-01-01', 7)", 202652],
  ["DAYOFWEEK(20240204)", 1],
  ["MONTHNAME(NULL)", null],
  ["QUARTER(NULL)", null],
  ["DAYOFYEAR(NULL)", null],
  ["TIMEDIFF('10:00:00', NULL)", null],
  ["TIME_FORMAT('100:00:00', '%H %k %h')", "100 100 04"],
  ["TIME_FORMAT('-10:00:00', '%p %r')", "-AM 10:00:00 AM"],
  ["SEC_TO_TIME(3600.25)", "01:00:00.25"],
  ["DATE_SUB('2024-03-31', INTERVAL '1' MONTH)", "2024-02-29"],
  ["FROM_DAYS(739281.5)", "2024-02-01"],
  ["FROM_DAYS('739281')", "2024-01-31"],
  ["TO_DAYS('2024-02-30')", null],
  ["DATE('0000-01-01')", null, "ours"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'SYSTEM', '+00:00')", null, "ours"],
]);

// prettier-ignore
table('DATE_TRUNC (the engine function: unit first, weeks from Monday)', [
  ["DATE_TRUNC('month', '2024-02-29 10:20:30')", "2024-02-01 00:00:00", "service"],
  ["DATE_TRUNC('MONTH', '2024-02-29')", "2024-02-01", "service"],
  ["DATE_TRUNC('year', '2024-02-29')", "2024-01-01", "service"],
  ["DATE_TRUNC('quarter', '2024-05-15')", "2024-04-01", "service"],
  ["DATE_TRUNC('quarter', '2024-12-31')", "2024-10-01", "service"],
  ["DATE_TRUNC('week', '2024-02-04')", "2024-01-29", "service"],
  ["DATE_TRUNC('week', '2024-01-01 10:00:00')", "2024-01-01 00:00:00", "service"],
  ["DATE_TRUNC('day', '2024-02-29 10:20:30')", "2024-02-29 00:00:00", "service"],
  ["DATE_TRUNC('hour', '2024-02-29 10:20:30')", "2024-02-29 10:00:00", "service"],
  ["DATE_TRUNC('minute', '2024-02-29 10:20:30')", "2024-02-29 10:20:00", "service"],
  ["DATE_TRUNC('second', '2024-02-29 10:20:30.5')", "2024-02-29 10:20:30", "service"],
  ["DATE_TRUNC('decade', '2024-02-29')", "2020-01-01", "service"],
  ["DATE_TRUNC('century', '2024-02-29')", "2001-01-01", "service"],
  ["DATE_TRUNC('millennium', '2024-02-29')", "2001-01-01", "service"],
  ["DATE_TRUNC('month', NULL)", null, "service"],
  ["DATE_TRUNC(NULL, '2024-02-29')", null, "service"],
]);

// prettier-ignore
// Named zones are marked "service": MariaDB knows them only with its time zone tables loaded (mariadb-tzinfo-to-sql);
// with them, it gives these values.
table('CONVERT_TZ (offsets, and IANA names through Intl)', [
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', '+02:00')", "2024-01-31 12:00:00"],
  ["CONVERT_TZ('2024-01-31 01:00:00', '+02:00', '-05:30')", "2024-01-30 17:30:00"],
  ["CONVERT_TZ('2024-01-31', '+00:00', '+01:00')", "2024-01-31 01:00:00"],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', '+13:00')", "2024-01-31 23:00:00"],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', '+13:01')", null],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', '-12:59')", "2024-01-30 21:01:00"],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', '-13:00')", null],
  ["CONVERT_TZ('2024-01-31 10:00:00', '+00:00', 'nowhere')", null],
  ["CONVERT_TZ('1960-01-01 00:00:00', '+00:00', '+02:00')", "1960-01-01 00:00:00"],
  ["CONVERT_TZ('2040-01-01 00:00:00', '+00:00', '+02:00')", "2040-01-01 00:00:00"],
  ["CONVERT_TZ(NULL, '+00:00', '+02:00')", null],
  ["CONVERT_TZ('2024-01-31 10:00:00', NULL, '+02:00')", null],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'UTC', 'America/Denver')", "2024-01-31 03:00:00", "service"],
  ["CONVERT_TZ('2024-07-31 10:00:00', 'UTC', 'America/Denver')", "2024-07-31 04:00:00", "service"],
  ["CONVERT_TZ('2024-07-31 10:00:00', 'Europe/Paris', 'UTC')", "2024-07-31 08:00:00", "service"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'Europe/Paris', 'Asia/Kolkata')", "2024-01-31 14:30:00", "service"],
  ["CONVERT_TZ('2024-03-31 02:30:00', 'Europe/Paris', 'UTC')", "2024-03-31 01:00:00", "service"],
  ["CONVERT_TZ('2024-03-10 02:30:00', 'America/Denver', 'UTC')", "2024-03-10 09:00:00", "service"],
  ["CONVERT_TZ('2024-11-03 01:30:00', 'America/Denver', 'UTC')", "2024-11-03 07:30:00", "service"],
  ["CONVERT_TZ('2024-03-31 01:30:00', 'UTC', 'Europe/Paris')", "2024-03-31 03:30:00", "service"],
  ["CONVERT_TZ('1960-01-01 00:00:00', 'UTC', 'Europe/Paris')", "1960-01-01 00:00:00", "service"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'Etc/GMT+5', 'UTC')", "2024-01-31 15:00:00", "service"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'EST', 'UTC')", "2024-01-31 15:00:00", "service"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'US/Eastern', 'UTC')", "2024-01-31 15:00:00", "service"],
  ["CONVERT_TZ('2024-10-27 02:30:00', 'Europe/Paris', 'UTC')", "2024-10-27 00:30:00", "service"],
  ["CONVERT_TZ('2024-01-31 10:00:00', 'europe/paris', '+00:00')", "2024-01-31 09:00:00", "service"],
]);

describe('a DOUBLE read by its binary value', () => {
  it('SEC_TO_TIME and SUBTIME of a DOUBLE truncate its binary value (1.004999e0 is 1.00499899…), of a DECIMAL its digits', () => {
    const call = (name: string, args: ArgumentValue[], argTypes: ScalarContext['argTypes']) =>
      shown(DATE_FUNCTIONS[name]!(args, { now: NOW, collation: 'utf8mb4_general_ci', call: { upperName: name } as CallExpression, argTypes }));
    expect(call('SEC_TO_TIME', [1.004999], ['DOUBLE'])).toBe('00:00:01.004998');
    expect(call('SEC_TO_TIME', [1.004999], ['DECIMAL'])).toBe('00:00:01.004999');
    expect(call('SEC_TO_TIME', [1.9999999], ['DOUBLE'])).toBe('00:00:01.999999');
    const at = call('SUBTIME', ['2024-01-01 00:00:02', 1.004999], ['STRING', 'DOUBLE']);
    expect(at).toBe('2024-01-01 00:00:00.995002');
  });
  it("FROM_UNIXTIME, TIME and a number as a datetime read a DOUBLE as MariaDB's Sec6: (nr - floor(nr)) * 1e6 in doubles, truncated", () => {
    const call = (name: string, args: ArgumentValue[], argTypes: ScalarContext['argTypes']) => {
      return shown(DATE_FUNCTIONS[name]!(args, { now: NOW, collation: 'utf8mb4_general_ci', call: { upperName: name } as CallExpression, argTypes }));
    };
    expect(call('FROM_UNIXTIME', [1.005], ['DOUBLE'])).toBe('1970-01-01 00:00:01.004999');
    expect(call('FROM_UNIXTIME', [1.005], ['DECIMAL'])).toBe('1970-01-01 00:00:01.005');
    expect(call('FROM_UNIXTIME', [1.004999], ['DOUBLE'])).toBe('1970-01-01 00:00:01.004998');
    expect(call('FROM_UNIXTIME', [0.15], ['DOUBLE'])).toBe('1970-01-01 00:00:00.15');
    expect(call('FROM_UNIXTIME', [1.15], ['DOUBLE'])).toBe('1970-01-01 00:00:01.149999');
    expect(call('TIME', [102030.15], ['DOUBLE'])).toBe('10:20:30.149999');
    expect(call('TIME', [102030.15], ['DECIMAL'])).toBe('10:20:30.15');
    expect(call('TIMESTAMP', [20240131102030.15], ['DOUBLE'])).toBe('2024-01-31 10:20:30.148437');
    // INTERVAL … SECOND reads even a DOUBLE as a decimal (its shortest writing): 1.005 adds 1.005 s.
    expect(call('DATE_ADD', ['2024-01-01', { type: 'INTERVAL', amount: 1.005, unit: 'SECOND' }], ['STRING', 'DOUBLE'])).toBe('2024-01-01 00:00:01.005');
  });
});

describe('errors and refusals', () => {
  it.each(['WEEK', 'YEARWEEK'])('%s modes 11 and 22 (documented by the service, numbering unknown) are evaluation errors', (fn) => {
    expect(() => run(`${fn}('2024-01-01', 11)`)).toThrow(EvaluationError);
    expect(() => run(`${fn}('2024-01-01', 22)`)).toThrow(/Monday\.\.Sunday/);
  });
  it('DATE_TRUNC refuses an unknown unit', () => {
    expect(() => run("DATE_TRUNC('fortnight', '2024-01-01')")).toThrow(/unknown unit/);
  });
  it('YEAR refuses a second argument', () => {
    expect(() => run("YEAR('2024-01-01', 1)")).toThrow(EvaluationError);
  });
  it('an INTERVAL where a value is expected is an error', () => {
    expect(() => run('DAY(INTERVAL 1 DAY)')).toThrow(/INTERVAL/);
  });
});

describe('the table', () => {
  it('holds every date function the service accepts, except MICROSECOND (refused by the service)', async () => {
    const { FUNCTION_ENTRIES, functionAvailability } = await import('@calckit/formula');
    const dateNames = FUNCTION_ENTRIES.filter((e) => e.category === 'date' && functionAvailability(e.name).accepted).map((e) => e.name);
    expect(dateNames.filter((n) => !(n in DATE_FUNCTIONS))).toEqual([]);
    expect(Object.keys(DATE_FUNCTIONS).filter((n) => !dateNames.includes(n))).toEqual([]);
    expect('MICROSECOND' in DATE_FUNCTIONS).toBe(false);
  });
});
