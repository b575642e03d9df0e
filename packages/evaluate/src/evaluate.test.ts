// The evaluator's semantics as tables: formula → values over a small typed table (NULLs, types, collation, functions).
import { describe, expect, it } from 'vitest';
import type { DatasetColumn } from '@calckit/formula';
import { EvaluationError, type EvaluateOptions, type InputRow, type OutputValue } from './api.js';
import { compileFormula, evaluateFormula } from './evaluate.js';
import { convertRows } from './rows.js';

const SCHEMA: DatasetColumn[] = [
  { name: 'Region', type: 'STRING' },
  { name: 'Name', type: 'STRING' },
  { name: 'Orders', type: 'LONG' },
  { name: 'Price', type: 'DECIMAL' },
  { name: 'Ratio', type: 'DOUBLE' },
  { name: 'Day', type: 'DATE' },
  { name: 'At', type: 'DATETIME' },
];

const ROWS: InputRow[] = [
  { Region: 'East', Name: 'Ann', Orders: 2, Price: '10.50', Ratio: 0.5, Day: '2024-01-31', At: '2024-01-31 10:00:00' },
  { Region: 'west', Name: 'bob', Orders: 0, Price: '3.25', Ratio: 1.5, Day: '2024-02-29', At: '2024-02-29 23:59:59' },
  { Region: 'East', Name: 'Émile ', Orders: 3, Price: null, Ratio: null, Day: null, At: null },
  { Region: null, Name: null, Orders: null, Price: '0.10', Ratio: 2, Day: '2023-12-01', At: '2023-12-01 00:00:00' },
];

/** The formula's value on each row (row-level) or each group (aggregated). */
function values(formula: string, options: EvaluateOptions = {}, rows: readonly InputRow[] = ROWS): OutputValue[] {
  return evaluateFormula(formula, rows, { schema: SCHEMA, ...options }).rows.map((r) => r.value);
}

/** The evaluation error's code, message and 1-based start column. */
function failure(formula: string, options: EvaluateOptions = {}): string {
  try {
    evaluateFormula(formula, ROWS, { schema: SCHEMA, ...options });
  } catch (e) {
    if (!(e instanceof EvaluationError)) throw e;
    return `${e.code} @${e.range ? `${e.range.start.column}-${e.range.end.column}` : '-'}: ${e.message}`;
  }
  return 'no error';
}

