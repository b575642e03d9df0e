// Table tests for the syntax-error rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './syntax-error.js';

testRule(
  rule,
  {
    valid: ["CASE WHEN `Amount` > 0 THEN 'yes' ELSE 'no' END", 'SUM(`Sales`) / COUNT(*)', { code: 'SUM(‘x’)', syntaxErrors: true, alsoEnable: ['typographic-quotes'], name: 'typographic quotes belong to typographic-quotes' },
      { code: 'SUM(`x`)\u200b \u2013 1', syntaxErrors: true, alsoEnable: ['pasted-characters'], name: 'pasted characters belong to pasted-characters' },
    ],
    invalid: [
      { code: "case when when `a` < 28 then 'x' end", syntaxErrors: true, errors: [{ messageId: 'syntax', line: 1, column: 11, endLine: 1, endColumn: 15 }] },
      { code: 'COUNT(DISTINCT `Id`', syntaxErrors: true, errors: [{ messageId: 'syntax', line: 1, column: 20, endLine: 1, endColumn: 20 }] },
      { code: "CONCAT('a', 'b", syntaxErrors: true, errors: [{ messageId: 'syntax', line: 1, column: 13, endLine: 1, endColumn: 14 }, { messageId: 'syntax', line: 1, column: 15, endLine: 1, endColumn: 15 }] },
      { code: '', syntaxErrors: true, errors: [{ messageId: 'syntax', message: 'The formula is empty', line: 1, column: 1, endLine: 1, endColumn: 1 }] },
      { code: 'SUM(‘x’)', syntaxErrors: true, name: 'typographic quotes, when typographic-quotes is off', errors: [{ messageId: 'syntax', line: 1, column: 5, endLine: 1, endColumn: 6 }] },
      {
        code: 'SUM(`x`)\u200b \u2013 1',
        syntaxErrors: true,
        name: 'pasted characters, when pasted-characters is off',
        errors: [
          { messageId: 'syntax', message: 'Zero-width space (U+200B), an invisible character, at 1:9: remove it', line: 1, column: 9, endLine: 1, endColumn: 10 },
          { messageId: 'syntax', message: 'En dash (U+2013) at 1:11: use - instead', line: 1, column: 11, endLine: 1, endColumn: 12 },
        ],
      },
      { code: '-- calckit-disable-next-line syntax-error\nSUM(', syntaxErrors: true, name: 'directives cannot silence syntax errors', errors: [{ messageId: 'syntax', line: 2, column: 5, endLine: 2, endColumn: 5 }] },
    ],
  },
  { describe, it },
);
