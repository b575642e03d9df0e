// Facts about one parsed formula that several rules share, computed once per lint: the language core's semantic
// model (analyzeFormula: parents, calls, columns, aggregation, types with usage-inferred categories) behind the
// narrow interface the rules use.
import { analyzeFormula, type CallExpression, type ColumnRef, type DatasetColumn, type Expression, type FormulaAnalysis, type Node, type ParseResult } from '@calckit/formula';
import type { TypeCategory, ValueType } from './types.js';

export type { TypeCategory, ValueType } from './types.js';
export { typeFamily, isNumericType, isTimeType } from './types.js';

export interface Semantics {
  /** The type of an expression from what is certain: literals, functions, schema-typed columns; else UNKNOWN. */
  typeOf(expr: Expression): ValueType;
  /** The kind of value, using for columns without a schema type what their use implies (`x >= 600`: numeric). */
  categoryOf(expr: Expression): TypeCategory;
  /** A column's entry in the schema (exact, case-sensitive name). */
  schemaColumn(name: string): DatasetColumn | undefined;
  parentOf(node: Node): Node | undefined;
  /** The innermost aggregate call whose arguments contain the node (windows and FIXED specs do not count). */
  enclosingAggregate(node: Node): CallExpression | undefined;
  isAggregate(call: CallExpression): boolean;
  /** Every column reference and call, in source order. */
  readonly columns: readonly ColumnRef[];
  readonly calls: readonly CallExpression[];
  /** True when any aggregate call appears. */
  readonly aggregated: boolean;
}

/** The rules' view of `parse`: over `model` when the caller already built it from this parse with the same schema and
 * service name (the language server keeps one per document version), else over a model built here. */
export function buildSemantics(parse: ParseResult, schema: readonly DatasetColumn[] | undefined, serviceName: string | undefined, given?: FormulaAnalysis): Semantics {
  const model = given ?? analyzeFormula(parse, { ...(schema ? { schema } : {}), ...(serviceName !== undefined ? { serviceName } : {}) });
  const bySchema = new Map<string, DatasetColumn>((schema ?? []).map((c) => [c.name, c]));
  let columns: ColumnRef[] | undefined;
  return {
    typeOf: (e) => model.typeOf(e),
    categoryOf: (e) => model.categoryOf(e),
    schemaColumn: (name) => bySchema.get(name),
    parentOf: (n) => model.parentOf(n),
    enclosingAggregate: (n) => model.enclosingAggregate(n),
    isAggregate: (c) => model.isAggregate(c),
    get columns() {
      return (columns ??= model.columns.map((c) => c.node));
    },
    calls: model.calls,
    get aggregated() {
      return model.calls.some((c) => model.isAggregate(c));
    },
  };
}
