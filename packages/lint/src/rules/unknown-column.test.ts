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
      { code: 'SUM(`sales`)', schema: s, errors: [{ messageId: 'caseMismatch', message: 'Unknown column `sales`: column names are case-sensitive; the dataset has `Sales`', suggestions: ['SUM(`Sales`)'] }] },
      { code: 'YEAR(`Order Date `)', schema: s, errors: [{ messageId: 'spaces', suggestions: ['YEAR(`Order Date`)'] }] },
      { code: 'SUM(`Saless`)', schema: s, errors: [{ messageId: 'unknown', data: { hint: '; did you mean `Sales`?' }, suggestions: ['SUM(`Sales`)'] }] },
      { code: 'SUM(`Profit`)', schema: s, errors: [{ messageId: 'unknown', message: 'Unknown column `Profit`', suggestions: [] }] },
      { code: 'SUM(Profit)', schema: s, name: 'bare columns too', errors: [{ messageId: 'unknown', column: 5 }] },
    ],
  },
  { describe, it },
);
