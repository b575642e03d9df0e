// argument-type: a value that cannot have the type a function parameter needs: a non-date string passed where a date
// is expected (`YEAR('Date')`), text to a numeric aggregate (`AVG('metric')`), a schema-typed column of the wrong kind.
import { lookupFunction, paramAt, type Expression } from '@calckit/formula';
import { isNumericType, isTimeType, typeFamily } from '../semantics/index.js';
import { defineRule, type RuleContext } from '../types.js';
import { columnNames, judge, type ColumnNames } from './string-as-column.js';
import { unparen } from './util.js';

const NUMERIC_PARAM = new Set(['NUMERIC', 'LONG', 'DOUBLE', 'DECIMAL']);
const TIME_PARAM = new Set(['TIME', 'DATE', 'DATETIME']);
/** Text MySQL would read as a date or a number. */
const DATE_LIKE = /^\s*\d{2,4}[-/.]\d{1,2}[-/.]\d{1,4}/;
const NUMBER_LIKE = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

type Expected = 'number' | 'date';

/** What a parameter needs, when it needs one kind only. */
function expectedKind(types: readonly string[]): Expected | undefined {
  if (types.every((t) => NUMERIC_PARAM.has(t))) return 'number';
  if (types.every((t) => TIME_PARAM.has(t))) return 'date';
  return undefined;
}

/** Whether text meant as a column is already reported (as an error or a warning) by string-as-column or
 * string-may-be-column: then this rule says nothing more about it. */
function reportedAsColumn(context: RuleContext, node: Expression, names: () => ColumnNames): boolean {
  if (node.kind !== 'String') return false;
  const found = judge(context, node, names());
  return found !== undefined && context.isEnabled(found.certain ? 'string-as-column' : 'string-may-be-column');
}

/** Why `arg` cannot be a value of kind `kind`, or undefined when it can (or we cannot tell). */
function mismatch(context: RuleContext, arg: Expression, kind: Expected, names: () => ColumnNames): string | undefined {
  const e = unparen(arg);
  if (e.kind === 'String') {
    if (reportedAsColumn(context, e, names)) return undefined;
    if (kind === 'number' && !NUMBER_LIKE.test(e.value)) return `the text ${e.raw}`;
    if (kind === 'date' && !DATE_LIKE.test(e.value)) return `the text ${e.raw}, which is not a date`;
    return undefined;
  }
  if (e.kind === 'Boolean') return `the boolean ${e.raw}`;
  if (kind === 'date' && e.kind === 'Number') return `the number ${e.raw}`;
  // Columns: only a type the schema states is certain enough to report.
  const t = context.semantics.typeOf(e);
  if (e.kind === 'Column' && context.semantics.schemaColumn(e.name)) {
    if (kind === 'number' && (typeFamily(t) === 'string' || isTimeType(t))) return `column ${e.raw} of type ${t}`;
    if (kind === 'date' && isNumericType(t)) return `column ${e.raw} of type ${t}`;
  }
  return undefined;
}

export const rule = defineRule({
  meta: {
    id: 'argument-type',
    description: 'Report arguments that cannot have the type the function needs',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      mismatch: "Argument {{index}} of '{{name}}' should be a {{kind}}, but it is {{what}}",
    },
    docs: {
      rationale:
        'MySQL-style engines convert types silently: `YEAR(\'Date\')` is NULL for every row and `AVG(\'metric\')` is 0, and neither is what the author meant (usually a column written with single quotes). The rule reports literals that cannot convert, and, with a dataset schema, columns whose declared type does not fit. Text that the engine can convert (`\'2024-01-31\'` for a date, `\'12\'` for a number) is accepted.',
      examples: [
        { code: 'YEAR(`Order Date`)', reported: false },
        { code: "YEAR('Order Date')", reported: true },
        { code: "AVG('metric')", reported: true },
        { code: "YEAR('2024-01-31')", reported: false },
      ],
    },
  },
  create(context) {
    let names: ColumnNames | undefined;
    const namesOf = () => (names ??= columnNames(context));
    return {
      Call(node) {
        const entry = lookupFunction(node.upperName);
        if (!entry) return;
        node.args.forEach((arg, i) => {
          const param = paramAt(entry, i);
          if (!param) return;
          const kind = expectedKind(param.types);
          if (!kind) return;
          const what = mismatch(context, arg, kind, namesOf);
          if (what) {
            context.report({ messageId: 'mismatch', data: { index: i + 1, name: node.name, kind: kind === 'number' ? 'number' : 'date', what }, node: arg });
          }
        });
      },
    };
  },
});
