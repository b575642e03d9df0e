// mixed-aggregation: columns used row by row beside aggregates (`CASE WHEN `Status` … THEN SUM(x) END`).
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'mixed-aggregation',
    description: 'Report columns outside any aggregate in a formula that aggregates',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      mixed: 'Column {{column}} is used outside an aggregate while the formula aggregates ({{aggregate}}): its value per group is undefined; aggregate it too or move it inside',
    },
    docs: {
      rationale:
        "An aggregated formula yields one value per group; a column read outside any aggregate has one value per row, so the service either rejects the formula or picks an arbitrary row. Move the condition inside the aggregate (`SUM(CASE WHEN `Status` = 'Won' THEN `Amount` END)`). Columns in a window's PARTITION BY / ORDER BY and in FIXED are grouping columns and are fine.",
      examples: [
        { code: "SUM(CASE WHEN `Status` = 'Won' THEN `Amount` ELSE 0 END)", reported: false },
        { code: "CASE WHEN `Status` = 'Won' THEN SUM(`Amount`) ELSE 0 END", reported: true },
        { code: 'SUM(`Amount`) OVER (PARTITION BY `Region`)', reported: false },
      ],
    },
  },
  create(context) {
    const { semantics } = context;
    if (!semantics.aggregated) return {};
    const firstAggregate = semantics.calls.find((c) => semantics.isAggregate(c));
    return {
      Column(node) {
        // The model knows where each column stands (one pass over the tree), so no column walks up its parents.
        const use = semantics.columnUse(node);
        if (!use || use.aggregated || use.inFixed || use.inWindow) return;
        context.report({ messageId: 'mixed', data: { column: node.raw, aggregate: firstAggregate?.name ?? 'an aggregate' }, node });
      },
    };
  },
});
