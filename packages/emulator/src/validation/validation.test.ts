// Path parameter and dataset column rules, as tables.
import { describe, expect, it } from 'vitest';
import { checkPathParams } from './path-params.js';
import { checkDatasetColumns } from './dataset-columns.js';

describe('checkPathParams', () => {
  it.each([
    [{ calculationId: '42' }, { calculationId: '42' }],
    [{ datasetId: 'sales-2024.v1' }, { datasetId: 'sales-2024.v1' }],
    [{ packageId: '6f1c2e9a-3b4d-4e5f-8a7b-9c0d1e2f3a4b', version: '1.0.0+build', functionName: '$fn_1' }, { packageId: '6f1c2e9a-3b4d-4e5f-8a7b-9c0d1e2f3a4b', version: '1.0.0+build', functionName: '$fn_1' }],
    [{ datasetId: 'a%2Eb' }, { datasetId: 'a.b' }],
  ])('accepts %o', (raw, decoded) => {
    expect(checkPathParams(raw)).toEqual({ ok: true, params: decoded });
  });
  it.each([
    [{ calculationId: '0' }, 'path.calculationId'],
    [{ calculationId: '01' }, 'path.calculationId'],
    [{ calculationId: '1e3' }, 'path.calculationId'],
    [{ calculationId: '1234567890123456' }, 'path.calculationId'],
    [{ datasetId: '%' }, 'path.datasetId'],
    [{ datasetId: 'a%2Fb' }, 'path.datasetId'],
    [{ datasetId: 'é' }, 'path.datasetId'],
    [{ functionName: '1abc' }, 'path.functionName'],
    [{ version: '' }, 'path.version'],
  ])('refuses %o', (raw, field) => {
    const result = checkPathParams(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.field).toBe(field);
  });
});

describe('checkDatasetColumns', () => {
  const col = (name: string, id: string, type: string, order: number) => ({ name, id, type, order });
  it('accepts a valid list', () => {
    expect(checkDatasetColumns([col('A', 'a', 'STRING', 0), col('B', 'b', 'LONG', 5)])).toEqual([]);
  });
  it.each([
    [[], 'columns'],
    [[col('', 'a', 'STRING', 0)], 'columns.0.name'],
    [[col('a`b', 'a', 'STRING', 0)], 'columns.0.name'],
    [[col('A', ' ', 'STRING', 0)], 'columns.0.id'],
    [[col('A', 'a', 'string', 0)], 'columns.0.type'],
    [[col('A', 'a', 'STRING', -1)], 'columns.0.order'],
    [[col('A', 'a', 'STRING', 0), col('A', 'b', 'STRING', 1)], 'columns.1.name'],
    [[col('A', 'a', 'STRING', 0), col('B', 'a', 'STRING', 1)], 'columns.1.id'],
    [[col('A', 'a', 'STRING', 0), col('B', 'b', 'STRING', 0)], 'columns.1.order'],
  ])('refuses %o at %s', (columns, field) => {
    expect(checkDatasetColumns(columns).map((e) => e.field)).toEqual([field]);
  });
});
