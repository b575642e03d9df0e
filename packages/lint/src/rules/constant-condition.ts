// constant-condition: conditions whose value never depends on the row (`1 = 1`, `WHEN TRUE`, `x = x`).
import type { Expression, Node } from '@calckit/formula';
import { defineRule } from '../types.js';
import { isComparisonOperator, unparen } from './util.js';

/** Source text without whitespace and case differences, for "the same expression on both sides". */
const normal = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

export const rule = defineRule({
  meta: {
    id: 'constant-condition',
    description: 'Disallow conditions that are always true or always false',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      constant: 'This condition does not depend on the row: it is always the same',
      same: 'Both sides of {{operator}} are the same expression',
    },
    docs: {
      rationale:
        'A condition built from literals only (`1 = 1`, `WHEN TRUE`) or comparing an expression with itself is left over from debugging or a typo for another column; the branch it guards is always or never taken.',
      examples: [
        { code: "CASE WHEN `Amount` > 1 THEN 'big' END", reported: false },
        { code: "CASE WHEN 1 = 1 THEN 'big' END", reported: true },
        { code: "CASE WHEN `Amount` = `Amount` THEN 'big' END", reported: true },
      ],
    },
  },
  create(context) {
    const reported = new Set<Node>();
    const checkCondition = (e: Expression): void => {
      const x = unparen(e);
      if (reported.has(x)) return;
      if (context.semantics.isConstant(x) && x.kind !== 'Error') {
        reported.add(x);
        context.report({ messageId: 'constant', node: e });
      }
    };
    return {
      When(node, parent) {
        // In a simple CASE (`CASE x WHEN 1 …`) the WHEN values are constants by design.
        if (parent?.kind === 'Case' && !parent.operand) checkCondition(node.condition);
      },
      Binary(node) {
        if (node.operator === 'AND' || node.operator === 'OR') {
          checkCondition(node.left);
          checkCondition(node.right);
          return;
        }
        if (!isComparisonOperator(node.operator)) return;
        if (context.semantics.isConstant(node)) {
          if (!reported.has(node)) context.report({ messageId: 'constant', node });
          reported.add(node);
          return;
        }
        const l = unparen(node.left);
        const r = unparen(node.right);
        const volatile = (n: Node) => n.kind === 'Call' && /^(RAND|RANDOM)$/.test(n.upperName);
        if (l.kind === r.kind && l.kind !== 'Error' && !volatile(l) && normal(context.sourceOf(l)) === normal(context.sourceOf(r))) {
          context.report({ messageId: 'same', data: { operator: node.operatorRaw }, node });
        }
      },
    };
  },
});
