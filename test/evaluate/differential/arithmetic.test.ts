// MySQL's arithmetic types against MariaDB: every pair of operand kinds for + - * / MOD at row level and with
// aggregates on both sides, grouped and over the whole table, and the ratios of counts (arithmetic-pairs.ts).
import { describe, it } from 'vitest';
import { useMariadb } from '../mariadb.js';
import { arithmeticAggregateCases, rowPairs } from './arithmetic-pairs.js';
import { caseKey } from './harness.js';
import { check } from './implemented.js';

const fixture = useMariadb();

describe('every pair of operand kinds, row by row', () => {
  it.each(rowPairs())('%s', async (formula) => {
    await check(fixture(), { formula });
  });
});

describe('aggregates on both sides, and ratios of counts', () => {
  it.each(arithmeticAggregateCases().map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});
