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
          { messageId: 'ambiguous', data: { fixed: '`Closed Month`' }, line: 1, column: 47, endLine: 1, endColumn: 61, suggestions: ["CASE WHEN MONTH(`Date`) = `Closed Month` THEN `Closed Month` ELSE \"Other\" END", "CASE WHEN MONTH(`Date`) = `Closed Month` THEN 'Closed Month' ELSE \"Other\" END"] },
          { messageId: 'ambiguous', data: { fixed: "'Other'" }, line: 1, column: 67, endLine: 1, endColumn: 74, suggestions: ["CASE WHEN MONTH(`Date`) = `Closed Month` THEN \"Closed Month\" ELSE `Other` END", "CASE WHEN MONTH(`Date`) = `Closed Month` THEN \"Closed Month\" ELSE 'Other' END"] },
        ],
      },
      { code: 'SUM("Amount")', output: 'SUM(`Amount`)', errors: [{ messageId: 'ambiguous', message: '"Amount" is ambiguous: double quotes may mean a column or text; write `Amount` (a column)', line: 1, column: 5, endLine: 1, endColumn: 13, suggestions: ["SUM(`Amount`)", "SUM('Amount')"] }] },
      { code: '`Stage` = "Won"', output: "`Stage` = 'Won'", errors: [{ messageId: 'ambiguous', line: 1, column: 11, endLine: 1, endColumn: 16, suggestions: ["`Stage` = `Won`", "`Stage` = 'Won'"] }] },
      { code: '"Stage" = \'Won\'', output: "`Stage` = 'Won'", errors: [{ messageId: 'ambiguous', line: 1, column: 1, endLine: 1, endColumn: 8, suggestions: ["`Stage` = 'Won'", "'Stage' = 'Won'"] }] },
      { code: '"Region" = "West"', schema: [{ name: 'Region', type: 'STRING' }], output: "`Region` = 'West'", errors: [{ messageId: 'ambiguous', line: 1, column: 1, endLine: 1, endColumn: 9, suggestions: ["`Region` = \"West\"", "'Region' = \"West\""] }, { messageId: 'ambiguous', line: 1, column: 12, endLine: 1, endColumn: 18, suggestions: ["\"Region\" = `West`", "\"Region\" = 'West'"] }] },
      { code: '`State` IN ("TX", "NY")', output: "`State` IN ('TX', 'NY')", errors: [{ messageId: 'ambiguous', line: 1, column: 13, endLine: 1, endColumn: 17, suggestions: ["`State` IN (`TX`, \"NY\")", "`State` IN ('TX', \"NY\")"] }, { messageId: 'ambiguous', line: 1, column: 19, endLine: 1, endColumn: 23, suggestions: ["`State` IN (\"TX\", `NY`)", "`State` IN (\"TX\", 'NY')"] }] },
      {
        code: 'CONCAT("it\'s\\t\\"C:\\\\temp\\"", `x`)',
        output: "CONCAT('it''s\\t\\\"C:\\\\temp\\\"', `x`)",
        name: 'backslash escapes kept as written, a single quote doubled',
        errors: [{ messageId: 'ambiguous', line: 1, column: 8, endLine: 1, endColumn: 28, suggestions: ['CONCAT(`it\'s\t"C:\\temp"`, `x`)', "CONCAT('it''s\\t\\\"C:\\\\temp\\\"', `x`)"] }],
      },
      { code: 'CONCAT("a""b", `x`)', output: "CONCAT('a\"b', `x`)", name: 'doubled quotes inside', errors: [{ messageId: 'ambiguous', line: 1, column: 8, endLine: 1, endColumn: 14, suggestions: ["CONCAT(`a\"b`, `x`)", "CONCAT('a\"b', `x`)"] }] },
    ],
  },
  { describe, it },
);
