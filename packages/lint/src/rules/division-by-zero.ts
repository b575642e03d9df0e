// division-by-zero: dividing by a literal 0 always yields NULL.
import { defineRule } from '../types.js';
import { numberValue } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'division-by-zero',
    description: 'Disallow division by a literal zero',
    category: 'problem',
    defaultSeverity: 'error',
    messages: { zero: 'Division by zero: the result is always NULL' },
    docs: {
      rationale: 'Dividing by the literal 0 (or 0.0) makes every value NULL; it is always a mistake.',
      examples: [
        { code: '`Profit` / 100', reported: false },
        { code: '`Profit` / 0', reported: true },
      ],
    },
  },
  create(context) {
    return {
      Binary(node) {
        if (node.operator === '/' && numberValue(node.right) === 0) context.report({ messageId: 'zero', node: node.right });
      },
      Call(node) {
        if (node.upperName === 'MOD' && node.args[1] && numberValue(node.args[1]) === 0) context.report({ messageId: 'zero', node: node.args[1] });
      },
    };
  },
});
