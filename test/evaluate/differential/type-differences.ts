// Formulas of the differential suite whose declared type differs from MariaDB's for a reason outside MySQL's
// arithmetic table (packages/formula/src/types/arithmetic-types.ts), each with its reason; types.test.ts asserts each
// still differs exactly so, and says to remove an entry once the types agree.
import type { Case } from './harness.js';
import type { CallRewrite } from './translate.js';

/**
 * Where the service's own answer types a function otherwise than MariaDB declares it, MariaDB is asked for the type
 * of the service's: FLOOR and CEILING are LONG (verified: the service reported LONG for FLOOR(`Value`) and
 * CEILING(`Value`) of a DOUBLE column in a live run, test/corpus/published.jsonl sigma-bm-17 and 18), where MariaDB
 * declares a DOUBLE of a DOUBLE and a DECIMAL of a DECIMAL of 18 digits and more. Only the declared type is asked
 * this way (`LIMIT 0`): values are compared with MariaDB as it is.
 */
export const SERVICE_TYPING: Readonly<Record<string, CallRewrite>> = {
  FLOOR: ([x]) => `CAST(FLOOR(${x}) AS SIGNED)`,
  CEILING: ([x]) => `CAST(CEILING(${x}) AS SIGNED)`,
};

/**
 * Formulas calling a function of MariaDB's TIME type are not type-checked: the analysis has no TIME (nor has the
 * service's dataType: facts.md lists DECIMAL, LONG, DOUBLE, STRING, DATE, DATETIME), so a TIME is STRING, text in
 * arithmetic a DOUBLE (MariaDB: the integer HHMMSS), TIME ± INTERVAL a DATETIME (MariaDB: a TIME) and ADDTIME of a
 * number its first argument's type (MariaDB: text). Their values are compared by the other test files.
 */
export const TIME_FUNCTIONS: ReadonlySet<string> = new Set(['TIME', 'SEC_TO_TIME', 'TIMEDIFF', 'CURTIME', 'CURRENT_TIME', 'ADDTIME', 'SUBTIME']);

export interface TypeDifference extends Case {
  /** What we declare where it differs: the analysis' dataType and/or the evaluator's decimals. */
  readonly ours: { readonly dataType?: string; readonly scale?: number };
  readonly why: string;
}

const FLOOR_VALUE =
  "FLOOR and CEILING are LONG for the service (SERVICE_TYPING above), but their value of a DOUBLE stays a DOUBLE in further arithmetic, as MariaDB computes it: the arithmetic over it has no fixed decimals in the evaluator, where MariaDB asked for the service's type declares a DECIMAL's";
const ROUND_PRECISION =
  'MariaDB declares ROUND of an integer with negative decimals a BIGINT when the integer is short (a literal), a DECIMAL when it may not fit (a BIGINT column); the analysis says DECIMAL for every integer (call-types.ts, roundRule)';
const WIDTH_BUCKET =
  'MariaDB has no WIDTH_BUCKET: the suite computes it with CASE and FLOOR of a quotient (translate.ts), whose declared type is that expression\'s, not the whole number the function returns';
const TO_NUMBER =
  "TO_NUMBER is the engine's (MariaDB has none): the suite computes it as the text + 0, a DOUBLE in MariaDB; the analysis types it DECIMAL (call-types.ts, our choice)";
const MICROSECONDS =
  'a DATETIME with microseconds (a MICROSECOND interval, FROM_UNIXTIME of a DOUBLE) read as a number is a DECIMAL with 6 decimals in MariaDB (its fractional-second precision); the analysis does not track fractional seconds and says LONG';
const NESTED =
  "a nested calculation's formula is not part of the formula's text: the analysis types it as a column of unknown type (DOUBLE in arithmetic; SUM of it DECIMAL, the service's verified answer for a ratio of sums), the evaluator by its formula";

export const TYPE_DIFFERENCES: readonly TypeDifference[] = [
  { formula: 'CEILING(`Ratio`) / 4', ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: 'MOD(FLOOR(`Ratio`) + ROUND(`Quantity`, -1), 7)', ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: '(IFNULL((`N`) / 3, 2.25) - CEILING(ABS(`Discount`)))', ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: '((MOD(1, 3) - CASE WHEN `N` > 7 THEN `N` ELSE `Sales` END) - CEILING(`Discount`) + NULLIF(`Sales`, 2.25))', ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: 'AVG(CEILING(MOD(`Discount`, `N`) + ABS(`Quantity`)))', groupBy: ['Region', 'N'], ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: 'SUM(CEILING(MOD(`Discount`, `N`) + ABS(`Quantity`)))', groupBy: ['Region'], ours: { scale: -1 }, why: FLOOR_VALUE },
  { formula: 'MIN(ROUND(100, -1))', groupBy: ['Region', 'N'], ours: { dataType: 'DECIMAL' }, why: ROUND_PRECISION },
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
