// The semantic model of one parsed formula: calls, columns and operators collected in one pass, parents, aggregation
// context, types. Built once, shared by the calculation analysis, the linter and the editor features; what only some
// consumers need (parents, types) is computed on first use.
import type { BinaryExpression, CallExpression, ColumnRef, Expression, NestedCalculation, Node } from '../syntax/ast.js';
import type { ParseResult } from '../syntax/parse.js';
import { pushChildrenReversed, walk } from '../syntax/walk.js';
import { lookupFunction, type FunctionEntry } from '../catalogue/index.js';
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
  /** Inside a window's PARTITION BY or ORDER BY (an OVER clause). */
  readonly inWindow: boolean;
}

export interface SemanticModel extends TypeTable {
  readonly parse: ParseResult;
  readonly serviceName: string;
  readonly schema?: readonly DatasetColumn[];
  parentOf(node: Node): Node | undefined;
  /** True for a call of a catalogue aggregate (SUM, COUNT, …), used with or without OVER. */
  isAggregate(call: CallExpression): boolean;
  /** The innermost aggregate call whose arguments contain the node. `parentOf`: a way to the parents the caller has
   * already (the linter's walk knows the ancestors of the node it visits), tried before the model's table of them. */
  enclosingAggregate(node: Node, parentOf?: (node: Node) => Node | undefined): CallExpression | undefined;
  /** Every call in source (pre-)order. */
  readonly calls: readonly CallExpression[];
  /** The catalogue entry of each of `calls`, at the same index (undefined: not a catalogue function). */
  readonly callEntries: readonly (FunctionEntry | undefined)[];
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
  callEntries: (FunctionEntry | undefined)[];
  columns: ColumnUse[];
  arithmetic: BinaryExpression[];
  nested: NestedCalculation[];
}

/** Flags of the collection walk, packed in one number per stack entry. */
const AGGREGATED = 1;
const IN_FIXED = 2;
const IN_WINDOW = 4;

/** Steps up the parents worth taking per question before answering every question from one table instead. */
const SHORT_WALK = 64;

/**
 * One pass over the tree: calls, columns and operators in source (pre-)order, with an explicit stack (flags packed in
 * one number per entry): no closure per node, and a flat chain of 100,000 terms needs no call stack.
 */
function collect(root: Node): Collected {
  const out: Collected = { calls: [], callEntries: [], columns: [], arithmetic: [], nested: [] };
  const nodes: Node[] = [root];
  const flags: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const f = flags.pop()!;
    const base = nodes.length;
    switch (node.kind) {
      case 'Column':
        out.columns.push({ node, aggregated: (f & AGGREGATED) !== 0, inFixed: (f & IN_FIXED) !== 0, inWindow: (f & IN_WINDOW) !== 0 });
        continue;
      case 'NestedCalculation':
        out.nested.push(node);
        continue;
      case 'Call': {
        out.calls.push(node);
        const entry = lookupFunction(node.upperName);
        out.callEntries.push(entry);
        // Reversed, so that they pop in source order: FIXED (its columns flagged), OVER, then the arguments.
        if (node.fixed) {
          nodes.push(node.fixed);
          flags.push(f | IN_FIXED);
        }
        if (node.over) {
          nodes.push(node.over);
          flags.push(f | IN_WINDOW);
        }
        const inArgs = entry?.kind === 'aggregate' ? f | AGGREGATED : f;
        for (let i = node.args.length - 1; i >= 0; i--) {
          nodes.push(node.args[i]!);
          flags.push(inArgs);
        }
        continue;
      }
      case 'Binary':
        if (ARITHMETIC.has(node.operator)) out.arithmetic.push(node);
        // The commonest inner node, and leaves (most nodes), are handled here: pushChildrenReversed is a second
        // switch over every kind, and a leaf has nothing for it.
        nodes.push(node.right, node.left);
        flags.push(f, f);
        continue;
      case 'Number':
      case 'String':
      case 'Boolean':
      case 'Null':
      case 'DoubleQuoted':
      case 'Error':
        continue;
      default:
        break;
    }
    pushChildrenReversed(node, nodes);
    for (let i = base; i < nodes.length; i++) flags.push(f);
  }
  return out;
}

