// Table tests for the argument-count rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './argument-count.js';

testRule(
  rule,
  {
    valid: ['DATEDIFF(`a`, `b`)', 'CONCAT(`a`, `b`, `c`, `d`)', 'COUNT(*)', 'COUNT(DISTINCT `x`)', 'CURRENT_DATE', 'CURRENT_DATE()', 'ROUND(`x`)', 'ROUND(`x`, 2)', 'CORR(`Price`, `Quantity`)',
      // MySQL's forms beyond the documented signatures (MariaDB computes them; undocumented-function warns).
      'LOG(2, `x`)', "TIMESTAMP(`d`, '12:00:00')", 'CONCAT(`a`)', 'COALESCE(`a`)', 'UNIX_TIMESTAMP()', 'NOW(3)', 'CURTIME(0)', 'CURRENT_TIMESTAMP(6)', 'AVG(DISTINCT `x`)', 'MAX(DISTINCT `x`)',
      // DATE( is the tail of STR_TO-DATE: split-function-name names STR_TO_DATE instead of counting DATE's arguments.
      { code: "STR_TO-DATE(`x`, '%y')", alsoEnable: ['split-function-name'] },
    ],
    invalid: [
      { code: 'DATEDIFF(`a`)', errors: [{ messageId: 'count', data: { expected: '2', count: 1 }, line: 1, column: 9, endLine: 1, endColumn: 14 }] },
      { code: 'DATEDIFF(`a`, `b`, `c`)', errors: [{ messageId: 'count', message: "'DATEDIFF' takes 2 arguments but was given 3: DATEDIFF(TIME, TIME) → LONG", line: 1, column: 9, endLine: 1, endColumn: 24 }] },
      { code: 'UPPER()', errors: [{ messageId: 'count', data: { expected: '1', count: 0 }, line: 1, column: 6, endLine: 1, endColumn: 8 }] },
      { code: 'STDDEV_POP(DISTINCT `x`)', errors: [{ messageId: 'distinct', data: { name: 'STDDEV_POP' }, line: 1, column: 1, endLine: 1, endColumn: 25 }] },
      { code: 'SUM(*)', errors: [{ messageId: 'star', line: 1, column: 1, endLine: 1, endColumn: 7 }] },
      { code: "STR_TO-DATE(`x`, '%y')", errors: [{ messageId: 'count', data: { name: 'DATE', expected: '1', count: 2 }, line: 1, column: 12, endLine: 1, endColumn: 23 }] },
      // MariaDB's two-argument LPAD is not MySQL's (nor the service's engine reference's): still an error.
      { code: 'LPAD(`a`, 5)', errors: [{ messageId: 'count', data: { name: 'LPAD', expected: '3', count: 2 }, line: 1, column: 5, endLine: 1, endColumn: 13 }] },
      { code: 'LOG(2, `x`, 3)', errors: [{ messageId: 'count', data: { name: 'LOG', expected: '1', count: 3 }, line: 1, column: 4, endLine: 1, endColumn: 15 }] },
      { code: 'NOW(3, 4)', errors: [{ messageId: 'count', data: { name: 'NOW', expected: '0', count: 2 }, line: 1, column: 4, endLine: 1, endColumn: 10 }] },
      { code: 'CORR(`Price`)', errors: [{ messageId: 'count', data: { name: 'CORR', expected: '2', count: 1 }, line: 1, column: 5, endLine: 1, endColumn: 14 }] },
    ],
  },
  { describe, it },
);
