// Table tests for the double-quoted rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './double-quoted.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `Stage` = 'Won' THEN 'Closed' END", "CONCAT('<a href=\"', `Link`, '\">')", { code: 'SUM(“x”)', syntaxErrors: true, name: 'typographic quotes are typographic-quotes’ business' }],
    invalid: [
      {
        code: 'CASE WHEN MONTH(`Date`) = `Closed Month` THEN "Closed Month" ELSE "Other" END',
        output: "CASE WHEN MONTH(`Date`) = `Closed Month` THEN `Closed Month` ELSE 'Other' END",
        errors: [
          { messageId: 'ambiguous', data: { fixed: '`Closed Month`' }, suggestions: ["CASE WHEN MONTH(`Date`) = `Closed Month` THEN `Closed Month` ELSE \"Other\" END", "CASE WHEN MONTH(`Date`) = `Closed Month` THEN 'Closed Month' ELSE \"Other\" END"] },
          { messageId: 'ambiguous', data: { fixed: "'Other'" } },
        ],
      },
      { code: 'SUM("Amount")', output: 'SUM(`Amount`)', errors: [{ messageId: 'ambiguous', message: '"Amount" is ambiguous: double quotes may mean a column or text; write `Amount` (a column)' }] },
      { code: '`Stage` = "Won"', output: "`Stage` = 'Won'", errors: [{ messageId: 'ambiguous' }] },
      { code: '"Stage" = \'Won\'', output: "`Stage` = 'Won'", errors: [{ messageId: 'ambiguous' }] },
      { code: '"Region" = "West"', schema: [{ name: 'Region', type: 'STRING' }], output: "`Region` = 'West'", errors: [{ messageId: 'ambiguous' }, { messageId: 'ambiguous' }] },
      { code: '`State` IN ("TX", "NY")', output: "`State` IN ('TX', 'NY')", errors: [{ messageId: 'ambiguous' }, { messageId: 'ambiguous' }] },
      { code: 'CONCAT("a""b", `x`)', output: "CONCAT('a\"b', `x`)", name: 'doubled quotes inside', errors: [{ messageId: 'ambiguous' }] },
    ],
  },
  { describe, it },
);
