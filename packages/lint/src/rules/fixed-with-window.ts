// fixed-with-window: FIXED (level of detail) and a window (OVER) in the same formula, which the service forbids.
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'fixed-with-window',
    description: 'Disallow FIXED and window functions (OVER) in the same formula',
    category: 'problem',
    defaultSeverity: 'error',
    messages: { combined: 'FIXED cannot be combined with a window function (OVER) in one formula' },
    docs: {
      rationale: 'The service documents that window functions may not be combined with FIXED. Split the formula into two calculations.',
      examples: [
        { code: 'SUM(SUM(`Sales`) FIXED (BY `Region`))', reported: false },
        { code: 'SUM(SUM(`Sales`) FIXED (BY `Region`)) OVER (ORDER BY `Month`)', reported: true },
      ],
    },
  },
  create(context) {
    const calls = context.semantics.calls;
    if (!calls.some((c) => c.over) || !calls.some((c) => c.fixed)) return {};
    return {
      Fixed(node) {
        context.report({ messageId: 'combined', node });
      },
    };
  },
});
