// Table tests for the unsupported-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unsupported-function.js';

testRule(
  rule,
  {
    // WEEKDAY is accepted (silently replaced): replaced-function warns about it; engine-only and unknown names are others'.
    valid: ['POWER(`x`, 0.5)', 'DAYOFWEEK(`d`)', 'MOD(DAYOFWEEK(`d`) + 5, 7)', 'WEEKDAY(`d`)', 'MEDIAN(`x`)', 'FROBNICATE(`x`)'],
    invalid: [
      {
        code: 'SQRT(`x`)',
        errors: [{ messageId: 'unsupported', message: "'SQRT' is documented as unsupported in formulas: use POWER(x, 0.5)", line: 1, column: 1, endLine: 1, endColumn: 5, suggestions: ['POWER(`x`, 0.5)'] }],
      },
      { code: 'sqrt(`a`) + SQRT(`b` * 2)', errors: [{ messageId: 'unsupported', data: { name: 'sqrt' }, column: 1, endColumn: 5, suggestions: ['POWER(`a`, 0.5) + SQRT(`b` * 2)'] }, { messageId: 'unsupported', column: 13, endColumn: 17, suggestions: ['sqrt(`a`) + POWER(`b` * 2, 0.5)'] }] },
      { code: 'SQRT(`a`, `b`)', errors: [{ messageId: 'unsupported', column: 1, endColumn: 5, suggestions: [] }] },
      {
        code: "CONVERT_TZ(`t`, 'UTC', 'CET')",
        errors: [{ messageId: 'unsupported', message: "'CONVERT_TZ' is documented as unsupported in formulas: add the zones' difference with DATE_ADD(x, INTERVAL n HOUR)", column: 1, endColumn: 11, suggestions: [] }],
      },
      { code: 'MICROSECOND(`t`)', errors: [{ messageId: 'unsupported', message: "'MICROSECOND' is documented as unsupported in formulas: DATE_FORMAT(x, '%f') gives the microseconds as text", column: 1, endColumn: 12, suggestions: [] }] },
    ],
  },
  { describe, it },
);
