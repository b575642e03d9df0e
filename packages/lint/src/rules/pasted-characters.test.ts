// Table tests for the pasted-characters rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './pasted-characters.js';

testRule(
  rule,
  {
    valid: [
      'SUM(`Profit`) - SUM(`Cost`)',
      '\ufeffSUM(`Profit`)',
      { code: "CASE WHEN `Region` = 'New\u00a0York' THEN `Sales\u200b` END -- \u2013\u200b", name: 'inside text, names and comments: pasted-characters-in-text' },
      { code: 'SUM(`a`) \u0007', syntaxErrors: true, name: 'other unexpected characters are syntax errors' },
    ],
    invalid: [
      {
        code: 'CASE\u200b WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END',
        syntaxErrors: true,
        output: 'CASE WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END',
        errors: [{ messageId: 'invisible', message: 'Zero-width space (U+200B) is invisible: remove it', line: 1, column: 5, endLine: 1, endColumn: 6 }],
      },
      {
        code: 'CASE WHEN `a` > 0 THEN 1 EN\u200cD',
        syntaxErrors: true,
        name: 'inside a keyword',
        output: 'CASE WHEN `a` > 0 THEN 1 END',
        errors: [{ messageId: 'invisible', message: 'Zero-width non-joiner (U+200C) is invisible: remove it', line: 1, column: 28, endLine: 1, endColumn: 29 }],
      },
      {
        code: 'DATE\u00adDIFF(`End`, `Start`) + \u2060\u2060\u20601',
        syntaxErrors: true,
        output: 'DATEDIFF(`End`, `Start`) + 1',
        errors: [
          { messageId: 'invisible', message: 'Soft hyphen (U+00AD) is invisible: remove it', line: 1, column: 5, endLine: 1, endColumn: 6 },
          { messageId: 'invisible', message: 'Word joiner (U+2060), 3 in a row is invisible: remove it', line: 1, column: 29, endLine: 1, endColumn: 32 },
        ],
      },
      {
        code: 'SUM(`a`)\u200e / SUM(`b`\u202e)\ufeff',
        syntaxErrors: true,
        name: 'bidirectional marks and a byte order mark after the start',
        output: 'SUM(`a`) / SUM(`b`)',
        errors: [
          { messageId: 'invisible', data: { character: 'Left-to-right mark (U+200E)' }, line: 1, column: 9, endLine: 1, endColumn: 10 },
          { messageId: 'invisible', data: { character: 'Right-to-left override (U+202E)' }, line: 1, column: 20, endLine: 1, endColumn: 21 },
          { messageId: 'invisible', data: { character: 'Byte order mark (U+FEFF)' }, line: 1, column: 22, endLine: 1, endColumn: 23 },
        ],
      },
      {
        code: 'SUM(`Profit`)\n\u00a0\u00a0\u00a0\u00a0/\u202fSUM(`Cost`)',
        syntaxErrors: true,
        output: 'SUM(`Profit`)\n    / SUM(`Cost`)',
        errors: [
          { messageId: 'space', message: 'No-break space (U+00A0), 4 in a row is not a plain space: replace it with plain spaces', line: 2, column: 1, endLine: 2, endColumn: 5 },
          { messageId: 'space', message: 'Narrow no-break space (U+202F) is not a plain space: replace it with a plain space', line: 2, column: 6, endLine: 2, endColumn: 7 },
        ],
      },
      {
        code: 'SUM(`a`)\u2028+ 1',
        syntaxErrors: true,
        output: 'SUM(`a`)\n+ 1',
        errors: [{ messageId: 'space', data: { character: 'Line separator (U+2028)', replacement: 'a line break' }, line: 1, column: 9, endLine: 1, endColumn: 10 }],
      },
      {
        code: 'SUM(`Profit`) \u2013 SUM(`Cost`) \u2014 \u22121',
        syntaxErrors: true,
        output: 'SUM(`Profit`) - SUM(`Cost`) - -1',
        errors: [
          { messageId: 'lookalike', message: 'En dash (U+2013) looks like - but is a different character: write -', line: 1, column: 15, endLine: 1, endColumn: 16 },
          { messageId: 'lookalike', message: 'Em dash (U+2014) looks like - but is a different character: write -', line: 1, column: 29, endLine: 1, endColumn: 30 },
          { messageId: 'lookalike', message: 'Minus sign (U+2212) looks like - but is a different character: write -', line: 1, column: 31, endLine: 1, endColumn: 32 },
        ],
      },
      {
        code: 'MAX\uff08`a`\uff0c `b`\uff09 \u00d7 2',
        syntaxErrors: true,
        name: 'full-width punctuation and the multiplication sign',
        output: 'MAX(`a`, `b`) * 2',
        errors: [
          { messageId: 'lookalike', data: { character: 'Fullwidth left parenthesis (U+FF08)', replacement: '(' }, line: 1, column: 4, endLine: 1, endColumn: 5 },
          { messageId: 'lookalike', data: { character: 'Fullwidth comma (U+FF0C)', replacement: ',' }, line: 1, column: 8, endLine: 1, endColumn: 9 },
          { messageId: 'lookalike', data: { character: 'Fullwidth right parenthesis (U+FF09)', replacement: ')' }, line: 1, column: 13, endLine: 1, endColumn: 14 },
          { messageId: 'lookalike', data: { character: 'Multiplication sign (U+00D7)', replacement: '*' }, line: 1, column: 15, endLine: 1, endColumn: 16 },
        ],
      },
      {
        code: "'a'\u200b'b' = `c`\u2060`d`",
        syntaxErrors: true,
        name: 'between tokens that would merge, a space keeps them apart as they were read',
        output: "'a' 'b' = `c` `d`",
        errors: [{ messageId: 'invisible', line: 1, column: 4, endLine: 1, endColumn: 5 }, { messageId: 'invisible', line: 1, column: 14, endLine: 1, endColumn: 15 }],
      },
    ],
  },
  { describe, it },
);
