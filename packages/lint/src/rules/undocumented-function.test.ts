// Table tests for the undocumented-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './undocumented-function.js';

testRule(
  rule,
  {
    valid: ['AVG(`x`)', 'IFNULL(`x`, 0)', 'LAG(`x`, 1) OVER (ORDER BY `d`)', 'WEEKOFYEAR(`d`)', 'SQRT(`x`)', 'WEEKDAY(`d`)', 'FROBNICATE(`x`)'],
    invalid: [
      {
        code: 'MEDIAN(`x`)',
        errors: [{ messageId: 'engine', message: "'MEDIAN' is documented for the service's engine (its dataflows), not for formulas: it may change or be refused without notice", line: 1, column: 1, endLine: 1, endColumn: 7 }],
      },
      { code: 'COALESCE(`a`, NVL(`b`, 0))', errors: [{ messageId: 'engine', data: { name: 'COALESCE' }, line: 1, column: 1, endLine: 1, endColumn: 9 }, { messageId: 'engine', data: { name: 'NVL' }, line: 1, column: 15, endLine: 1, endColumn: 18 }] },
      { code: 'percentile_cont(`x`, 0.5)', errors: [{ messageId: 'engine', data: { name: 'percentile_cont' }, line: 1, column: 1, endLine: 1, endColumn: 16 }] },
      {
        code: 'ROW_NUMBER() OVER (ORDER BY `d`)',
        errors: [{ messageId: 'unverified', message: "'ROW_NUMBER' is in none of the service's references or samples: check that it works on your instance", line: 1, column: 1, endLine: 1, endColumn: 11 }],
      },
      { code: 'DENSE_RANK() OVER (ORDER BY SUM(`s`))', errors: [{ messageId: 'unverified', data: { name: 'DENSE_RANK' }, line: 1, column: 1, endLine: 1, endColumn: 11 }] },
    ],
  },
  { describe, it },
);
