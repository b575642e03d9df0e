// unsupported-function: functions the service documents as not supported in formulas (SQRT, CONVERT_TZ, MICROSECOND).
import { functionAvailability, type AvailabilityStatus, type CallExpression } from '@calckit/formula';
import type { Rule, RuleContext } from '../types.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: an error). */
export const STATUSES: readonly AvailabilityStatus[] = ['unsupported'];

/** What to write instead, as data: function name → hint, and a rewrite from the argument texts where one is exact. */
const ALTERNATIVES: Readonly<Record<string, { readonly hint: string; readonly build?: (args: readonly string[]) => string | undefined }>> = {
  SQRT: { hint: 'use POWER(x, 0.5)', build: (a) => (a.length === 1 ? `POWER(${a[0]}, 0.5)` : undefined) },
  CONVERT_TZ: { hint: "add the zones' difference with DATE_ADD(x, INTERVAL n HOUR)" },
  MICROSECOND: { hint: "DATE_FORMAT(x, '%f') gives the microseconds as text" },
};

function argTexts(context: RuleContext, node: CallExpression): string[] {
  return node.args.map((a) => context.sourceOf(a));
}

export const rule: Rule = {
  meta: {
    id: 'unsupported-function',
    description: 'Report functions documented as unsupported in formulas',
    category: 'problem',
    defaultSeverity: 'error',
    hasSuggestions: true,
    messages: {
      unsupported: "'{{name}}' is documented as unsupported in formulas{{hint}}",
      rewrite: 'Replace with {{text}}',
    },
    docs: {
      rationale: [
        'The service documents SQRT, CONVERT_TZ and MICROSECOND as not supported in formulas: it rejects them, and `calckit analyze` says INVALID. Where an exact equivalent exists, a suggestion rewrites the call.',
        '',
        "Every function's availability is decided once, in the function catalogue, from where the service documents or shows it (each function records its source and status), and both the linter and `calckit analyze` follow that one policy: a function the service rejects is an error here and INVALID there; a function it accepts is never an error.",
        '',
        '| Status | Where the function is found | Service | Linter |',
        '| --- | --- | --- | --- |',
        '| documented | the formula function reference | accepts | nothing |',
        "| sample | the service's published samples only | accepts | nothing |",
        "| engine | the reference of the engine that runs formulas (its dataflow functions) only | accepts | warning: undocumented-function |",
        '| unverified | no reference and no sample | accepts | warning: undocumented-function |',
        '| replaced | documented as silently replaced by another function (WEEKDAY) | accepts, computes the other function | warning: replaced-function |',
        '| unsupported | documented as not supported in formulas | rejects | error: unsupported-function |',
        '| unknown | not in the catalogue | rejects | error: unknown-function |',
      ].join('\n'),
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
        if (status !== 'unsupported' || !entry) return;
        const alternative = ALTERNATIVES[entry.name];
        const text = alternative?.build?.(argTexts(context, node));
        context.report({
          messageId: 'unsupported',
          data: { name: node.name, hint: alternative ? `: ${alternative.hint}` : '' },
          range: node.nameRange,
          ...(text !== undefined ? { suggest: [{ messageId: 'rewrite', data: { text }, fix: (f) => f.replace(node, text) }] } : {}),
        });
      },
    };
  },
};
