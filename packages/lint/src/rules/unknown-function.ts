// unknown-function: a call to a name the function catalogue does not know, with "did you mean".
import { functionAvailability, functionNames, type AvailabilityStatus } from '@calckit/formula';
import { closestNames, orList } from '../suggest.js';
import { defineRule } from '../types.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: an error). */
export const STATUSES: readonly AvailabilityStatus[] = ['unknown'];

/** "Did you mean" answers by name: the same misspelling recurs across files, and edit distances are not free. */
const nearCache = new Map<string, string[]>();
const MAX_CACHED = 1000;
function nearNames(name: string): string[] {
  let near = nearCache.get(name);
  if (!near) {
    near = closestNames(name, functionNames());
    if (nearCache.size >= MAX_CACHED) nearCache.clear();
    nearCache.set(name, near);
  }
  return near;
}

export const rule = defineRule({
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
        'The service rejects a formula that calls a function it does not know, and `calckit analyze` says INVALID for it: both follow one availability policy (see unsupported-function). Names are compared case-insensitively with the function catalogue; close names are offered as suggestions. A known name split by a hyphen or a space (`DATE-FORMAT(`) is left to split-function-name, which names the function meant.',
      examples: [
        { code: 'DATEDIFF(`Closed`, `Opened`)', reported: false },
        { code: 'DATE_DIFF(`Closed`, `Opened`)', reported: true, note: "did you mean 'DATEDIFF'?" },
      ],
    },
  },
  create(context) {
    // Calls inside a split name (`FORMAT` of `DATE-FORMAT(`): split-function-name owns that range when it runs.
    return {
      Call(node) {
        if (functionAvailability(node.upperName).status !== 'unknown') return;
        const near = nearNames(node.upperName);
        context.report({
          messageId: 'unknown',
          data: { name: node.name, hint: near.length ? `; did you mean ${orList(near)}?` : '' },
          range: node.nameRange,
          suggest: near.map((name) => ({ messageId: 'replace', data: { name }, fix: (f) => f.replace(node.nameRange, name) })),
        });
      },
    };
  },
});
