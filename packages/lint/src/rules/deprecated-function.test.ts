// Table tests for the deprecated-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './deprecated-function.js';

testRule(
  rule,
  {
    // Refused functions (MICROSECOND) are unsupported-function's; replaced ones (WEEKDAY) replaced-function's.
    valid: ['POWER(`x`, 0.5)', "DATE_ADD(`t`, INTERVAL -5 HOUR)", 'MICROSECOND(`t`)', 'WEEKDAY(`d`)', 'FROBNICATE(`x`)'],
    invalid: [
      {
        code: 'SQRT(`x`)',
        errors: [{ messageId: 'deprecated', message: "'SQRT' is documented as unsupported in formulas, though the service still accepts it: it may stop working; use POWER(x, 0.5)", line: 1, column: 1, endLine: 1, endColumn: 5, suggestions: ['POWER(`x`, 0.5)'] }],
      },
      { code: 'sqrt(`a`) + SQRT(`b` * 2)', errors: [{ messageId: 'deprecated', data: { name: 'sqrt' }, line: 1, column: 1, endLine: 1, endColumn: 5, suggestions: ['POWER(`a`, 0.5) + SQRT(`b` * 2)'] }, { messageId: 'deprecated', line: 1, column: 13, endLine: 1, endColumn: 17, suggestions: ['sqrt(`a`) + POWER(`b` * 2, 0.5)'] }] },
      { code: 'SQRT(`a`, `b`)', errors: [{ messageId: 'deprecated', line: 1, column: 1, endLine: 1, endColumn: 5, suggestions: [] }] },
      {
        code: "CONVERT_TZ(`t`, 'UTC', 'CET')",
        errors: [{ messageId: 'deprecated', message: "'CONVERT_TZ' is documented as unsupported in formulas, though the service still accepts it: it may stop working; add the zones' difference with DATE_ADD(x, INTERVAL n HOUR)", line: 1, column: 1, endLine: 1, endColumn: 11, suggestions: [] }],
      },
    ],
  },
  { describe, it },
);
