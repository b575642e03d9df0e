// Table tests for the undocumented-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './undocumented-function.js';

testRule(
  rule,
  {
    valid: ['AVG(`x`)', 'IFNULL(`x`, 0)', 'LAG(`x`, 1) OVER (ORDER BY `d`)'],
    invalid: [
      { code: 'MEDIAN(`x`)', errors: [{ messageId: 'engine', data: { name: 'MEDIAN' }, column: 1, endColumn: 7 }] },
      { code: 'COALESCE(`a`, NVL(`b`, 0))', errors: [{ messageId: 'engine', data: { name: 'COALESCE' } }, { messageId: 'engine', data: { name: 'NVL' } }] },
    ],
  },
  { describe, it },
);
