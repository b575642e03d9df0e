// Table tests for the typographic-quotes rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './typographic-quotes.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `Stage` = 'Won' THEN 1 END", "'O’Neil'"],
    invalid: [
      { code: 'CASE WHEN `Stage` = ‘Won’ THEN 1 END', syntaxErrors: true, output: "CASE WHEN `Stage` = 'Won' THEN 1 END", errors: [{ messageId: 'pair', line: 1, column: 21, endLine: 1, endColumn: 26 }] },
      { code: 'SUM(“Amount”)', syntaxErrors: true, output: 'SUM("Amount")', errors: [{ messageId: 'pair', data: { fixed: '"Amount"' }, line: 1, column: 5, endLine: 1, endColumn: 13 }] },
      { code: "‘it's’", syntaxErrors: true, output: "'it''s'", errors: [{ messageId: 'pair', line: 1, column: 1, endLine: 1, endColumn: 7 }] },
      { code: '`a` = ’x', syntaxErrors: true, output: null, errors: [{ messageId: 'stray', line: 1, column: 7, endLine: 1, endColumn: 8 }] },
    ],
  },
  { describe, it },
);
