// The semantic model of one parsed formula: parents, aggregation context, types. Built once, shared by the
// calculation analysis, the linter and the editor features.
import type { CallExpression, Expression, Node } from '../syntax/ast.js';
import type { ParseResult } from '../syntax/parse.js';
import { walk } from '../syntax/walk.js';
import { lookupFunction } from '../catalogue/index.js';
import type { DatasetColumn } from '../schema.js';
import { inferTypes, type TypeTable } from '../types/infer.js';

export interface AnalyzeOptions {
  /** The service's name: prefixes operator names (`SVC_OP_ADD`) and nested calculations (`SVC_BEAST_MODE`). Default `SVC`. */
  readonly serviceName?: string;
  /** The dataset's columns; when given, unknown columns are problems and column types feed `dataType`. */
  readonly schema?: readonly DatasetColumn[];
}

export const DEFAULT_SERVICE_NAME = 'SVC';

export interface SemanticModel extends TypeTable {
  readonly parse: ParseResult;
  readonly serviceName: string;
  readonly schema?: readonly DatasetColumn[];
  parentOf(node: Node): Node | undefined;
  /** True for a call of a catalogue aggregate (SUM, COUNT, …), used with or without OVER. */
  isAggregate(call: CallExpression): boolean;
  /** The innermost aggregate call whose arguments contain the node. */
  enclosingAggregate(node: Node): CallExpression | undefined;
  /** Every call in source order. */
  readonly calls: readonly CallExpression[];
}

export function isAggregateCall(call: CallExpression): boolean {
  return lookupFunction(call.upperName)?.kind === 'aggregate';
}

export function buildSemanticModel(parse: ParseResult, options: AnalyzeOptions = {}): SemanticModel {
  const parents = new Map<Node, Node>();
  const calls: CallExpression[] = [];
  walk(parse.formula, {
    enter(node, parent) {
      if (parent) parents.set(node, parent);
      if (node.kind === 'Call') calls.push(node);
    },
  });
  const types = inferTypes(parse.formula, options.schema);
  const enclosingAggregate = (node: Node): CallExpression | undefined => {
    let child: Node = node;
    let current = parents.get(node);
    while (current) {
      // Only the arguments are aggregated: OVER and FIXED clauses of an aggregate call are not.
      if (current.kind === 'Call' && isAggregateCall(current) && current.args.includes(child as Expression)) return current;
      child = current;
      current = parents.get(current);
    }
    return undefined;
  };
  return {
    ...types,
    parse,
    serviceName: (options.serviceName ?? DEFAULT_SERVICE_NAME).toUpperCase(),
    ...(options.schema ? { schema: options.schema } : {}),
    parentOf: (node) => parents.get(node),
    isAggregate: isAggregateCall,
    enclosingAggregate,
    calls,
  };
}
