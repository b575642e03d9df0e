// Aggregate formulas over the whole table and grouped (MariaDB's GROUP BY against the evaluator's groupBy), and
// window formulas (MariaDB's window functions against the evaluator's OVER), and FIXED (windows in a derived table).
import { describe, it } from 'vitest';
import { useMariadb } from '../mariadb.js';
import { AGGREGATE, FIXED, GROUPINGS, NESTED_CASES, WINDOW } from './expressions.js';
import { caseKey } from './harness.js';
import { check } from './implemented.js';

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
