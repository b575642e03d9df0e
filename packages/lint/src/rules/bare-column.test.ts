// Table tests for the bare-column rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './bare-column.js';

testRule(
  rule,
  {
    valid: ['SUM(`revenue`)', "CASE WHEN `x` = 'y' THEN 1 END", 'CURRENT_DATE'],
    invalid: [
      { code: 'SUM(revenue)', output: 'SUM(`revenue`)', errors: [{ messageId: 'bare', data: { name: 'revenue' }, line: 1, column: 5, endLine: 1, endColumn: 12 }] },
      {
        code: 'SUM(SUM(revenue)) OVER (PARTITION BY activity_year)',
        output: 'SUM(SUM(`revenue`)) OVER (PARTITION BY `activity_year`)',
        errors: [{ messageId: 'bare', line: 1, column: 9, endLine: 1, endColumn: 16 }, { messageId: 'bare', line: 1, column: 38, endLine: 1, endColumn: 51 }],
      },
      { code: 'YEAR(DateColumn) = 2024', output: 'YEAR(`DateColumn`) = 2024', errors: [{ messageId: 'bare', line: 1, column: 6, endLine: 1, endColumn: 16 }] },
    ],
  },
  { describe, it },
);
