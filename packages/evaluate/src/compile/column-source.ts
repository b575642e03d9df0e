// Which column an expression is a deterministic function of at row level: such an expression of a dictionary-encoded
// column is evaluated once per distinct value (memoized.ts).
import { childrenOf, lookupFunction, type Expression, type Node, type ValueType } from '@calckit/formula';
import { SCALAR_FUNCTIONS } from '../functions/index.js';

/** `sourceOf`: an expression that reads no column (a constant, NOW()), or several columns or not deterministically. */
export const NO_COLUMN = -1;
export const MIXED = -2;
/** Column types that convertRows may encode as a dictionary (rows.ts). */
export const DICTIONARY_TYPES = new Set<ValueType>(['STRING', 'DATE', 'DATETIME']);

/** The column source of each expression of one table shape, computed once per expression. */
export class ColumnSources {
  /** `sourceOf` of each expression seen (the column it is a function of, NO_COLUMN or MIXED). */
  private readonly sources = new Map<Node, number>();

  constructor(private readonly columnIndex: ReadonlyMap<string, number>) {}

  /**
   * The column an expression is a deterministic function of at row level (its only column, read in the same row), or
   * NO_COLUMN (it reads none), or MIXED (several columns, an aggregate, a window, FIXED, RAND, a nested calculation).
   * Walked with a stack, not recursion.
   */
  sourceOf(root: Expression): number {
    const known = this.sources.get(root);
    if (known !== undefined) return known;
    // Children as the AST walk gives them (WHEN clauses are nodes of their own, reading nothing themselves).
    const todo: { e: Node; expanded: boolean }[] = [{ e: root, expanded: false }];
    while (todo.length > 0) {
      const top = todo[todo.length - 1]!;
      const e = top.e;
      if (this.sources.has(e)) {
        todo.pop();
        continue;
      }
      const own = this.ownSource(e);
      const children = own === MIXED ? [] : childrenOf(e);
      if (!top.expanded && children.length > 0) {
        top.expanded = true;
        for (const c of children) if (!this.sources.has(c)) todo.push({ e: c, expanded: false });
        continue;
      }
      todo.pop();
      let s = own;
      for (const c of children) {
        const t = this.sources.get(c)!;
        if (s === MIXED || t === MIXED) s = MIXED;
        else if (s === NO_COLUMN) s = t;
        else if (t !== NO_COLUMN && t !== s) s = MIXED;
      }
      this.sources.set(e, s);
    }
    return this.sources.get(root)!;
  }

  /** What a node itself reads, without its children. */
  private ownSource(e: Node): number {
    switch (e.kind) {
      case 'Column':
        return this.columnIndex.get(e.name) ?? MIXED;
      case 'DoubleQuoted':
        return this.columnIndex.get(e.value) ?? NO_COLUMN;
      case 'Call': {
        const name = e.upperName;
        if (e.over || e.fixed || e.distinct || e.star || name === 'RAND' || name === 'RANDOM' || !SCALAR_FUNCTIONS[name]) return MIXED;
        const kind = lookupFunction(name)?.kind;
        return kind === 'scalar' || kind === 'constant' ? NO_COLUMN : MIXED;
      }
      case 'NestedCalculation':
      case 'Error':
        return MIXED;
      default:
        return NO_COLUMN;
    }
  }
}
