// undocumented-function: functions the query engine types but the service does not document for formulas.
import { lookupFunction } from '@calckit/formula';
import type { Rule } from '../types.js';

export const rule: Rule = {
  meta: {
    id: 'undocumented-function',
    description: 'Warn about engine-only functions whose availability in formulas is uncertain',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      engine: "'{{name}}' is known to the query engine but not documented for formulas; the service may reject it",
    },
    docs: {
      rationale:
        'The function catalogue marks some functions as typed by the engine without appearing in the service\'s documentation or published samples. They may work, or the service may reject them on save. Turn the rule off once you have checked that a function works on your instance.',
      examples: [
        { code: 'MEDIAN(`Amount`)', reported: true },
        { code: 'AVG(`Amount`)', reported: false },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        if (lookupFunction(node.upperName)?.availability === 'engine') {
          context.report({ messageId: 'engine', data: { name: node.name }, range: node.nameRange });
        }
      },
    };
  },
};
