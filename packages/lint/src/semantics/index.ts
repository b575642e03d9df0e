// Facts about one parsed formula that several rules share, computed once per lint: parents, columns, calls, value types
// (with column types from the schema, else inferred from how the formula uses them) and aggregation.
// The language core's analyzeFormula will offer the same facts; rules depend only on this interface.
import {
  lookupFunction,
  walk,
  type CallExpression,
  type ColumnRef,
  type DatasetColumn,
  type Expression,
  type Formula,
  type Node,
} from '@calckit/formula';
import { commonType, inferColumnHints, typeOfExpression, type ValueType } from './types.js';

export type { ValueType } from './types.js';
export { typeFamily, isNumericType, isTimeType, sameFamily } from './types.js';

export interface Semantics {
  /** The type of an expression; columns typed by the schema, else by usage, else UNKNOWN. */
  typeOf(expr: Expression): ValueType;
  /** The type of an expression using only what is certain: literals, functions and schema-typed columns. */
  definiteTypeOf(expr: Expression): ValueType;
  /** A column's type: the schema's, else inferred from usage, else undefined. */
  columnType(name: string): ValueType | undefined;
  /** A column's type from the schema only. */
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

export function buildSemantics(formula: Formula, schema: readonly DatasetColumn[] | undefined): Semantics {
  const parents = new Map<Node, Node | undefined>();
  const columns: ColumnRef[] = [];
  const calls: CallExpression[] = [];
  walk(formula, {
    enter(node, parent) {
      parents.set(node, parent);
      if (node.kind === 'Column') columns.push(node);
      else if (node.kind === 'Call') calls.push(node);
    },
  });
  const bySchema = new Map<string, DatasetColumn>((schema ?? []).map((c) => [c.name, c]));
  const isAggregate = (call: CallExpression): boolean => lookupFunction(call.upperName)?.kind === 'aggregate';

  const definiteMemo = new Map<Expression, ValueType>();
  const definiteTypeOf = (expr: Expression): ValueType =>
    typeOfExpression(expr, definiteMemo, (name) => bySchema.get(name)?.type);

  // Inferred column types: hints from comparisons and arithmetic, typed with definite types only (no cycles).
  let inferred: Map<string, ValueType> | undefined;
  const inferredTypes = (): Map<string, ValueType> => {
    if (inferred) return inferred;
    inferred = new Map();
    for (const [name, hints] of inferColumnHints(formula, definiteTypeOf)) {
      const type = commonType(hints);
      if (type !== 'UNKNOWN') inferred.set(name, type);
    }
    return inferred;
  };
  const columnType = (name: string): ValueType | undefined => bySchema.get(name)?.type ?? inferredTypes().get(name);
  const memo = new Map<Expression, ValueType>();
  const typeOf = (expr: Expression): ValueType => typeOfExpression(expr, memo, columnType);

  const enclosingAggregate = (node: Node): CallExpression | undefined => {
    let child: Node = node;
    let parent = parents.get(node);
    while (parent) {
      if (parent.kind === 'Call' && isAggregate(parent) && (parent.args as readonly Node[]).includes(child)) return parent;
      child = parent;
      parent = parents.get(parent);
    }
    return undefined;
  };

  return {
    typeOf,
    definiteTypeOf,
    columnType,
    schemaColumn: (name) => bySchema.get(name),
    parentOf: (node) => parents.get(node),
    enclosingAggregate,
    isAggregate,
    columns,
    calls,
    aggregated: calls.some(isAggregate),
  };
}
