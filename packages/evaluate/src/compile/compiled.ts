// The compiler's vocabulary: a compiled expression (a closure and its static type), the frame its closures read, the
// options, a formula's scope, and what each kind of expression's compile function asks of the compiler.
import type { Expression, Range, TypeTable, ValueType } from '@calckit/formula';
import { EvaluationError, type TimeValue, type Value } from '../api.js';
import type { Collation } from '../collation.js';
import type { TypedTable } from '../rows.js';

export type Level = 'row' | 'group';
export type Fn = (i: number) => Value;

export interface Compiled {
  readonly fn: Fn;
  readonly type: ValueType;
  /** Decimals of an exact (LONG, DECIMAL) value; of a time result, the digits of a second's fraction its expression
   * declares (functions/date/declared-digits.ts; an INTERVAL's, those it adds); < 0 when unknown or not exact. */
  readonly scale: number;
  /**
   * Decimals an exact value is kept with while it flows into other operators: MySQL keeps a division's quotient in
   * 9-digit words (`1/3` is 0.333333333 inside, shown 0.3333; `1/3*3` shows 1.0000). Default: `scale`.
   */
  readonly internal?: number;
  /** The value, when the expression is a constant. */
  readonly constant?: { readonly value: Value };
  /** Its strings are built anew for each item (a string function's result), not shared ones (a column's, a constant). */
  readonly fresh?: boolean;
}

/** What changes with each evaluation: the table, its groups, the clock. Closures read it; `evaluate` fills it. */
export interface Frame {
  table: TypedTable;
  /** Groups of an aggregated formula: rows of group g are order[offsets[g]] … order[offsets[g + 1] - 1]. */
  groupCount: number;
  offsets: Int32Array;
  order: Int32Array;
  /** The row of each group that gives its group-by values. */
  first: Int32Array;
  /** Increases with each evaluation: cached windows and FIXED values are recomputed when it changes. */
  epoch: number;
  now: TimeValue;
}

export interface CompileOptions {
  readonly collation: Collation;
  readonly groupBy: readonly string[];
  readonly serviceName?: string;
  readonly nestedFormula?: (id: string) => string | undefined;
  readonly seed?: number;
  /** MariaDB groups the rows by sorting them (the formula has a DISTINCT aggregate or LISTAGG), not through a
   * temporary table updated row by row: see `groupsBySorting`. */
  readonly groupsBySorting?: boolean;
}

/** Per formula (the outer one or a nested one): its type table and the chain of nested ids being compiled. */
export class Scope {
  constructor(
    readonly types: TypeTable,
    readonly stack: readonly string[],
  ) {}
}

/**
 * What the compile function of each kind of expression asks of the compiler (compiler.ts): to compile its operands,
 * the frame and options its closures read, the table shape. An interface, so that those files need not import the
 * compiler that dispatches to them.
 */
export interface ExpressionCompiler {
  readonly frame: Frame;
  readonly options: CompileOptions;
  readonly table: Pick<TypedTable, 'names' | 'types' | 'scales'>;
  /** Compiles a subexpression at a level. */
  compile(e: Expression, level: Level, scope: Scope): Compiled;
  /** The index of a column of the table, or an `unknown-column` error at `range`. */
  column(name: string, range: Range): number;
  /** The column an expression is a deterministic function of at row level, or NO_COLUMN or MIXED (column-source.ts). */
  sourceOf(e: Expression): number;
}

export const err = (code: EvaluationError['code'], message: string, range?: Range) => new EvaluationError(code, message, range);

/** A constant closure. */
export const constant = (value: Value, type: ValueType, scale: number): Compiled => ({ fn: () => value, type, scale, constant: { value } });

export const isExact = (t: ValueType) => t === 'LONG' || t === 'DECIMAL' || t === 'BOOLEAN';
/** The decimals a compiled value is kept with (its `internal`, else its scale). */
export const internalOf = (c: Compiled): number => c.internal ?? c.scale;

/** Binary chains longer than this are compiled as one loop (compile and evaluation without deep recursion). */
export const CHAIN_LENGTH = 64;

/** Number of items a level has in this evaluation. */
export function itemCount(frame: Frame, level: Level): number {
  return level === 'row' ? frame.table.length : frame.groupCount;
}
