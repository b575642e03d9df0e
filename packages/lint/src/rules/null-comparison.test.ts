// Table tests for the null-comparison rule.
import { describe, expect, it } from 'vitest';
import { lintText } from '../linter.js';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './null-comparison.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `Region` IS NULL THEN 'none' END", '`a` IS NOT NULL', 'IFNULL(`a`, 0) = 0'],
    invalid: [
      { code: "CASE WHEN `Region` = NULL THEN 'none' END", output: "CASE WHEN `Region` IS NULL THEN 'none' END", errors: [{ messageId: 'compare', data: { operator: '=', replacement: 'IS NULL' }, line: 1, column: 11, endLine: 1, endColumn: 26 }] },
      { code: '`a` <> NULL', output: '`a` IS NOT NULL', errors: [{ messageId: 'compare', data: { replacement: 'IS NOT NULL' }, line: 1, column: 1, endLine: 1, endColumn: 12 }] },
      { code: 'NULL != YEAR(`d`)', output: 'YEAR(`d`) IS NOT NULL', errors: [{ messageId: 'compare', line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      { code: '`a` = (NULL)', output: '`a` IS NULL', errors: [{ messageId: 'compare', line: 1, column: 1, endLine: 1, endColumn: 13 }] },
      { code: 'NULL = NULL', output: null, errors: [{ messageId: 'compare', line: 1, column: 1, endLine: 1, endColumn: 12 }] },
    ],
  },
  { describe, it },
);

// MariaDB computes the formula (its value is NULL) and nothing shows the service refusing it: a warning by default.
describe('null-comparison by default', () => {
  it('warns, and its message says the value is NULL', () => {
    const [message] = lintText('`Region` = NULL').messages.filter((m) => m.ruleId === 'null-comparison');
    expect(message?.severity).toBe('warn');
    expect(message?.message).toMatch(/is always NULL/);
  });
});
