// keyword-case: the case of keywords (CASE, WHEN, AND, NULL, INTERVAL units…) and function names. Layout, off by
// default; each can be upper, lower or preserve (not checked).
import { tokens as T } from '@calckit/formula';
import type { Range } from '@calckit/formula';
import { defineRule } from '../types.js';

type Style = 'upper' | 'lower' | 'preserve';
const convert = (text: string, style: Style): string => (style === 'upper' ? text.toUpperCase() : style === 'lower' ? text.toLowerCase() : text);

export const rule = defineRule({
  meta: {
    id: 'keyword-case',
    description: 'Enforce the case of keywords and function names',
    category: 'layout',
    defaultSeverity: 'off',
    fixable: 'code',
    messages: {
      keyword: "Keyword '{{text}}' should be written '{{expected}}'",
      function: "Function name '{{text}}' should be written '{{expected}}'",
    },
    options: {
      keywords: { type: 'enum', values: ['upper', 'lower', 'preserve'], default: 'upper', description: 'Case of keywords (CASE, WHEN, AND, NULL, TRUE, INTERVAL units, …).' },
      functions: { type: 'enum', values: ['upper', 'lower', 'preserve'], default: 'upper', description: 'Case of function names.' },
    },
    docs: {
      rationale: 'Consistent case makes formulas easier to scan in reviews. The formatter (`calckit format`) applies the same convention; this rule is for projects that lint without formatting.',
      examples: [
        { code: "CASE WHEN YEAR(`Date`) = 2024 THEN 'yes' END", reported: false },
        { code: "case when year(`Date`) = 2024 then 'yes' end", reported: true },
      ],
      options: { keywords: 'upper', functions: 'upper' },
    },
  },
  create(context) {
    const keywords = context.options['keywords'] as Style;
    const functions = context.options['functions'] as Style;
    const check = (range: Range, style: Style, messageId: 'keyword' | 'function'): void => {
      const text = context.text.slice(range.start.offset, range.end.offset);
      const expected = convert(text, style);
      if (expected !== text) context.report({ messageId, data: { text, expected }, range, fix: (f) => f.replace(range, expected) });
    };
    return {
      onStart() {
        if (keywords === 'preserve') return;
        // Bare columns lex as words too (a column may be called `Order`): skip tokens that are column references.
        const columnStarts = new Set(context.semantics.columns.map((c) => c.range.start.offset));
        for (const token of context.parse.tokens) {
          if (!T.KEYWORDS.has(token.tokenType.name) || columnStarts.has(token.startOffset)) continue;
          check(context.parse.lines.rangeOf(token.startOffset, token.startOffset + token.image.length), keywords, 'keyword');
        }
      },
      Interval(node) {
        if (keywords !== 'preserve' && node.unitRange) check(node.unitRange, keywords, 'keyword');
      },
      Call(node) {
        if (functions !== 'preserve') check(node.nameRange, functions, 'function');
      },
    };
  },
});
