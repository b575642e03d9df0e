// deprecated-function: functions the service documents as unsupported in formulas but still accepted when last tried
// (SQRT, CONVERT_TZ): they work today and may stop working without notice.
import { functionAvailability, type AvailabilityStatus } from '@calckit/formula';
import { defineRule } from '../types.js';
import { FUNCTION_ALTERNATIVES } from './function-alternatives.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: a warning). */
export const STATUSES: readonly AvailabilityStatus[] = ['deprecated'];

export const rule = defineRule({
  meta: {
    id: 'deprecated-function',
    description: 'Warn about functions documented as unsupported that the service still accepts',
    category: 'problem',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: {
      deprecated: "'{{name}}' is documented as unsupported in formulas, though the service still accepts it: it may stop working{{hint}}",
      rewrite: 'Replace with {{text}}',
    },
    docs: {
      rationale:
        "The service's formula reference lists SQRT and CONVERT_TZ as not supported, yet a live run of the service in 2026 still served values for both. A formula using them saves and `calckit analyze` says VALID, so this is a warning, not an error: the function may be removed without notice. Where an exact equivalent exists (SQRT(x) is POWER(x, 0.5)), a suggestion rewrites the call. See unsupported-function for the whole availability policy.",
      examples: [
        { code: 'POWER(`Area`, 0.5)', reported: false },
        { code: 'SQRT(`Area`)', reported: true, note: 'suggests POWER(`Area`, 0.5)' },
        { code: "CONVERT_TZ(`Created At`, 'UTC', 'America/Chicago')", reported: true },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const { status, entry } = functionAvailability(node.upperName);
        if (status !== 'deprecated' || !entry) return;
        const alternative = FUNCTION_ALTERNATIVES[entry.name];
        const text = alternative?.build?.(node.args.map((a) => context.sourceOf(a)));
        context.report({
          messageId: 'deprecated',
          data: { name: node.name, hint: alternative ? `; ${alternative.hint}` : '' },
          range: node.nameRange,
          ...(text !== undefined ? { suggest: [{ messageId: 'rewrite', data: { text }, fix: (f) => f.replace(node, text) }] } : {}),
        });
      },
    };
  },
});
