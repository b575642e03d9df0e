// Table tests for the string-may-be-column rule: text that is probably a column, where the text may also be meant.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './string-may-be-column.js';

const s = [
  { name: 'Date', type: 'DATE' },
  { name: 'Order ID', type: 'STRING' },
  { name: 'Region', type: 'STRING' },
  { name: 'Sales', type: 'DECIMAL' },
] as const;
const schema = [...s];
const noHint = 'columns are written in backticks';

testRule(
  rule,
  {
    valid: [
      // The certain cases are string-as-column's errors, never both.
      "SUM('Sales')",
      "MONTH('Order Date')",
      "COUNT(DISTINCT 'Order ID')",
      { code: "COUNT('Order ID')", schema },
      { code: "'Sales' * 2", schema },
      "CASE WHEN `x` THEN 'Sales' ELSE `Sales` END * 2",
      // Plausible text.
      "CONCAT('Q', QUARTER(`Date`))",
      "CURDATE() > '2024-01-31'",
      "`Amount` > '100'",
      "'10' * 2",
      "COUNT('*')",
      "COUNT(1)",
      "CASE WHEN `Region` = 'West' THEN 'Sales' END",
      { code: "CASE WHEN `b` = 0 THEN 'N/A' ELSE `a` / `b` END * 100", name: 'a CASE label in arithmetic (mixed branches are case-branch-types\' concern)' },
      "`Region` = 'Region'",
      "'Region' = 'West'",
      "UPPER('Region')",
      { code: "UPPER(`Region`)", schema },
      { code: "CONCAT('Region', ': ', `Region`)", schema },
      { code: "UPPER('region')", schema, name: 'only an exact name makes a function of constants suspect' },
      { code: "LEFT(`Region`, 3) = 'Region'", schema },
    ],
    invalid: [
      {
        code: "COUNT('Order ID')",
        errors: [{ messageId: 'rows', message: `COUNT('Order ID') counts rows, as COUNT(*) does, not the values of a column: ${noHint}`, line: 1, column: 7, endLine: 1, endColumn: 17, suggestions: ['COUNT(`Order ID`)'] }],
        output: null,
      },
      { code: "COUNT('Order Id')", schema, errors: [{ messageId: 'rows', data: { hint: 'the dataset has a column `Order ID` (names are case-sensitive)' }, line: 1, column: 7, endLine: 1, endColumn: 17, suggestions: ['COUNT(`Order ID`)'] }], output: null },
      {
        code: "'Sales' * 2",
        errors: [{ messageId: 'arithmetic', message: `'Sales' is text, not a number, in arithmetic: ${noHint}`, line: 1, column: 1, endLine: 1, endColumn: 8, suggestions: ['`Sales` * 2'] }],
        output: null,
      },
      { code: "'Q' + QUARTER(`Date`)", errors: [{ messageId: 'arithmetic', line: 1, column: 1, endLine: 1, endColumn: 4, suggestions: ['`Q` + QUARTER(`Date`)'] }], output: null, name: '+ written for concatenation' },
      {
        code: "CURDATE() > 'Order Date'",
        errors: [{ messageId: 'comparison', message: `'Order Date' is text, not a date, so this compares a constant, not the values of a column: ${noHint}`, line: 1, column: 13, endLine: 1, endColumn: 25, suggestions: ['CURDATE() > `Order Date`'] }],
        output: null,
      },
      { code: "SUM(`Sales`) > 'Target'", errors: [{ messageId: 'comparison', data: { what: ', not a number,' }, line: 1, column: 16, endLine: 1, endColumn: 24, suggestions: ['SUM(`Sales`) > `Target`'] }], output: null },
      {
        code: "UPPER('Region')",
        schema,
        errors: [{ messageId: 'constantCall', message: 'UPPER works on the text \'Region\', the same on every row, not on the column: `Region` is a column of the dataset', line: 1, column: 7, endLine: 1, endColumn: 15, suggestions: ['UPPER(`Region`)'] }],
        output: null,
      },
      { code: "STR_TO_DATE('Order ID', '%Y%m%d')", schema, errors: [{ messageId: 'constantCall', line: 1, column: 13, endLine: 1, endColumn: 23, suggestions: ["STR_TO_DATE(`Order ID`, '%Y%m%d')"] }], output: null },
    ],
  },
  { describe, it },
);
