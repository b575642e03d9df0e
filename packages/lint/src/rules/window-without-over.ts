// window-without-over: window functions (RANK, LAG…) called without OVER, and OVER after a function that is not a
// window or aggregate function.
import { lookupFunction } from '@calckit/formula';
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'window-without-over',
    description: 'Require OVER after window functions, and only there',
    category: 'problem',
    defaultSeverity: 'error',
    messages: {
      missing: "'{{name}}' is a window function: it needs OVER (…), e.g. {{name}}(…) OVER (ORDER BY `Date`)",
      notWindow: "'{{name}}' cannot be used with OVER: only aggregates and window functions can",
    },
    docs: {
      rationale: 'RANK, LAG, LEAD, NTILE and the other window functions only have a meaning over a window; without OVER the service rejects the formula. Conversely, OVER after a row function is invalid.',
      examples: [
        { code: 'LAG(SUM(`Sales`), 1) OVER (ORDER BY `Month`)', reported: false },
        { code: 'LAG(SUM(`Sales`), 1)', reported: true },
        { code: 'UPPER(`Name`) OVER ()', reported: true },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const entry = lookupFunction(node.upperName);
        if (!entry) return;
        if (entry.needsOver && !node.over) context.report({ messageId: 'missing', data: { name: node.name }, range: node.nameRange });
        if (node.over && entry.kind !== 'window' && !(entry.kind === 'aggregate' && entry.windowCapable)) {
          context.report({ messageId: 'notWindow', data: { name: node.name }, node: node.over });
        }
      },
    };
  },
});
