// Table tests for the unknown-column rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unknown-column.js';

const schema = [
  { name: 'Sales', type: 'DECIMAL' },
  { name: 'Order Date', type: 'DATE' },
  { name: 'Region', type: 'STRING' },
] as const;
const s = [...schema];

testRule(
  rule,
  {
    valid: ['SUM(`sales`)', { code: 'SUM(`Sales`)', schema: s }, { code: 'YEAR(`Order Date`) + SUM(`Sales`) OVER (PARTITION BY `Region`)', schema: s }],
    invalid: [
      { code: 'SUM(`sales`)', schema: s, errors: [{ messageId: 'caseMismatch', message: 'Unknown column `sales`: column names are case-sensitive; the dataset has `Sales`', line: 1, column: 5, endLine: 1, endColumn: 12, suggestions: ['SUM(`Sales`)'] }] },
      { code: 'YEAR(`Order Date `)', schema: s, errors: [{ messageId: 'spaces', line: 1, column: 6, endLine: 1, endColumn: 19, suggestions: ['YEAR(`Order Date`)'] }] },
      { code: 'SUM(`Saless`)', schema: s, errors: [{ messageId: 'unknown', data: { hint: '; did you mean `Sales`?' }, line: 1, column: 5, endLine: 1, endColumn: 13, suggestions: ['SUM(`Sales`)'] }] },
      { code: 'SUM(`Profit`)', schema: s, errors: [{ messageId: 'unknown', message: 'Unknown column `Profit`', line: 1, column: 5, endLine: 1, endColumn: 13, suggestions: [] }] },
      { code: 'SUM(Profit)', schema: s, name: 'bare columns too', errors: [{ messageId: 'unknown', line: 1, column: 5, endLine: 1, endColumn: 11 }] },
    ],
  },
  { describe, it },
);
