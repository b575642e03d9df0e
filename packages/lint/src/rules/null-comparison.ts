// null-comparison: `x = NULL` is never true (NULL compares as unknown); fix: `x IS NULL` / `x IS NOT NULL`. A warning,
// not an error: MariaDB computes `x = NULL` as NULL and nothing shows the service refusing it (facts.md, the API seed).
import { defineRule } from '../types.js';
import { isNullLiteral } from './util.js';

const OPERATORS: Readonly<Record<string, string>> = { '=': 'IS NULL', '!=': 'IS NOT NULL', '<>': 'IS NOT NULL' };

export const rule = defineRule({
  meta: {
    id: 'null-comparison',
    description: 'Require IS NULL / IS NOT NULL instead of = NULL / <> NULL',
    category: 'problem',
    defaultSeverity: 'warn',
    fixable: 'code',
    messages: {
      compare: "'{{operator}} NULL' is always NULL, never true: write '{{replacement}}'",
    },
    docs: {
      rationale: 'Any comparison with NULL is unknown (its value is NULL, as in MySQL and MariaDB), so `x = NULL` filters out every row and `x <> NULL` as well. No source shows the service refusing the formula, so this is a warning, not an error. The fix rewrites the comparison with IS [NOT] NULL.',
      examples: [
        { code: "CASE WHEN `Region` IS NULL THEN 'none' END", reported: false },
        { code: "CASE WHEN `Region` = NULL THEN 'none' END", reported: true, note: 'fixed to `Region` IS NULL' },
      ],
    },
  },
  create(context) {
    return {
      Binary(node) {
        const replacement = OPERATORS[node.operator];
        if (!replacement) return;
        const leftNull = isNullLiteral(node.left);
        const rightNull = isNullLiteral(node.right);
        if (!leftNull && !rightNull) return;
        const subject = rightNull ? node.left : node.right;
        context.report({
          messageId: 'compare',
          data: { operator: node.operatorRaw, replacement: `${replacement}` },
          node,
          fix: leftNull && rightNull ? undefined : (f) => f.replace(node, `${context.sourceOf(subject)} ${replacement}`),
        });
      },
    };
  },
});
