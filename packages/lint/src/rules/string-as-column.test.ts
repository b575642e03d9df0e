// Table tests for the string-as-column rule: single-quoted text where a column's values are certainly meant.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './string-as-column.js';

const schema = [
  { name: 'Date', type: 'DATE' },
  { name: 'Total Sales', type: 'DECIMAL' },
  { name: 'Stage', type: 'STRING' },
  { name: 'Order ID', type: 'STRING' },
  { name: 'Region', type: 'STRING' },
  { name: 'Sales', type: 'DECIMAL' },
] as const;
const s = [...schema];
const noHint = 'columns are written in backticks';

testRule(
  rule,
  {
    valid: [
      // Text that reads as what the function needs.
      "YEAR('2024-01-01')",
      "DATEDIFF('2024-12-31', `Date`)",
      "HOUR('10:30:00')",
      "SUM('12')",
      "SUM('-1.5')",
      "SUM('12 units')",
      "ROUND('.5', 1)",
      // Text where text is plausible, also when it names a column of the schema.
      { code: "CONCAT('Sales', ' ', `Region`)", schema: s },
      { code: "CASE WHEN `Stage` = 'Sales' THEN 1 ELSE 0 END", schema: s },
      { code: "`Region` = 'Region'", schema: s, name: 'text compared with a text column may be one of its values' },
      { code: "`Region` IN ('Region', 'West')", schema: s },
      { code: "`Region` LIKE '%Region%'", schema: s },
      { code: "CASE WHEN `Total Sales` > 0 THEN 'Sales' ELSE 'Region' END", schema: s, name: 'labels that name columns' },
      { code: "CASE WHEN `Total Sales` > 0 THEN 'Sales' ELSE 'Other' END = 'Sales'", schema: s, name: 'a CASE of labels compared with a label' },
      { code: "CASE `Stage` WHEN 'Region' THEN 1 END", schema: s },
      { code: "REPLACE(`Stage`, 'Region', '')", schema: s, name: 'a function of a column' },
      // Idioms with text inside an aggregate.
      "MAX(CASE WHEN `a` > 1 THEN 'Yes' ELSE 'No' END)",
      "COUNT(CASE WHEN `a` > 1 THEN 'x' END)",
      "COUNT(DISTINCT CASE WHEN `Status` = 'Won' THEN `Id` END)",
      "COUNT(DISTINCT CASE WHEN `a` = 1 THEN 'A' WHEN `a` = 2 THEN 'B' END)",
      "SUM(CASE WHEN `Type` = 'Sales' THEN `Amount` ELSE 0 END)",
      "LISTAGG(`Name`, 10, ', ')",
      // Without a schema, counting a constant counts rows; text in arithmetic may be meant (string-may-be-column).
      "COUNT('Order ID')",
      "'Sales' * 2",
      "CASE WHEN `b` = 0 THEN 'N/A' ELSE `a` / `b` END * 100",
      "COUNT(*)",
      "COUNT(1)",
      // Text without a letter is never a column name.
      "SUM('')",
      "COUNT(DISTINCT '-')",
      // Double quotes and typographic quotes are other rules'.
      'SUM("Sales")',
      { code: 'YEAR(`Date`)', schema: s },
      { code: "COUNT(`Order ID`)", schema: s },
    ],
    invalid: [
      // Aggregates that need numbers.
      {
        code: "SUM('Sales')",
        errors: [{ messageId: 'number', message: `'Sales' is text, not a number, where SUM needs a column's values: ${noHint}`, line: 1, column: 5, endLine: 1, endColumn: 12, suggestions: ['SUM(`Sales`)'] }],
        output: null,
      },
      { code: "AVG('Revenue')", errors: [{ messageId: 'number', data: { name: 'AVG', raw: "'Revenue'" }, line: 1, column: 5, endLine: 1, endColumn: 14, suggestions: ['AVG(`Revenue`)'] }], output: null },
      { code: "sum('Sales')", errors: [{ messageId: 'number', data: { name: 'sum' }, line: 1, column: 5, endLine: 1, endColumn: 12, suggestions: ['sum(`Sales`)'] }], output: null, name: 'the function as written' },
      { code: "SUM(('Sales'))", errors: [{ messageId: 'number', line: 1, column: 6, endLine: 1, endColumn: 13, suggestions: ['SUM((`Sales`))'] }], output: null },
      { code: "SUM(DISTINCT 'Sales')", errors: [{ messageId: 'number', line: 1, column: 14, endLine: 1, endColumn: 21, suggestions: ['SUM(DISTINCT `Sales`)'] }], output: null },
      // CASE results summed.
      {
        code: "SUM(CASE WHEN `x` = 1 THEN 'Sales' ELSE 0 END)",
        errors: [{ messageId: 'number', line: 1, column: 28, endLine: 1, endColumn: 35, suggestions: ['SUM(CASE WHEN `x` = 1 THEN `Sales` ELSE 0 END)'] }],
        output: null,
      },
      {
        code: "AVG(CASE WHEN `x` = 1 THEN `Profit` ELSE 'Revenue' END)",
        errors: [{ messageId: 'number', line: 1, column: 42, endLine: 1, endColumn: 51, suggestions: ['AVG(CASE WHEN `x` = 1 THEN `Profit` ELSE `Revenue` END)'] }],
        output: null,
      },
      {
        code: "SUM(CASE WHEN `a` = 1 THEN CASE WHEN `b` = 1 THEN 'Sales' END ELSE 0 END)",
        errors: [{ messageId: 'number', line: 1, column: 51, endLine: 1, endColumn: 58, suggestions: ['SUM(CASE WHEN `a` = 1 THEN CASE WHEN `b` = 1 THEN `Sales` END ELSE 0 END)'] }],
        output: null,
        name: 'nested CASE',
      },
      {
        code: "SUM(CASE WHEN YEAR(`Date`) = 2024 THEN 'Total Sales' ELSE 0 END)",
        schema: s,
        errors: [{ messageId: 'number', message: "'Total Sales' is text, not a number, where SUM needs a column's values: `Total Sales` is a column of the dataset", line: 1, column: 40, endLine: 1, endColumn: 53 }],
        output: 'SUM(CASE WHEN YEAR(`Date`) = 2024 THEN `Total Sales` ELSE 0 END)',
      },
      // Numeric arguments of scalar functions.
      { code: "ROUND('Profit', 2)", errors: [{ messageId: 'number', data: { name: 'ROUND' }, line: 1, column: 7, endLine: 1, endColumn: 15, suggestions: ['ROUND(`Profit`, 2)'] }], output: null },
      // Date functions.
      {
        code: "MONTH('Order Date')",
        errors: [{ messageId: 'date', message: `'Order Date' is text, not a date, where MONTH needs a column's values: ${noHint}`, line: 1, column: 7, endLine: 1, endColumn: 19, suggestions: ['MONTH(`Order Date`)'] }],
        output: null,
      },
      {
        code: "YEAR('NOW')",
        errors: [{ messageId: 'date', message: "'NOW' is text, not a date, where YEAR needs a column's values: NOW() is a function, written without quotes", line: 1, column: 6, endLine: 1, endColumn: 11, suggestions: ['YEAR(NOW())'] }],
        output: null,
        name: 'text that names a function without arguments',
      },
      { code: "DATE_SUB('current_date', INTERVAL 1 DAY)", errors: [{ messageId: 'date', line: 1, column: 10, endLine: 1, endColumn: 24, suggestions: ['DATE_SUB(CURRENT_DATE(), INTERVAL 1 DAY)'] }], output: null },
      { code: "YEAR('Ship Date')", errors: [{ messageId: 'date', line: 1, column: 6, endLine: 1, endColumn: 17, suggestions: ['YEAR(`Ship Date`)'] }], output: null },
      { code: "DATE_FORMAT('Order Date', '%Y')", errors: [{ messageId: 'date', data: { name: 'DATE_FORMAT' }, line: 1, column: 13, endLine: 1, endColumn: 25, suggestions: ["DATE_FORMAT(`Order Date`, '%Y')"] }], output: null },
      { code: "DATEDIFF(CURDATE(), 'Order Date')", errors: [{ messageId: 'date', line: 1, column: 21, endLine: 1, endColumn: 33, suggestions: ['DATEDIFF(CURDATE(), `Order Date`)'] }], output: null },
      { code: "YEAR('Date')", schema: s, errors: [{ messageId: 'date', message: "'Date' is text, not a date, where YEAR needs a column's values: `Date` is a column of the dataset", line: 1, column: 6, endLine: 1, endColumn: 12 }], output: 'YEAR(`Date`)' },
      { code: "YEAR('date')", schema: s, errors: [{ messageId: 'date', data: { hint: 'the dataset has a column `Date` (names are case-sensitive)' }, line: 1, column: 6, endLine: 1, endColumn: 12, suggestions: ['YEAR(`Date`)'] }], output: null, name: 'a name that differs in case: a suggestion with the schema spelling' },
      { code: "YEAR('Stage')", schema: s, errors: [{ messageId: 'date', line: 1, column: 6, endLine: 1, endColumn: 13, suggestions: ['YEAR(`Stage`)'] }], output: null, name: 'the column is not a date: a suggestion only' },
      {
        code: "YEAR(`Date`) - YEAR('Date')",
        errors: [{ messageId: 'date', data: { hint: '`Date` is a column this formula uses' }, line: 1, column: 21, endLine: 1, endColumn: 27 }],
        output: 'YEAR(`Date`) - YEAR(`Date`)',
        name: 'without a schema, a column written in backticks elsewhere',
      },
      {
        code: "YEAR(CASE WHEN `x` = 1 THEN 'Order Date' ELSE `Ship Date` END)",
        errors: [{ messageId: 'date', line: 1, column: 29, endLine: 1, endColumn: 41, suggestions: ['YEAR(CASE WHEN `x` = 1 THEN `Order Date` ELSE `Ship Date` END)'] }],
        output: null,
      },
      // Distinct counts and other aggregates of a constant.
      {
        code: "COUNT(DISTINCT 'Order ID')",
        errors: [{ messageId: 'distinct', message: `COUNT of the text 'Order ID' counts one value, so it is always 1: ${noHint}`, line: 1, column: 16, endLine: 1, endColumn: 26, suggestions: ['COUNT(DISTINCT `Order ID`)'] }],
        output: null,
      },
      { code: "COUNT(DISTINCT 'Order ID')", schema: s, errors: [{ messageId: 'distinct', data: { hint: '`Order ID` is a column of the dataset' }, line: 1, column: 16, endLine: 1, endColumn: 26 }], output: 'COUNT(DISTINCT `Order ID`)' },
      { code: "APPROXIMATE_COUNT_DISTINCT('User ID')", errors: [{ messageId: 'distinct', line: 1, column: 28, endLine: 1, endColumn: 37, suggestions: ['APPROXIMATE_COUNT_DISTINCT(`User ID`)'] }], output: null },
      {
        code: "MAX('Order Date')",
        errors: [{ messageId: 'constant', message: `MAX of the text 'Order Date' aggregates one constant, the same on every row: ${noHint}`, line: 1, column: 5, endLine: 1, endColumn: 17, suggestions: ['MAX(`Order Date`)'] }],
        output: null,
      },
      { code: "MIN('Region')", schema: s, errors: [{ messageId: 'constant', line: 1, column: 5, endLine: 1, endColumn: 13 }], output: 'MIN(`Region`)' },
      // With a schema, counting the rows of a constant that names a column.
      {
        code: "COUNT('Order ID')",
        schema: s,
        errors: [{ messageId: 'rows', message: "COUNT('Order ID') counts rows, as COUNT(*) does, not the values of a column: `Order ID` is a column of the dataset", line: 1, column: 7, endLine: 1, endColumn: 17 }],
        output: 'COUNT(`Order ID`)',
      },
      // With a schema, arithmetic and comparisons.
      { code: "'Total Sales' * 2", schema: s, errors: [{ messageId: 'arithmetic', message: "'Total Sales' is text, not a number, in arithmetic: `Total Sales` is a column of the dataset", line: 1, column: 1, endLine: 1, endColumn: 14 }], output: '`Total Sales` * 2' },
      {
        code: "CASE WHEN `x` THEN 'Sales' ELSE `Sales` END * 2",
        errors: [{ messageId: 'arithmetic', data: { hint: '`Sales` is a column this formula uses' }, line: 1, column: 20, endLine: 1, endColumn: 27 }],
        output: 'CASE WHEN `x` THEN `Sales` ELSE `Sales` END * 2',
        name: 'a CASE result in arithmetic that names a column of the formula',
      },
      { code: "-'Sales'", schema: s, errors: [{ messageId: 'arithmetic', line: 1, column: 2, endLine: 1, endColumn: 9 }], output: '-`Sales`' },
      { code: "'Region' + 1", schema: s, errors: [{ messageId: 'arithmetic', line: 1, column: 1, endLine: 1, endColumn: 9, suggestions: ['`Region` + 1'] }], output: null, name: 'a text column in arithmetic: a suggestion only' },
      {
        code: "'Region' = 'West'",
        schema: s,
        errors: [{ messageId: 'comparison', message: "'Region' is text, so this compares a constant, not the values of a column: `Region` is a column of the dataset", line: 1, column: 1, endLine: 1, endColumn: 9 }],
        output: "`Region` = 'West'",
      },
      { code: "'Region' IN ('West', 'East')", schema: s, errors: [{ messageId: 'comparison', line: 1, column: 1, endLine: 1, endColumn: 9 }], output: "`Region` IN ('West', 'East')" },
      {
        code: "'Date' >= CURDATE()",
        schema: s,
        errors: [{ messageId: 'comparison', message: "'Date' is text, not a date, so this compares a constant, not the values of a column: `Date` is a column of the dataset", line: 1, column: 1, endLine: 1, endColumn: 7 }],
        output: '`Date` >= CURDATE()',
      },
      { code: "'Sales' > 100", schema: s, errors: [{ messageId: 'comparison', data: { what: ', not a number,' }, line: 1, column: 1, endLine: 1, endColumn: 8 }], output: '`Sales` > 100' },
    ],
  },
  { describe, it },
);
