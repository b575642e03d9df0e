// Table tests for the dayofweek-range rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './dayofweek-range.js';

testRule(
  rule,
  {
    valid: ['DAYOFWEEK(`d`) = 1', 'DAYOFWEEK(`d`) <= DAYOFWEEK(CURDATE())', 'MOD(DAYOFWEEK(`d`) + 5, 7) = 0', 'HOUR(`t`) = 0', 'MONTH(`d`) IN (1, 12)'],
    invalid: [
      { code: 'DAYOFWEEK(`d`) = 0', errors: [{ messageId: 'range', message: 'DAYOFWEEK returns 1 to 7 (1 = Sunday), so it never equals 0', line: 1, column: 18, endLine: 1, endColumn: 19 }] },
      { code: '8 <> dayofweek(`d`)', errors: [{ messageId: 'range', data: { value: '8' }, line: 1, column: 1, endLine: 1, endColumn: 2 }] },
      { code: 'MONTH(`d`) IN (0, 12)', errors: [{ messageId: 'range', data: { name: 'MONTH' }, line: 1, column: 16, endLine: 1, endColumn: 17 }] },
      { code: 'QUARTER(`d`) = -1', errors: [{ messageId: 'range', line: 1, column: 16, endLine: 1, endColumn: 18 }] },
    ],
  },
  { describe, it },
);
