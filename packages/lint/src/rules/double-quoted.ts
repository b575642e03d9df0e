// double-quoted: "text" is documented for columns but used for strings in published samples: ambiguous.
// The fix picks by context: backticks when the name is a column, single quotes when it is a value.
import type { DoubleQuotedLiteral, Node } from '@calckit/formula';
import { lookupFunction, paramAt, singleQuotedFromDoubleQuoted } from '@calckit/formula';
import { defineRule, type RuleContext } from '../types.js';
import { backticked, isComparisonOperator } from './util.js';

type Reading = 'column' | 'string';

/** How the surrounding syntax reads a value in this position, when it says anything. */
function readingFromPosition(context: RuleContext, node: DoubleQuotedLiteral): Reading | undefined {
  const parent: Node | undefined = context.semantics.parentOf(node);
  if (!parent) return undefined;
  switch (parent.kind) {
    case 'When':
      // A CASE result is a value; a condition on its own would be a column.
      return parent.result === node ? 'string' : 'column';
    case 'Case':
      return parent.elseResult === node ? 'string' : 'column';
    case 'In':
      // The node is the tested value or one of the list's (`includes` on a 100,000-value list would be quadratic).
      return parent.expression === node ? 'column' : 'string';
    case 'Like':
      return parent.pattern === node ? 'string' : 'column';
    case 'Binary':
      if (isComparisonOperator(parent.operator)) {
        const other = parent.left === node ? parent.right : parent.left;
        // Compared with a column: a value. Compared with a literal: a column.
        if (other.kind === 'Column') return 'string';
        if (other.kind === 'String' || other.kind === 'Number') return 'column';
        return undefined;
      }
      return parent.operator === 'AND' || parent.operator === 'OR' ? undefined : 'column';
    case 'Call': {
      const entry = lookupFunction(parent.upperName);
      if (!entry) return undefined;
      if (entry.kind === 'aggregate' || entry.kind === 'window') return 'column';
      const index = context.semantics.argumentIndex(parent, node);
      const param = paramAt(entry, index);
      if (!param) return undefined;
      if (param.types.every((t) => t === 'STRING')) return index === 0 ? 'column' : 'string';
      if (param.types.includes('ANY')) return undefined;
      return 'column';
    }
    case 'Window':
    case 'Fixed':
    case 'OrderItem':
      return 'column';
    default:
      return undefined;
  }
}

export function readingOf(context: RuleContext, node: DoubleQuotedLiteral): Reading {
  const name = node.value;
  if (context.schema) return context.semantics.schemaColumn(name) ? 'column' : 'string';
  // The same name written in backticks elsewhere in the formula settles it.
  if (context.semantics.hasColumnNamed(name)) return 'column';
  return readingFromPosition(context, node) ?? 'string';
}

export const rule = defineRule({
  meta: {
    id: 'double-quoted',
    description: 'Disallow double quotes: use backticks for columns and single quotes for text',
    category: 'problem',
    defaultSeverity: 'warn',
    fixable: 'code',
    hasSuggestions: true,
    messages: {
      ambiguous: '{{raw}} is ambiguous: double quotes may mean a column or text; write {{fixed}} ({{reading}})',
      asColumn: 'Make it the column {{column}}',
      asString: 'Make it the text {{text}}',
    },
    docs: {
      rationale:
        'The service documents double quotes as an alternative for column names, while published samples use them for text. The fix reads the context: with a schema, a name the dataset has is a column and anything else is text; without one, a name also written in backticks in the formula is a column, a CASE result, IN item, LIKE pattern or a value compared with a column is text, and an argument of an aggregate is a column. Both readings are offered as suggestions.',
      examples: [
        { code: "CASE WHEN `Stage` = 'Won' THEN 'Closed' END", reported: false },
        { code: 'CASE WHEN `Stage` = "Won" THEN \'Closed\' END', reported: true, note: "fixed to 'Won'" },
        { code: 'SUM("Amount")', reported: true, note: 'fixed to `Amount`' },
      ],
    },
  },
  create(context) {
    return {
      DoubleQuoted(node) {
        // Typographic “…” is reported by typographic-quotes first.
        if (node.typographic) return;
        const reading = readingOf(context, node);
        const column = backticked(node.value);
        // The literal's own spelling of its escapes is kept: `\t` stays `\t`, not a tab character.
        const text = singleQuotedFromDoubleQuoted(node.raw.slice(1, -1));
        const fixed = reading === 'column' ? column : text;
        context.report({
          messageId: 'ambiguous',
          data: { raw: node.raw, fixed, reading: reading === 'column' ? 'a column' : 'text' },
          node,
          fix: (f) => f.replace(node, fixed),
          suggest: [
            { messageId: 'asColumn', data: { column }, fix: (f) => f.replace(node, column) },
            { messageId: 'asString', data: { text }, fix: (f) => f.replace(node, text) },
          ],
        });
      },
    };
  },
});
