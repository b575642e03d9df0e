// DISTINCT keys and grouping of times to the microsecond (checked against MariaDB 10.11: COUNT(DISTINCT) and GROUP BY
// of DATETIME(6) values that differ only in microseconds count them apart).
import { describe, expect, it } from 'vitest';
import { codesOf, distinctKey } from './aggregates.js';
import type { TimeValue } from './api.js';
import { evaluateFormula } from './evaluate.js';

const ms = Date.parse('2024-01-01T10:20:30.123Z');
const t = (micros?: number, type: 'DATE' | 'DATETIME' = 'DATETIME'): TimeValue => (micros ? { type, epochMs: ms, micros } : { type, epochMs: ms });

describe('distinctKey of times', () => {
  it('tells apart times that differ only in microseconds', () => {
    expect(distinctKey(t(456), 'utf8mb4_general_ci')).not.toEqual(distinctKey(t(457), 'utf8mb4_general_ci'));
    expect(distinctKey(t(456), 'utf8mb4_general_ci')).not.toEqual(distinctKey(t(), 'utf8mb4_general_ci'));
    expect(distinctKey(t(456), 'utf8mb4_general_ci')).toEqual(distinctKey(t(456), 'utf8mb4_general_ci'));
  });
  it('keeps a DATE and the DATETIME of its midnight one value', () => {
    const midnight = Date.parse('2024-01-01T00:00:00Z');
    expect(distinctKey({ type: 'DATE', epochMs: midnight }, 'binary')).toEqual(distinctKey({ type: 'DATETIME', epochMs: midnight }, 'binary'));
  });
  it('codes cells by microsecond', () => {
    expect(codesOf([t(1), t(2), t(1), t(), null, t(2)], 'binary')).toEqual({ codes: Int32Array.from([0, 1, 0, 2, 3, 1]), count: 4 });
  });
});

describe('COUNT(DISTINCT) and GROUP BY of datetimes with microseconds (cells read to the microsecond)', () => {
  const schema = [
    { name: 'At', type: 'DATETIME' as const },
    { name: 'N', type: 'LONG' as const },
  ];
  const rows = [
    { At: '2024-01-01 10:20:30.123456', N: 1 },
    { At: '2024-01-01 10:20:30.123457', N: 2 },
    { At: '2024-01-01 10:20:30.123456', N: 4 },
    { At: '2024-01-01 10:20:30.1234569', N: 8 },
    { At: '2024-01-01 10:20:30.123', N: 16 },
    { At: '2024-01-01 10:20:30', N: 32 },
  ];
  it('counts distinct microseconds', () => {
    expect(evaluateFormula('COUNT(DISTINCT `At`)', rows, { schema }).rows).toEqual([{ value: 4 }]);
  });
  it('groups by microseconds', () => {
    expect(evaluateFormula('SUM(`N`)', rows, { schema, groupBy: ['At'] }).rows).toEqual([
      { group: { At: '2024-01-01 10:20:30' }, value: 32 },
      { group: { At: '2024-01-01 10:20:30.123' }, value: 16 },
      { group: { At: '2024-01-01 10:20:30.123456' }, value: 13 },
      { group: { At: '2024-01-01 10:20:30.123457' }, value: 2 },
    ]);
  });
  it('compares cells with text and reads them as numbers to the microsecond', () => {
    const values = (f: string) => evaluateFormula(f, rows, { schema }).rows.map((r) => r.value);
    expect(values("`At` = '2024-01-01 10:20:30.123456'")).toEqual([true, false, true, true, false, false]);
    expect(values("`At` > '2024-01-01 10:20:30.123'")).toEqual([true, true, true, true, false, false]);
    // The nearest double to 20240101102030.123456 (doubles hold some 1/256 s at this size).
    const fractions = values('(`At` + 0) - 20240101102030') as number[];
    [0.123456, 0.123457, 0.123456, 0.123456, 0.123, 0].forEach((f, i) => expect(Math.abs(fractions[i]! - f)).toBeLessThanOrEqual(1 / 256));
    expect(fractions[5]).toBe(0);
    const half = evaluateFormula('(`At` + 0) - 20240101102030', [{ At: '2024-01-01 10:20:30.5' }], { schema }).rows[0]!.value;
    expect(half).toBe(0.5);
  });
});

// Issue 34: ratios of counts typed as MySQL types them (packages/formula/src/types/arithmetic-types.ts), over 40 rows
// as in the issue; the values MariaDB 10.11 gives.
describe('a count is an exact integer in arithmetic', () => {
  const customers = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const rows = Array.from({ length: 40 }, (_, i) => ({ Quantity: i < 22 ? 1 : null, Customer: customers[i % 7]! }));
  const schema = [
    { name: 'Quantity', type: 'LONG' as const },
    { name: 'Customer', type: 'STRING' as const },
  ];
  it.each([
    ['COUNT(*) / 7', 5.7143, 'DECIMAL', 4],
    ['SUM(`Quantity`) / COUNT(DISTINCT `Customer`)', 3.1429, 'DECIMAL', 4],
    // 40/3 is 13.333333333 inside (9-digit words), times 3 is 39.999999999.
    ['FLOOR(COUNT(*) / 3 * 3)', 39, 'LONG', 0],
    ['ROUND(COUNT(*) / 7, 2)', 5.71, 'DECIMAL', 2],
    ['COUNT(*) / 7 * 100', 571.4286, 'DECIMAL', 4],
    ['COUNT(*)', 40, 'LONG', 0],
    ['AVG(`Quantity`)', 1, 'DECIMAL', 4],
  ] as const)('%s is %s, a %s with %i decimals', (formula, value, type, scale) => {
    const result = evaluateFormula(formula, rows, { schema });
    expect(result.rows[0]!.value).toBe(value);
    expect({ type: result.type, scale: result.scale }).toEqual({ type, scale });
  });
});
