// Table tests for the constant-condition rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './constant-condition.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `a` > 1 THEN 'big' END", "CASE `a` WHEN 1 THEN 'one' END", 'HOUR(CURRENT_TIMESTAMP()) < 8', 'RAND() = RAND()', '1 + 2'],
    invalid: [
      { code: "CASE WHEN 1 = 1 THEN 'big' END", errors: [{ messageId: 'constant', line: 1, column: 11, endLine: 1, endColumn: 16 }] },
      { code: "CASE WHEN TRUE THEN 'big' END", errors: [{ messageId: 'constant', line: 1, column: 11, endLine: 1, endColumn: 15 }] },
      { code: "CASE WHEN `a` = `a` THEN 'big' END", errors: [{ messageId: 'same', data: { operator: '=' }, line: 1, column: 11, endLine: 1, endColumn: 20 }] },
      { code: "`a` > 1 AND (1)", errors: [{ messageId: 'constant', line: 1, column: 13, endLine: 1, endColumn: 16 }] },
      { code: "'x' = 'y'", errors: [{ messageId: 'constant', line: 1, column: 1, endLine: 1, endColumn: 10 }] },
    ],
  },
  { describe, it },
);
