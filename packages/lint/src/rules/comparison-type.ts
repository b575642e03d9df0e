// comparison-type: comparing a schema-typed column with a value of an incompatible kind (a STRING column with a
// number, a number column with text) — the service fails at run time or compares nothing.
import type { BinaryExpression, Expression } from '@calckit/formula';
import { isNumericType, isTimeType, typeFamily, type ValueType } from '../semantics/index.js';
import { defineRule, type RuleContext } from '../types.js';
import { isComparisonOperator, unparen } from './util.js';

const NUMBER_LIKE = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const DATE_LIKE = /^\s*\d{2,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

/** Whether values of types `a` (a schema column) and `b` (the other side, expression `other`) cannot be compared. */
function incompatible(a: ValueType, b: ValueType, other: Expression): boolean {
  const o = unparen(other);
  const text = o.kind === 'String' ? o.value : undefined;
  if (typeFamily(a) === 'string' && isNumericType(b)) return true;
  if (isNumericType(a) && typeFamily(b) === 'string') return text === undefined || !NUMBER_LIKE.test(text);
  if (isTimeType(a) && isNumericType(b)) return true;
  if (isTimeType(a) && typeFamily(b) === 'string') return text !== undefined && !DATE_LIKE.test(text);
  if (isNumericType(a) && isTimeType(b)) return true;
  return false;
}

function check(context: RuleContext, at: Expression, column: Expression, other: Expression): void {
  const c = unparen(column);
  if (c.kind !== 'Column') return;
  const col = context.semantics.schemaColumn(c.name);
  if (!col) return;
  const otherType = context.semantics.typeOf(other);
  if (otherType === 'UNKNOWN' || otherType === 'NULL') return;
  if (incompatible(col.type, otherType, other)) {
    context.report({ messageId: 'mismatch', data: { column: c.raw, type: col.type, other: context.sourceOf(other), otherType }, node: at });
  }
}

export const rule = defineRule({
  meta: {
    id: 'comparison-type',
    description: 'Report comparisons between a column and a value of an incompatible type (needs a schema)',
    category: 'problem',
    defaultSeverity: 'error',
    requiresSchema: true,
    messages: {
      mismatch: 'Column {{column}} is {{type}} but is compared with {{other}} ({{otherType}})',
    },
    docs: {
      rationale:
        'Comparing a STRING column with a number fails at run time; comparing a number column with text that is not a number matches nothing. The rule needs the dataset schema (column types) and reports only comparisons where one side is a column the schema types.',
      examples: [
        { code: "`Region` = 'West'", reported: false, note: 'Region is STRING' },
        { code: '`Region` = 3', reported: true, note: 'Region is STRING' },
        { code: "`Amount` > 'high'", reported: true, note: 'Amount is LONG' },
      ],
      schema: [
        { name: 'Region', type: 'STRING' },
        { name: 'Amount', type: 'LONG' },
      ],
    },
  },
  create(context) {
    if (!context.schema) return {};
    return {
      Binary(node: BinaryExpression) {
        if (!isComparisonOperator(node.operator)) return;
        check(context, node, node.left, node.right);
        check(context, node, node.right, node.left);
      },
      In(node) {
        for (const item of node.list) check(context, item, node.expression, item);
      },
      Between(node) {
        check(context, node.low, node.expression, node.low);
        check(context, node.high, node.expression, node.high);
      },
    };
  },
});