describe('row-level values', () => {
  it.each<[string, OutputValue[]]>([
    // literals and columns
    ['1', [1, 1, 1, 1]],
    ["'a'", ['a', 'a', 'a', 'a']],
    ['NULL', [null, null, null, null]],
    ['`Orders`', [2, 0, 3, null]],
    ['`Price`', [10.5, 3.25, null, 0.1]],
    ['`Day`', ['2024-01-31', '2024-02-29', null, '2023-12-01']],
    ['`At`', ['2024-01-31 10:00:00', '2024-02-29 23:59:59', null, '2023-12-01 00:00:00']],
    // arithmetic: NULL propagation, integer vs decimal division (scale + 4), division by zero
    ['`Orders` + 1', [3, 1, 4, null]],
    ['`Orders` * `Price`', [21, 0, null, null]],
    ['`Orders` / 3', [0.6667, 0, 1, null]],
    ['`Price` / 3', [3.5, 1.083333, null, 0.033333]],
    ['`Ratio` / 3', [0.5 / 3, 0.5, null, 2 / 3]],
    ['10 / `Orders`', [5, null, 3.3333, null]],
    ['`Price` + 0.2', [10.7, 3.45, null, 0.3]],
    ['0.1 * 3', [0.3, 0.3, 0.3, 0.3]],
    // a quotient is kept with 9-digit words inside, shown with its scale (MySQL: 1/3*3 is 1.0000, 1/3/3 0.11111111)
    ['1 / 3 * 3', [1, 1, 1, 1]],
    ['1 / 3 / 3', [0.11111111, 0.11111111, 0.11111111, 0.11111111]],
    ['`Price` / 7 * 100', [150, 46.428571, null, 1.428571]],
    ['CONCAT(1 / 3 * 3)', ['1.0000', '1.0000', '1.0000', '1.0000']],
    // comparisons read an exact value at its shown scale (MariaDB: 1/3 = 0.3333 and 1/3*3 = 1 are true, 7/999999 > 0
    // false), functions and DOUBLE arithmetic the inside value (FLOOR(1/3*3) is 0)
    ['1 / 3 = 0.3333', [true, true, true, true]],
    ['1 / 3 * 3 = 1', [true, true, true, true]],
    ['2 / 3 * 3 < 2', [false, false, false, false]],
    ['7 / 999999 > 0', [false, false, false, false]],
    ['1 / 3 * 3 IN (1)', [true, true, true, true]],
    ['FLOOR(1 / 3 * 3)', [0, 0, 0, 0]],
    ['ROUND(2 / 3, 5)', [0.66667, 0.66667, 0.66667, 0.66667]],
    // the words: the dividend's and the divisor's decimals each rounded up to 9, and one more word when the 4 of
    // div_precision_increment do not fit in that rounding (MariaDB decimal_div: 1.12345/7 has 9, 1.123456/7 18, 1.0/3.0 18)
    ['1.12345 / 7 + 0e0', [0.160492857, 0.160492857, 0.160492857, 0.160492857]],
    ['1.123456 / 7 + 0e0', [1.123456 / 7, 1.123456 / 7, 1.123456 / 7, 1.123456 / 7]],
    ['1 / 3.0 + 0e0', [0.333333333, 0.333333333, 0.333333333, 0.333333333]],
    ['1.0 / 3.0 + 0e0', [1 / 3, 1 / 3, 1 / 3, 1 / 3]],
    // a result rounds half up at its scale, reading the double as the decimal of 15 digits it stands for
    // (0.5 / 272 is 0.001838235 inside; / 6 is 0.0003063725, a tie: MariaDB 0.000306373)
    ['0.5 / 272 / 6', [0.000306373, 0.000306373, 0.000306373, 0.000306373]],
    // NULLIF compares at the shown scale but returns its first argument as it is (MariaDB)
    ['NULLIF(2 / 7, 7) + 0e0', [0.285714285, 0.285714285, 0.285714285, 0.285714285]],
    ['NULLIF(1 / 3 * 3, 1) + 0e0', [null, null, null, null]],
    // … truncated, not rounded, to those words (MariaDB: 2/3 is 0.666666666 inside), and so it meets a DOUBLE
    ['`Ratio` - 2 / 3', [0.5 - 0.666666666, 1.5 - 0.666666666, null, 2 - 0.666666666]],
    ['`Ratio` / (`Price` / 3)', [0.5 / 3.5, 1.5 / 1.083333333, null, 2 / 0.033333333]],
    // ROUND of a DOUBLE with constant decimals prints them (MariaDB)
    ["CONCAT(ROUND(`Ratio`, 2), '')", ['0.50', '1.50', null, '2.00']],
    ['-`Orders`', [-2, 0, -3, null]],
    ['`Orders` * 4611686018427387904', [-9223372036854775808, 0, -4611686018427387904, null]],
    ['`Orders` + 100000000000000000000', [100000000000000000000, 100000000000000000000, 100000000000000000000, null]],
    // implicit conversion: text in arithmetic (numeric prefix, '' → 0), booleans as 1/0, dates as YYYYMMDD
    ["'12abc' + 1", [13, 13, 13, 13]],
    ["'' + 1", [1, 1, 1, 1]],
    ["'abc' * 2", [0, 0, 0, 0]],
    ['TRUE + 1', [2, 2, 2, 2]],
    ['`Day` + 0', [20240131, 20240229, null, 20231201]],
    // comparisons and three-valued logic
    ['`Orders` > 1', [true, false, true, null]],
    ["`Orders` = '2'", [true, false, false, null]],
    ["`Name` = 'ANN'", [true, false, false, null]],
    ["`Name` = 'emile'", [false, false, true, null]],
    ["`Name` < 'B'", [true, false, false, null]],
    ["`Day` = '2024-01-31'", [true, false, null, false]],
    ["`Day` < '2024-02-01'", [true, false, null, true]],
    ["`At` > `Day`", [true, true, null, false]],
    ['`Orders` > 1 AND `Price` > 5', [true, false, null, false]],
    ['`Orders` > 1 OR `Price` > 5', [true, false, true, null]],
    ['NOT `Orders` > 1', [false, true, false, null]],
    ['NULL AND FALSE', [false, false, false, false]],
    ['NULL OR TRUE', [true, true, true, true]],
    ['`Orders` IS NULL', [false, false, false, true]],
    ['`Orders` IS NOT NULL', [true, true, true, false]],
    ['`Orders` IN (2, 3)', [true, false, true, null]],
    ['`Orders` IN (2, NULL)', [true, null, null, null]],
    ['`Orders` NOT IN (2, NULL)', [false, null, null, null]],
    ['`Orders` NOT IN (2, 5)', [false, true, true, null]],
    ['`Orders` BETWEEN 1 AND 2', [true, false, false, null]],
    ['`Orders` NOT BETWEEN 1 AND 2', [false, true, true, null]],
    ["`Name` LIKE 'a%'", [true, false, false, null]],
    ["`Name` LIKE '_ob'", [false, true, false, null]],
    ["`Name` LIKE 'emile'", [false, false, false, null]],
    ["`Name` LIKE 'emile '", [false, false, true, null]],
    ["`Name` NOT LIKE '%n%'", [false, true, true, null]],
    ["'50%' LIKE '50\\%'", [true, true, true, true]],
    ["'50x' LIKE '50\\%'", [false, false, false, false]],
    // CASE
    ["CASE WHEN `Orders` > 1 THEN 'many' WHEN `Orders` = 0 THEN 'none' END", ['many', 'none', 'many', null]],
    ["CASE `Region` WHEN 'east' THEN 1 WHEN 'WEST' THEN 2 ELSE 0 END", [1, 2, 1, 0]],
    // branches meet in a common type: text with numbers is text, DATE with DATETIME a DATETIME, booleans 1/0
    ["CASE WHEN `Orders` > 1 THEN `Orders` / 3 ELSE 'none' END", ['0.6667', 'none', '1.0000', 'none']],
    ['CASE WHEN `Orders` > 1 THEN `Day` ELSE `At` END', ['2024-01-31 00:00:00', '2024-02-29 23:59:59', null, '2023-12-01 00:00:00']],
    ['CASE WHEN `Orders` > 1 THEN `Orders` > 2 ELSE 5 END', [0, 5, 1, 5]],
    ["IFNULL(`Orders`, 'none')", ['2', '0', '3', 'none']],
    ['COALESCE(`Price`, `Orders`, 0)', [10.5, 3.25, 3, 0.1]],
  ])('%s', (formula, expected) => {
    expect(values(formula)).toEqual(expected);
  });
});

