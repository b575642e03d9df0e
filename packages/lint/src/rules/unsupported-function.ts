// unsupported-function: functions the service documents as no longer supported in formulas (SQRT, WEEKDAY…).
import { lookupFunction, type CallExpression } from '@calckit/formula';
import type { Rule, RuleContext } from '../types.js';

/** Equivalent rewrites, as data: function name → replacement text built from the argument texts. */
const REWRITES: Readonly<Record<string, { readonly hint: string; readonly build: (args: readonly string[]) => string | undefined }>> = {
  SQRT: { hint: 'use POWER(x, 0.5)', build: (a) => (a.length === 1 ? `POWER(${a[0]}, 0.5)` : undefined) },
  WEEKDAY: {
    hint: 'the service silently replaces it with DAYOFWEEK, whose numbering differs (1 = Sunday); use MOD(DAYOFWEEK(x) + 5, 7)',
    build: (a) => (a.length === 1 ? `MOD(DAYOFWEEK(${a[0]}) + 5, 7)` : undefined),
  },
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
      rationale:
        'The service documents SQRT, WEEKDAY, CONVERT_TZ and MICROSECOND as unsupported. WEEKDAY is worse than rejected: it is silently replaced by DAYOFWEEK, which numbers days differently, so the formula runs and returns wrong numbers. Where an equivalent exists, a suggestion rewrites the call.',
      examples: [
        { code: 'POWER(`Area`, 0.5)', reported: false },
        { code: 'SQRT(`Area`)', reported: true },
        { code: 'WEEKDAY(`Order Date`)', reported: true, note: 'suggests MOD(DAYOFWEEK(`Order Date`) + 5, 7)' },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const entry = lookupFunction(node.upperName);
        if (entry?.availability !== 'unsupported') return;
        const rewrite = REWRITES[entry.name];
        const text = rewrite?.build(argTexts(context, node));
        context.report({
          messageId: 'unsupported',
          data: { name: node.name, hint: rewrite ? `: ${rewrite.hint}` : '' },
          range: node.nameRange,
          ...(text !== undefined ? { suggest: [{ messageId: 'rewrite', data: { text }, fix: (f) => f.replace(node, text) }] } : {}),
        });
      },
    };
  },
};
