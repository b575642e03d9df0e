// division-by-zero: dividing by a literal 0 always yields NULL. A warning, not an error: MariaDB computes `x / 0` and
// `MOD(x, 0)` as NULL and nothing shows the service refusing them (facts.md, the API seed), so the formula is valid;
// the rule flags what is almost always a mistake.
import { defineRule } from '../types.js';
import { numberValue } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'division-by-zero',
    description: 'Report division by a literal zero (its value is NULL)',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: { zero: 'Division by zero: the value is always NULL' },
    docs: {
      rationale: 'Dividing by the literal 0 (or 0.0), or MOD by it, makes every value NULL, as in MySQL and MariaDB. No source shows the service refusing the formula, so this is a warning, not an error; but a NULL on every row is almost always a mistake.',
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