describe('collation', () => {
  it.each<[string, OutputValue, OutputValue]>([
    // formula, utf8mb4_general_ci, binary
    ["'a' = 'A'", true, false],
    ["'a' = 'a  '", true, false],
    ["'é' = 'E'", true, false],
    ["'straße' = 'STRASSE'", false, false],
    ["'ß' = 's'", true, false],
    ["'a' < 'B'", true, false],
    ["'ABC' LIKE 'a%'", true, false],
    ["INSTR('Hello', 'L')", 3, 0],
    ["NULLIF('x', 'X')", null, 'x'],
  ])('%s', (formula, ci, binary) => {
    expect(values(formula, {}, ROWS.slice(0, 1))).toEqual([ci]);
    expect(values(formula, { collation: 'binary' }, ROWS.slice(0, 1))).toEqual([binary]);
  });
});

describe('functions', () => {
  const one = (formula: string) => values(formula, {}, ROWS.slice(0, 1))[0];
  it.each<[string, OutputValue]>([
    ['ABS(-2.5)', 2.5],
    ['CEILING(1.2)', 2],
    ['CEILING(-1.2)', -1],
    ['FLOOR(-1.2)', -2],
    // CEILING of a DOUBLE is a DOUBLE, whose halves ROUND takes to even (-4885 → -4880); of a DECIMAL, exact (→ -4890).
    ['ROUND(CEILING(-4885.97e0), -1)', -4880],
    ['ROUND(CEILING(-4885.97), -1)', -4890],
    // A DOUBLE amount of days rounds half to even (MariaDB), a DECIMAL one half away from zero.
    ["DATE_ADD('2021-01-01', INTERVAL 0.5e0 DAY)", '2021-01-01'],
    ["DATE_ADD('2021-01-01', INTERVAL -2.5e0 DAY)", '2020-12-30'],
    ["DATE_ADD('2021-01-01', INTERVAL 1.5 DAY)", '2021-01-03'],
    ["ADDDATE('2021-01-01', 2.5e0)", '2021-01-03'],
    // A DATETIME prints its fraction of a second, to the millisecond.
    ['FROM_UNIXTIME(2.5)', '1970-01-01 00:00:02.5'],
    ['MOD(7, 3)', 1],
    ['MOD(-7, 3)', -1],
    ['MOD(7, 0)', null],
    ['MOD(0.3, 0.1)', 0],
    ['POWER(2, 10)', 1024],

    ['ROUND(2.5)', 3],
    ['ROUND(-2.5)', -3],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(1234.5, -2)', 1200],
    ['ROUND(2.5e0)', 2],
    ['ROUND(`Ratio`)', 0],
    ['ROUND(NULL)', null],
    ['LN(1)', 0],
    ['LN(0)', null],
    ['LOG(1000)', 3],
    ['SQRT(16)', 4],
    ['SQRT(-1)', null],
    ['WIDTH_BUCKET(5, 0, 10, 5)', 3],
    ['WIDTH_BUCKET(-1, 0, 10, 5)', 0],
    ['WIDTH_BUCKET(10, 0, 10, 5)', 6],
    ['IFNULL(NULL, 2)', 2],
    ['IFNULL(1, 2)', 1],
    ['NVL(NULL, NULL)', null],
    ['COALESCE(NULL, NULL, 3)', 3],
    ['NULLIF(1, 1)', null],
    ['NULLIF(1, 2)', 1],
    ['NULLIF(1 / 3 * 3, 1)', null],
    ["CONCAT('a', 1, '-', 1 / 3, '-', 1.50)", 'a1-0.3333-1.50'],
    ["CONCAT('a', NULL)", null],
    ["CONCAT(`Day`, ' ', `At`)", '2024-01-31 2024-01-31 10:00:00'],
    ["INSTR('foobar', 'bar')", 4],
    ["INSTR('foobar', 'x')", 0],
    ["INSTR('Ána', 'a')", 3],
    ["INSTR('Ána', 'á')", 1],
    ["INSTR('ÁNA', 'n')", 2],
    ["INSTR('abc', '')", 1],
    ["CONTAINS('Ána', 'an')", false],
    ["LOWER('İstanbul')", 'istanbul'],
    ["CONTAINS('foobar', 'OBA')", true],
    ["LEFT('héllo', 2)", 'hé'],
    ["LEFT('hello', -1)", ''],
    ["RIGHT('hello', 3)", 'llo'],
    ["RIGHT('hello', 9)", 'hello'],
    ["LENGTH('héllo')", 6],
    ["LENGTH('😀')", 4],
    ["OCTET_LENGTH('abc')", 3],
    ["LOWER('ÀB')", 'àb'],
    ["UPPER('straße')", 'STRAßE'],
    ["REPLACE('aAa', 'a', 'x')", 'xAx'],
    ["SUBSTRING('hello', 2)", 'ello'],
    ["SUBSTRING('hello', 2, 3)", 'ell'],
    ["SUBSTRING('hello', -3, 2)", 'll'],
    ["SUBSTRING('hello', 0)", ''],
    ["SUBSTRING('hello', 9)", ''],
    ["TRIM('  a b  ')", 'a b'],
    ["INITCAP('hello wORLD-foo')", 'Hello World-Foo'],
    ["LPAD('7', 3, '0')", '007'],
    ["LPAD('hello', 3, '0')", 'hel'],
    ["LPAD('7', 3, '')", null],
    ["RPAD('ab', 5, 'xy')", 'abxyx'],
    ["SPLIT_PART('a,b,c', ',', 2)", 'b'],
    ["SPLIT_PART('a,b,c', ',', 4)", ''],
    ["TO_NUMBER('1,234.50')", 1234.5],
    ["TO_NUMBER('(12)')", -12],
    ['RAND(3) < 1', true],
    ["TO_CHAR(12.5, '999.99')", '  12.50'],
    ["TO_CHAR(-12.5, '999.99')", ' -12.50'],
    ["TO_CHAR(0.5, '999.99')", '    .50'],
    ["TO_CHAR(5, '000')", ' 005'],
    ["TO_CHAR(1234.5, '9,999.9')", ' 1,234.5'],
    ["TO_CHAR(12.5, 'FM999.99')", '12.5'],
    ["TO_CHAR(-3, 'S999')", '  -3'],
    ["TO_CHAR(123456, '999')", ' ###'],
    ["TO_CHAR(`Day`, 'YYYY-MM-DD')", '2024-01-31'],
    ["TO_CHAR(`At`, 'Mon DD, YYYY HH12:MI AM')", 'Jan 31, 2024 10:00 AM'],
    ["TO_CHAR(`At`, 'FMMonth \"Q\"Q')", 'January Q1'],
    ["TO_CHAR(`Day`, 'Day|DY')", 'Wednesday|WED'],
    ["TO_CHAR('text', 'YYYY')", 'text'],
    ["TO_CHAR(NULL, 'YYYY')", null],
  ])('%s', (formula, expected) => {
    expect(one(formula)).toEqual(expected);
  });

  it('RAND(n) repeats MySQL’s sequence for a seed', () => {
    // MariaDB: SELECT RAND(3) → 0.9057697559760601 on the first row.
    expect(values('RAND(3)', {}, ROWS.slice(0, 2))[0]).toBeCloseTo(0.9057697559760601, 12);
    expect(values('RAND()', { seed: 3 }, ROWS.slice(0, 1))[0]).toBeCloseTo(0.9057697559760601, 12);
  });
});

