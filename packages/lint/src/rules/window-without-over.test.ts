// Table tests for the window-without-over rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './window-without-over.js';

testRule(
  rule,
  {
    valid: ['LAG(SUM(`s`), 1) OVER (ORDER BY `m`)', 'RANK() OVER (ORDER BY `x`)', 'SUM(`x`) OVER ()', 'SUM(`x`)'],
    invalid: [
      { code: 'LAG(SUM(`s`), 1)', errors: [{ messageId: 'missing', data: { name: 'LAG' }, line: 1, column: 1, endLine: 1, endColumn: 4 }] },
      { code: 'rank()', errors: [{ messageId: 'missing', line: 1, column: 1, endLine: 1, endColumn: 5 }] },
      { code: 'UPPER(`n`) OVER ()', errors: [{ messageId: 'notWindow', data: { name: 'UPPER' }, line: 1, column: 12, endLine: 1, endColumn: 19 }] },
      // MariaDB computes it; the service lists no MEDIAN among its window functions (and refused PERCENT_RANK as not one).
      { code: 'MEDIAN(`s`) OVER (PARTITION BY `r`)', errors: [{ messageId: 'notWindowAggregate', data: { name: 'MEDIAN', aggregates: 'SUM, AVG, COUNT, MIN, MAX, STDDEV_POP, VAR_POP, STDDEV' }, line: 1, column: 13, endLine: 1, endColumn: 36 }] },
    ],
  },
  { describe, it },
);
