// Table tests for the fixed-with-window rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './fixed-with-window.js';

testRule(
  rule,
  {
    valid: ['SUM(SUM(`s`) FIXED (BY `r`))', 'SUM(SUM(`s`)) OVER (PARTITION BY `r`)'],
    invalid: [
      { code: 'SUM(SUM(`s`) FIXED (BY `r`)) OVER (ORDER BY `m`)', errors: [{ messageId: 'combined', line: 1, column: 14, endLine: 1, endColumn: 28 }] },
      { code: 'SUM(SUM(`s`) FIXED (BY `r`)) / SUM(`s`) OVER ()', errors: [{ messageId: 'combined', line: 1, column: 14, endLine: 1, endColumn: 28 }] },
    ],
  },
  { describe, it },
);
