// division-without-nullif: a divisor that may be zero, not guarded with NULLIF(x, 0). Off by default.
import type { Expression } from '@calckit/formula';
import { defineRule } from '../types.js';
import { numberValue, unparen } from './util.js';

const guarded = (e: Expression): boolean => {
  const x = unparen(e);
  return x.kind === 'Call' && x.upperName === 'NULLIF';
};

export const rule = defineRule({
  meta: {
    id: 'division-without-nullif',
    description: 'Suggest NULLIF(divisor, 0) around divisors that may be zero',
    category: 'suggestion',
    defaultSeverity: 'off',
    hasSuggestions: true,
    messages: {
      unguarded: 'The divisor {{divisor}} may be zero; guard it with NULLIF({{divisor}}, 0)',
      wrap: 'Wrap the divisor in NULLIF(…, 0)',
    },
    docs: {
      rationale:
        'Division by zero yields NULL (or an error on some engines) for the rows or groups where the divisor is zero. `NULLIF(x, 0)` makes the intent explicit. Off by default: many divisors cannot be zero in practice.',
      examples: [
        { code: 'SUM(`Profit`) / NULLIF(SUM(`Sales`), 0)', reported: false },
        { code: 'SUM(`Profit`) / SUM(`Sales`)', reported: true },
        { code: '`Minutes` / 60', reported: false },
      ],
    },
  },
  create(context) {
    return {
      Binary(node) {
        if (node.operator !== '/') return;
        const literal = numberValue(node.right);
        if (literal !== undefined || guarded(node.right)) return;
        const divisor = context.sourceOf(unparen(node.right));
        context.report({
          messageId: 'unguarded',
          data: { divisor },
          node: node.right,
          suggest: [{ messageId: 'wrap', fix: (f) => f.replace(node.right, `NULLIF(${divisor}, 0)`) }],
        });
      },
    };
  },
});
