// Table tests for the replaced-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './replaced-function.js';

testRule(
  rule,
  {
    valid: ['DAYOFWEEK(`d`)', 'MOD(DAYOFWEEK(`d`) + 5, 7)', 'SQRT(`x`)', 'MEDIAN(`x`)', 'FROBNICATE(`d`)'],
    invalid: [
      {
        code: 'WEEKDAY(`d`) = 0',
        errors: [
          {
            messageId: 'replaced',
            message: "'WEEKDAY' is silently replaced by DAYOFWEEK, which numbers days 1 = Sunday .. 7 = Saturday, not 0 = Monday .. 6 = Sunday; MOD(DAYOFWEEK(x) + 5, 7) is WEEKDAY",
            line: 1,
            column: 1,
            endLine: 1,
            endColumn: 8,
            suggestions: ['MOD(DAYOFWEEK(`d`) + 5, 7) = 0'],
          },
        ],
      },
      { code: 'weekday(ADDDATE(`d`, 1))', errors: [{ messageId: 'replaced', data: { name: 'weekday', by: 'DAYOFWEEK' }, line: 1, column: 1, endLine: 1, endColumn: 8, suggestions: ['MOD(DAYOFWEEK(ADDDATE(`d`, 1)) + 5, 7)'] }] },
      { code: 'WEEKDAY()', errors: [{ messageId: 'replaced', line: 1, column: 1, endLine: 1, endColumn: 8, suggestions: [] }] },
    ],
  },
  { describe, it },
);
