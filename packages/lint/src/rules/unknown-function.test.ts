// Table tests for the unknown-function rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unknown-function.js';

testRule(
  rule,
  {
    valid: ['DATEDIFF(`a`, `b`)', 'dateDiff(`a`, `b`)', 'CURRENT_DATE', 'SVC_BEAST_MODE(12)'],
    invalid: [
      {
        code: 'DATE_DIFF(`a`, `b`)',
        errors: [{ messageId: 'unknown', message: "Unknown function 'DATE_DIFF'; did you mean 'DATEDIFF'?", column: 1, endColumn: 10, suggestions: ['DATEDIFF(`a`, `b`)'] }],
      },
      { code: 'SUMM(`x`)', errors: [{ messageId: 'unknown', data: { name: 'SUMM' } }] },
      { code: 'FROBNICATE(`x`)', errors: [{ messageId: 'unknown', message: "Unknown function 'FROBNICATE'", suggestions: [] }] },
    ],
  },
  { describe, it },
);
