// Table tests for the unsupported-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unsupported-function.js';

testRule(
  rule,
  {
    // Accepted functions are others' (WEEKDAY: replaced-function; SQRT, CONVERT_TZ: deprecated-function; MEDIAN:
    // undocumented-function); unknown names are unknown-function's.
    valid: ["DATE_FORMAT(`t`, '%f')", 'RANK() OVER (ORDER BY SUM(`s`))', 'WEEKDAY(`d`)', 'SQRT(`x`)', "CONVERT_TZ(`t`, 'UTC', 'CET')", 'MEDIAN(`x`)', 'FROBNICATE(`x`)'],
    invalid: [
      { code: 'MICROSECOND(`t`)', errors: [{ messageId: 'unsupported', message: "'MICROSECOND' is not supported in formulas (the service refuses it): DATE_FORMAT(x, '%f') gives the microseconds as text", line: 1, column: 1, endLine: 1, endColumn: 12, suggestions: [] }] },
      { code: 'microsecond(`a`) + 1', errors: [{ messageId: 'unsupported', data: { name: 'microsecond' }, line: 1, column: 1, endLine: 1, endColumn: 12, suggestions: [] }] },
      {
        code: 'PERCENT_RANK() OVER (ORDER BY SUM(`Sales`))',
        errors: [{ messageId: 'unsupported', message: "'PERCENT_RANK' is not supported in formulas (the service refuses it): rank with RANK() OVER (…) and divide (rank - 1) by (rows - 1)", line: 1, column: 1, endLine: 1, endColumn: 13, suggestions: [] }],
      },
    ],
  },
  { describe, it },
);
