// The semantic model of one parsed formula: calls, columns and operators collected in one pass, parents, aggregation
// context, types. Built once, shared by the calculation analysis, the linter and the editor features; what only some
// consumers need (parents, types) is computed on first use.
import type { BinaryExpression, CallExpression, ColumnRef, Expression, NestedCalculation, Node } from '../syntax/ast.js';
import type { ParseResult } from '../syntax/parse.js';
import { forEachChild, pushChildrenReversed, walk } from '../syntax/walk.js';
import { lookupFunction } from '../catalogue/index.js';
import type { DatasetColumn } from '../schema.js';
import { canonicalServiceName } from '../vocabulary.js';
import { inferTypes, type TypeTable } from '../types/infer.js';
import type { TypeCategory, ValueType } from '../types/value-type.js';

export interface AnalyzeOptions {
  /** The service's name: prefixes operator names (`SVC_OP_ADD`) and nested calculations (`SVC_BEAST_MODE`). Default `SVC`. */
  readonly serviceName?: string;
  /** The dataset's columns; when given, unknown columns are problems and column types feed `dataType`. */
  readonly schema?: readonly DatasetColumn[];
}

export { DEFAULT_SERVICE_NAME } from '../vocabulary.js';

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

/** Flags of the collection walk, packed in one number per stack entry. */
const AGGREGATED = 1;
const IN_FIXED = 2;

/** Levels handled by plain recursion before a subtree is collected with an explicit stack. */
const RECURSION_LIMIT = 200;
/** Steps up the parents worth taking per question before answering every question from one table instead. */
const SHORT_WALK = 64;

/**
 * One pass over the tree: calls, columns and operators in source (pre-)order. Plain recursion for the first
 * RECURSION_LIMIT levels (the common case, and the fastest); a deeper subtree, such as a flat chain of 100,000 terms,
 * is collected with an explicit stack (collectIteratively). A subtree's pre-order is one contiguous stretch of the
 * whole's, so the order is the same either way.
 */
function collect(root: Node): Collected {
  const out: Collected = { calls: [], columns: [], arithmetic: [], nested: [] };
  const visit = (node: Node, aggregated: boolean, inFixed: boolean, depth: number): void => {
    if (depth >= RECURSION_LIMIT) {
      collectIteratively(node, (aggregated ? AGGREGATED : 0) | (inFixed ? IN_FIXED : 0), out);
      return;
    }
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
        for (const a of node.args) visit(a, argsAggregated, inFixed, depth + 1);
        if (node.over) visit(node.over, aggregated, inFixed, depth + 1);
        if (node.fixed) visit(node.fixed, aggregated, true, depth + 1);
        return;
      }
      default:
        break;
    }
    forEachChild(node, (child) => visit(child, aggregated, inFixed, depth + 1));
  };
  visit(root, false, false, 0);
  return out;
}

/** `collect` of a deep subtree, with an explicit stack (flags packed in one number per entry). */
function collectIteratively(root: Node, rootFlags: number, out: Collected): void {
  const nodes: Node[] = [root];
  const flags: number[] = [rootFlags];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const f = flags.pop()!;
    const base = nodes.length;
    switch (node.kind) {
      case 'Column':
        out.columns.push({ node, aggregated: (f & AGGREGATED) !== 0, inFixed: (f & IN_FIXED) !== 0 });
        continue;
      case 'NestedCalculation':
        out.nested.push(node);
        continue;
      case 'Call': {
        out.calls.push(node);
        // Reversed, so that they pop in source order: FIXED (its columns flagged), OVER, then the arguments.
        if (node.fixed) {
          nodes.push(node.fixed);
          flags.push(f | IN_FIXED);
        }
        if (node.over) {
          nodes.push(node.over);
          flags.push(f);
        }
        const inArgs = isAggregateCall(node) ? f | AGGREGATED : f;
        for (let i = node.args.length - 1; i >= 0; i--) {
          nodes.push(node.args[i]!);
          flags.push(inArgs);
        }
        continue;
      }
      case 'Binary':
        if (ARITHMETIC.has(node.operator)) out.arithmetic.push(node);
        break;
      default:
        break;
    }
    pushChildrenReversed(node, nodes);
    for (let i = base; i < nodes.length; i++) flags.push(f);
  }
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
  // The innermost aggregate around each node, for every node at once: one walk down the tree, so that asking for
  // each of 100,000 columns of a chain costs no walk up a 100,000-level tree each.
  let aggregates: Map<Node, CallExpression> | undefined;
  const aggregateTable = (): Map<Node, CallExpression> => {
    if (!aggregates) {
      const map = new Map<Node, CallExpression>();
      const nodes: Node[] = [parse.formula];
      const around: Array<CallExpression | undefined> = [undefined];
      while (nodes.length > 0) {
        const node = nodes.pop()!;
        const outer = around.pop();
        if (outer) map.set(node, outer);
        const base = nodes.length;
        pushChildrenReversed(node, nodes);
        // Only the arguments are aggregated: OVER and FIXED clauses of an aggregate call are not.
        const inner = node.kind === 'Call' && isAggregateCall(node) ? node : outer;
        for (let i = base; i < nodes.length; i++) {
          const child = nodes[i]!;
          around.push(inner !== outer && (child.kind === 'Window' || child.kind === 'Fixed') ? outer : inner);
        }
      }
      aggregates = map;
    }
    return aggregates;
  };
  const enclosingAggregate = (node: Node): CallExpression | undefined => {
    if (aggregates) return aggregates.get(node);
    // Up the parents, as long as that stays short (a formula a few levels deep); past that, the table for every node.
    const map = parentMap();
    let child: Node = node;
    let current = map.get(node);
    for (let steps = 0; current; steps++) {
      // A long way up, or a call of many arguments to search: the table.
      if (steps > SHORT_WALK || (current.kind === 'Call' && current.args.length > 16)) return aggregateTable().get(node);
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
    serviceName: canonicalServiceName(options.serviceName),
    schema: options.schema,
    parentOf: (node) => parentMap().get(node),
    isAggregate: isAggregateCall,
    enclosingAggregate,
    ...collected,
  };
}
