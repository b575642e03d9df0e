// Row conversion: cells by column type (with a schema), column types inferred from cells (without), DECIMAL scales;
// cells given column by column (a CSV file) converted as the same cells in row objects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnType } from '@calckit/formula';
import { convertCell, convertColumns, convertRows, inferColumnType, rowsOfColumns } from './rows.js';
import { toOutputValue } from './values.js';

describe('convertCell', () => {
  it.each<[unknown, ColumnType, unknown]>([
    ['abc', 'STRING', 'abc'],
    ['', 'STRING', ''],
    [12, 'STRING', '12'],
    [null, 'STRING', null],
    ['42', 'LONG', 42],
    [' -7 ', 'LONG', -7],
    ['', 'LONG', null],
    [true, 'LONG', 1],
    ['9223372036854775808', 'LONG', -9223372036854775808],
    [1.5, 'LONG', undefined],
    ['1.5', 'LONG', undefined],
    ['1.50', 'DECIMAL', 1.5],
    ['1e3', 'DOUBLE', 1000],
    ['abc', 'DOUBLE', undefined],
    ['2024-02-29', 'DATE', '2024-02-29'],
    ['2024-02-30', 'DATE', undefined],
    ['2024-01-31 10:20:30', 'DATE', '2024-01-31'],
    ['2024-01-31T10:20:30', 'DATETIME', '2024-01-31 10:20:30'],
    ['2024-01-31 10:20', 'DATETIME', '2024-01-31 10:20:00'],
    ['2024-01-31', 'DATETIME', '2024-01-31 00:00:00'],
    ['0099-01-01', 'DATE', '0099-01-01'],
    [new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 'DATETIME', '2024-01-02 03:04:05'],
    ['31/01/2024', 'DATE', undefined],
  ])('%j as %s', (cell, type, expected) => {
    const v = convertCell(cell, type);
    expect(v === undefined ? undefined : toOutputValue(v)).toEqual(expected);
  });
});

describe('inferColumnType', () => {
  it.each<[unknown[], ColumnType]>([
    [[1, 2, null], 'LONG'],
    [['1', '2', ''], 'LONG'],
    [[1, 2.5], 'DOUBLE'],
    [['1.5', '2'], 'DOUBLE'],
    [['2024-01-01', null], 'DATE'],
    [['2024-01-01', '2024-01-01 10:00:00'], 'DATETIME'],
    [['2024-01-01', 3], 'STRING'],
    [['a', 1], 'STRING'],
    [[null, ''], 'STRING'],
    [[], 'STRING'],
  ])('%j → %s', (cells, expected) => {
    expect(inferColumnType(cells)).toBe(expected);
  });
});

describe('convertRows', () => {
  it('converts columns by the schema, keeping a DECIMAL column’s largest scale', () => {
    const table = convertRows(
      [
        { a: '1.5', b: 'x', c: 3 },
        { a: 2.25, b: null, extra: 1 },
      ],
      [
        { name: 'a', type: 'DECIMAL' },
        { name: 'b', type: 'STRING' },
        { name: 'c', type: 'LONG' },
      ],
    );
    const { dictionaries, ...rest } = table;
    expect(rest).toEqual({ names: ['a', 'b', 'c'], types: ['DECIMAL', 'STRING', 'LONG'], scales: [2, 0, 0], columns: [[1.5, 2.25], ['x', null], [3, null]], length: 2 });
    // The STRING column is carried as a dictionary too, parallel to the columns.
    expect(dictionaries?.map((d) => d && { values: d.values, codes: [...d.codes], own: d.column === table.columns[1] })).toEqual([undefined, { values: [null, 'x'], codes: [1, 0], own: true }, undefined]);
  });

  it('infers types without a schema, columns in order of first appearance', () => {
    const table = convertRows([{ n: 1, d: '2024-01-01' }, { s: 'x', n: '2' }]);
    expect(table.names).toEqual(['n', 'd', 's']);
    expect(table.types).toEqual(['LONG', 'DATE', 'STRING']);
    expect(table.columns[0]).toEqual([1, 2]);
  });

  it('names the row and the column of a cell that does not convert', () => {
    expect(() => convertRows([{ d: '2024-01-01' }, { d: 'soon' }], [{ name: 'd', type: 'DATE' }])).toThrow("row 2, column `d`: 'soon' is not a DATE");
  });
});

describe('convertColumns (cells column by column, as a CSV file is read)', () => {
  it('gives plain number text what the general conversion gives it: values, -0 as 0, DECIMAL scales', () => {
    // Plain digits take a path without regular expressions or BigInt: it must agree with convertCell and textScale.
    const numberText = fc.stringMatching(/^[+-]?\d{0,18}(\.\d{0,4})?$/);
    fc.assert(
      fc.property(fc.array(numberText, { minLength: 1, maxLength: 8 }), fc.constantFrom<ColumnType>('LONG', 'DECIMAL', 'DOUBLE'), (cells, type) => {
        const general = cells.map((cell) => convertCell(cell, type));
        if (general.includes(undefined)) {
          expect(() => convertColumns({ names: ['x'], columns: [cells], length: cells.length }, [{ name: 'x', type }])).toThrow('is not a');
          return;
        }
        const table = convertColumns({ names: ['x'], columns: [cells], length: cells.length }, [{ name: 'x', type }]);
        expect(table.columns[0]!.map((v) => (Object.is(v, -0) ? '-0' : v))).toEqual(general.map((v) => (Object.is(v, -0) ? '-0' : v)));
        const decimals = (t: string) => (t.includes('.') ? t.length - t.indexOf('.') - 1 : 0);
        expect(table.scales[0]).toBe(type === 'DECIMAL' ? Math.max(0, ...cells.filter((c) => c !== '').map(decimals)) : 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('infers each column’s type from its text as from the same cells in row objects, keeping header order', () => {
    const input = { names: ['when', 'n', 'x', 'big'], columns: [['2024-01-01', null, '2024-01-01 10:00:00'], ['1', '-2', null], ['1.5', '2', ''], ['9007199254740991', '9007199254740993', '1']], length: 3 };
    const table = convertColumns(input);
    expect(table.types).toEqual(['DATETIME', 'LONG', 'DOUBLE', 'DOUBLE']);
    expect(convertRows(rowsOfColumns(input))).toEqual(table);
  });

  it('gives a schema column the cells lack NULL in every row', () => {
    const table = convertColumns({ names: ['a'], columns: [['1', '2']], length: 2 }, [{ name: 'b', type: 'LONG' }, { name: 'a', type: 'LONG' }]);
    expect(table.columns).toEqual([[null, null], [1, 2]]);
  });
});