describe('aggregates', () => {
  it.each<[string, OutputValue]>([
    ['SUM(`Orders`)', 5],
    ['SUM(`Price`)', 13.85],
    ['AVG(`Orders`)', 1.6667],
    ['AVG(`Price`)', 4.616667],
    ['COUNT(`Orders`)', 3],
    ['COUNT(*)', 4],
    ['COUNT(DISTINCT `Region`)', 2],
    ['COUNT(DISTINCT `Name`)', 3],
    ['APPROXIMATE_COUNT_DISTINCT(`Region`)', 2],
    ['SUM(DISTINCT `Orders` * 0 + 1)', 1],
    ['MIN(`Name`)', 'Ann'],
    ['MAX(`Name`)', 'Émile '],
    ['MIN(`Day`)', '2023-12-01'],
    ['MAX(`At`)', '2024-02-29 23:59:59'],
    ['VAR_POP(`Orders`)', 14 / 9],
    ['STDDEV_POP(`Orders`)', Math.sqrt(14 / 9)],
    ['STDDEV(`Orders`)', Math.sqrt(7 / 3)],
    ['MEDIAN(`Orders`)', 2],
    ['MEDIAN(`Ratio`)', 1.5],
    ['PERCENTILE_CONT(`Orders`, 0.25)', 1],
    ['PERCENTILE(`Ratio`, 0.75)', 1.75],
    ['APPROXIMATE_MEDIAN(`Ratio`)', 1.5],
    ["LISTAGG(`Name`)", 'Ann,bob,Émile '],
    ["LISTAGG(`Name`, 100, '; ')", 'Ann; bob; Émile '],
    ['CORR(`Orders`, `Orders` * 2)', 1],
    ['CASE WHEN SUM(`Orders`) = 0 THEN 0 ELSE SUM(`Price`) / SUM(`Orders`) END', 2.77],
    ['SUM(CASE WHEN `Orders` > 1 THEN 1 ELSE 0 END)', 2],
    ['SUM(`Orders`) / COUNT(*)', 1.25],
    ['SUM(`Price`) / SUM(`Orders`) * 100', 277],
    ['AVG(`Orders`) * 3', 5],
    ['SUM(`Orders` / 3)', 1.6667],
    // over the whole table, an aggregate reads an exact argument with its inside decimals (as MariaDB)
    ['AVG(`Price` / 3)', 1.5388888887],
    ['SUM(`Orders` / 3) * 3', 5],
    ["SUM(`Name`)", 0],
  ])('%s', (formula, expected) => {
    const [v] = values(formula);
    if (typeof expected === 'number' && !Number.isInteger(expected)) expect(v).toBeCloseTo(expected, 10);
    else expect(v).toEqual(expected);
  });

  it('over no rows: one group, SUM is NULL and COUNT 0', () => {
    expect(values('SUM(`Orders`)', {}, [])).toEqual([null]);
    expect(values('COUNT(*)', {}, [])).toEqual([0]);
    expect(values('`Orders`', {}, [])).toEqual([]);
  });

  it('groups by the group-by columns, sorted by their values, NULL first, text grouped under the collation', () => {
    const rows = [...ROWS, { Region: 'WEST', Name: 'x', Orders: 5 }];
    const result = evaluateFormula('SUM(`Orders`)', rows, { schema: SCHEMA, groupBy: ['Region'] });
    expect(result.kind).toBe('groups');
    expect(result.rows).toEqual([
      { group: { Region: null }, value: null },
      { group: { Region: 'East' }, value: 5 },
      { group: { Region: 'west' }, value: 5 },
    ]);
    const two = evaluateFormula('COUNT(*)', rows, { schema: SCHEMA, groupBy: ['Region', 'Orders'] });
    expect(two.rows.map((r) => [r.group, r.value])).toEqual([
      [{ Region: null, Orders: null }, 1],
      [{ Region: 'East', Orders: 2 }, 1],
      [{ Region: 'East', Orders: 3 }, 1],
      [{ Region: 'west', Orders: 0 }, 1],
      [{ Region: 'WEST', Orders: 5 }, 1],
    ]);
  });

  it('with group-by, a window without aggregates runs over the groups', () => {
    const rows = [...ROWS, { Region: 'East', Name: 'x', Orders: 2 }];
    const result = evaluateFormula('ROW_NUMBER() OVER (PARTITION BY `Region` ORDER BY `Orders`)', rows, { schema: SCHEMA, groupBy: ['Region', 'Orders'] });
    expect(result.kind).toBe('groups');
    expect(result.rows.map((r) => [r.group!['Region'], r.group!['Orders'], r.value])).toEqual([
      [null, null, 1],
      ['East', 2, 1],
      ['East', 3, 2],
      ['west', 0, 1],
    ]);
    expect(() => evaluateFormula('ROW_NUMBER() OVER (ORDER BY `Price`)', rows, { schema: SCHEMA, groupBy: ['Region'] })).toThrow('`Price` is read outside an aggregate');
  });

  it('a row-level formula with group-by gives one value per row, with its group', () => {
    const result = evaluateFormula('`Orders` * 2', ROWS.slice(0, 2), { schema: SCHEMA, groupBy: ['Region'] });
    expect(result.kind).toBe('rows');
    expect(result.rows).toEqual([
      { group: { Region: 'East' }, value: 4 },
      { group: { Region: 'west' }, value: 0 },
    ]);
  });

  it('grouped, SUM/AVG/MIN/MAX read an exact argument at its shown scale (MariaDB, through its temporary table)', () => {
    expect(values('SUM(`Orders` / 3) * 3', { groupBy: ['Region'] })).toEqual([null, 5.0001, 0]);
    expect(values('AVG(`Price` / 3)', { groupBy: ['Region'] })).toEqual([0.0333330000, 3.5, 1.0833330000]);
    expect(values('STDDEV_POP(`Orders` / 3) * 1e0', { groupBy: ['Region'] })).toEqual([null, (1 - 0.666666666) / 2, 0]);
    expect(values('SUM(`Orders` / 3) OVER () * 3')).toEqual([5.0001, 5.0001, 5.0001, 5.0001]);
  });

  it('grouped through a temporary table, SUM and AVG round their running total to the shown scale after each row (MariaDB)', () => {
    const rows = [
      { Region: 'a', Orders: 3 },
      { Region: 'a', Orders: -1 },
      { Region: 'b', Orders: 1 },
      { Region: 'b', Orders: 1 },
      { Region: 'b', Orders: 1 },
    ];
    // a: 3/32 = 0.09375 → 0.0938, + -0.03125 = 0.06255 → 0.0626 (the shown values' sum is 0.0625)
    expect(values('SUM(`Orders` / 32)', { groupBy: ['Region'] }, rows)).toEqual([0.0626, 0.0939]);
    expect(values('AVG(`Orders` / 32)', { groupBy: ['Region'] }, rows)).toEqual([0.0313, 0.0313]);
    // a DISTINCT aggregate (or LISTAGG) makes MariaDB group by sorting: totals of the inside values
    expect(values('SUM(`Orders` / 32) + COUNT(DISTINCT `Orders`) * 0', { groupBy: ['Region'] }, rows)).toEqual([0.0625, 0.0938]);
    expect(values("SUM(`Orders` / 32) + LENGTH(LISTAGG(`Orders`)) * 0", { groupBy: ['Region'] }, rows)).toEqual([0.0625, 0.0938]);
    // over the whole table: the inside values
    expect(values('SUM(`Orders` / 32)', {}, rows)).toEqual([0.1563]);
    expect(values('AVG(`Orders` / 32)', {}, rows)).toEqual([0.03125]);
  });

  it('AVG of exact values is their quotient truncated at its 9-digit words, as `/` (MariaDB: 18.5 / 22 is 0.840909090)', () => {
    const rows = [{ Price: '18.5', Orders: 1 }, ...Array.from({ length: 21 }, () => ({ Price: '0', Orders: 1 }))];
    expect(values('AVG(`Price`) + 0e0', { groupBy: ['Orders'] }, rows)).toEqual([0.84090909]);
    expect(values('AVG(`Price`) * 1000000000', {}, rows)).toEqual([840909090]);
    expect(values('AVG(`Price`)', {}, rows)).toEqual([0.84091]);
  });

  it('a DISTINCT aggregate tells exact values apart at their shown scale (MariaDB keeps them in a DECIMAL field)', () => {
    const rows = [{ Orders: 3 }, { Orders: 7 }, { Orders: 8 }];
    // 1/3000 = 0.0003, 1/7000 = 0.000142857 and 1/8000 = 0.000125 both 0.0001: two (MariaDB)
    expect(values('COUNT(DISTINCT 1 / `Orders`)', {}, rows)).toEqual([3]);
    expect(values('COUNT(DISTINCT 1 / (`Orders` * 1000))', {}, rows)).toEqual([2]);
    expect(values('APPROXIMATE_COUNT_DISTINCT(1 / (`Orders` * 1000))', {}, rows)).toEqual([2]);
    expect(values('SUM(DISTINCT 1 / (`Orders` * 1000))', {}, rows)).toEqual([0.0004]);
  });

  it('a group-by column may be read outside aggregates', () => {
    expect(values("CONCAT(`Region`, ':', SUM(`Orders`))", { groupBy: ['Region'] })).toEqual([null, 'East:5', 'west:0']);
  });
});

