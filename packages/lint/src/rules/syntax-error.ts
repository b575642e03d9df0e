// syntax-error: the parser's errors (unbalanced parentheses, a CASE missing a part, unterminated strings…).
import { defineRule } from '../types.js';

/** Parse error codes that a dedicated rule reports (with a fix) instead, when that rule runs. */
const OWNED_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  ['typographic-quote', 'typographic-quotes'],
  ['pasted-character', 'pasted-characters'],
]);

export const rule = defineRule({
  meta: {
    id: 'syntax-error',
    description: 'Report formulas that do not parse',
    category: 'problem',
    defaultSeverity: 'error',
    messages: { syntax: '{{message}}' },
    docs: {
      rationale:
        'A formula that does not parse is stored by the service as "Invalid Query". The messages come from the parser, which recovers after an error so that one mistake does not hide the next. Typographic quotes are reported by `typographic-quotes` and characters pasted from web pages (invisible ones, Unicode spaces, look-alike dashes) by `pasted-characters`, which can fix them (by this rule when those are off). Directives cannot silence this rule.',
      examples: [
        { code: "CASE WHEN `Amount` > 0 THEN 'yes' ELSE 'no' END", reported: false },
        { code: "CASE WHEN WHEN `Amount` > 0 THEN 'yes' END", reported: true, note: 'WHEN twice' },
        { code: 'COUNT(DISTINCT `Id`', reported: true, note: 'missing `)`' },
      ],
    },
  },
  create(context) {
    return {
      onStart() {
        for (const error of context.parse.errors) {
          const owner = OWNED_ELSEWHERE.get(error.code);
          if (owner !== undefined && context.isEnabled(owner)) continue;
          context.report({ messageId: 'syntax', data: { message: error.message }, range: error.range });
        }
      },
    };
  },
});
