// Formulas of the differential suite whose declared type differs from MariaDB's for a reason outside MySQL's
// arithmetic table (packages/formula/src/types/arithmetic-types.ts), each with its reason; types.test.ts asserts each
// still differs exactly so, and says to remove an entry once the types agree.
import type { Case } from './harness.js';

export interface TypeDifference extends Case {
  /** What we declare where it differs: the analysis' dataType and/or the evaluator's decimals. */
  readonly ours: { readonly dataType?: string; readonly scale?: number };
  readonly why: string;
}

/** MariaDB types FLOOR and CEILING of a DECIMAL (and ROUND of a short integer with negative decimals) by the digits before the point. */
const PRECISION =
  "MariaDB declares FLOOR and CEILING of a DECIMAL a BIGINT when fewer than 18 digits stand before the point (the test table's DECIMAL(14,2) `Sales`, a short literal, an AVG of them) and a DECIMAL from 18 on (a quotient of BIGINTs, COUNT's 21 digits), and ROUND of an integer with negative decimals alike; a dataset's DECIMAL columns declare no precision, so the analysis says DECIMAL for every DECIMAL argument (call-types.ts, wholeRule): right for the quotients of counts and integers analysts write, wrong for narrow columns and literals";
const TIME =
  "MariaDB's TIME type: the service's dataType has no TIME (facts.md lists DECIMAL, LONG, DOUBLE, STRING, DATE, DATETIME), so a time of day or a duration is STRING";
const WIDTH_BUCKET =
  'MariaDB has no WIDTH_BUCKET: the suite computes it with CASE and FLOOR of a quotient (translate.ts), whose declared type is that expression\'s, not the whole number the function returns';
const TO_NUMBER =
  "TO_NUMBER is the engine's (MariaDB has none): the suite computes it as the text + 0, a DOUBLE in MariaDB; the analysis types it DECIMAL (call-types.ts, our choice)";
const MICROSECONDS =
  'a DATETIME with microseconds (a MICROSECOND interval, FROM_UNIXTIME of a DOUBLE) read as a number is a DECIMAL with 6 decimals in MariaDB (its fractional-second precision); the analysis does not track fractional seconds and says LONG';
const NESTED =
  "a nested calculation's formula is not part of the formula's text: the analysis types it as a column of unknown type (DOUBLE in arithmetic; SUM of it DECIMAL, the service's verified answer for a ratio of sums), the evaluator by its formula";

export const TYPE_DIFFERENCES: readonly TypeDifference[] = [
  { formula: 'CEILING(`Sales`)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(`Sales`)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'IFNULL(CEILING(FLOOR(0.5)), 1)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(ABS(`Sales`))', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'ABS(FLOOR(-(0.001)))', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'CEILING(FLOOR(0.001) + -(1))', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR((-(100)) / `Quantity`)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: '(ROUND(CEILING(0.5), 2)) / 7', ours: { scale: 6 }, why: PRECISION },
  { formula: 'NULLIF(CEILING(MOD(2.25, 3)), 1)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'MIN(ROUND(100, -1))', groupBy: ['Region', 'N'], ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(AVG(`Sales`) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(MIN(`Sales`) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(MAX(`Sales`) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(AVG((`Quantity` > 10)) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(MIN((`Quantity` > 10)) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'FLOOR(MAX((`Quantity` > 10)) / 3 * 3)', ours: { dataType: 'DECIMAL' }, why: PRECISION },
  { formula: 'SEC_TO_TIME(`Quantity`)', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'SEC_TO_TIME(`Quantity` * 100)', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'TIME(`Ship Date`)', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'TIMEDIFF(`Ship Date`, TIMESTAMP(`Order Date`))', ours: { dataType: 'STRING' }, why: TIME },
  { formula: "TIMEDIFF(`Ship Date`, '2020-01-01 00:00:00')", ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'CURTIME()', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'CURRENT_TIME', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'TIME(`Ratio`)', ours: { dataType: 'STRING' }, why: TIME },
  { formula: 'WIDTH_BUCKET(`Discount`, 0, 1, 4)', ours: { dataType: 'LONG' }, why: WIDTH_BUCKET },
  { formula: 'WIDTH_BUCKET(`Quantity`, 0, 500, 10)', ours: { dataType: 'LONG' }, why: WIDTH_BUCKET },
  { formula: "TO_NUMBER(CONCAT(`Quantity`, ''))", ours: { dataType: 'DECIMAL' }, why: TO_NUMBER },
  { formula: "TO_NUMBER(CONCAT(`Sales`, ''))", ours: { dataType: 'DECIMAL' }, why: TO_NUMBER },
  { formula: 'UNIX_TIMESTAMP(FROM_UNIXTIME(`Ratio`))', ours: { dataType: 'LONG', scale: 0 }, why: MICROSECONDS },
  { formula: 'DATE_ADD(`Ship Date`, INTERVAL 500000 MICROSECOND) + 0 - (`Ship Date` + 0)', ours: { dataType: 'LONG', scale: 0 }, why: MICROSECONDS },
  { formula: 'MOD(DATE_ADD(`Ship Date`, INTERVAL 250000 MICROSECOND) + 0, 1)', ours: { dataType: 'LONG', scale: 0 }, why: MICROSECONDS },
  { formula: 'SUM(SVC_BEAST_MODE(1001))', groupBy: ['Region'], ours: { dataType: 'DECIMAL' }, why: NESTED },
  { formula: 'SVC_BEAST_MODE(1003) / COUNT(*)', groupBy: ['Region', 'N'], ours: { dataType: 'DOUBLE', scale: -1 }, why: NESTED },
];