describe('windows', () => {
  it.each<[string, string[], OutputValue[]]>([
    ['ROW_NUMBER() OVER (ORDER BY `Orders`)', [], [3, 2, 4, 1]],
    ['ROW_NUMBER() OVER (PARTITION BY `Region` ORDER BY `Orders` DESC)', [], [2, 1, 1, 1]],
    ['RANK() OVER (ORDER BY `Region`)', [], [2, 4, 2, 1]],
    ['DENSE_RANK() OVER (ORDER BY `Region`)', [], [2, 3, 2, 1]],
    ['NTILE(2) OVER (ORDER BY `Orders`)', [], [2, 1, 2, 1]],
    ['NTILE(3) OVER (ORDER BY `Orders`)', [], [2, 1, 3, 1]],
    ['LAG(`Orders`) OVER (ORDER BY `Orders`)', [], [0, null, 2, null]],
    ['LAG(`Orders`, 2, -1) OVER (ORDER BY `Orders`)', [], [null, -1, 0, -1]],
    ['LEAD(`Orders`) OVER (ORDER BY `Orders`)', [], [3, 2, null, 0]],
    ['FIRST_VALUE(`Name`) OVER (PARTITION BY `Region` ORDER BY `Orders` DESC)', [], ['Émile ', 'bob', 'Émile ', null]],
    ['LAST_VALUE(`Orders`) OVER (ORDER BY `Region`)', [], [3, 0, 3, null]],
    ['LAST_VALUE(`Orders`) OVER (PARTITION BY `Region`)', [], [3, 0, 3, null]],
    ['LAG(`Orders`, 0) OVER (ORDER BY `Orders`)', [], [2, 0, 3, null]],
    ['NTILE(1) OVER (ORDER BY `Orders`)', [], [1, 1, 1, 1]],
    ['NTILE(9) OVER (ORDER BY `Orders`)', [], [3, 2, 4, 1]],
    ['LAST_VALUE(`Name`) OVER (ORDER BY `Orders` DESC)', [], ['Ann', 'bob', 'Émile ', null]],
    ['FIRST_VALUE(`Orders`) OVER (ORDER BY `Orders` DESC)', [], [3, 3, 3, 3]],
    ['MAX(`Name`) OVER (ORDER BY `Orders`)', [], ['bob', 'bob', 'Émile ', null]],
    ['MIN(`Day`) OVER (PARTITION BY `Region`)', [], ['2024-01-31', '2024-02-29', '2024-01-31', '2023-12-01']],
    ['COUNT(DISTINCT `Region`) OVER ()', [], [2, 2, 2, 2]],
    ['MEDIAN(`Orders`) OVER ()', [], [2, 2, 2, 2]],
    // aggregates as windows: running with ORDER BY (peers included), whole partition without
    ['SUM(`Orders`) OVER (ORDER BY `Region`)', [], [5, 5, 5, null]],
    ['SUM(`Orders`) OVER (PARTITION BY `Region`)', [], [5, 0, 5, null]],
    ['COUNT(*) OVER ()', [], [4, 4, 4, 4]],
    ['AVG(`Orders`) OVER (ORDER BY `Orders`)', [], [1, 0, 1.6667, null]],
    // over the grouped result of an aggregated formula
    ['RANK() OVER (ORDER BY SUM(`Orders`) DESC)', ['Region'], [3, 1, 2]],
    ['SUM(SUM(`Orders`)) OVER ()', ['Region'], [5, 5, 5]],
    ['SUM(`Orders`) / SUM(SUM(`Orders`)) OVER ()', ['Region'], [null, 1, 0]],
    ['SUM(SUM(`Orders`)) OVER (ORDER BY `Region`)', ['Region'], [null, 5, 5]],
  ])('%s (group by %j)', (formula, groupBy, expected) => {
    expect(values(formula, { groupBy })).toEqual(expected);
  });
});

