// redundant-else-null: `ELSE NULL` says what a CASE without ELSE already does; fix: remove it.
import { defineRule } from '../types.js';
import { isNullLiteral } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'redundant-else-null',
    description: 'Disallow ELSE NULL in CASE (it is the default)',
    category: 'suggestion',
    defaultSeverity: 'warn',
    fixable: 'code',
    messages: {
      redundant: 'ELSE NULL is redundant: a CASE without ELSE already returns NULL',
    },
    docs: {
      rationale: 'A CASE with no matching branch returns NULL; spelling it out adds noise. The fix removes the ELSE clause.',
      examples: [
        { code: 'CASE WHEN `Amount` > 0 THEN `Amount` END', reported: false },
        { code: 'CASE WHEN `Amount` > 0 THEN `Amount` ELSE NULL END', reported: true, note: 'fixed to CASE WHEN `Amount` > 0 THEN `Amount` END' },
      ],
    },
  },
  create(context) {
    return {
      Case(node) {
        if (!node.elseResult || !node.elseKeyword || !isNullLiteral(node.elseResult)) return;
        const text = context.text;
        // Remove the whitespace before ELSE too, so `… END` keeps one space.
        let start = node.elseKeyword.start.offset;
        while (start > 0 && /[ \t]/.test(text[start - 1]!)) start--;
        let end = node.elseResult.range.end.offset;
        // ELSE NULL alone on its line: the line goes too.
        const atLineStart = start === 0 || text[start - 1] === '\n' || text[start - 1] === '\r';
        let after = end;
        while (after < text.length && (text[after] === ' ' || text[after] === '\t')) after++;
        if (atLineStart && start > 0 && (text[after] === '\n' || text[after] === '\r')) end = text.startsWith('\r\n', after) ? after + 2 : after + 1;
        context.report({
          messageId: 'redundant',
          range: { start: node.elseKeyword.start, end: node.elseResult.range.end },
          fix: (f) => f.replaceOffsets(start, end, ''),
        });
      },
    };
  },
});
