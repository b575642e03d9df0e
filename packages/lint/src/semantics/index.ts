// Facts about one parsed formula that several rules share, computed once per lint: the language core's semantic
// model (analyzeFormula: parents, calls, columns, aggregation, types with usage-inferred categories) behind the
// narrow interface the rules use.
import { analyzeFormula, type CallExpression, type ColumnRef, type ColumnUse, type DatasetColumn, type Expression, type FormulaAnalysis, type Node, type ParseResult } from '@calckit/formula';
import { TreeMemo } from '../tree-memo.js';
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
  /** Where a column reference stands: in an aggregate's arguments, a FIXED clause's lists, a window's clauses. */
  columnUse(column: ColumnRef): ColumnUse | undefined;
  /** Every column reference and call, in source order. */
  readonly columns: readonly ColumnRef[];
  readonly calls: readonly CallExpression[];
  /** True when any aggregate call appears. */
  readonly aggregated: boolean;
  /** True when some column reference is written with this exact name. */
  hasColumnNamed(name: string): boolean;
  /** True when the expression depends on no row and no clock: only literals and operators. */
  isConstant(e: Node): boolean;
  /** The index of `node` among a call's arguments, -1 when it is not one (constant time for a call of any width). */
  argumentIndex(call: CallExpression, node: Node): number;
  /** `answer(node)`, computed once for the rules that ask `question` (an object of theirs naming it) about the same
   * node one after the other: rules that share a judgement visit each node in turn in the pass's one walk. */
  shared<N extends Node, T>(question: object, node: N, answer: (node: N) => T): T;
}

/** The rules' view of `parse`: over `model` when the caller already built it from this parse with the same schema and
 * service name (the language server keeps one per document version), else over a model built here. Answers about
 * subtrees go to `memo`, the pass's own. `ancestors` is the pass's walk's path (walkWithAncestors): the node being
 * visited and its ancestors, read as the walk goes. */
export function buildSemantics(
  parse: ParseResult,
  schema: readonly DatasetColumn[] | undefined,
  serviceName: string | undefined,
  given?: FormulaAnalysis,
  memo: TreeMemo = new TreeMemo(),
  ancestors: readonly Node[] = [],
): Semantics {
  const model = given ?? analyzeFormula(parse, { ...(schema ? { schema } : {}), ...(serviceName !== undefined ? { serviceName } : {}) });
  return new ModelSemantics(model, schema, memo, ancestors);
}

/** How far down from the node being visited the walk's path is searched for a node asked about: rules ask about that
 * node and a few of its ancestors; anything else goes to the model's table of parents. */
const PATH_SEARCH = 8;

/**
 * A class, not an object literal with getters: a getter written in a literal gives each object a hidden class of its
 * own, allocated old and pointing at this pass's young tree, which then survives every minor GC (ARCHITECTURE.md,
 * "Memory").
 */
class ModelSemantics implements Semantics {
  readonly calls: readonly CallExpression[];
  readonly #model: FormulaAnalysis;
  readonly #memo: TreeMemo;
  readonly #bySchema: ReadonlyMap<string, DatasetColumn>;
  #columns: ColumnRef[] | undefined;
  /** The model's index of the column use after the one last answered (see columnUse). */
  #nextUse = 0;
  #useByColumn: Map<ColumnRef, ColumnUse> | undefined;
  #columnNames: ReadonlySet<string> | undefined;

  /** The walk's path: the root, …, the node being visited (see buildSemantics). */
  readonly #ancestors: readonly Node[];
  /** parentOf as a function, for the model's walks up. */
  readonly #parentOf = (n: Node): Node | undefined => this.parentOf(n);

  constructor(model: FormulaAnalysis, schema: readonly DatasetColumn[] | undefined, memo: TreeMemo, ancestors: readonly Node[]) {
    this.#model = model;
    this.#memo = memo;
    this.#ancestors = ancestors;
    this.#bySchema = new Map((schema ?? []).map((c) => [c.name, c]));
    this.calls = model.calls;
  }

  typeOf(e: Expression): ValueType {
    return this.#model.typeOf(e);
  }

  categoryOf(e: Expression): TypeCategory {
    return this.#model.categoryOf(e);
  }

  schemaColumn(name: string): DatasetColumn | undefined {
    return this.#bySchema.get(name);
  }

  /**
   * From the walk's path when `n` is the node being visited or one of its nearest ancestors (what rules ask about): the
   * model's table of every node's parent is then never built, a map as large as the tree on every lint.
   */
  parentOf(n: Node): Node | undefined {
    const path = this.#ancestors;
    // A walk up asks next for the parent just answered: its place is known.
    let at = path[this.#lastParent] === n ? this.#lastParent : -1;
    for (let i = path.length - 1, stop = Math.max(0, path.length - PATH_SEARCH); at < 0 && i >= stop; i--) if (path[i] === n) at = i;
    if (at < 0) return this.#model.parentOf(n);
    this.#lastParent = at - 1;
    return at > 0 ? path[at - 1] : undefined;
  }

  /** Where on the walk's path the parent parentOf last answered stands (-1: none). */
  #lastParent = -1;

  columnUse(column: ColumnRef): ColumnUse | undefined {
    const uses = this.#model.columns;
    // Rules ask as the walk meets the columns, in source order, which is the model's order: the answer is mostly the
    // next use or the one just given (two rules asking of one column); a look-up table otherwise.
    const next = uses[this.#nextUse];
    if (next?.node === column) {
      this.#nextUse++;
      return next;
    }
    const last = uses[this.#nextUse - 1];
    if (last?.node === column) return last;
    this.#useByColumn ??= new Map(uses.map((use) => [use.node, use]));
    return this.#useByColumn.get(column);
  }

  enclosingAggregate(n: Node): CallExpression | undefined {
    return this.#model.enclosingAggregate(n, this.#parentOf);
  }

  isAggregate(c: CallExpression): boolean {
    return this.#model.isAggregate(c);
  }

  get columns(): readonly ColumnRef[] {
    return (this.#columns ??= this.#model.columns.map((c) => c.node));
  }

  get aggregated(): boolean {
    return this.#model.calls.some((c) => this.#model.isAggregate(c));
  }

  hasColumnNamed(name: string): boolean {
    return (this.#columnNames ??= new Set(this.#model.columns.map((c) => c.node.name))).has(name);
  }

  isConstant(e: Node): boolean {
    return this.#memo.isConstant(e);
  }

  argumentIndex(call: CallExpression, node: Node): number {
    return this.#memo.argumentIndex(call, node);
  }

  shared<N extends Node, T>(question: object, node: N, answer: (node: N) => T): T {
    return this.#memo.shared(question, node, answer);
  }
}
