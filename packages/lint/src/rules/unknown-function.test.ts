// Table tests for the unknown-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unknown-function.js';

testRule(
  rule,
  {
    valid: [
      'DATEDIFF(`a`, `b`)',
      'dateDiff(`a`, `b`)',
      'CURRENT_DATE',
      'SVC_BEAST_MODE(12)',
      'MEDIAN(`x`)',
      'PERCENTILE(`x`, 0.9)',
      'SQRT(`x`)',
      // FORMAT is the tail of a split DATE_FORMAT: split-function-name names the function meant.
      { code: "DATE-FORMAT(`d`, '%Y')", alsoEnable: ['split-function-name'] },
    ],
    invalid: [
      {
        code: 'DATE_DIFF(`a`, `b`)',
        errors: [{ messageId: 'unknown', message: "Unknown function 'DATE_DIFF'; did you mean 'DATEDIFF'?", line: 1, column: 1, endLine: 1, endColumn: 10, suggestions: ['DATEDIFF(`a`, `b`)'] }],
      },
      { code: 'datedif(`a`, `b`)', errors: [{ messageId: 'unknown', data: { name: 'datedif' }, line: 1, column: 1, endLine: 1, endColumn: 8, suggestions: ['DATEDIFF(`a`, `b`)'] }] },
      { code: 'SUMM(`x`)', errors: [{ messageId: 'unknown', data: { name: 'SUMM' }, line: 1, column: 1, endLine: 1, endColumn: 5, suggestions: ['SUM(`x`)'] }] },
      { code: 'FROBNICATE(`x`)', errors: [{ messageId: 'unknown', message: "Unknown function 'FROBNICATE'", line: 1, column: 1, endLine: 1, endColumn: 11, suggestions: [] }] },
      // Without split-function-name running, the call the parser saw is reported as it is.
      { code: "DATE-FORMAT(`d`, '%Y')", errors: [{ messageId: 'unknown', data: { name: 'FORMAT' }, line: 1, column: 6, endLine: 1, endColumn: 12 }] },
    ],
  },
  { describe, it },
);
