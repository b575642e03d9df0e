// Table tests for the typographic-quotes rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './typographic-quotes.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `Stage` = 'Won' THEN 1 END", "'O’Neil'"],
    invalid: [
      { code: 'CASE WHEN `Stage` = ‘Won’ THEN 1 END', syntaxErrors: true, output: "CASE WHEN `Stage` = 'Won' THEN 1 END", errors: [{ messageId: 'pair', column: 21, endColumn: 26 }] },
      { code: 'SUM(“Amount”)', syntaxErrors: true, output: 'SUM("Amount")', errors: [{ messageId: 'pair', data: { fixed: '"Amount"' } }] },
      { code: "‘it's’", syntaxErrors: true, output: "'it''s'", errors: [{ messageId: 'pair' }] },
      { code: '`a` = ’x', syntaxErrors: true, output: null, errors: [{ messageId: 'stray' }] },
    ],
  },
  { describe, it },
);
