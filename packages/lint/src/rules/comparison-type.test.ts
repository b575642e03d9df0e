// Table tests for the comparison-type rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './comparison-type.js';

const schema = [
  { name: 'Region', type: 'STRING' },
  { name: 'Amount', type: 'LONG' },
  { name: 'Date', type: 'DATE' },
] as const;
const s = [...schema];

testRule(
  rule,
  {
    valid: [
      '`Region` = 3',
      { code: "`Region` = 'West'", schema: s },
      { code: "`Amount` > '12'", schema: s },
      { code: "`Date` >= '2024-01-01'", schema: s },
      { code: '`Date` >= CURRENT_DATE()', schema: s },
      { code: '`Unknown` = 3', schema: s },
      { code: "`Region` IN ('a', 'b')", schema: s },
    ],
    invalid: [
      { code: '`Region` = 3', schema: s, errors: [{ messageId: 'mismatch', message: 'Column `Region` is STRING but is compared with 3 (LONG)', line: 1, column: 1, endLine: 1, endColumn: 13 }] },
      { code: "`Amount` > 'high'", schema: s, errors: [{ messageId: 'mismatch', data: { type: 'LONG' }, line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      { code: '3 < `Region`', schema: s, errors: [{ messageId: 'mismatch', line: 1, column: 1, endLine: 1, endColumn: 13 }] },
      { code: "`Region` IN ('a', 2)", schema: s, errors: [{ messageId: 'mismatch', line: 1, column: 19, endLine: 1, endColumn: 20 }] },
      { code: '`Date` = 2024', schema: s, errors: [{ messageId: 'mismatch', line: 1, column: 1, endLine: 1, endColumn: 14 }] },
      { code: '`Amount` BETWEEN 1 AND `Date`', schema: s, errors: [{ messageId: 'mismatch', line: 1, column: 24, endLine: 1, endColumn: 30 }] },
    ],
  },
  { describe, it },
);
