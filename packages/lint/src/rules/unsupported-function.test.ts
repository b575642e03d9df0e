// Table tests for the unsupported-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unsupported-function.js';

testRule(
  rule,
  {
    valid: ['POWER(`x`, 0.5)', 'DAYOFWEEK(`d`)', 'MOD(DAYOFWEEK(`d`) + 5, 7)'],
    invalid: [
      { code: 'SQRT(`x`)', errors: [{ messageId: 'unsupported', data: { name: 'SQRT' }, suggestions: ['POWER(`x`, 0.5)'] }] },
      { code: 'weekday(`d`) = 0', errors: [{ messageId: 'unsupported', column: 1, endColumn: 8, suggestions: ['MOD(DAYOFWEEK(`d`) + 5, 7) = 0'] }] },
      { code: "CONVERT_TZ(`t`, 'UTC', 'CET')", errors: [{ messageId: 'unsupported', message: "'CONVERT_TZ' is documented as unsupported in formulas", suggestions: [] }] },
      { code: 'MICROSECOND(`t`)', errors: [{ messageId: 'unsupported' }] },
    ],
  },
  { describe, it },
);
