// string-may-be-column: single-quoted text that is probably a column written with the wrong quotes, where the text
// could also be meant (`COUNT('Order ID')` counts rows either way): a warning. The judgement is string-as-column's.
import { defineRule } from '../types.js';
import { MESSAGES, reportFindings } from './string-as-column.js';

export const rule = defineRule({
  meta: {
    id: 'string-may-be-column',
    description: 'Warn about single-quoted text that is probably a column written with the wrong quotes',
    category: 'problem',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: MESSAGES,
    docs: {
      rationale: [
        "The uncertain half of string-as-column: text where a column's values are probably meant, but where the formula still means something. The rule reports:",
        '',
        "- `COUNT('Order ID')`: counting a constant counts rows, like `COUNT(*)`; the name suggests the column was meant (with a schema that has the column, string-as-column reports it as an error);",
        "- text that is not a number in arithmetic (`'Sales' * 2`, or `'Q' + QUARTER(…)` written for concatenation): it counts as 0;",
        "- text compared with a number or a date it cannot be (`CURDATE() > 'Order Date'`);",
        "- with a schema, a function of constants only over a column's name (`UPPER('Region')`): the same on every row.",
        '',
        'Each finding suggests the backticked column; none is fixed automatically.',
      ].join('\n'),
      examples: [
        { code: 'COUNT(`Order ID`)', reported: false },
        { code: "COUNT('Order ID')", reported: true },
        { code: "'Sales' * 2", reported: true },
        { code: "CONCAT('Q', QUARTER(`Date`))", reported: false },
        { code: "CURDATE() > 'Order Date'", reported: true },
        { code: "CURDATE() > '2024-01-31'", reported: false },
      ],
    },
  },
  create(context) {
    return reportFindings(context, false);
  },
});