describe('windows over groups of two columns', () => {
  it('partitions the groups, ordered by an aggregate', () => {
    const result = evaluateFormula('RANK() OVER (PARTITION BY `Region` ORDER BY SUM(`Price`) DESC)', ROWS, { schema: SCHEMA, groupBy: ['Region', 'Orders'] });
    expect(result.rows.map((r) => [r.group!['Region'], r.group!['Orders'], r.value])).toEqual([
      [null, null, 1],
      ['East', 2, 1],
      ['East', 3, 2],
      ['west', 0, 1],
    ]);
  });
});

describe('FIXED', () => {
  it('outside an aggregate in an aggregated formula, needs one value per group', () => {
    expect(values('SUM(`Orders`) - (SUM(`Orders`) FIXED (BY `Region`))', { groupBy: ['Region'] })).toEqual([null, 0, 0]);
    expect(values('SUM(`Orders`) - (SUM(`Orders`) FIXED ())', { groupBy: ['Region'] })).toEqual([null, 0, -5]);
    expect(() => values('SUM(`Orders`) - (SUM(`Orders`) FIXED (BY `Orders`))', { groupBy: ['Region'] })).toThrow('SUM(…) FIXED (…) has several values in one group');
  });

  it.each<[string, string[], OutputValue[]]>([
    ['SUM(`Orders`) FIXED (BY `Region`)', [], [5, 0, 5, null]],
    ['SUM(`Orders`) FIXED ()', [], [5, 5, 5, 5]],
    ['MAX(SUM(`Orders`) FIXED (BY `Region`))', [], [5]],
    ['SUM(SUM(`Orders`) FIXED (BY `Region`))', [], [10]],
    ['SUM(`Orders`) / MAX(SUM(`Orders`) FIXED ())', ['Region'], [null, 1, 0]],
    ['MAX(COUNT(*) FIXED (ADD `Orders`))', ['Region'], [1, 1, 1]],
    ['MAX(COUNT(*) FIXED (REMOVE `Region`))', ['Region'], [4, 4, 4]],
    ['SUM(SUM(`Orders`) FIXED (BY `Region` FILTER ALLOW `Name`))', [], [10]],
    ['SUM(`Orders`) FIXED (BY `Region`)', ['Region'], [5, 0, 5, null]],
  ])('%s (group by %j)', (formula, groupBy, expected) => {
    expect(values(formula, { groupBy })).toEqual(expected);
  });
});