/**
 * The model: what every consumer reads (calls, columns, operators) collected up front; parents, types and the
 * aggregate around each node computed on first use. A class, so that its methods live once on the prototype instead
 * of a dozen closures per formula.
 */
export class Model implements SemanticModel {
  readonly parse: ParseResult;
  readonly serviceName: string;
  readonly schema: readonly DatasetColumn[] | undefined;
  readonly calls: readonly CallExpression[];
  readonly callEntries: readonly (FunctionEntry | undefined)[];
  readonly columns: readonly ColumnUse[];
  readonly arithmetic: readonly BinaryExpression[];
  readonly nested: readonly NestedCalculation[];
  #parents: Map<Node, Node> | undefined;
  #types: TypeTable | undefined;
  #aggregates: Map<Node, CallExpression> | undefined;
  #columnTypes: Map<string, ValueType> | undefined;

  constructor(parse: ParseResult, options: AnalyzeOptions) {
    const collected = collect(parse.formula);
    this.parse = parse;
    this.serviceName = canonicalServiceName(options.serviceName);
    this.schema = options.schema;
    this.calls = collected.calls;
    this.callEntries = collected.callEntries;
    this.columns = collected.columns;
    this.arithmetic = collected.arithmetic;
    this.nested = collected.nested;
  }

  typeOf(e: Expression): ValueType {
    return this.#typeTable().typeOf(e);
  }

  typeOnce(e: Expression): ValueType {
    return this.#typeTable().typeOnce(e);
  }

  categoryOf(e: Expression): TypeCategory {
    return this.#typeTable().categoryOf(e);
  }

  columnType(name: string): ValueType | undefined {
    if (!this.#columnTypes) {
      this.#columnTypes = new Map();
      for (const c of this.schema ?? []) this.#columnTypes.set(c.name, c.type);
    }
    return this.#columnTypes.get(name);
  }

  usageOf(name: string): TypeCategory | undefined {
    return this.#typeTable().usageOf(name);
  }

  parentOf(node: Node): Node | undefined {
    return this.#parentMap().get(node);
  }

  isAggregate(call: CallExpression): boolean {
    return isAggregateCall(call);
  }

  enclosingAggregate(node: Node, parentOf?: (node: Node) => Node | undefined): CallExpression | undefined {
    if (this.#aggregates) return this.#aggregates.get(node);
    // Up the parents, as long as that stays short (a formula a few levels deep); past that, the table for every node.
    const up = parentOf ?? ((n: Node) => this.#parentMap().get(n));
    let child: Node = node;
    let current = up(node);
    for (let steps = 0; current; steps++) {
      // A long way up, or a call of many arguments to search: the table.
      if (steps > SHORT_WALK || (current.kind === 'Call' && current.args.length > 16)) return this.#aggregateTable().get(node);
      // Only the arguments are aggregated: OVER and FIXED clauses of an aggregate call are not.
      if (current.kind === 'Call' && isAggregateCall(current) && current.args.includes(child as Expression)) return current;
      child = current;
      current = up(current);
    }
    return undefined;
  }

  #typeTable(): TypeTable {
    return (this.#types ??= inferTypes(this.parse.formula, this.schema));
  }

  #parentMap(): Map<Node, Node> {
    if (!this.#parents) {
      const map = new Map<Node, Node>();
      walk(this.parse.formula, { enter: (node, parent) => void (parent && map.set(node, parent)) });
      this.#parents = map;
    }
    return this.#parents;
  }

  /** The innermost aggregate around each node, for every node at once: one walk down the tree, so that asking for
   * each of 100,000 columns of a chain costs no walk up a 100,000-level tree each. */
  #aggregateTable(): Map<Node, CallExpression> {
    if (!this.#aggregates) {
      const map = new Map<Node, CallExpression>();
      const nodes: Node[] = [this.parse.formula];
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
      this.#aggregates = map;
    }
    return this.#aggregates;
  }
}

export function buildSemanticModel(parse: ParseResult, options: AnalyzeOptions = {}): SemanticModel {
  return new Model(parse, options);
}
