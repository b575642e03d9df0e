// Table tests for the keyword-case rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './keyword-case.js';

testRule(
  rule,
  {
    valid: [
      "CASE WHEN YEAR(`Date`) = 2024 THEN 'yes' END",
      { code: "case when year(`Date`) = 2024 then 'yes' end", options: { keywords: 'lower', functions: 'lower' } },
      { code: "Case When Year(`Date`) = 2024 Then 'yes' End", options: { keywords: 'preserve', functions: 'preserve' } },
      { code: 'SUM(order) + COUNT(*)', name: 'a bare column named like a keyword is not a keyword' },
    ],
    invalid: [
      {
        code: "case when year(`Date`) = 2024 then 'yes' end",
        output: "CASE WHEN YEAR(`Date`) = 2024 THEN 'yes' END",
        errors: [
          { messageId: 'keyword', data: { text: 'case', expected: 'CASE' }, line: 1, column: 1, endLine: 1, endColumn: 5 },
          { messageId: 'keyword', data: { text: 'when' }, line: 1, column: 6, endLine: 1, endColumn: 10 },
          { messageId: 'function', data: { text: 'year', expected: 'YEAR' }, line: 1, column: 11, endLine: 1, endColumn: 15 },
          { messageId: 'keyword', data: { text: 'then' }, line: 1, column: 31, endLine: 1, endColumn: 35 },
          { messageId: 'keyword', data: { text: 'end' }, line: 1, column: 42, endLine: 1, endColumn: 45 },
        ],
      },
      {
        code: 'DATE_SUB(`d`, INTERVAL 3 Hour) IS null',
        options: { keywords: 'lower', functions: 'preserve' },
        output: 'DATE_SUB(`d`, interval 3 hour) is null',
        errors: [{ messageId: 'keyword', line: 1, column: 15, endLine: 1, endColumn: 23 }, { messageId: 'keyword', line: 1, column: 26, endLine: 1, endColumn: 30 }, { messageId: 'keyword', line: 1, column: 32, endLine: 1, endColumn: 34 }],
      },
    ],
  },
  { describe, it },
);
