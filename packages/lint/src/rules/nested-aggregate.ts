// nested-aggregate: an aggregate inside another aggregate (`SUM(MIN(x))`) outside a window or FIXED.
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'nested-aggregate',
    description: 'Disallow aggregates nested in aggregates, except under a window (OVER) or FIXED',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      nested: "'{{inner}}' is nested in '{{outer}}': aggregates do not nest, except as the inner aggregate of a window (OVER) or of FIXED",
    },
    docs: {
      rationale:
        'Aggregates are computed over the rows of a group; an aggregate of an aggregate has no group to work on. The service accepts the nesting only in two forms: a window over an aggregate (`SUM(SUM(x)) OVER (…)`) and FIXED (`SUM(SUM(x) FIXED (BY r))`). The default is a warning because published samples nest aggregates in ways some engines accept.',
      examples: [
        { code: 'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)', reported: false },
        { code: 'SUM(SUM(`Sales`) FIXED (BY `Region`))', reported: false },
        { code: 'SUM(MIN(`Sales`))', reported: true },
      ],
    },
  },
  create(context) {
    const { semantics } = context;
    return {
      Call(node) {
        if (!semantics.isAggregate(node) || node.over || node.fixed) return;
        const outer = semantics.enclosingAggregate(node);
        if (!outer || outer.over) return;
        context.report({ messageId: 'nested', data: { inner: node.name, outer: outer.name }, node });
      },
    };
  },
});
