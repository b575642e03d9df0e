// Table tests for the mixed-aggregation rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './mixed-aggregation.js';

testRule(
  rule,
  {
    valid: [
      "SUM(CASE WHEN `Status` = 'Won' THEN `Amount` ELSE 0 END)",
      'SUM(`Amount`) OVER (PARTITION BY `Region` ORDER BY `Month`)',
      'SUM(SUM(`Amount`) FIXED (BY `Region`))',
      "CASE WHEN `Status` = 'Won' THEN `Amount` END",
    ],
    invalid: [
      {
        code: "CASE WHEN `Status` IN ('New', 'Renewed') THEN SUM(`Revenue`) ELSE 0 END",
        errors: [{ messageId: 'mixed', data: { column: '`Status`', aggregate: 'SUM' }, line: 1, column: 11, endLine: 1, endColumn: 19 }],
      },
      { code: '`Price` * SUM(`Qty`)', errors: [{ messageId: 'mixed', line: 1, column: 1, endLine: 1, endColumn: 8 }] },
    ],
  },
  { describe, it },
);
