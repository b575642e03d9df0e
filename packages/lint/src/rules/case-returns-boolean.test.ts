// Table tests for the case-returns-boolean rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './case-returns-boolean.js';

testRule(
  rule,
  {
    valid: ['`a` > 100', "CASE WHEN `a` > 100 THEN 'yes' ELSE 'no' END", 'CASE WHEN `a` > 100 THEN TRUE END', 'CASE WHEN `a` > 1 THEN TRUE ELSE `b` END'],
    invalid: [
      { code: 'CASE WHEN `a` > 100 THEN TRUE ELSE FALSE END', errors: [{ messageId: 'boolean', line: 1, column: 1, endLine: 1, endColumn: 45, suggestions: ['`a` > 100'] }] },
      { code: 'CASE WHEN `a` > 100 THEN FALSE ELSE TRUE END', errors: [{ messageId: 'boolean', line: 1, column: 1, endLine: 1, endColumn: 45, suggestions: ['NOT (`a` > 100)'] }] },
      { code: 'CASE WHEN `a` > 1 THEN TRUE WHEN `b` > 1 THEN TRUE ELSE FALSE END', errors: [{ messageId: 'boolean', line: 1, column: 1, endLine: 1, endColumn: 66, suggestions: [] }] },
    ],
  },
  { describe, it },
);
