// case-returns-boolean: `CASE WHEN c THEN TRUE ELSE FALSE END` is the condition itself, said at length.
import type { Expression } from '@calckit/formula';
import { defineRule } from '../types.js';
import { unparen } from './util.js';

const booleanValue = (e: Expression): boolean | undefined => {
  const x = unparen(e);
  return x.kind === 'Boolean' ? x.value : undefined;
};

export const rule = defineRule({
  meta: {
    id: 'case-returns-boolean',
    description: 'Disallow CASE expressions that only return TRUE or FALSE',
    category: 'suggestion',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: {
      boolean: 'This CASE only returns TRUE/FALSE: use the condition itself',
      useCondition: 'Replace with the condition',
    },
    docs: {
      rationale:
        'A CASE whose branches are all TRUE or FALSE restates its conditions. The suggestion (not an automatic fix: a NULL condition gives FALSE in the CASE but NULL on its own) replaces `CASE WHEN c THEN TRUE ELSE FALSE END` with `c` and `… THEN FALSE ELSE TRUE END` with `NOT (c)`.',
      examples: [
        { code: '`Amount` > 100', reported: false },
        { code: 'CASE WHEN `Amount` > 100 THEN TRUE ELSE FALSE END', reported: true },
      ],
    },
  },
  create(context) {
    return {
      Case(node) {
        if (node.whens.length === 0 || !node.elseResult) return;
        const values = [...node.whens.map((w) => booleanValue(w.result)), booleanValue(node.elseResult)];
        if (values.some((v) => v === undefined)) return;
        const only = node.whens[0]!;
        const simple = !node.operand && node.whens.length === 1 && values[0] !== values[1];
        const condition = context.sourceOf(only.condition);
        const replacement = values[0] ? condition : `NOT (${condition})`;
        context.report({
          messageId: 'boolean',
          node,
          ...(simple ? { suggest: [{ messageId: 'useCondition', fix: (f) => f.replace(node, replacement) }] } : {}),
        });
      },
    };
  },
});
