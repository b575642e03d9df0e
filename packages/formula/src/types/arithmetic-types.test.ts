// MySQL's arithmetic types as the analysis' dataType reads them from the one table: each row as MariaDB 10.11
// declares the result (column metadata); the differential suite (test/evaluate/differential/types.test.ts) checks
// every formula of the suite the same way against a running MariaDB.
import { describe, expect, it } from 'vitest';
import { analyzeCalculation } from '../analysis/calculation.js';
import { aggregateKeptScale, aggregateResultScale, arithmeticKeptScale, arithmeticScale } from './arithmetic-types.js';

const schema = [
  { name: 'q', type: 'LONG' as const },
  { name: 'd', type: 'DECIMAL' as const },
  { name: 'r', type: 'DOUBLE' as const },
  { name: 's', type: 'STRING' as const },
];

describe("dataType of arithmetic and aggregates, as MariaDB declares it", () => {
  it.each([
    ['`q` + `q`', 'LONG'],
    ['`q` / `q`', 'DECIMAL'],
    ['`q` * `d`', 'DECIMAL'],
    ['`d` - `r`', 'DOUBLE'],
    ['`s` + 1', 'DOUBLE'],
    ['-`s`', 'DOUBLE'],
    ['(`q` > 1) + 1', 'LONG'],
    ['`q` + NULL', 'DOUBLE'],
    ['MOD(`q`, 2.5)', 'DECIMAL'],
    ['MOD(`q`, NULL)', 'DOUBLE'],
    ['MOD(`s`, 2)', 'DOUBLE'],
    ['COUNT(*) / 7', 'DECIMAL'],
    ['COUNT(DISTINCT `s`)', 'LONG'],
    ['SUM(`q`)', 'DECIMAL'],
    ['SUM(`r`)', 'DOUBLE'],
    ['SUM(`s`)', 'DOUBLE'],
    ['AVG(`q`)', 'DECIMAL'],
    ['AVG(`r`)', 'DOUBLE'],
    ['MIN(`q` > 1)', 'LONG'],
    ['MAX(`s`)', 'STRING'],
    ['MEDIAN(`d`)', 'DOUBLE'],
    // The service reports LONG for FLOOR and CEILING of a DOUBLE (verified: test/corpus sigma-bm-17, 18), where
    // MariaDB declares a DOUBLE (or a DECIMAL for a quotient of integers): the service's answer wins.
    ['FLOOR(`r`)', 'LONG'],
    ['FLOOR(COUNT(*) / 3 * 3)', 'LONG'],
    ['ROUND(`d`)', 'DECIMAL'],
    ['ROUND(`q`, 2)', 'LONG'],
    ['ROUND(`q`, -1)', 'DECIMAL'],
    ['`Order Date` + INTERVAL 1 DAY', 'DATE'],
  ])('%s is %s', (formula, dataType) => {
    expect(analyzeCalculation(formula, { schema: [...schema, { name: 'Order Date', type: 'DATE' }] }).dataType).toBe(dataType);
  });
});

describe('decimals', () => {
  it('of + - * / MOD: the larger, the larger, the sum, the dividend’s + 4, the larger', () => {
    expect([arithmeticScale('+', 2, 3), arithmeticScale('-', 0, 1), arithmeticScale('*', 2, 3), arithmeticScale('/', 2, 5), arithmeticScale('MOD', 1, 2)]).toEqual([3, 1, 5, 6, 2]);
  });
  it('kept inside: a quotient in 9-digit words (2/3: 9, 1.123456/7: 18, 1.0/3.0: 18)', () => {
    expect([arithmeticKeptScale('/', 0, 0), arithmeticKeptScale('/', 6, 0), arithmeticKeptScale('/', 1, 1), arithmeticKeptScale('*', 9, 0)]).toEqual([9, 18, 18, 9]);
  });
  it('of aggregates: COUNT none, SUM as its argument, AVG 4 more, a DOUBLE column none', () => {
    expect([aggregateResultScale('COUNT', 'STRING', -1), aggregateResultScale('SUM', 'DECIMAL', 2), aggregateResultScale('AVG', 'LONG', 0), aggregateResultScale('SUM', 'DOUBLE', -1)]).toEqual([0, 2, 4, -1]);
    expect([aggregateKeptScale('AVG', 'LONG', 0, 0), aggregateKeptScale('COUNT', 'LONG', 0, 9)]).toEqual([9, 0]);
  });
});
