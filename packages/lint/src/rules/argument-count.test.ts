// Table tests for the argument-count rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './argument-count.js';

testRule(
  rule,
  {
    valid: ['DATEDIFF(`a`, `b`)', 'CONCAT(`a`, `b`, `c`, `d`)', 'COUNT(*)', 'COUNT(DISTINCT `x`)', 'CURRENT_DATE', 'CURRENT_DATE()', 'ROUND(`x`)', 'ROUND(`x`, 2)', 'CORR(`Price`, `Quantity`)',
      // DATE( is the tail of STR_TO-DATE: split-function-name names STR_TO_DATE instead of counting DATE's arguments.
      { code: "STR_TO-DATE(`x`, '%y')", alsoEnable: ['split-function-name'] },
    ],
    invalid: [
      { code: 'DATEDIFF(`a`)', errors: [{ messageId: 'count', data: { expected: '2', count: 1 }, line: 1, column: 9, endLine: 1, endColumn: 14 }] },
      { code: 'DATEDIFF(`a`, `b`, `c`)', errors: [{ messageId: 'count', message: "'DATEDIFF' takes 2 arguments but was given 3: DATEDIFF(TIME, TIME) → LONG", line: 1, column: 9, endLine: 1, endColumn: 24 }] },
      { code: 'UPPER()', errors: [{ messageId: 'count', data: { expected: '1', count: 0 }, line: 1, column: 6, endLine: 1, endColumn: 8 }] },
      { code: 'AVG(DISTINCT `x`)', errors: [{ messageId: 'distinct', data: { name: 'AVG' }, line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      { code: 'SUM(*)', errors: [{ messageId: 'star', line: 1, column: 1, endLine: 1, endColumn: 7 }] },
      { code: "STR_TO-DATE(`x`, '%y')", errors: [{ messageId: 'count', data: { name: 'DATE', expected: '1', count: 2 }, line: 1, column: 12, endLine: 1, endColumn: 23 }] },
      { code: 'CORR(`Price`)', errors: [{ messageId: 'count', data: { name: 'CORR', expected: '2', count: 1 }, line: 1, column: 5, endLine: 1, endColumn: 14 }] },
    ],
  },
  { describe, it },
);
