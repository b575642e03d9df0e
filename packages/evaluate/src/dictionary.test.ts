// Dictionary-encoded columns (rows.ts) and what the compiler does with them (compile/): expressions of one such
// column evaluated once per distinct value, CONCAT built directly, a formula's strings deduplicated. Each is checked
// against the same table without dictionaries (a copy made by hand), which evaluates every row as before.
import { describe, expect, it } from 'vitest';
import type { DatasetColumn } from '@calckit/formula';
import { EvaluationError, type InputRow } from './api.js';
import { compileFormula } from './evaluate.js';
import { convertRows, dictionaryOf, DICTIONARY_LIMIT, type TypedTable } from './rows.js';

const SCHEMA: DatasetColumn[] = [
  { name: 'Region', type: 'STRING' },
  { name: 'Code', type: 'STRING' },
  { name: 'N', type: 'LONG' },
  { name: 'Sales', type: 'DECIMAL' },
  { name: 'Day', type: 'DATE' },
  { name: 'At', type: 'DATETIME' },
];

const REGIONS = ['East', 'west', 'Ána', null, '', 'straße', 'İstanbul', 'x y '];
const CODES = ['12', 'abc', '1e3', null, '-7', '12.5abc'];

function rows(count: number): InputRow[] {
  return Array.from({ length: count }, (_, i) => ({
    Region: REGIONS[i % REGIONS.length],
    Code: CODES[(i * 7) % CODES.length],
    N: i % 5 === 0 ? null : (i % 9) - 3,
    Sales: i % 11 === 0 ? null : ((i * 37) % 1000) / 100,
    Day: i % 13 === 0 ? null : `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
    At: i % 17 === 0 ? null : `2024-01-0${1 + (i % 3)} 10:0${i % 4}:00`,
  }));
}

/** The same table without dictionaries: fresh column arrays, which the dictionaries it carries do not encode. */
const plain = (t: TypedTable): TypedTable => ({ ...t, columns: t.columns.map((c) => [...c]) });

const FORMULAS = [
  "CONCAT(UPPER(`Region`), '-', YEAR(`Day`))",
  'UPPER(`Region`)',
  'LOWER(`Region`)',
  "CONCAT(`Region`, '-', `N`)",
  "CONCAT(`Region`, ' ', `Code`, '/', `Sales`)",
  "CONCAT('<', `Region`, '>')",
  'CONCAT(`Region`, NULL, `Code`)',
  'CONCAT(`Day`, `At`)',
  "CONCAT(`At`, '|', `Sales` / 3)",
  'CONCAT(`N`)',
  'CONCAT(`Region`)',
  'LEFT(`Code`, 2)',
  'LENGTH(`Region`)',
  "`Region` = 'EAST'",
  "`Region` LIKE '%a%'",
  "CASE `Region` WHEN 'east' THEN 1 WHEN 'WEST' THEN 2 ELSE 3 END",
  "CASE WHEN `N` > 0 THEN UPPER(`Region`) ELSE LOWER(`Code`) END",
  "REPLACE(`Region`, 'a', 'o')",
  'YEAR(`Day`) + MONTH(`At`)',
  "DATE_ADD(`Day`, INTERVAL 1 MONTH)",
  'DATEDIFF(`At`, `Day`)',
  "IFNULL(`Region`, 'none')",
  'COUNT(DISTINCT UPPER(`Region`))',
  'SUM(LENGTH(`Code`))',
  "MAX(CONCAT(`Region`, `N`))",
  'SUM(`N`) OVER (PARTITION BY UPPER(`Region`))',
];

describe('dictionary-encoded columns', () => {
  it('encodes low-cardinality STRING, DATE and DATETIME columns: NULL is code 0, equal values share one', () => {
    const table = convertRows(rows(200), SCHEMA);
    for (const name of ['Region', 'Code', 'Day', 'At']) {
      const k = table.names.indexOf(name);
      const column = table.columns[k]!;
      const dictionary = dictionaryOf(table, k)!;
      expect(dictionary, name).toBeDefined();
      expect(dictionaryOf(plain(table), k), name).toBeUndefined();
      expect(dictionary.values[0]).toBeNull();
      column.forEach((v, r) => expect(dictionary.values[dictionary.codes[r]!]).toBe(v));
    }
    expect(dictionaryOf(table, table.names.indexOf('N'))).toBeUndefined();
    // Texts read from CSV are distinct strings: the table holds one of each.
    const fromCsv = convertRows([{ Region: ['E', 'ast'].join('') }, { Region: ['Ea', 'st'].join('') }], [SCHEMA[0]!]);
    expect(fromCsv.columns[0]![0]).toBe(fromCsv.columns[0]![1]);
  });

  it(`does not encode a column of more than ${DICTIONARY_LIMIT - 1} distinct values`, () => {
    const many = Array.from({ length: DICTIONARY_LIMIT + 10 }, (_, i) => ({ Region: `r${i}` }));
    const table = convertRows(many, [SCHEMA[0]!]);
    expect(dictionaryOf(table, 0)).toBeUndefined();
    const values = compileFormula("CONCAT(UPPER(`Region`), '!')", { schema: [SCHEMA[0]!] }).evaluateValues(table);
    expect(values[DICTIONARY_LIMIT + 9]).toBe(`R${DICTIONARY_LIMIT + 9}!`);
  });

  it.each(FORMULAS)('%s: the same values with and without dictionaries', (formula) => {
    const table = convertRows(rows(300), SCHEMA);
    const compiled = compileFormula(formula, { schema: SCHEMA, now: '2026-01-01 00:00:00' });
    const withDictionaries = compiled.evaluateValues(table);
    const without = compileFormula(formula, { schema: SCHEMA, now: '2026-01-01 00:00:00' }).evaluateValues(plain(table));
    expect(withDictionaries).toEqual(without);
    // A second evaluation (memos and deduplication start again) and the row objects agree.
    expect(compiled.evaluateValues(table)).toEqual(without);
    expect(compiled.evaluateTable(table).rows.map((r) => r.value)).toEqual(without);
  });

  it('evaluates once per distinct value in each evaluation, not across evaluations', () => {
    const compiled = compileFormula('UPPER(`Region`)', { schema: [SCHEMA[0]!] });
    const a = convertRows([{ Region: 'a' }, { Region: 'b' }, { Region: 'a' }], [SCHEMA[0]!]);
    const b = convertRows([{ Region: 'c' }, { Region: 'd' }, { Region: 'c' }], [SCHEMA[0]!]);
    expect(compiled.evaluateValues(a)).toEqual(['A', 'B', 'A']);
    expect(compiled.evaluateValues(b)).toEqual(['C', 'D', 'C']);
    expect(compiled.evaluateValues(plain(a))).toEqual(['A', 'B', 'A']);
  });

  it('evaluates a memoized expression only on the rows that reach it (an error stays where it was)', () => {
    const schema: DatasetColumn[] = [
      { name: 'N', type: 'LONG' },
      { name: 'Code', type: 'STRING' },
    ];
    const table = convertRows(
      [
        { N: 1, Code: '12' },
        { N: 0, Code: 'abc' },
        { N: 1, Code: '12' },
      ],
      schema,
    );
    expect(compileFormula('CASE WHEN `N` > 0 THEN TO_NUMBER(`Code`) ELSE 0 END', { schema }).evaluateValues(table)).toEqual([12, 0, 12]);
    const failing = convertRows([...Array(3).fill({ N: 1, Code: '12' }), { N: 1, Code: 'abc' }], schema);
    const run = () => compileFormula('CASE WHEN `N` > 0 THEN TO_NUMBER(`Code`) ELSE 0 END', { schema }).evaluateValues(failing);
    expect(run).toThrow(EvaluationError);
    expect(run).toThrow("TO_NUMBER: 'abc' is not a number");
  });

  it('deduplicates a formula of many distinct strings correctly, and long ones', () => {
    const schema: DatasetColumn[] = [
      { name: 'Region', type: 'STRING' },
      { name: 'N', type: 'LONG' },
    ];
    const input = Array.from({ length: 5000 }, (_, i) => ({ Region: i % 2 ? 'a'.repeat(100) : 'b', N: i }));
    const table = convertRows(input, schema);
    const values = compileFormula("CONCAT(`Region`, '-', `N`)", { schema }).evaluateValues(table);
    expect(values).toEqual(input.map((r) => `${r.Region}-${r.N}`));
    const few = compileFormula("CONCAT(`Region`, '-', MOD(`N`, 3))", { schema }).evaluateValues(table);
    expect(few).toEqual(input.map((r) => `${r.Region}-${r.N % 3}`));
  });

  it('compiles a flat chain of 10,000 operators over one encoded column without deep recursion', () => {
    const schema: DatasetColumn[] = [{ name: 'Region', type: 'STRING' }];
    const table = convertRows([{ Region: 'ab' }, { Region: null }, { Region: 'abc' }], schema);
    const formula = Array.from({ length: 10_000 }, () => 'LENGTH(`Region`)').join(' + ');
    expect(compileFormula(formula, { schema }).evaluateValues(table)).toEqual([20_000, null, 30_000]);
  });
});
