// Table tests for the undocumented-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './undocumented-function.js';

testRule(
  rule,
  {
    valid: ['AVG(`x`)', 'IFNULL(`x`, 0)', 'LAG(`x`, 1) OVER (ORDER BY `d`)', 'WEEKOFYEAR(`d`)', 'SQRT(`x`)', 'WEEKDAY(`d`)', 'FROBNICATE(`x`)', 'TIMESTAMP(`d`)', 'CONCAT(`a`, `b`)', 'NOW()', 'TIMESTAMP(`d`, `t`, 3)', 'SUM(DISTINCT `x`)', 'STDDEV_POP(DISTINCT `x`)'],
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
      {
        code: "TIMESTAMP(`d`, '12:00:00')",
        errors: [{ messageId: 'engineForm', message: "'TIMESTAMP' with 2 arguments is MySQL's form TIMESTAMP(date, time), not the signature the service documents (TIMESTAMP(TIME) → DATETIME): check that it works on your instance", line: 1, column: 10, endLine: 1, endColumn: 27 }],
      },
      { code: 'LOG(2, `x`)', errors: [{ messageId: 'engine', data: { name: 'LOG' }, line: 1, column: 1, endLine: 1, endColumn: 4 }, { messageId: 'engineForm', data: { name: 'LOG', form: 'LOG(base, x)' }, line: 1, column: 4, endLine: 1, endColumn: 12 }] },
      { code: 'concat(`a`)', errors: [{ messageId: 'engineForm', data: { name: 'concat', count: 1, s: '', form: 'CONCAT(str, …)' }, line: 1, column: 7, endLine: 1, endColumn: 12 }] },
      { code: 'AVG(DISTINCT `x`)', errors: [{ messageId: 'engineDistinct', message: "'AVG(DISTINCT …)' is MySQL's form: the service documents DISTINCT only in COUNT and SUM; check that it works on your instance", line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      { code: 'NOW(3)', errors: [{ messageId: 'engineForm', data: { name: 'NOW', count: 1 }, line: 1, column: 4, endLine: 1, endColumn: 7 }] },
      { code: 'DENSE_RANK() OVER (ORDER BY SUM(`s`))', errors: [{ messageId: 'unverified', data: { name: 'DENSE_RANK' }, line: 1, column: 1, endLine: 1, endColumn: 11 }] },
    ],
  },
  { describe, it },
);