describe('nested calculations', () => {
  const nested: Record<string, string> = { '12': '`Orders` * 2', '13': 'SUM(`Orders`)', '14': 'SVC_BEAST_MODE(15)', '15': 'SVC_BEAST_MODE(14)', '16': 'SUM(' };
  const nestedFormula = (id: string) => nested[id];
  it('evaluates a nested formula in place, row-level or aggregated', () => {
    expect(values('SVC_BEAST_MODE(12) + 1', { nestedFormula })).toEqual([5, 1, 7, null]);
    expect(values('SVC_BEAST_MODE(13) / COUNT(*)', { nestedFormula })).toEqual([1.25]);
    expect(values('SUM(SVC_BEAST_MODE(12))', { nestedFormula })).toEqual([10]);
  });
  it.each([
    ['SVC_BEAST_MODE(99)', 'nested-calculation @1-19: nested calculation 99 is unknown (no formula for it was given)'],
    ['1 + SVC_BEAST_MODE(14)', 'nested-calculation @5-23: nested calculation 14 refers to itself (14 → 15 → 14)'],
    ['SVC_BEAST_MODE(16)', "nested-calculation @1-19: nested calculation 16 does not parse: The parenthesis opened at 1:4 is never closed: expected ')' before the end of the formula"],
    ['XYZ_BEAST_MODE(12)', 'unknown-function @1-19: XYZ_BEAST_MODE is not a function: nested calculations are written SVC_BEAST_MODE(id)'],
  ])('%s', (formula, expected) => {
    expect(failure(formula, { nestedFormula })).toBe(expected);
  });
});

