// Table tests for the split-function-name rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './split-function-name.js';

testRule(
  rule,
  {
    valid: [
      "STR_TO_DATE(`x`, '%y')",
      'DATE (`d`)',
      "CASE WHEN `a` = 1 THEN DATE(`d`) ELSE NULL END",
      'SUM(`a`) - DATE(`b`)',
      '`Start` - DATE(`d`)',
      'YEAR(`d`) - WEEK(`d`)',
      'YEAR(`d`)-WEEK(`d`)',
      'SUM(SUM(`s`) FIXED (ADD `City`))',
      'COUNT(DISTINCT `x`)',
      // A line break or a comment ends a name.
      { code: "DATE\nFORMAT(`d`, '%Y')", syntaxErrors: true },
      { code: "DATE /* */ FORMAT(`d`, '%Y')", syntaxErrors: true },
      // Reserved words are never part of a name: END - DATE(…) is not END_DATE.
      'CASE WHEN `a` THEN 1 END-DATE(`d`)',
    ],
    invalid: [
      {
        code: "STR_TO-DATE(`x`, '%y')",
        errors: [{ messageId: 'split', message: "'STR_TO-DATE' looks like the function STR_TO_DATE with a hyphen for '_'", line: 1, column: 1, endLine: 1, endColumn: 12, suggestions: ["STR_TO_DATE(`x`, '%y')"] }],
        output: "STR_TO_DATE(`x`, '%y')",
      },
      {
        code: "str-to-date(`x`, '%y')",
        errors: [{ messageId: 'split', data: { written: 'str-to-date', name: 'STR_TO_DATE', how: "a hyphen for '_'" }, line: 1, column: 1, endLine: 1, endColumn: 12, suggestions: ["str_to_date(`x`, '%y')"] }],
        output: "str_to_date(`x`, '%y')",
      },
      {
        code: "DATE FORMAT(`x`, '%Y')",
        syntaxErrors: true,
        errors: [{ messageId: 'split', message: "'DATE FORMAT' looks like the function DATE_FORMAT with a space for '_'", line: 1, column: 1, endLine: 1, endColumn: 12, suggestions: ["DATE_FORMAT(`x`, '%Y')"] }],
        output: "DATE_FORMAT(`x`, '%Y')",
      },
      {
        code: "DATE_ FORMAT(`x`, '%Y')",
        syntaxErrors: true,
        errors: [{ messageId: 'split', message: "'DATE_ FORMAT' looks like the function DATE_FORMAT with a space inside its name", line: 1, column: 1, endLine: 1, endColumn: 13, suggestions: ["DATE_FORMAT(`x`, '%Y')"] }],
        output: "DATE_FORMAT(`x`, '%Y')",
      },
      {
        code: 'COUNT DISTINCT(`x`)',
        syntaxErrors: true,
        errors: [{ messageId: 'distinct', message: "'COUNT DISTINCT(' looks like COUNT(DISTINCT …): DISTINCT goes inside the parentheses", line: 1, column: 1, endLine: 1, endColumn: 16, suggestions: ['COUNT(DISTINCT `x`)'] }],
        output: 'COUNT(DISTINCT `x`)',
      },
      {
        code: 'APPROXIMATE COUNT DISTINCT(`x`)',
        syntaxErrors: true,
        errors: [{ messageId: 'split', data: { name: 'APPROXIMATE_COUNT_DISTINCT', how: "a space for '_'" }, line: 1, column: 1, endLine: 1, endColumn: 27, suggestions: ['APPROXIMATE_COUNT_DISTINCT(`x`)'] }],
        output: 'APPROXIMATE_COUNT_DISTINCT(`x`)',
      },
      {
        // Inside a larger formula, after a keyword: only the words that join into a name are replaced.
        code: 'CASE WHEN `a` THEN DATE-ADD(`d`, 1) END',
        errors: [{ messageId: 'split', data: { written: 'DATE-ADD', name: 'DATE_ADD' }, line: 1, column: 20, endLine: 1, endColumn: 28, suggestions: ['CASE WHEN `a` THEN DATE_ADD(`d`, 1) END'] }],
        output: 'CASE WHEN `a` THEN DATE_ADD(`d`, 1) END',
      },
      {
        // Still a valid subtraction (a bare column YEAR minus WEEK(`d`)): suggested, not fixed.
        code: 'YEAR-WEEK(`d`)',
        errors: [{ messageId: 'split', message: "'YEAR-WEEK' looks like the function YEARWEEK with a hyphen inside its name", line: 1, column: 1, endLine: 1, endColumn: 10, suggestions: ['YEARWEEK(`d`)'] }],
        output: null,
      },
      {
        code: "SUM(`a`) + current date()",
        syntaxErrors: true,
        errors: [{ messageId: 'split', data: { written: 'current date', name: 'CURRENT_DATE' }, line: 1, column: 12, endLine: 1, endColumn: 24, suggestions: ['SUM(`a`) + current_date()'] }],
        output: 'SUM(`a`) + current_date()',
      },
    ],
  },
  { describe, it },
);
