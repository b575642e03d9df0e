// Differences the evaluator still has from MariaDB that no documentation of the service explains: bugs to fix in
// packages/evaluate. Each entry holds the exact values (the number of differing values and the first ones: row id
// or group, MariaDB's value, the evaluator's); the differential tests assert they still differ exactly so, and say to
// move an entry out once the evaluator gives MariaDB's values. Never add a documented difference here: those are
// known-differences.ts.
import type { Difference } from './harness.js';

export interface PendingDifference {
  readonly formula: string;
  readonly groupBy?: readonly string[];
  readonly collation?: 'binary';
  readonly count: number;
  readonly first: readonly Difference[];
  /** What is wrong, in a few words. */
  readonly why?: string;
}

export const PENDING_DIFFERENCES: readonly PendingDifference[] = [
  {
    formula: "STR_TO_DATE(`Code`, '%Y-%m-%d')",
    count: 17,
    first: [
      { at: 70, mariadb: '2024-02-30', evaluator: null },
      { at: 88, mariadb: '2024-02-30', evaluator: null },
      { at: 91, mariadb: '2024-02-30', evaluator: null },
    ],
    why: "Code '2024-02-30': MariaDB returns the impossible date 2024-02-30 (it checks day ≤ 31 only); the evaluator returns NULL. No documentation of the service says which; if NULL is kept, this becomes a known difference",
  },
  {
    formula: 'SEC_TO_TIME(`Quantity`)',
    count: 36,
    first: [
      { at: 3, mariadb: '-00:00:01', evaluator: '23:59:59' },
      { at: 5, mariadb: '277:46:39', evaluator: '13:46:39' },
      { at: 6, mariadb: '-277:46:39', evaluator: '10:13:21' },
    ],
    why: 'a TIME is a signed duration up to ±838:59:59 in MySQL and MariaDB; the evaluator wraps SEC_TO_TIME into 00:00:00–23:59:59 (Quantity -1, 999999, -999999)',
  },
  {
    formula: 'SEC_TO_TIME(`Quantity` * 100)',
    count: 36,
    first: [
      { at: 3, mariadb: '-00:01:40', evaluator: '23:58:20' },
      { at: 5, mariadb: '838:59:59', evaluator: '09:45:00' },
      { at: 6, mariadb: '-838:59:59', evaluator: '14:15:00' },
    ],
    why: 'as SEC_TO_TIME(`Quantity`), and past the TIME range MariaDB clips to ±838:59:59',
  },
  {
    formula: 'AVG(`Sales` / `Quantity`)',
    groupBy: ['Region', 'N'],
    count: 13,
    first: [
      { at: { Region: null, N: 3 }, mariadb: 300.539167, evaluator: 300.5391666667 },
      { at: { Region: null, N: 4 }, mariadb: 47.864254, evaluator: 47.864254386 },
      { at: { Region: null, N: 6 }, mariadb: 136.461603, evaluator: 136.4616033205 },
    ],
    why: 'a DECIMAL quotient has the scale of the dividend + 4 (div_precision_increment) and is rounded to it, row by row: `Sales` / `Quantity` is DECIMAL(…, 6), so MariaDB averages values rounded to 6 decimals (300.539167 in a one-row group); the evaluator averages the unrounded quotients and rounds the average to 10 decimals',
  },
  {
    formula: "CONCAT(ROUND(`Ratio`, 2), '')",
    count: 83,
    first: [
      { at: 2, mariadb: '0.00', evaluator: '0' },
      { at: 3, mariadb: '-1000000.00', evaluator: '-1000000' },
      { at: 4, mariadb: '0.00', evaluator: '0' },
    ],
    why: "ROUND(DOUBLE, 2) is a DOUBLE with 2 fixed decimals in MariaDB, and its text keeps them ('0.00'); the evaluator writes the shortest form ('0'), as MySQL 8 does for a DOUBLE: if the service follows MySQL here, this is a difference of MariaDB's to list, not an evaluator bug",
  },
  {
    formula: '(`Discount` - (ROUND(`N`)) / 3)',
    count: 34,
    first: [
      { at: 7, mariadb: -0.16666666600000002, evaluator: -0.166666667 },
      { at: 50, mariadb: -0.22454963666465022, evaluator: -0.2245496376646502 },
      { at: 55, mariadb: -0.6833963077057514, evaluator: -0.6833963087057515 },
    ],
    why: 'generated. An intermediate DECIMAL quotient keeps whole 9-digit words of decimals and is truncated, not rounded (MySQL\'s and MariaDB\'s decimal division, the reason 1/3*3 is 0.999999999): N = 2 gives 2/3 = 0.666666666, then 0.5 − 0.666666666 = −0.166666666; the evaluator rounds the 9th digit (−0.166666667)',
  },
  {
    formula: '((NULLIF(`Sales`, 7)) / 3) / `Discount`',
    count: 2,
    first: [
      { at: 3, mariadb: 0.006666666, evaluator: 0.006666666666666667 },
      { at: 4, mariadb: 0.003333333, evaluator: 0.0033333333333333335 },
    ],
    why: 'generated. As above: −0.01 / 3 is the DECIMAL −0.003333333 (9 decimals, truncated) before it is divided by the DOUBLE −0.5; the evaluator keeps the quotient unrounded',
  },
  {
    formula:
      'CASE WHEN CASE WHEN (100) * 0 > `Sales` + `N` THEN (`Discount` - `N`) ELSE FLOOR(`N`) END > CASE WHEN `Quantity` + `Sales` > CEILING(1) THEN MOD(-3, `N`) ELSE ABS(100) END THEN ((0.001) / `Quantity`) / 7 ELSE ABS((`Sales`) / `N`) END',
    count: 199,
    first: [
      { at: 7, mariadb: 0.00002040814, evaluator: 0.00002040816 },
      { at: 13, mariadb: 3.1257e-7, evaluator: 3.126e-7 },
      { at: 16, mariadb: 3.3686e-7, evaluator: 3.3693e-7 },
    ],
    why: 'generated. As above, in DECIMAL throughout: 0.001 / 7 (Quantity 7) is 0.000142857 (9 decimals, truncated), / 7 = 0.0000204081428… → 0.00002040814 at the result scale of 11; the evaluator divides exactly (0.00002040816)',
  },
];