describe('errors', () => {
  it.each([
    ['FOO(1)', 'unknown-function @1-4: unknown function FOO: it is not a function of the language'],
    ['PERCENT_RANK() OVER (ORDER BY `Orders`)', 'unsupported-function @1-13: PERCENT_RANK is not supported by the service in formulas (documented as unsupported in formulas)'],
    ['HLL_SKETCH_INIT(`Orders`)', 'unsupported-function @1-16: HLL_SKETCH_INIT is not implemented by the evaluator'],
    ['`Nope` + 1', 'unknown-column @1-7: unknown column `Nope`: the rows have no such column'],
    ['`orders` + 1', 'unknown-column @1-9: unknown column `orders`: the rows have no such column (column names are case-sensitive: `Orders`?)'],
    ['`Orders` + SUM(`Orders`)', 'runtime @1-9: `Orders` is read outside an aggregate in a formula evaluated per group: aggregate it (SUM(`Orders`), MAX(…)) or group by it'],
    ['SUM(MIN(`Orders`))', 'runtime @5-18: MIN is an aggregate inside another aggregate: aggregates do not nest except as the inner aggregate of a window (OVER) or FIXED'],
    ['RANK()', 'runtime @1-7: RANK is a window function: it needs OVER (…)'],
    ['RAND()', "runtime @1-7: RAND() is not deterministic: give a seed (the `seed` option, or RAND(n))"],
    ['1 +', "syntax @4-4: Expected an expression after '+', found the end of the formula"],
    ['POWER(0, -1)', 'runtime @1-13: POWER(0, -1) is out of the range of a DOUBLE'],
    ['POWER(-8, 0.5)', 'runtime @1-15: POWER(-8, 0.5) is out of the range of a DOUBLE'],
    ['SPLIT_PART(`Name`, \',\', 0)', 'runtime @1-27: SPLIT_PART: the field number must be 1 or more'],
    ["TO_NUMBER('abc')", "runtime @1-17: TO_NUMBER: 'abc' is not a number"],
    ['NTILE(0) OVER ()', "runtime @1-17: NTILE's bucket count must be a positive integer constant"],
    ['INTERVAL 1 DAY', 'runtime @1-15: an INTERVAL is not a value: add it to or subtract it from a date (`d` + INTERVAL 1 DAY)'],
    ['SUM(`Orders`) FIXED (BY `Name`)', 'no error'],
    ['RANK() OVER (PARTITION BY `Region` ORDER BY SUM(`Orders`))', 'runtime @27-35: `Region` is read outside an aggregate in a formula evaluated per group: aggregate it (SUM(`Region`), MAX(…)) or group by it'],
    ['PERCENTILE(`Orders`, 2)', 'runtime @1-24: the percentile must be a number from 0 to 1 (got 2)'],
  ])('%s', (formula, expected) => {
    expect(failure(formula)).toBe(expected);
  });

  it('refuses a cell that does not convert to its column type', () => {
    expect(() => evaluateFormula('`Orders`', [{ Orders: 'many' }], { schema: SCHEMA })).toThrow("row 1, column `Orders`: 'many' is not a LONG");
  });

  it('refuses an unknown group-by column and an unknown collation', () => {
    expect(() => evaluateFormula('SUM(`Orders`)', ROWS, { schema: SCHEMA, groupBy: ['Nope'] })).toThrow('unknown group-by column `Nope`');
    expect(() => evaluateFormula('1', ROWS, { collation: 'latin1' as 'binary' })).toThrow("unknown collation 'latin1'");
  });
});

describe('long formulas', () => {
  it('evaluates flat chains of 10,000 operators in a loop (no deep recursion), with the same rules', () => {
    const n = 10_000;
    const sum = Array.from({ length: n }, () => '`Orders`').join(' + ');
    expect(values(sum)).toEqual([2 * n, 0, 3 * n, null]);
    const decimals = Array.from({ length: 100 }, () => '`Price`').join(' + ');
    expect(values(`${decimals} / 3`)).toEqual([1043, 322.833333, null, 9.933333]);
    const and = Array.from({ length: n }, () => '`Orders` >= 0').join(' AND ');
    expect(values(and)).toEqual([true, true, true, null]);
    const or = Array.from({ length: n }, () => '`Orders` > 2').join(' OR ');
    expect(values(or)).toEqual([false, false, true, null]);
    const long = Array.from({ length: 100 }, () => '`Orders`').join(' * 1 - ');
    expect(values(long)).toEqual([2 - 99 * 2, 0, 3 - 99 * 3, null]);
  });
});

describe('compileFormula', () => {
  it('evaluates one compiled formula over several row sets, types inferred from the cells without a schema', () => {
    const compiled = compileFormula('SUM(`x`) / COUNT(*)');
    expect(compiled.aggregated).toBe(true);
    expect(compiled.evaluate([{ x: 1 }, { x: 2 }]).rows).toEqual([{ value: 1.5 }]);
    expect(compiled.evaluate([{ x: '1.5' }, { x: '2.5' }, { x: '' }]).rows).toEqual([{ value: 4 / 3 }]);
    expect(compiled.evaluate([{ x: 3 }]).type).toBe('DECIMAL');
  });

  it('gives only the values of a typed table (one per row, or per group)', () => {
    const table = convertRows(ROWS, SCHEMA);
    expect(compileFormula('`Orders` * 2', { schema: SCHEMA }).evaluateValues(table)).toEqual([4, 0, 6, null]);
    expect(compileFormula('SUM(`Orders`)', { schema: SCHEMA, groupBy: ['Region'] }).evaluateValues(table)).toEqual([null, 5, 0]);
  });

  it('reads the clock option for every evaluation', () => {
    const compiled = compileFormula('1', { now: '2024-03-01T12:00:00' });
    expect(compiled.evaluate([{}]).rows).toEqual([{ value: 1 }]);
  });
});
