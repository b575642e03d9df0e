// The compiler of one table shape: walks the AST and hands each kind of expression to the file that compiles it;
// literals, columns and nested calculations are compiled here.
import type { DatasetColumn, Expression, ParseResult, Range } from '@calckit/formula';
import { EvaluationError } from '../api.js';
import type { TypedTable } from '../rows.js';
import { MAX_SCALE } from '../values.js';
import { arithmetic, negation } from './arithmetic.js';
import { ARITHMETIC, isIntervalArithmetic } from './arithmetic-step.js';
import { call } from './calls.js';
import { caseExpression } from './case.js';
import { ColumnSources, DICTIONARY_TYPES } from './column-source.js';
import { between, comparison, inExpression, like } from './comparison.js';
import { constant, err, Scope, type Compiled, type CompileOptions, type ExpressionCompiler, type Frame, type Level } from './compiled.js';
import { interned } from './interned.js';
import { interval, intervalArithmetic } from './interval.js';
import { isNull, isTruth, logical, not } from './logical.js';
import { memoized } from './memoized.js';
import type { NestedResolver } from './nested.js';
import type { TypeTables } from './type-tables.js';

/** A number literal's decimals (MySQL: as written; an exponent makes it a DOUBLE). */
function numberScale(raw: string, integer: boolean): number {
  if (integer) return 0;
  if (/e/i.test(raw)) return -1;
  const dot = raw.indexOf('.');
  return dot < 0 ? 0 : Math.min(MAX_SCALE, raw.length - dot - 1);
}

export class Compiler implements ExpressionCompiler {
  private readonly columnIndex = new Map<string, number>();
  private readonly groupIndex = new Map<string, number>();
  private readonly schema: DatasetColumn[];
  private readonly sources: ColumnSources;
  /** Compiling inside an expression that is evaluated once per distinct value of a column (no memo inside a memo). */
  private insideMemo = false;

  constructor(
    readonly frame: Frame,
    readonly table: Pick<TypedTable, 'names' | 'types' | 'scales'>,
    readonly options: CompileOptions,
    private readonly resolver: NestedResolver,
    private readonly typeTables: TypeTables,
  ) {
    table.names.forEach((name, i) => this.columnIndex.set(name, i));
    options.groupBy.forEach((name, i) => this.groupIndex.set(name, i));
    this.schema = table.names.map((name, i) => ({ name, type: table.types[i]! }));
    this.sources = new ColumnSources(this.columnIndex);
  }

  /** Compiles a whole formula at a level. */
  formula(parse: ParseResult, level: Level, stack: readonly string[] = []): Compiled {
    const types = this.typeTables.of(parse, this.schema);
    const root = parse.formula.expression!;
    const compiled = this.compile(root, level, new Scope(types, stack));
    if (compiled.type === 'INTERVAL') throw err('runtime', 'an INTERVAL is not a value: add it to or subtract it from a date (`d` + INTERVAL 1 DAY)', root.range);
    // The outer formula's strings are what the caller holds: equal ones share one string (a nested one is an operand).
    return stack.length === 0 && compiled.fresh ? interned(compiled, this.frame) : compiled;
  }

  sourceOf(e: Expression): number {
    return this.sources.sourceOf(e);
  }

  column(name: string, range: Range): number {
    const i = this.columnIndex.get(name);
    if (i === undefined) {
      // Column names are case-sensitive: name the column meant when only the case differs.
      const meant = [...this.columnIndex.keys()].find((c) => c.toLowerCase() === name.toLowerCase());
      const hint = meant === undefined ? '' : ` (column names are case-sensitive: \`${meant}\`?)`;
      throw err('unknown-column', `unknown column \`${name}\`: the rows have no such column${hint}`, range);
    }
    return i;
  }

