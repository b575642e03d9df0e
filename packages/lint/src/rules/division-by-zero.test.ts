// Table tests for the division-by-zero rule.
import { describe, expect, it } from 'vitest';
import { lintText } from '../linter.js';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './division-by-zero.js';

testRule(
  rule,
  {
    valid: ['`Profit` / 100', '`a` / `b`', 'MOD(`a`, 7)', '`a` - 0'],
    invalid: [
      { code: '`Profit` / 0', errors: [{ messageId: 'zero', line: 1, column: 12, endLine: 1, endColumn: 13 }] },
      { code: '`Profit` / (0.0)', errors: [{ messageId: 'zero', line: 1, column: 12, endLine: 1, endColumn: 17 }] },
      { code: '`a` / -0', errors: [{ messageId: 'zero', line: 1, column: 7, endLine: 1, endColumn: 9 }] },
      { code: 'MOD(`a`, 0)', errors: [{ messageId: 'zero', line: 1, column: 10, endLine: 1, endColumn: 11 }] },
    ],
  },
  { describe, it },
);

// MariaDB computes the formula (its value is NULL) and nothing shows the service refusing it: a warning by default.
describe('division-by-zero by default', () => {
  it('warns, and its message says the value is NULL', () => {
    const [message] = lintText('`Profit` / 0').messages.filter((m) => m.ruleId === 'division-by-zero');
    expect(message?.severity).toBe('warn');
    expect(message?.message).toMatch(/is always NULL/);
  });
});
