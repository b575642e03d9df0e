// The semantic model of one parsed formula: calls, columns and operators collected in one pass, parents, aggregation
// context, types. Built once, shared by the calculation analysis, the linter and the editor features; what only some
// consumers need (parents, types) is computed on first use.
import type { BinaryExpression, CallExpression, ColumnRef, Expression, NestedCalculation, Node } from '../syntax/ast.js';
import type { ParseResult } from '../syntax/parse.js';
import { forEachChild, walk } from '../syntax/walk.js';
import { lookupFunction } from '../catalogue/index.js';
import type { DatasetColumn } from '../schema.js';
import { inferTypes, type TypeTable } from '../types/infer.js';
import type { TypeCategory, ValueType } from '../types/value-type.js';

export interface AnalyzeOptions {
  /** The service's name: prefixes operator names (`SVC_OP_ADD`) and nested calculations (`SVC_BEAST_MODE`). Default `SVC`. */
  readonly serviceName?: string;
  /** The dataset's columns; when given, unknown columns are problems and column types feed `dataType`. */
  readonly schema?: readonly DatasetColumn[];
}

export const DEFAULT_SERVICE_NAME = 'SVC';

/** A column reference with where it stands. */
export interface ColumnUse {
  readonly node: ColumnRef;
  /** Inside the arguments of an aggregate call. */
  readonly aggregated: boolean;
  /** Inside a FIXED clause's column lists. */
  readonly inFixed: boolean;
}

export interface SemanticModel extends TypeTable {
  readonly parse: ParseResult;
  readonly serviceName: string;
  readonly schema?: readonly DatasetColumn[];
  parentOf(node: Node): Node | undefined;
  /** True for a call of a catalogue aggregate (SUM, COUNT, …), used with or without OVER. */
  isAggregate(call: CallExpression): boolean;
  /** The innermost aggregate call whose arguments contain the node. */
  enclosingAggregate(node: Node): CallExpression | undefined;
  /** Every call in source (pre-)order. */
  readonly calls: readonly CallExpression[];
  /** Every column reference in source order. */
  readonly columns: readonly ColumnUse[];
  /** Every binary `+ - * /`. */
  readonly arithmetic: readonly BinaryExpression[];
  readonly nested: readonly NestedCalculation[];
}

export function isAggregateCall(call: CallExpression): boolean {
  return lookupFunction(call.upperName)?.kind === 'aggregate';
}

const ARITHMETIC = new Set(['+', '-', '*', '/']);

interface Collected {
  calls: CallExpression[];
  columns: ColumnUse[];
  arithmetic: BinaryExpression[];
  nested: NestedCalculation[];
}

function collect(root: Node): Collected {
  const out: Collected = { calls: [], columns: [], arithmetic: [], nested: [] };
  const visit = (node: Node, aggregated: boolean, inFixed: boolean): void => {
    switch (node.kind) {
      case 'Column':
        out.columns.push({ node, aggregated, inFixed });
        return;
      case 'Binary':
        if (ARITHMETIC.has(node.operator)) out.arithmetic.push(node);
        break;
      case 'NestedCalculation':
        out.nested.push(node);
        return;
      case 'Call': {
        out.calls.push(node);
        const argsAggregated = aggregated || isAggregateCall(node);
        for (const a of node.args) visit(a, argsAggregated, inFixed);
        if (node.over) visit(node.over, aggregated, inFixed);
        if (node.fixed) visit(node.fixed, aggregated, true);
        return;
      }
      default:
        break;
    }
    forEachChild(node, (child) => visit(child, aggregated, inFixed));
  };
  visit(root, false, false);
  return out;
}

export function buildSemanticModel(parse: ParseResult, options: AnalyzeOptions = {}): SemanticModel {
  const collected = collect(parse.formula);
  let parents: Map<Node, Node> | undefined;
  const parentMap = () => {
    if (!parents) {
      const map = new Map<Node, Node>();
      walk(parse.formula, { enter: (node, parent) => void (parent && map.set(node, parent)) });
      parents = map;
    }
    return parents;
  };
  let types: TypeTable | undefined;
  const typeTable = () => (types ??= inferTypes(parse.formula, options.schema));
  const enclosingAggregate = (node: Node): CallExpression | undefined => {
    const map = parentMap();
    let child: Node = node;
    let current = map.get(node);
    while (current) {
      // Only the arguments are aggregated: OVER and FIXED clauses of an aggregate call are not.
      if (current.kind === 'Call' && isAggregateCall(current) && current.args.includes(child as Expression)) return current;
      child = current;
      current = map.get(current);
    }
    return undefined;
  };
  const columns = new Map<string, ValueType>();
  for (const c of options.schema ?? []) columns.set(c.name, c.type);
  return {
    typeOf: (e: Expression): ValueType => typeTable().typeOf(e),
    categoryOf: (e: Expression): TypeCategory => typeTable().categoryOf(e),
    columnType: (name: string) => columns.get(name),
    usageOf: (name: string) => typeTable().usageOf(name),
    parse,
    serviceName: (options.serviceName ?? DEFAULT_SERVICE_NAME).toUpperCase(),
    schema: options.schema,
    parentOf: (node) => parentMap().get(node),
    isAggregate: isAggregateCall,
    enclosingAggregate,
    ...collected,
  };
}
