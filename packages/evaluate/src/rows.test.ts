// Row conversion: cells by column type (with a schema), column types inferred from cells (without), DECIMAL scales.
import { describe, expect, it } from 'vitest';
import type { ColumnType } from '@calckit/formula';
import { convertCell, convertRows, inferColumnType } from './rows.js';
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
