// mixed-aggregation: columns used row by row beside aggregates (`CASE WHEN `Status` … THEN SUM(x) END`).
import type { Node } from '@calckit/formula';
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
    // Whether a node lies in a window's or a FIXED clause's column lists, remembered for every node on a long way up:
    // asking for each of 100,000 columns of a chain walks each link of the chain once, not once per column.
    const inGrouping = new Map<Node, boolean>();
    const inGroupingSpec = (node: Node): boolean => {
      const path: Node[] = [];
      let result = false;
      for (let n = semantics.parentOf(node); n; n = semantics.parentOf(n)) {
        const known = inGrouping.get(n);
        if (known !== undefined) {
          result = known;
          break;
        }
        path.push(n);
        if (n.kind === 'Window' || n.kind === 'Fixed') {
          result = true;
          break;
        }
      }
      // Short walks (a formula a few levels deep) are not worth remembering.
      if (path.length > 32) for (const n of path) inGrouping.set(n, result);
      return result;
    };
    return {
      Column(node) {
        if (semantics.enclosingAggregate(node) || inGroupingSpec(node)) return;
        context.report({ messageId: 'mixed', data: { column: node.raw, aggregate: firstAggregate?.name ?? 'an aggregate' }, node });
      },
    };
  },
});
