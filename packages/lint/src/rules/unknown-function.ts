// unknown-function: a call to a name the function catalogue does not know, with "did you mean".
import { functionNames, lookupFunction } from '@calckit/formula';
import { closestNames, orList } from '../suggest.js';
import type { Rule } from '../types.js';

export const rule: Rule = {
  meta: {
    id: 'unknown-function',
    description: 'Report calls to functions the service does not have',
    category: 'problem',
    defaultSeverity: 'error',
    hasSuggestions: true,
    messages: {
      unknown: "Unknown function '{{name}}'{{hint}}",
      replace: "Replace with '{{name}}'",
    },
    docs: {
      rationale:
        'The service rejects a formula that calls a function it does not know. Names are compared case-insensitively with the function catalogue; close names are offered as suggestions.',
      examples: [
        { code: 'DATEDIFF(`Closed`, `Opened`)', reported: false },
        { code: 'DATE_DIFF(`Closed`, `Opened`)', reported: true, note: "did you mean 'DATEDIFF'?" },
      ],
    },
  },
  create(context) {
    let names: string[] | undefined;
    return {
      Call(node) {
        if (lookupFunction(node.upperName)) return;
        names ??= functionNames();
        const near = closestNames(node.upperName, names);
        context.report({
          messageId: 'unknown',
          data: { name: node.name, hint: near.length ? `; did you mean ${orList(near)}?` : '' },
          range: node.nameRange,
          suggest: near.map((name) => ({ messageId: 'replace', data: { name }, fix: (f) => f.replace(node.nameRange, name) })),
        });
      },
    };
  },
};
