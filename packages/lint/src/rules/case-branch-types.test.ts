// Table tests for the case-branch-types rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './case-branch-types.js';

testRule(
  rule,
  {
    valid: [
      "CASE WHEN `Pennies` >= 600 THEN 'Large' ELSE 'Small' END",
      'CASE WHEN IFNULL(`b`, 0) = 0 THEN 0 ELSE `a` / `b` END',
      "CASE `salesperson` WHEN 'Bob' THEN CONCAT('<b>', `salesperson`, '</b>') ELSE `salesperson` END",
      "CASE WHEN `x` = 1 THEN 'a' END",
      "CASE WHEN `x` = 1 THEN 'a' ELSE NULL END",
      'CASE WHEN `x` = 1 THEN CURRENT_DATE() ELSE ADDDATE(CURRENT_DATE(), -1) END',
      { code: 'CASE WHEN `d` > 0 THEN `Amount` ELSE 0 END', schema: [{ name: 'Amount', type: 'DECIMAL' }] },
    ],
    invalid: [
      {
        code: "CASE when `Pennies` >= 600 then 'Large' when `Pennies` <= 300 then 'Small' else `Pennies` end",
        errors: [{ messageId: 'mixed', message: 'This CASE branch returns a number (inferred from its use) but an earlier branch returns text (STRING)', line: 1, column: 81, endLine: 1, endColumn: 90 }],
      },
      { code: "CASE WHEN `x` = 1 THEN 'Total Sales' ELSE 0 END", errors: [{ messageId: 'mixed', line: 1, column: 43, endLine: 1, endColumn: 44 }] },
      { code: "CASE WHEN `x` = 1 THEN `Name` ELSE 0 END", schema: [{ name: 'Name', type: 'STRING' }], errors: [{ messageId: 'mixed', data: { firstType: 'STRING' }, line: 1, column: 36, endLine: 1, endColumn: 37 }] },
      { code: "CASE WHEN `x` = 1 THEN CURRENT_DATE() ELSE 'never' END", errors: [{ messageId: 'mixed', data: { firstKind: 'a date' }, line: 1, column: 44, endLine: 1, endColumn: 51 }] },
    ],
  },
  { describe, it },
);
