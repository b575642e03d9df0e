// Table tests for the pasted-characters-in-text rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './pasted-characters-in-text.js';

testRule(
  rule,
  {
    valid: [
      "CASE WHEN `Region` = 'New York' THEN 1 END",
      { code: "CONCAT('2019\u20132020', ' \u2014 ', `Name`)", name: 'dashes are ordinary characters in text' },
      { code: "CONCAT('\ud83d\udc69\u200d\ud83d\udcbb', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645')", name: 'joiners that emoji and Persian words need' },
      { code: 'SUM(`Sales`) -- a comment with \u200b and \u00a0', name: 'comments' },
      { code: 'SUM(`Sales`)\u200b', syntaxErrors: true, name: 'outside text: pasted-characters' },
    ],
    invalid: [
      {
        code: 'SUM(`Sales\u200b`)',
        output: null,
        errors: [
          {
            messageId: 'column',
            message: 'Zero-width space (U+200B) in the column name `Sales\u200b`: the name matches no column written without it',
            line: 1,
            column: 11,
            endLine: 1,
            endColumn: 12,
            suggestions: ['SUM(`Sales`)'],
          },
        ],
      },
      {
        code: "CASE WHEN `Region` = 'New\u00a0York' THEN 1 END",
        output: null,
        errors: [
          {
            messageId: 'text',
            message: "No-break space (U+00A0) in the text 'New\u00a0York': it differs from the same text typed without it",
            line: 1,
            column: 26,
            endLine: 1,
            endColumn: 27,
            suggestions: ["CASE WHEN `Region` = 'New York' THEN 1 END"],
          },
        ],
      },
      {
        code: "`Order\u00a0\u00a0Date` > '2024\u2060-01-01'",
        output: null,
        errors: [
          { messageId: 'column', data: { character: 'No-break space (U+00A0), 2 in a row' }, line: 1, column: 7, endLine: 1, endColumn: 9, suggestions: ["`Order  Date` > '2024\u2060-01-01'"] },
          { messageId: 'text', data: { character: 'Word joiner (U+2060)' }, line: 1, column: 22, endLine: 1, endColumn: 23, suggestions: ["`Order\u00a0\u00a0Date` > '2024-01-01'"] },
        ],
      },
      {
        code: 'COUNT(DISTINCT "Customer\u00adID\u202e")',
        output: null,
        name: 'double-quoted names, a soft hyphen and a bidirectional override',
        errors: [
          { messageId: 'text', data: { character: 'Soft hyphen (U+00AD)' }, line: 1, column: 25, endLine: 1, endColumn: 26, suggestions: ['COUNT(DISTINCT "CustomerID\u202e")'] },
          { messageId: 'text', data: { character: 'Right-to-left override (U+202E)' }, line: 1, column: 28, endLine: 1, endColumn: 29, suggestions: ['COUNT(DISTINCT "Customer\u00adID")'] },
        ],
      },
    ],
  },
  { describe, it },
);
