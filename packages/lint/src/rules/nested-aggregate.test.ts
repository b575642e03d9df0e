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
      { code: 'SUM(MIN(`Sales`))', errors: [{ messageId: 'nested', data: { inner: 'MIN', outer: 'SUM' }, column: 5 }] },
      { code: "SUM(CASE WHEN `c` = 'v' THEN SUM(`c`) END)", errors: [{ messageId: 'nested' }] },
      { code: 'AVG(1 + COUNT(DISTINCT `x`))', errors: [{ messageId: 'nested' }] },
    ],
  },
  { describe, it },
);
