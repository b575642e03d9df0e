// Aggregate formulas over the whole table and grouped (MariaDB's GROUP BY against the evaluator's groupBy), and
// window formulas (MariaDB's window functions against the evaluator's OVER), and FIXED (windows in a derived table).
import { evaluateFormula } from '@calckit/evaluate';
import { describe, expect, it } from 'vitest';
import { select, useMariadb } from '../mariadb.js';
import { AGGREGATE, FIXED, generatedAggregates, GROUPINGS, GROUPS, NESTED_CASES, WINDOW } from './expressions.js';
import { caseKey, expectLintAccepts, fromEvaluator, fromMariadb, sameValue } from './harness.js';
import { check } from './implemented.js';
import { toMariadb } from './translate.js';

const fixture = useMariadb();

for (const groupBy of GROUPINGS) {
  describe(groupBy.length === 0 ? 'aggregates over the whole table' : `aggregates grouped by ${groupBy.join(', ')}`, () => {
    it.each(AGGREGATE)('%s', async (formula) => {
      await check(fixture(), groupBy.length === 0 ? { formula } : { formula, groupBy });
    });
  });
}

describe('windows', () => {
  it.each(WINDOW.map((c) => [c.groupBy ? `${c.formula} GROUP BY ${c.groupBy.join(', ')}` : c.formula, c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});

describe('FIXED', () => {
  it.each(FIXED.map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});

describe('nested calculations', () => {
  it.each(NESTED_CASES.map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});

describe('aggregates over no rows', () => {
  const formulas = ['SUM(`Sales`)', 'COUNT(*)', 'COUNT(`Region`)', 'COUNT(DISTINCT `Customer`)', 'AVG(`Quantity`)', 'MIN(`Ratio`)', 'MAX(`Order Date`)', 'STDDEV_POP(`Sales`)', 'VAR_POP(`Discount`)', "CONCAT(COUNT(*), '')", 'IFNULL(SUM(`Quantity`), -1)'];
  it.each(formulas)('%s', async (formula) => {
    const f = fixture();
    expectLintAccepts(f, formula);
    const { rows, meta } = await select(f.conn, `SELECT ${toMariadb(formula).sql} FROM t WHERE FALSE`);
    const mariadb = fromMariadb(rows[0]![0], meta[0]!);
    const result = evaluateFormula(formula, [], { schema: f.schema });
    expect(result.rows.length).toBe(1);
    const ours = fromEvaluator(result.rows[0]!.value);
    expect(sameValue(mariadb, ours, meta[0]!), `MariaDB ${JSON.stringify(mariadb)}, evaluator ${JSON.stringify(ours)}`).toBe(true);
  });
});

describe('generated aggregate formulas (seeded)', () => {
  it.each(generatedAggregates().map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});

describe('groups by columns of every type', () => {
  it.each(GROUPS.map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
    await check(fixture(), c);
  });
});
