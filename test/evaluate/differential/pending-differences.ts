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
    formula: "INSTR(`Customer`, 'a')",
    count: 12,
    first: [
      { at: 5, mariadb: 3, evaluator: 1 },
      { at: 25, mariadb: 3, evaluator: 1 },
      { at: 89, mariadb: 3, evaluator: 1 },
    ],
    why: "Customer 'Ána': under utf8mb4_general_ci MariaDB's INSTR matches 'a' only at 3 (it compares the 1-byte needle with text of the same byte length, so the 2-byte 'Á' never matches), though 'Á' = 'a' is true; the evaluator folds accents and answers 1",
  },
  {
    formula: "CONTAINS(`Customer`, 'an')",
    count: 12,
    first: [
      { at: 5, mariadb: 0, evaluator: 1 },
      { at: 25, mariadb: 0, evaluator: 1 },
      { at: 89, mariadb: 0, evaluator: 1 },
    ],
    why: "Customer 'Ána': as INSTR (CONTAINS is compared as INSTR(…) > 0): MariaDB finds no 'an', the evaluator matches 'Án'",
  },
  {
    formula: 'LOWER(`Customer`)',
    count: 24,
    first: [
      { at: 40, mariadb: 'istanbul', evaluator: 'İstanbul' },
      { at: 46, mariadb: 'istanbul', evaluator: 'İstanbul' },
      { at: 51, mariadb: 'istanbul', evaluator: 'İstanbul' },
    ],
    why: "Customer 'İstanbul': MariaDB lower-cases U+0130 (İ) to 'i'; the evaluator leaves it unchanged",
  },
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
    formula: 'ROW_NUMBER() OVER (PARTITION BY `Region` ORDER BY `N`)',
    groupBy: ['Region', 'N'],
    count: 84,
    first: [
      { at: { Region: null, N: null }, mariadb: 1, evaluator: 5 },
      { at: { Region: null, N: -2 }, mariadb: 2, evaluator: 7 },
      { at: { Region: null, N: -1 }, mariadb: 3, evaluator: 10 },
    ],
    why: 'a window with no aggregate inside, grouped by Region, N: MariaDB numbers the groups (SELECT … GROUP BY Region, N); the evaluator numbers the rows and reports one row per group',
  },
  {
    formula: 'NTILE(3) OVER (PARTITION BY `Region` ORDER BY `N`)',
    groupBy: ['Region', 'N'],
    count: 8,
    first: [
      { at: { Region: null, N: -1 }, mariadb: 1, evaluator: 2 },
      { at: { Region: null, N: 1 }, mariadb: 1, evaluator: 2 },
      { at: { Region: 'Central', N: 1 }, mariadb: 1, evaluator: 2 },
    ],
    why: 'as ROW_NUMBER: the tiles are of rows in the evaluator, of groups in MariaDB',
  },
];
