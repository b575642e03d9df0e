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
    count: 1,
    first: [
      { at: 1, mariadb: 6.8656269196, evaluator: 6.8656269053 },
    ],
    why: "a DECIMAL quotient read as a DECIMAL (by AVG) is rounded to its scale, the dividend's + 4: `Sales` / `Quantity` is DECIMAL(…, 6), so MariaDB averages the quotients rounded to 6 decimals; the evaluator's average differs in the 9th decimal",
  },
  {
    formula: 'STDDEV_POP(`N` / `Quantity`) + 0',
    groupBy: ['Region'],
    count: 6,
    first: [
      { at: { Region: null }, mariadb: 0.25947116, evaluator: 0.2594712063285255 },
      { at: { Region: 'Central' }, mariadb: 0.06635145, evaluator: 0.06635535499377308 },
      { at: { Region: 'East' }, mariadb: 1.31435354, evaluator: 1.3143540028152818 },
    ],
    why: "STDDEV_POP reads a DECIMAL quotient as a DOUBLE, which in MariaDB is the quotient to 9 decimals (whole 9-digit words, truncated), not rounded to the quotient's scale of 4; the evaluator's values differ from the 6th decimal on (Central: 0.06635145 vs 0.06635535)",
  },
  {
    formula: 'STDDEV_POP(`N` / `Quantity`) + 0',
    groupBy: ['Region', 'N'],
    count: 67,
    first: [
      { at: { Region: null, N: -2 }, mariadb: 0.01226803, evaluator: 0.0123 },
      { at: { Region: null, N: -1 }, mariadb: 0.00788117, evaluator: 0.007899999999999999 },
      { at: { Region: null, N: 1 }, mariadb: 0.00040925, evaluator: 0.0004000000000000002 },
    ],
    why: "as grouped by Region: the evaluator's deviations are those of the quotients rounded to 4 decimals (0.0123, 0.0079, 0.0004), MariaDB's those of the quotients to 9 decimals",
  },
  {
    formula: 'STDDEV_POP(IFNULL(((`N`) / `Quantity` - `N`), 0)) + AVG(-(MOD(-(`Sales`), `N`)))',
    groupBy: ['Region', 'N'],
    count: 67,
    first: [
      { at: { Region: null, N: -2 }, mariadb: 1.33726803, evaluator: 1.3373 },
      { at: { Region: null, N: -1 }, mariadb: 0.30626972, evaluator: 0.3062636902964768 },
      { at: { Region: null, N: 1 }, mariadb: 0.26540925, evaluator: 0.2654000000000001 },
    ],
    why: 'generated; as STDDEV_POP(`N` / `Quantity`): the quotient is fed to STDDEV_POP to 9 decimals by MariaDB, rounded to 4 by the evaluator',
  },
  {
    formula: 'SUM(CASE WHEN (IFNULL(NULLIF(7, 7), 7)) / `Quantity` > 0 THEN CASE WHEN ABS(CASE WHEN 100 > `Discount` THEN `Discount` ELSE 1 END) > IFNULL(2.25, 100) + -(`Ratio`) THEN -(-(`Discount`)) ELSE 2 END ELSE 0 END)',
    groupBy: ['Region'],
    count: 1,
    first: [
      { at: { Region: 'South' }, mariadb: 96.86834844094702, evaluator: 96.99334844094702 },
    ],
    why: "generated; as 7 / `Quantity` > 0: for the South row with Quantity 999999, MariaDB compares 7 / 999999 rounded to its scale (0.0000) and takes ELSE 0; the evaluator compares the exact quotient and adds that row's Discount, 0.125",
  },
  {
    formula: '7 / `Quantity` > 0',
    count: 1,
    first: [
      { at: 5, mariadb: 0, evaluator: 1 },
    ],
    why: 'Quantity 999999 (row 5): 7 / 999999 is a DECIMAL of scale 4, and MariaDB compares it rounded to that scale (0.0000 > 0 is false); the evaluator compares the exact quotient (true)',
  },
];
