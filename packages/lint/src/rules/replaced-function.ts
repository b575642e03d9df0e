// replaced-function: functions the service accepts but silently replaces by another one (WEEKDAY by DAYOFWEEK).
import { functionAvailability, type AvailabilityStatus } from '@calckit/formula';
import { defineRule } from '../types.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: a warning). */
export const STATUSES: readonly AvailabilityStatus[] = ['replaced'];

/** How the replacement differs, and the rewrite that computes what the writer meant, by function name. */
const REWRITES: Readonly<Record<string, { readonly hint: string; readonly build: (args: readonly string[]) => string | undefined }>> = {
  WEEKDAY: {
    hint: 'which numbers days 1 = Sunday .. 7 = Saturday, not 0 = Monday .. 6 = Sunday; MOD(DAYOFWEEK(x) + 5, 7) is WEEKDAY',
    build: (a) => (a.length === 1 ? `MOD(DAYOFWEEK(${a[0]}) + 5, 7)` : undefined),
  },
};

export const rule = defineRule({
  meta: {
    id: 'replaced-function',
    description: 'Warn about functions the service silently replaces by another one',
    category: 'problem',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: {
      replaced: "'{{name}}' is silently replaced by {{by}}{{hint}}",
      rewrite: 'Replace with {{text}}',
    },
    docs: {
      rationale:
        'The service documents WEEKDAY as unsupported, yet accepts it: it silently computes DAYOFWEEK instead, which numbers the days differently. The formula saves and `calckit analyze` says VALID, so this is a warning, not an error, but the numbers are not the ones the formula asks for. The suggestion rewrites the call to compute what WEEKDAY means. See unsupported-function for the whole availability policy.',
      examples: [
        { code: 'MOD(DAYOFWEEK(`Order Date`) + 5, 7)', reported: false },
        { code: 'WEEKDAY(`Order Date`)', reported: true, note: 'suggests MOD(DAYOFWEEK(`Order Date`) + 5, 7)' },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const { status, entry } = functionAvailability(node.upperName);
        if (status !== 'replaced' || !entry) return;
        const rewrite = REWRITES[entry.name];
        const text = rewrite?.build(node.args.map((a) => context.sourceOf(a)));
        context.report({
          messageId: 'replaced',
          data: { name: node.name, by: entry.replacedBy ?? 'another function', hint: rewrite ? `, ${rewrite.hint}` : '' },
          range: node.nameRange,
          ...(text !== undefined ? { suggest: [{ messageId: 'rewrite', data: { text }, fix: (f) => f.replace(node, text) }] } : {}),
        });
      },
    };
  },
});
