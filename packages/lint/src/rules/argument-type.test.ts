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
      { code: "YEAR('Date')", errors: [{ messageId: 'mismatch', message: "Argument 1 of 'YEAR' should be a date, but it is the text 'Date', which is not a date", column: 6, endColumn: 12 }] },
      { code: "AVG('metric')", errors: [{ messageId: 'mismatch', data: { kind: 'number' } }] },
      { code: 'YEAR(2024)', errors: [{ messageId: 'mismatch', data: { what: 'the number 2024' } }] },
      { code: 'SUM(TRUE)', errors: [{ messageId: 'mismatch' }] },
      { code: 'SUM(`Name`)', schema: [...schema], errors: [{ messageId: 'mismatch', data: { what: 'column `Name` of type STRING' } }] },
      { code: 'MONTH(`Amount`)', schema: [...schema], errors: [{ messageId: 'mismatch' }] },
    ],
  },
  { describe, it },
);
