// Table tests for the redundant-else-null rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './redundant-else-null.js';

testRule(
  rule,
  {
    valid: ['CASE WHEN `a` > 0 THEN `a` END', 'CASE WHEN `a` > 0 THEN `a` ELSE 0 END', 'IFNULL(`a`, NULL)'],
    invalid: [
      { code: 'CASE WHEN `a` > 0 THEN `a` ELSE NULL END', output: 'CASE WHEN `a` > 0 THEN `a` END', errors: [{ messageId: 'redundant', line: 1, column: 28, endLine: 1, endColumn: 37 }] },
      { code: 'CASE WHEN `a` > 0 THEN `a`\n  ELSE (NULL)\nEND', output: 'CASE WHEN `a` > 0 THEN `a`\nEND', errors: [{ messageId: 'redundant', line: 2, column: 3, endLine: 2, endColumn: 14 }] },
      { code: 'CASE\r\n  WHEN `a` > 0 THEN 1\r\n  ELSE NULL  \r\nEND', output: 'CASE\r\n  WHEN `a` > 0 THEN 1\r\nEND', errors: [{ messageId: 'redundant', line: 3, column: 3, endLine: 3, endColumn: 12 }] },
    ],
  },
  { describe, it },
);
