// typographic-quotes: ‘ ’ “ ” pasted from word processors break formulas; fix: plain quotes.
import { defineRule } from '../types.js';
import { singleQuoted } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'typographic-quotes',
    description: 'Disallow typographic quotes (‘ ’ “ ”)',
    category: 'problem',
    defaultSeverity: 'error',
    fixable: 'code',
    messages: {
      pair: 'Typographic quotes around {{raw}}: write {{fixed}}',
      stray: '{{message}}',
    },
    docs: {
      rationale:
        'Word processors and chat tools replace plain quotes with typographic ones, which the service does not accept. A paired ‘text’ is fixed to \'text\' and “text” to "text" (which `double-quoted` then resolves to a column or text). A lone typographic quote is reported without a fix.',
      examples: [
        { code: "CASE WHEN `Stage` = 'Won' THEN 1 END", reported: false },
        { code: 'CASE WHEN `Stage` = ‘Won’ THEN 1 END', reported: true, note: "fixed to 'Won'" },
      ],
    },
  },
  create(context) {
    const covered = new Set<number>();
    return {
      String(node) {
        if (node.quote !== 'typographic') return;
        covered.add(node.range.start.offset);
        const fixed = singleQuoted(node.value);
        context.report({ messageId: 'pair', data: { raw: node.raw, fixed }, node, fix: (f) => f.replace(node, fixed) });
      },
      DoubleQuoted(node) {
        if (!node.typographic) return;
        covered.add(node.range.start.offset);
        // Typographic quotes read no escapes: a backslash in them is one, and is escaped between plain quotes.
        const fixed = `"${node.value.replace(/\\/g, '\\\\').replace(/"/g, '""')}"`;
        context.report({ messageId: 'pair', data: { raw: node.raw, fixed }, node, fix: (f) => f.replace(node, fixed) });
      },
      onEnd() {
        for (const error of context.parse.errors) {
          if (error.code === 'typographic-quote' && !covered.has(error.range.start.offset)) {
            context.report({ messageId: 'stray', data: { message: error.message }, range: error.range });
          }
        }
      },
    };
  },
});
