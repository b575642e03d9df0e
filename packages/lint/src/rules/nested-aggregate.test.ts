// Table tests for the nested-aggregate rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './nested-aggregate.js';

testRule(
  rule,
  {
    valid: [
      'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)',
      'SUM(SUM(`Sales`) FIXED (BY `Region`))',
      'sum(1) / sum(sum(1)) over ()',
      'SUM(`a`) / COUNT(`b`)',
    ],
    invalid: [
      { code: 'SUM(MIN(`Sales`))', errors: [{ messageId: 'nested', data: { inner: 'MIN', outer: 'SUM' }, line: 1, column: 5, endLine: 1, endColumn: 17 }] },
      { code: "SUM(CASE WHEN `c` = 'v' THEN SUM(`c`) END)", errors: [{ messageId: 'nested', line: 1, column: 30, endLine: 1, endColumn: 38 }] },
      { code: 'AVG(1 + COUNT(DISTINCT `x`))', errors: [{ messageId: 'nested', line: 1, column: 9, endLine: 1, endColumn: 28 }] },
    ],
  },
  { describe, it },
);
