// bare-column: column names written without backticks (`revenue` instead of `` `revenue` ``); fix: add backticks.
import { defineRule } from '../types.js';
import { backticked } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'bare-column',
    description: 'Require backticks around column names',
    category: 'problem',
    defaultSeverity: 'warn',
    fixable: 'code',
    messages: {
      bare: 'Column name {{name}} is not quoted; write {{quoted}}',
    },
    docs: {
      rationale:
        'The service documents column names in backticks. A bare word is read as a column today, but it breaks as soon as the name collides with a keyword or a function, contains a space, or the service tightens its parser. The fix adds the backticks.',
      examples: [
        { code: 'SUM(`revenue`)', reported: false },
        { code: 'SUM(revenue)', reported: true, note: 'fixed to SUM(`revenue`)' },
      ],
    },
  },
  create(context) {
    return {
      Column(node) {
        if (node.quote !== 'bare') return;
        const quoted = backticked(node.name);
        context.report({ messageId: 'bare', data: { name: node.name, quoted }, node, fix: (f) => f.replace(node, quoted) });
      },
    };
  },
});
