// Table tests for the argument-type rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './argument-type.js';

const schema = [
  { name: 'Date', type: 'DATE' },
  { name: 'Amount', type: 'LONG' },
  { name: 'Name', type: 'STRING' },
] as const;

testRule(
  rule,
  {
    valid: [
      'YEAR(`Date`)',
      "YEAR('2024-01-31')",
      "SUM('12')",
      "CONCAT(YEAR(CURRENT_DATE()) - 1, '01')",
      'COUNT(`Name`)',
      { code: 'YEAR(`Date`) + SUM(`Amount`)', schema: [...schema] },
      { code: 'YEAR(`Unknown`)', schema: [...schema], name: 'columns the schema does not have are unknown-column’s business' },
    ],
    invalid: [
      { code: "YEAR('Date')", errors: [{ messageId: 'mismatch', message: "Argument 1 of 'YEAR' should be a date, but it is the text 'Date', which is not a date", line: 1, column: 6, endLine: 1, endColumn: 12 }] },
      { code: "AVG('metric')", errors: [{ messageId: 'mismatch', data: { kind: 'number' }, line: 1, column: 5, endLine: 1, endColumn: 13 }] },
      { code: 'YEAR(2024)', errors: [{ messageId: 'mismatch', data: { what: 'the number 2024' }, line: 1, column: 6, endLine: 1, endColumn: 10 }] },
      { code: 'SUM(TRUE)', errors: [{ messageId: 'mismatch', line: 1, column: 5, endLine: 1, endColumn: 9 }] },
      { code: 'SUM(`Name`)', schema: [...schema], errors: [{ messageId: 'mismatch', data: { what: 'column `Name` of type STRING' }, line: 1, column: 5, endLine: 1, endColumn: 11 }] },
      { code: 'MONTH(`Amount`)', schema: [...schema], errors: [{ messageId: 'mismatch', line: 1, column: 7, endLine: 1, endColumn: 15 }] },
    ],
  },
  { describe, it },
);
