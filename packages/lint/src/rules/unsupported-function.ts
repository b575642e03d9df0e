// unsupported-function: functions the service refuses in formulas (MICROSECOND, PERCENT_RANK).
import { functionAvailability, type AvailabilityStatus, type CallExpression } from '@calckit/formula';
import { defineRule, type RuleContext } from '../types.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: an error). */
export const STATUSES: readonly AvailabilityStatus[] = ['unsupported'];

import { FUNCTION_ALTERNATIVES } from './function-alternatives.js';

function argTexts(context: RuleContext, node: CallExpression): string[] {
  return node.args.map((a) => context.sourceOf(a));
}

export const rule = defineRule({
  meta: {
    id: 'unsupported-function',
    description: 'Report functions the service refuses in formulas',
    category: 'problem',
    defaultSeverity: 'error',
    hasSuggestions: true,
    messages: {
      unsupported: "'{{name}}' is not supported in formulas (the service refuses it){{hint}}",
      rewrite: 'Replace with {{text}}',
    },
    docs: {
      rationale: [
        'The service refuses MICROSECOND (documented as unsupported; a live run marked it ILLEGAL_FUNCTION) and PERCENT_RANK (a live run answered "Not a valid analytic function"), and `calckit analyze` says INVALID. Where an exact equivalent exists, a suggestion rewrites the call. SQRT and CONVERT_TZ are documented as unsupported too, yet the service accepted them when last tried: deprecated-function warns about those.',
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
        '| deprecated | documented as not supported in formulas, yet accepted when last tried (SQRT, CONVERT_TZ) | accepts | warning: deprecated-function |',
        '| unsupported | documented as not supported in formulas, or refused by the service | rejects | error: unsupported-function |',
        '| unknown | not in the catalogue | rejects | error: unknown-function |',
      ].join('\n'),
      examples: [
        { code: "DATE_FORMAT(`Created At`, '%f')", reported: false },
        { code: 'MICROSECOND(`Created At`)', reported: true },
        { code: 'PERCENT_RANK() OVER (ORDER BY SUM(`Sales`))', reported: true },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const { status, entry } = functionAvailability(node.upperName);
        if (status !== 'unsupported' || !entry) return;
        const alternative = FUNCTION_ALTERNATIVES[entry.name];
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
});
