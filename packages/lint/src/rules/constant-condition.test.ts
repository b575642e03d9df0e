// Table tests for the constant-condition rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './constant-condition.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `a` > 1 THEN 'big' END", "CASE `a` WHEN 1 THEN 'one' END", 'HOUR(CURRENT_TIMESTAMP()) < 8', 'RAND() = RAND()', '1 + 2'],
    invalid: [
      { code: "CASE WHEN 1 = 1 THEN 'big' END", errors: [{ messageId: 'constant', column: 11, endColumn: 16 }] },
      { code: "CASE WHEN TRUE THEN 'big' END", errors: [{ messageId: 'constant' }] },
      { code: "CASE WHEN `a` = `a` THEN 'big' END", errors: [{ messageId: 'same', data: { operator: '=' } }] },
      { code: "`a` > 1 AND (1)", errors: [{ messageId: 'constant', column: 13 }] },
      { code: "'x' = 'y'", errors: [{ messageId: 'constant' }] },
    ],
  },
  { describe, it },
);
