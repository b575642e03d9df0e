// Table tests for the date-format-specifier rule: unknown, missing and lone-letter specifiers in date formats.
import { DATE_FORMAT_FUNCTIONS, lookupFunction, paramAt } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './date-format-specifier.js';

describe('the functions that take a format', () => {
  it('are in the catalogue with text as their second parameter', () => {
    for (const name of DATE_FORMAT_FUNCTIONS) {
      const entry = lookupFunction(name);
      expect(entry, name).toBeDefined();
      expect(paramAt(entry!, 1)?.types, name).toContain('STRING');
    }
  });
});

testRule(
  rule,
  {
    valid: [
      "DATE_FORMAT(NOW(), '%d %b %Y %T')",
      "STR_TO_DATE(`d`, '%m,%d,%Y')",
      "DATE_FORMAT(`d`, '100%% %Y')",
      'DATE_FORMAT(`d`, `fmt`)',
      "TIME_FORMAT(`t`, '%H:%i:%s')",
      "FROM_UNIXTIME(`t`, '%Y-%m-%d')",
      'FROM_UNIXTIME(`t`)',
      "CONCAT('YYYY', `x`)",
      "TO_CHAR(`d`, 'YYYY-MM-DD')",
      "DATE_FORMAT(CURRENT_DATE(), '%Y%m01')",
      "DATE_FORMAT(`d`, '%Y-%m')",
      "DATE_FORMAT(`d`, '%x-W%v')",
      "DATE_FORMAT(`d`, '%Y-%m-%dT%H:%i:%s')",
      "DATE_FORMAT(`d`, '%H h %i')",
      "DATE_FORMAT(`d`, '%d de %M de %Y')",
      "DATE_FORMAT(`d`, '%Y年%m月%d日')",
      "DATE_FORMAT(`d`, 'FY%y')",
      "DATE_FORMAT(`d`, '%h:%i a.m.')",
      "DATE_FORMAT(`d`, 'Week %v')",
      "DATE_FORMAT(`d`, '%D %k %l %S %U %u %V %X %c %I')",
      "DATE_FORMAT(`d`, 'Q' + QUARTER(`d`))",
    ],
    invalid: [
      // Unknown specifiers and a trailing %.
      {
        code: "DATE_FORMAT(`d`, '%Y-%q')",
        errors: [{ messageId: 'unknown', data: { letter: 'q' }, message: "'%q' is not a date format specifier (valid: %a %b %d %e %f %H %h %i %j %M %m %p %r %s %T %v %W %w %x %Y %y …)", line: 1, column: 22, endLine: 1, endColumn: 24 }],
        output: null,
      },
      { code: "DATE_FORMAT(`d`, 'Q%q')", errors: [{ messageId: 'unknown', data: { letter: 'q' }, line: 1, column: 20, endLine: 1, endColumn: 22 }], output: null },
      { code: "STR_TO_DATE(`d`, '%Y%')", errors: [{ messageId: 'trailing', message: "The format ends with a lone '%'; write '%%' for a percent sign", line: 1, column: 21, endLine: 1, endColumn: 22 }], output: null },
      { code: "DATE_FORMAT(`d`, 'it''s %Q')", errors: [{ messageId: 'unknown', line: 1, column: 18, endLine: 1, endColumn: 28 }], output: null, name: 'doubled quotes: the whole literal' },
      // No % at all, each letter alone: the % added, automatically for the PHP-style letters.
      {
        code: "DATE_FORMAT(`d`, 'Y-m-d')",
        errors: [{ messageId: 'noPercent', message: "The format 'Y-m-d' has no % before its letters, so they are printed as they are; write '%Y-%m-%d'", line: 1, column: 18, endLine: 1, endColumn: 25 }],
        output: "DATE_FORMAT(`d`, '%Y-%m-%d')",
      },
      { code: "DATE_FORMAT(`d`, 'b d')", errors: [{ messageId: 'noPercent', data: { fixed: "'%b %d'" }, line: 1, column: 18, endLine: 1, endColumn: 23 }], output: "DATE_FORMAT(`d`, '%b %d')" },
      { code: "STR_TO_DATE(`d`, 'd/m/Y')", errors: [{ messageId: 'noPercent', line: 1, column: 18, endLine: 1, endColumn: 25 }], output: "STR_TO_DATE(`d`, '%d/%m/%Y')" },
      { code: "FROM_UNIXTIME(`t`, 'Y-m-d H:i:s')", errors: [{ messageId: 'noPercent', line: 1, column: 20, endLine: 1, endColumn: 33 }], output: "FROM_UNIXTIME(`t`, '%Y-%m-%d %H:%i:%s')" },
      { code: "TIME_FORMAT(`t`, 'H:i')", errors: [{ messageId: 'noPercent', line: 1, column: 18, endLine: 1, endColumn: 23 }], output: "TIME_FORMAT(`t`, '%H:%i')" },
      { code: "DATE_FORMAT(`d`, 'Y年m月')", errors: [{ messageId: 'noPercent', line: 1, column: 18, endLine: 1, endColumn: 24 }], output: "DATE_FORMAT(`d`, '%Y年%m月')", name: 'other letters separate like punctuation' },
      { code: "DATE_FORMAT(`d`, ('Y'))", errors: [{ messageId: 'noPercent', line: 1, column: 19, endLine: 1, endColumn: 22 }], output: "DATE_FORMAT(`d`, ('%Y'))" },
      // Letters that mean something else in PHP-style formats, and letters run together: a suggestion.
      { code: "DATE_FORMAT(`d`, 'M d, Y')", errors: [{ messageId: 'noPercent', data: { fixed: "'%M %d, %Y'" }, line: 1, column: 18, endLine: 1, endColumn: 26, suggestions: ["DATE_FORMAT(`d`, '%M %d, %Y')"] }], output: null },
      { code: "DATE_FORMAT(`d`, 'Ymd')", errors: [{ messageId: 'noPercent', line: 1, column: 18, endLine: 1, endColumn: 23, suggestions: ["DATE_FORMAT(`d`, '%Y%m%d')"] }], output: null },
      { code: "DATE_FORMAT(`d`, 'His')", errors: [{ messageId: 'noPercent', line: 1, column: 18, endLine: 1, endColumn: 23, suggestions: ["DATE_FORMAT(`d`, '%H%i%s')"] }], output: null },
      // Pictures.
      {
        code: "DATE_FORMAT(`d`, 'YYYY-MM-DD')",
        errors: [{ messageId: 'picture', message: "The format 'YYYY-MM-DD' has no % specifiers, so it is printed literally; did you mean '%Y-%m-%d'?", line: 1, column: 18, endLine: 1, endColumn: 30, suggestions: ["DATE_FORMAT(`d`, '%Y-%m-%d')"] }],
        output: null,
      },
      { code: "DATE_FORMAT(`d`, 'dd/mm/yyyy')", errors: [{ messageId: 'picture', line: 1, column: 18, endLine: 1, endColumn: 30, suggestions: ["DATE_FORMAT(`d`, '%d/%m/%Y')"] }], output: null },
      { code: "DATE_FORMAT(`d`, 'yyyy-MM-dd HH:mm:ss')", errors: [{ messageId: 'picture', line: 1, column: 18, endLine: 1, endColumn: 39, suggestions: ["DATE_FORMAT(`d`, '%Y-%m-%d %H:%i:%s')"] }], output: null },
      { code: "DATE_FORMAT(`d`, 'MMM yyyy')", errors: [{ messageId: 'picture', line: 1, column: 18, endLine: 1, endColumn: 28, suggestions: ["DATE_FORMAT(`d`, '%b %Y')"] }], output: null },
      // Text without specifiers: reported, nothing to offer.
      { code: "DATE_FORMAT(`d`, 'Week')", errors: [{ messageId: 'literal', message: "The format 'Week' has no % specifiers, so every row gets this same text", line: 1, column: 18, endLine: 1, endColumn: 24 }], output: null },
      { code: "DATE_FORMAT(`d`, 'Q')", errors: [{ messageId: 'literal', line: 1, column: 18, endLine: 1, endColumn: 21 }], output: null },
      { code: "DATE_FORMAT(`d`, 'Class')", errors: [{ messageId: 'literal', line: 1, column: 18, endLine: 1, endColumn: 25 }], output: null, name: 'a word with picture letters in it' },
      { code: "DATE_FORMAT(`d`, 'Month YYYY')", errors: [{ messageId: 'literal', line: 1, column: 18, endLine: 1, endColumn: 30 }], output: null, name: 'a picture with a word: nothing certain to offer' },
      { code: "DATE_FORMAT(`d`, '')", errors: [{ messageId: 'literal', line: 1, column: 18, endLine: 1, endColumn: 20 }], output: null },
      // A lone letter next to specifiers.
      {
        code: "DATE_FORMAT(`d`, '%Y-m')",
        errors: [{ messageId: 'loneLetter', message: "'m' in the format is printed as the letter; '%m' is the month, two digits (00..12)", line: 1, column: 22, endLine: 1, endColumn: 23 }],
        output: "DATE_FORMAT(`d`, '%Y-%m')",
      },
      { code: "DATE_FORMAT(`d`, 'Y-%m-%d')", errors: [{ messageId: 'loneLetter', data: { letter: 'Y' }, line: 1, column: 19, endLine: 1, endColumn: 20 }], output: "DATE_FORMAT(`d`, '%Y-%m-%d')" },
      {
        code: "DATE_FORMAT(`d`, '%d.m.Y')",
        errors: [{ messageId: 'loneLetter', data: { letter: 'm' }, line: 1, column: 22, endLine: 1, endColumn: 23 }],
        output: "DATE_FORMAT(`d`, '%d.%m.%Y')",
        name: 'the letter next to a specifier; its fix makes the next one a neighbour, fixed in the next pass',
      },
      { code: "DATE_FORMAT(`d`, '%b-D')", errors: [{ messageId: 'loneLetter', data: { letter: 'D' }, line: 1, column: 22, endLine: 1, endColumn: 23, suggestions: ["DATE_FORMAT(`d`, '%b-%D')"] }], output: null },
    ],
  },
  { describe, it },
);
