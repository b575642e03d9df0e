// Table tests for the string-as-column rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './string-as-column.js';

const schema = [
  { name: 'Date', type: 'DATE' },
  { name: 'Total Sales', type: 'DECIMAL' },
  { name: 'Stage', type: 'STRING' },
] as const;
const s = [...schema];

testRule(
  rule,
  {
    valid: [
      "YEAR('Date')",
      { code: 'YEAR(`Date`)', schema: s },
      { code: "`Stage` = 'Date'", schema: s },
      { code: "CASE WHEN `Stage` = 'x' THEN 'Date' END", schema: s },
      { code: "CONCAT('Date', `Stage`)", schema: s },
      { code: "COUNT('Date')", schema: s },
    ],
    invalid: [
      { code: "YEAR('Date')", schema: s, errors: [{ messageId: 'column', message: "'Date' is text, but `Date` is a column of the dataset; columns are written in backticks", suggestions: ['YEAR(`Date`)'] }] },
      { code: "SUM(CASE WHEN YEAR(`Date`) = 2024 THEN 'Total Sales' ELSE 0 END)", schema: s, errors: [{ messageId: 'column', column: 40 }] },
      { code: "'Total Sales' * 2", schema: s, errors: [{ messageId: 'column' }] },
      { code: "YEAR(`Date`) - YEAR('Date')", name: 'without a schema, a column written in backticks elsewhere', errors: [{ messageId: 'column', data: { where: ' elsewhere in this formula' } }] },
    ],
  },
  { describe, it },
);
