// string-as-column: single-quoted text that names a column where a value of another type is needed
// (`YEAR('Date')` when the dataset has `Date`): the service's most common "Invalid Query" cause.
import { lookupFunction, paramAt, type Node, type StringLiteral } from '@calckit/formula';
import type { Rule, RuleContext } from '../types.js';
import { argumentIndex, backticked, isComparisonOperator } from './util.js';

/** Whether the literal sits where text is a plausible value (compared, matched, concatenated, returned). */
function textIsPlausible(context: RuleContext, node: StringLiteral): boolean {
  const parent: Node | undefined = context.semantics.parentOf(node);
  if (!parent) return true;
  switch (parent.kind) {
    case 'Binary':
      return isComparisonOperator(parent.operator);
    case 'In':
    case 'Like':
      return true;
    case 'When': {
      const kase = context.semantics.parentOf(parent);
      return parent.result === node && !(kase?.kind === 'Case' && insideNumericAggregate(context, kase));
    }
    case 'Case':
      return parent.elseResult === node ? !insideNumericAggregate(context, parent) : true;
    case 'Call': {
      const entry = lookupFunction(parent.upperName);
      if (!entry) return true;
      if (entry.kind === 'aggregate') return entry.name === 'COUNT' || entry.name === 'LISTAGG';
      const param = paramAt(entry, argumentIndex(parent, node));
      return !param || param.types.includes('STRING') || param.types.includes('ANY');
    }
    default:
      return true;
  }
}

/** A CASE result inside SUM/AVG…: the branch must be numeric. */
function insideNumericAggregate(context: RuleContext, kase: Node): boolean {
  let n: Node | undefined = context.semantics.parentOf(kase);
  while (n?.kind === 'Paren') n = context.semantics.parentOf(n);
  if (n?.kind !== 'Call') return false;
  const entry = lookupFunction(n.upperName);
  return entry?.kind === 'aggregate' && entry.params[0]?.types.every((t) => t === 'NUMERIC') === true;
}

export const rule: Rule = {
  meta: {
    id: 'string-as-column',
    description: 'Report single-quoted text that names a column where the column was meant',
    category: 'problem',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: {
      column: "{{raw}} is text, but {{column}} is a column{{where}}; columns are written in backticks",
      useColumn: 'Replace with {{column}}',
    },
    docs: {
      rationale:
        "Single quotes make text: `YEAR('Date')` is the year of the word \"Date\" (NULL), not of the column. The rule reports text equal to a column name of the dataset (or to a column the formula writes in backticks elsewhere) where a number or a date is needed: a date or numeric argument, arithmetic, or a result summed by an aggregate. Text compared with a column (`\\`Status\\` = 'Status'`) is left alone.",
      examples: [
        { code: 'YEAR(`Date`)', reported: false },
        { code: "YEAR('Date')", reported: true },
        { code: "`Stage` = 'Date'", reported: false, note: 'text compared with a column is plausible' },
      ],
      schema: [
        { name: 'Date', type: 'DATE' },
        { name: 'Stage', type: 'STRING' },
      ],
    },
  },
  create(context) {
    const inFormula = new Set(context.semantics.columns.filter((c) => c.quote === 'backtick').map((c) => c.name));
    return {
      String(node) {
        if (node.quote !== 'single') return;
        const known = context.semantics.schemaColumn(node.value) !== undefined || inFormula.has(node.value);
        if (!known || textIsPlausible(context, node)) return;
        const column = backticked(node.value);
        context.report({
          messageId: 'column',
          data: { raw: node.raw, column, where: context.schema ? ' of the dataset' : ' elsewhere in this formula' },
          node,
          suggest: [{ messageId: 'useColumn', data: { column }, fix: (f) => f.replace(node, column) }],
        });
      },
    };
  },
};