  compile(e: Expression, level: Level, scope: Scope): Compiled {
    // An expression of one dictionary-encoded column (UPPER(`Region`), `Customer` LIKE 'a%', YEAR(`Order Date`)) is
    // evaluated once per distinct value: the largest such expression, not each part of it.
    if (level === 'row' && !this.insideMemo && e.kind !== 'Column' && e.kind !== 'DoubleQuoted' && e.kind !== 'Paren' && e.kind !== 'Interval') {
      const k = this.sourceOf(e);
      if (k >= 0 && DICTIONARY_TYPES.has(this.table.types[k]!)) {
        this.insideMemo = true;
        let c: Compiled;
        try {
          c = this.compileNode(e, level, scope);
        } finally {
          this.insideMemo = false;
        }
        return c.constant || c.type === 'INTERVAL' ? c : memoized(c, k, this.frame);
      }
    }
    return this.compileNode(e, level, scope);
  }

  private compileNode(e: Expression, level: Level, scope: Scope): Compiled {
    switch (e.kind) {
      case 'Number':
        // An integer literal past 64 bits is a DECIMAL in MySQL, not a LONG that would wrap.
        if (e.integer && Math.abs(e.value) >= 2 ** 63) return constant(e.value, 'DECIMAL', 0);
        return constant(e.value, scope.types.typeOf(e), numberScale(e.raw, e.integer));
      case 'String':
        return constant(e.value, 'STRING', -1);
      case 'Boolean':
        return constant(e.value, 'BOOLEAN', 0);
      case 'Null':
        return constant(null, 'NULL', -1);
      case 'DoubleQuoted':
        // Documented for columns, used for text by published samples: a column when the rows have one of that name.
        if (this.columnIndex.has(e.value)) return this.columnRef(e.value, e.range, level);
        return constant(e.value, 'STRING', -1);
      case 'Column':
        return this.columnRef(e.name, e.range, level);
      case 'Paren':
        return this.compile(e.expression, level, scope);
      case 'Unary':
        return e.operator === 'NOT' ? not(this, e, level, scope) : negation(this, e, level, scope);
      case 'Binary':
        return this.binary(e, level, scope);
      case 'Case':
        return caseExpression(this, e, level, scope);
      case 'In':
        return inExpression(this, e, level, scope);
      case 'Like':
        return like(this, e, level, scope);
      case 'Between':
        return between(this, e, level, scope);
      case 'IsNull':
        return isNull(this, e, level, scope);
      case 'IsTruth':
        return isTruth(this, e, level, scope);
      case 'Interval':
        return interval(this, e, level, scope);
      case 'Call':
        return call(this, e, level, scope);
      case 'NestedCalculation': {
        const source = this.resolver.resolve(e, scope.stack);
        try {
          return this.formula(source.parse, level, [...scope.stack, source.id]);
        } catch (caught) {
          if (caught instanceof EvaluationError) {
            const message = caught.code === 'nested-calculation' ? caught.message : `in nested calculation ${source.id}: ${caught.message}`;
            throw err(caught.code, message, e.range);
          }
          throw caught;
        }
      }
      case 'Error':
        throw err('syntax', 'the formula is incomplete here', e.range);
    }
  }

  private columnRef(name: string, range: Range, level: Level): Compiled {
    const k = this.column(name, range);
    const type = this.table.types[k]!;
    const scale = type === 'LONG' ? 0 : type === 'DECIMAL' ? this.table.scales[k]! : -1;
    const frame = this.frame;
    if (level === 'row') {
      return { fn: (i) => frame.table.columns[k]![i]!, type, scale };
    }
    if (!this.groupIndex.has(name)) {
      throw err(
        'runtime',
        `\`${name}\` is read outside an aggregate in a formula evaluated per group: aggregate it (SUM(\`${name}\`), MAX(…)) or group by it`,
        range,
      );
    }
    return { fn: (g) => frame.table.columns[k]![frame.first[g]!]!, type, scale };
  }

  /** A binary operator: AND/OR, arithmetic (date arithmetic with an INTERVAL), or a comparison. */
  private binary(e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
    const op = e.operator;
    if (op === 'AND' || op === 'OR') return logical(this, e, level, scope);
    if (ARITHMETIC.has(op)) {
      if (isIntervalArithmetic(e)) return intervalArithmetic(this, e, level, scope);
      return arithmetic(this, e, level, scope);
    }
    return comparison(this, e, level, scope);
  }
}
