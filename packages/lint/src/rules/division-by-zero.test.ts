// Table tests for the division-by-zero rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './division-by-zero.js';

testRule(
  rule,
  {
    valid: ['`Profit` / 100', '`a` / `b`', 'MOD(`a`, 7)', '`a` - 0'],
    invalid: [
      { code: '`Profit` / 0', errors: [{ messageId: 'zero', column: 12, endColumn: 13 }] },
      { code: '`Profit` / (0.0)', errors: [{ messageId: 'zero' }] },
      { code: '`a` / -0', errors: [{ messageId: 'zero' }] },
      { code: 'MOD(`a`, 0)', errors: [{ messageId: 'zero' }] },
    ],
  },
  { describe, it },
);
