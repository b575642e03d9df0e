// The compiler: the AST becomes a tree of closures, once per formula and table shape, so that evaluating a row costs
// no parse, no lookup and no allocation. A closure reads either one row (`row` level: index of an input row) or one
// group (`group` level: index of a group of rows, for aggregated formulas). Windows and FIXED are computed once per
// evaluation (per level) and read back by index.
//
// What compiling derives from a parse (its type tables, each expression's column source) is held by the compiled
// formula's own objects (TypeTables, the Compiler) and dies with them. A module-level WeakMap keyed by parses or nodes
// would be old while they are young, and V8's scavenger keeps the values of an old WeakMap's young keys alive: every
// minor GC would copy recent parses (see the "Memory" invariant in ARCHITECTURE.md).
import {
  aggregateKeptScale,
  aggregateResultScale,
  aggregateResultType,
  arithmeticKeptScale,
  arithmeticResultType,
  arithmeticScale,
  canonicalServiceName,
  childrenOf,
  functionAvailability,
  inferTypes,
  isNumeric,
  lookupFunction,
  negationType,
  parseFormula,
  unify,
  type ArithmeticOperator,
  type CallExpression,
  type DatasetColumn,
  type Expression,
  type Formula,
  type Node,
  type ParseResult,
  type Range,
  type TypeTable,
  type ValueType,
} from '@calckit/formula';
import { EvaluationError, type TimeValue, type Value } from './api.js';
import { AGGREGATES, distinctOf, type Accumulator, type AggregateFactory } from './aggregates.js';
import { compareStrings, likeMatcher, type Collation } from './collation.js';
import { compareValues, sortCompare } from './compare.js';
import type { ArgumentValue, IntervalValue, ScalarContext } from './functions/contract.js';
import { SCALAR_FUNCTIONS } from './functions/index.js';
import { declaredFractionDigits, intervalDigits } from './functions/date/declared-digits.js';
import { concatBounded, joinBounded } from './functions/strings.js';
import { mysqlRandom, type RandomState } from './functions/random.js';
import { dictionaryOf, type TypedTable } from './rows.js';
import { MAX_SCALE, roundHalfAwayFromZero, toNumber, toText, truncateDecimal, truth, wrapLong } from './values.js';
import { computeWindow, WINDOW_FUNCTIONS } from './windows.js';

export type Level = 'row' | 'group';
export type Fn = (i: number) => Value;

/** CONCAT's join of texts: every part evaluated first (so an error stops the same row whatever the NULLs), then NULL
 * if one is NULL or the result would pass MAX_STRING_BYTES, else the parts joined. */
function joinTexts(parts: readonly ((i: number) => string | null)[]): (i: number) => string | null {
  const n = parts.length;
  const held: (string | null)[] = new Array(n).fill(null);
  return (i) => {
    for (let j = 0; j < n; j++) held[j] = parts[j]!(i);
    return joinBounded(held);
  };
}

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

export interface NestedSource {
  readonly parse: ParseResult;
  readonly id: string;
}

const ARITHMETIC = new Set(['+', '-', '*', '/']);
const err = (code: EvaluationError['code'], message: string, range?: Range) => new EvaluationError(code, message, range);

/** A constant closure. */
const constant = (value: Value, type: ValueType, scale: number): Compiled => ({ fn: () => value, type, scale, constant: { value } });

function numberScale(raw: string, integer: boolean): number {
  if (integer) return 0;
  if (/e/i.test(raw)) return -1;
  const dot = raw.indexOf('.');
  return dot < 0 ? 0 : Math.min(MAX_SCALE, raw.length - dot - 1);
}

const isExact = (t: ValueType) => t === 'LONG' || t === 'DECIMAL' || t === 'BOOLEAN';
/** The decimals a compiled value is kept with (its `internal`, else its scale). */
export const internalOf = (c: Compiled): number => c.internal ?? c.scale;

/**
 * The formula package's type tables of one compiled formula's parses (its own and its nested calculations'), each
 * computed once per schema: the compiler of every table shape and the reported result type ask for them again.
 */
export class TypeTables {
  private readonly byParse = new Map<ParseResult, Map<string, TypeTable>>();

  of(parse: ParseResult, schema: readonly DatasetColumn[]): TypeTable {
    let bySchema = this.byParse.get(parse);
    if (!bySchema) this.byParse.set(parse, (bySchema = new Map()));
    const key = schema.map((c) => `${c.name}\u0001${c.type}`).join('\u0002');
    let table = bySchema.get(key);
    if (!table) {
      table = inferTypes(parse.formula, schema);
      bySchema.set(key, table);
    }
    return table;
  }
}

/** Reads nested calculations once each and refuses cycles and missing ones. */
export class NestedResolver {
  private readonly cache = new Map<string, NestedSource>();
  constructor(private readonly options: CompileOptions) {}

  resolve(node: Extract<Expression, { kind: 'NestedCalculation' }>, stack: readonly string[]): NestedSource {
    const service = canonicalServiceName(this.options.serviceName);
    if (node.service !== service) throw err('unknown-function', `${node.service}_BEAST_MODE is not a function: nested calculations are written ${service}_BEAST_MODE(id)`, node.range);
    const id = String(node.id);
    if (stack.includes(id)) throw err('nested-calculation', `nested calculation ${id} refers to itself (${[...stack, id].join(' → ')})`, node.range);
    let source = this.cache.get(id);
    if (!source) {
      const text = this.options.nestedFormula?.(id);
      if (text === undefined) throw err('nested-calculation', `nested calculation ${id} is unknown (no formula for it was given)`, node.range);
      const parse = parseFormula(text);
      const first = parse.errors[0];
      if (first) throw err('nested-calculation', `nested calculation ${id} does not parse: ${first.message}`, node.range);
      if (!parse.formula.expression) throw err('nested-calculation', `nested calculation ${id} is empty`, node.range);
      source = { parse, id };
      this.cache.set(id, source);
    }
    return source;
  }
}

/**
 * Whether a formula is aggregated: it calls an aggregate without OVER and without FIXED (outside another
 * aggregate's arguments or not), looking into nested calculations.
 */
export function isAggregated(formula: Formula, resolver: NestedResolver, stack: readonly string[] = []): boolean {
  return containsCall(formula, resolver, stack, (call) => lookupFunction(call.upperName)?.kind === 'aggregate' && !call.over && !call.fixed);
}

/**
 * Whether MariaDB groups the formula's rows by sorting them: it has a DISTINCT aggregate or LISTAGG (GROUP_CONCAT),
 * which a temporary table updated row by row cannot compute. Otherwise, grouped by columns, SUM and AVG keep their
 * running total in the temporary table's DECIMAL field (measured).
 */
export function groupsBySorting(formula: Formula, resolver: NestedResolver): boolean {
  return containsCall(
    formula,
    resolver,
    [],
    (call) => !call.over && !call.fixed && (call.distinct || call.upperName === 'LISTAGG' || call.upperName === 'APPROXIMATE_COUNT_DISTINCT') && lookupFunction(call.upperName)?.kind === 'aggregate',
  );
}

/** Whether a formula has a window function (OVER), looking into nested calculations. */
export function hasWindow(formula: Formula, resolver: NestedResolver): boolean {
  return containsCall(formula, resolver, [], (call) => call.over !== undefined);
}

function containsCall(formula: Formula, resolver: NestedResolver, stack: readonly string[], test: (call: CallExpression) => boolean): boolean {
  const todo: Expression[] = formula.expression ? [formula.expression] : [];
  while (todo.length > 0) {
    const e = todo.pop()!;
    switch (e.kind) {
      case 'Call': {
        if (test(e)) return true;
        todo.push(...e.args);
        if (e.over) {
          todo.push(...e.over.partitionBy);
          for (const o of e.over.orderBy) todo.push(o.expression);
        }
        break;
      }
      case 'NestedCalculation': {
        const source = resolver.resolve(e, stack);
        let aggregated: boolean;
        try {
          aggregated = containsCall(source.parse.formula, resolver, [...stack, source.id], test);
        } catch (caught) {
          // An error inside a nested calculation has its place at the reference to it.
          if (caught instanceof EvaluationError) throw err(caught.code, caught.message, e.range);
          throw caught;
        }
        if (aggregated) return true;
        break;
      }
      case 'Unary':
        todo.push(e.operand);
        break;
      case 'Binary':
        todo.push(e.left, e.right);
        break;
      case 'Paren':
        todo.push(e.expression);
        break;
      case 'Case':
        if (e.operand) todo.push(e.operand);
        for (const w of e.whens) todo.push(w.condition, w.result);
        if (e.elseResult) todo.push(e.elseResult);
        break;
      case 'Interval':
        todo.push(e.value);
        break;
      case 'In':
        todo.push(e.expression, ...e.list);
        break;
      case 'Like':
        todo.push(e.expression, e.pattern);
        break;
      case 'Between':
        todo.push(e.expression, e.low, e.high);
        break;
      case 'IsNull':
      case 'IsTruth':
        todo.push(e.expression);
        break;
      default:
        break;
    }
  }
  return false;
}

/** `sourceOf`: an expression that reads no column (a constant, NOW()), or several columns or not deterministically. */
const NO_COLUMN = -1;
const MIXED = -2;
/** Column types that convertRows may encode as a dictionary (rows.ts). */
const DICTIONARY_TYPES = new Set<ValueType>(['STRING', 'DATE', 'DATETIME']);


/** Most distinct strings a formula's result is deduplicated over in one evaluation (see `interned`). */
const INTERN_LIMIT = 65_536;
/** Longer strings are not deduplicated (hashing them would cost more than they are likely to repeat). */
const INTERN_MAX_LENGTH = 64;
/** Misses after which deduplication stops when more than half the results were new strings. */
const INTERN_TRIAL = 512;

export class Compiler {
  private readonly columnIndex = new Map<string, number>();
  private readonly groupIndex = new Map<string, number>();
  private readonly schema: DatasetColumn[];
  /** `sourceOf` of each expression seen (the column it is a function of, NO_COLUMN or MIXED). */
  private readonly sources = new Map<Node, number>();
  /** Compiling inside an expression that is evaluated once per distinct value of a column (no memo inside a memo). */
  private insideMemo = false;

  constructor(
    private readonly frame: Frame,
    private readonly table: Pick<TypedTable, 'names' | 'types' | 'scales'>,
    private readonly options: CompileOptions,
    private readonly resolver: NestedResolver,
    private readonly typeTables: TypeTables,
  ) {
    table.names.forEach((name, i) => this.columnIndex.set(name, i));
    options.groupBy.forEach((name, i) => this.groupIndex.set(name, i));
    this.schema = table.names.map((name, i) => ({ name, type: table.types[i]! }));
  }

  /** Compiles a whole formula at a level. */
  formula(parse: ParseResult, level: Level, stack: readonly string[] = []): Compiled {
    const types = this.typeTables.of(parse, this.schema);
    const root = parse.formula.expression!;
    const compiled = this.compile(root, level, new Scope(types, stack));
    if (compiled.type === 'INTERVAL') throw err('runtime', 'an INTERVAL is not a value: add it to or subtract it from a date (`d` + INTERVAL 1 DAY)', root.range);
    // The outer formula's strings are what the caller holds: equal ones share one string (a nested one is an operand).
    return stack.length === 0 && compiled.fresh ? this.interned(compiled) : compiled;
  }

  /**
   * The column an expression is a deterministic function of at row level (its only column, read in the same row), or
   * NO_COLUMN (it reads none), or MIXED (several columns, an aggregate, a window, FIXED, RAND, a nested calculation).
   * Walked with a stack, not recursion.
   */
  private sourceOf(root: Expression): number {
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

  /**
   * A row-level expression of one column that may be dictionary-encoded: evaluated once per distinct value of the
   * column in each evaluation, on the first row that has it (so an error shows at the same row as without), and read
   * back by the row's code. Without a dictionary (a table not made by convertRows, a column of too many values), per
   * row as before.
   */
  private memoized(c: Compiled, k: number): Compiled {
    const f = c.fn;
    const frame = this.frame;
    let epoch = -1;
    let codes: Uint16Array | undefined;
    let memo: (Value | undefined)[] = [];
    const fn: Fn = (i) => {
      if (epoch !== frame.epoch) {
        const dictionary = dictionaryOf(frame.table, k);
        codes = dictionary?.codes;
        memo = dictionary ? new Array<Value | undefined>(dictionary.values.length).fill(undefined) : [];
        epoch = frame.epoch;
      }
      if (codes === undefined) return f(i);
      const code = codes[i]!;
      let v = memo[code];
      if (v === undefined) memo[code] = v = f(i);
      return v;
    };
    return { fn, type: c.type, scale: c.scale, internal: c.internal };
  }

  /**
   * The formula's strings deduplicated within one evaluation: each row's string is built as before, then replaced by
   * the first equal one of this evaluation. Values do not change; what the caller holds does: a million rows of a
   * few distinct texts hold those few strings, not a million (memory, and the garbage collector's copying of every
   * survivor, which bounds building strings). Stops when most results are new (high cardinality) or too many.
   */
  private interned(c: Compiled): Compiled {
    const f = c.fn;
    const frame = this.frame;
    let epoch = -1;
    let seen: Map<string, string> | undefined;
    let lookups = 0;
    let misses = 0;
    const fn: Fn = (i) => {
      if (epoch !== frame.epoch) {
        seen = new Map();
        lookups = 0;
        misses = 0;
        epoch = frame.epoch;
      }
      const v = f(i);
      if (seen === undefined || typeof v !== 'string' || v.length > INTERN_MAX_LENGTH) return v;
      lookups++;
      const first = seen.get(v);
      if (first !== undefined) return first;
      misses++;
      if (seen.size >= INTERN_LIMIT || (misses >= INTERN_TRIAL && misses * 2 > lookups)) seen = undefined;
      else seen.set(v, v);
      return v;
    };
    return { ...c, fn, fresh: false };
  }

  private column(name: string, range: Range): number {
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
        return c.constant || c.type === 'INTERVAL' ? c : this.memoized(c, k);
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
        return this.unary(e, level, scope);
      case 'Binary':
        return this.binary(e, level, scope);
      case 'Case':
        return this.caseExpression(e, level, scope);
      case 'In':
        return this.inExpression(e, level, scope);
      case 'Like':
        return this.like(e, level, scope);
      case 'Between':
        return this.between(e, level, scope);
      case 'IsNull': {
        const x = this.compile(e.expression, level, scope).fn;
        const not = e.not;
        return { fn: (i) => (x(i) === null) !== not, type: 'BOOLEAN', scale: 0 };
      }
      case 'IsTruth': {
        // MySQL's `x IS TRUE`: x is not NULL and its truth is the one named; never NULL.
        const x = this.compile(e.expression, level, scope).fn;
        const { not, value } = e;
        return { fn: (i) => (truth(x(i)) === value) !== not, type: 'BOOLEAN', scale: 0 };
      }
      case 'Interval': {
        const compiled = this.compile(e.value, level, scope);
        const amount = compiled.fn;
        const approximate = compiled.type === 'DOUBLE';
        const unit = e.unit;
        if (!unit) throw err('syntax', 'INTERVAL without a unit', e.range);
        // An INTERVAL is only ever an argument: the date functions receive it as an IntervalValue.
        // Its scale: the digits of a second's fraction it adds to a date (declared-digits.ts).
        return { fn: (i) => ({ type: 'INTERVAL', amount: amount(i), unit, approximate }) satisfies IntervalValue as unknown as Value, type: 'INTERVAL', scale: intervalDigits(unit, compiled) };
      }
      case 'Call':
        return this.call(e, level, scope);
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

  private unary(e: Extract<Expression, { kind: 'Unary' }>, level: Level, scope: Scope): Compiled {
    const x = this.compile(e.operand, level, scope);
    const f = x.fn;
    if (e.operator === 'NOT') {
      return {
        fn: (i) => {
          const t = truth(f(i));
          return t === null ? null : !t;
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    const type = negationType(x.type);
    if (e.operator === '+') return x;
    if (x.constant) {
      const n = toNumber(x.constant.value as ArgumentValue);
      return { ...constant(n === null ? null : -n, type, x.scale), internal: x.internal };
    }
    return {
      fn: (i) => {
        const v = f(i);
        if (v === null) return null;
        const n = typeof v === 'number' ? v : toNumber(v)!;
        return n === 0 ? 0 : -n;
      },
      type,
      scale: x.scale,
      internal: x.internal,
    };
  }

  private binary(e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
    const op = e.operator;
    if (op === 'AND' || op === 'OR') return this.logical(e, level, scope);
    if (ARITHMETIC.has(op)) {
      if (isIntervalArithmetic(e)) return this.intervalArithmetic(e, level, scope);
      return this.arithmetic(e, level, scope);
    }
    const l = shownArgument(this.compile(e.left, level, scope));
    const r = shownArgument(this.compile(e.right, level, scope));
    const lf = l.fn;
    const rf = r.fn;
    const collation = this.options.collation;
    const frame = this.frame;
    const test = comparisonTest(op);
    if (isNumeric(l.type) && isNumeric(r.type)) {
      return {
        fn: (i) => {
          const a = lf(i);
          if (a === null) return null;
          const b = rf(i);
          if (b === null) return null;
          if (typeof a === 'number' && typeof b === 'number') return test(a < b ? -1 : a > b ? 1 : 0);
          // Typed numeric yet a time: ADDTIME(0.0, 8395959) is a TIME, ADDTIME(20010101, 1) a DATETIME (typed as their
          // first argument by the catalogue).
          const c = compareValues(a, b, collation, frame.now);
          return c === null ? null : test(c);
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    if (l.type === 'STRING' && r.type === 'STRING') {
      return {
        fn: (i) => {
          const a = lf(i);
          if (a === null) return null;
          const b = rf(i);
          if (b === null) return null;
          return test(typeof a === 'string' && typeof b === 'string' ? compareStrings(a, b, collation) : compareValues(a, b, collation)!);
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    return {
      fn: (i) => {
        const a = lf(i);
        if (a === null) return null;
        const b = rf(i);
        if (b === null) return null;
        // The clock: a TIME compared with a datetime is put on the current date.
        const c = compareValues(a, b, collation, frame.now);
        return c === null ? null : test(c);
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }

  private logical(e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
    const spine: Extract<Expression, { kind: 'Binary' }>[] = [];
    for (let node: Expression = e; node.kind === 'Binary' && node.operator === e.operator; node = node.left) spine.push(node);
    if (spine.length > CHAIN_LENGTH) {
      // A long flat chain of AND (OR): its operands in a loop, false (true) as soon as one is.
      const operands = [this.compile(spine[spine.length - 1]!.left, level, scope).fn];
      for (let k = spine.length - 1; k >= 0; k--) operands.push(this.compile(spine[k]!.right, level, scope).fn);
      const decisive = e.operator === 'OR';
      return {
        fn: (i) => {
          let sawNull = false;
          for (const f of operands) {
            const t = truth(f(i));
            if (t === decisive) return decisive;
            if (t === null) sawNull = true;
          }
          return sawNull ? null : !decisive;
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    const lf = this.compile(e.left, level, scope).fn;
    const rf = this.compile(e.right, level, scope).fn;
    if (e.operator === 'AND') {
      return {
        fn: (i) => {
          const a = truth(lf(i));
          if (a === false) return false;
          const b = truth(rf(i));
          if (b === false) return false;
          return a === null || b === null ? null : true;
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    return {
      fn: (i) => {
        const a = truth(lf(i));
        if (a === true) return true;
        const b = truth(rf(i));
        if (b === true) return true;
        return a === null || b === null ? null : false;
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }

  private arithmetic(e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
    // A long flat chain (`a + b + c + …`, a left-deep tree thousands of levels deep) is compiled and evaluated in a
    // loop, not by recursion.
    const spine: Extract<Expression, { kind: 'Binary' }>[] = [];
    for (let node: Expression = e; node.kind === 'Binary' && ARITHMETIC.has(node.operator) && !isIntervalArithmetic(node); node = node.left) spine.push(node);
    if (spine.length > CHAIN_LENGTH) return this.arithmeticChain(spine, level, scope);
    const l = this.compile(e.left, level, scope);
    const r = this.compile(e.right, level, scope);
    const step = arithmeticStep(e.operator, l, r);
    if (l.type === 'NULL' || r.type === 'NULL') return constant(null, step.type, -1);
    const lf = l.fn;
    const rf = r.fn;
    const apply = step.apply;
    return {
      fn: (i) => {
        const a = lf(i);
        if (a === null) return null;
        const b = rf(i);
        if (b === null) return null;
        return apply(a, b);
      },
      type: step.type,
      scale: step.scale,
      internal: step.internal,
    };
  }

  /** A chain of arithmetic, innermost first in `spine`'s reverse: one loop over the operands. */
  private arithmeticChain(spine: readonly Extract<Expression, { kind: 'Binary' }>[], level: Level, scope: Scope): Compiled {
    const first = this.compile(spine[spine.length - 1]!.left, level, scope);
    let meta: Compiled = first;
    const rights: Fn[] = [];
    const applies: ((a: Value, b: Value) => Value)[] = [];
    for (let k = spine.length - 1; k >= 0; k--) {
      const r = this.compile(spine[k]!.right, level, scope);
      const step = arithmeticStep(spine[k]!.operator, meta, r);
      rights.push(r.fn);
      applies.push(meta.type === 'NULL' || r.type === 'NULL' ? () => null : step.apply);
      meta = { fn: meta.fn, type: step.type, scale: step.scale, internal: step.internal };
    }
    const ff = first.fn;
    const n = rights.length;
    return {
      fn: (i) => {
        let acc = ff(i);
        for (let k = 0; k < n && acc !== null; k++) {
          const b = rights[k]!(i);
          acc = b === null ? null : applies[k]!(acc, b);
        }
        return acc;
      },
      type: meta.type,
      scale: meta.scale,
      internal: meta.internal,
    };
  }

  /** `date + INTERVAL n UNIT`, `INTERVAL n UNIT + date`, `date - INTERVAL n UNIT`: DATE_ADD / DATE_SUB. */
  private intervalArithmetic(e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
    const name = e.operator === '+' ? 'DATE_ADD' : 'DATE_SUB';
    const impl = SCALAR_FUNCTIONS[name];
    if (!impl) throw err('unsupported-function', `${e.operator} INTERVAL needs ${name}, which the evaluator does not implement yet`, e.range);
    const [dateNode, intervalNode] = e.right.kind === 'Interval' ? [e.left, e.right] : [e.right, e.left];
    const d = this.compile(dateNode, level, scope);
    const iv = this.compile(intervalNode, level, scope);
    const call: CallExpression = {
      kind: 'Call',
      name,
      upperName: name,
      nameRange: e.operatorRange,
      parens: true,
      distinct: false,
      star: false,
      args: [dateNode, intervalNode],
      range: e.range,
    };
    const ctx = this.context(call, [d, iv]);
    const args: ArgumentValue[] = [null, null];
    const df = d.fn;
    const ivf = iv.fn;
    return {
      fn: (i) => {
        args[0] = df(i);
        args[1] = ivf(i) as ArgumentValue;
        return impl(args, ctx);
      },
      type: scope.types.typeOf(e) === 'UNKNOWN' ? 'DATETIME' : d.type === 'DATE' && isSubDay((intervalNode as { unit: string }).unit) ? 'DATETIME' : d.type === 'DATE' ? 'DATE' : 'DATETIME',
      scale: declaredFractionDigits(name, [d, iv]),
    };
  }

  private caseExpression(e: Extract<Expression, { kind: 'Case' }>, level: Level, scope: Scope): Compiled {
    const results = e.whens.map((w) => this.compile(w.result, level, scope));
    const elseC = e.elseResult ? this.compile(e.elseResult, level, scope) : constant(null, 'NULL', -1);
    const type = unify([...results.map((c) => c.type), elseC.type]);
    const branches = [...results, elseC].filter((c) => c.type !== 'NULL');
    const scale = isExact(type) && branches.every((c) => c.scale >= 0) ? branches.reduce((m, c) => Math.max(m, c.scale), 0) : -1;
    const internal = scale < 0 ? -1 : branches.reduce((m, c) => Math.max(m, internalOf(c)), 0);
    const resultFns = results.map((c) => coerceTo(c, type));
    const elseFn = coerceTo(elseC, type);
    const n = resultFns.length;
    const fresh = type === 'STRING' && [...results, elseC].some((c) => c.fresh || (c.type !== 'STRING' && c.type !== 'NULL'));
    if (e.operand) {
      const operand = shownArgument(this.compile(e.operand, level, scope)).fn;
      const conditions = e.whens.map((w) => shownArgument(this.compile(w.condition, level, scope)).fn);
      const collation = this.options.collation;
      return {
        fn: (i) => {
          const v = operand(i);
          if (v !== null) {
            for (let k = 0; k < n; k++) {
              const c = conditions[k]!(i);
              if (c !== null && compareValues(v, c, collation) === 0) return resultFns[k]!(i);
            }
          }
          return elseFn(i);
        },
        type,
        scale,
        internal,
        fresh,
      };
    }
    const conditions = e.whens.map((w) => this.compile(w.condition, level, scope).fn);
    return {
      fn: (i) => {
        for (let k = 0; k < n; k++) if (truth(conditions[k]!(i)) === true) return resultFns[k]!(i);
        return elseFn(i);
      },
      type,
      scale,
      internal,
      fresh,
    };
  }

  private inExpression(e: Extract<Expression, { kind: 'In' }>, level: Level, scope: Scope): Compiled {
    const x = shownArgument(this.compile(e.expression, level, scope)).fn;
    const items = e.list.map((item) => shownArgument(this.compile(item, level, scope)).fn);
    const not = e.not;
    const collation = this.options.collation;
    return {
      fn: (i) => {
        const v = x(i);
        if (v === null) return null;
        let sawNull = false;
        for (const item of items) {
          const w = item(i);
          if (w === null) sawNull = true;
          else if (compareValues(v, w, collation) === 0) return !not;
        }
        return sawNull ? null : not;
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }

  private like(e: Extract<Expression, { kind: 'Like' }>, level: Level, scope: Scope): Compiled {
    const x = this.compile(e.expression, level, scope);
    const p = this.compile(e.pattern, level, scope);
    const not = e.not;
    const collation = this.options.collation;
    const xf = x.fn;
    const text = (v: Value, c: Compiled) => toText(v, c.type, c.scale)!;
    if (p.constant) {
      if (p.constant.value === null) return constant(null, 'BOOLEAN', 0);
      const match = likeMatcher(text(p.constant.value, p), collation);
      return {
        fn: (i) => {
          const v = xf(i);
          return v === null ? null : match(text(v, x)) !== not;
        },
        type: 'BOOLEAN',
        scale: 0,
      };
    }
    const pf = p.fn;
    const cache = new Map<string, (t: string) => boolean>();
    return {
      fn: (i) => {
        const v = xf(i);
        if (v === null) return null;
        const pv = pf(i);
        if (pv === null) return null;
        const pattern = text(pv, p);
        let match = cache.get(pattern);
        if (!match) {
          if (cache.size > 1000) cache.clear();
          match = likeMatcher(pattern, collation);
          cache.set(pattern, match);
        }
        return match(text(v, x)) !== not;
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }

  private between(e: Extract<Expression, { kind: 'Between' }>, level: Level, scope: Scope): Compiled {
    const x = shownArgument(this.compile(e.expression, level, scope)).fn;
    const lo = shownArgument(this.compile(e.low, level, scope)).fn;
    const hi = shownArgument(this.compile(e.high, level, scope)).fn;
    const not = e.not;
    const collation = this.options.collation;
    return {
      fn: (i) => {
        const v = x(i);
        if (v === null) return null;
        const a = lo(i);
        const b = hi(i);
        const ca = a === null ? null : compareValues(v, a, collation);
        const cb = b === null ? null : compareValues(v, b, collation);
        const geLow = ca === null ? null : ca >= 0;
        const leHigh = cb === null ? null : cb <= 0;
        let t: boolean | null;
        if (geLow === false || leHigh === false) t = false;
        else if (geLow === null || leHigh === null) t = null;
        else t = true;
        return t === null ? null : t !== not;
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }

  // ─── Calls ───────────────────────────────────────────────────────────────────────────────────────────────────

  private call(e: CallExpression, level: Level, scope: Scope): Compiled {
    const name = e.upperName;
    const availability = functionAvailability(name);
    if (availability.status === 'unknown') throw err('unknown-function', `unknown function ${e.name}: it is not a function of the language`, e.nameRange);
    if (!availability.accepted) throw err('unsupported-function', `${name} is not supported by the service in formulas (${availability.why})`, e.nameRange);
    const entry = availability.entry!;
    if (e.over && e.fixed) throw err('unsupported-function', `${name}: a window (OVER) and FIXED cannot be combined`, e.range);
    if (e.fixed) return this.fixed(e, level, scope);
    if (e.over) return this.window(e, level, scope);
    if (entry.kind === 'window') throw err('runtime', `${name} is a window function: it needs OVER (…)`, e.range);
    if (entry.kind === 'aggregate') {
      if (level === 'row') {
        throw err('runtime', `${name} is an aggregate inside another aggregate: aggregates do not nest except as the inner aggregate of a window (OVER) or FIXED`, e.range);
      }
      return this.aggregate(e, scope);
    }
    if (name === 'RAND' || name === 'RANDOM') return this.random(e, level, scope);
    const impl = SCALAR_FUNCTIONS[name];
    if (!impl) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
    // (NULLIF compares its arguments as `=` does, exact values at their shown scale, and returns the first as it is.)
    const args = e.args.map((a) => this.compile(a, level, scope));
    const ctx = this.context(e, args);
    const passing = PASSING.has(name);
    const type = passing ? unify(args.map((a) => a.type)) : scope.types.typeOf(e);
    const resultType = APPROXIMATE_STAYS_APPROXIMATE.has(name) && args[0]?.type === 'DOUBLE' ? 'DOUBLE' : type === 'UNKNOWN' && args.length > 0 ? unify(args.map((a) => a.type)) : type;
    // A LONG result is a whole number: exact, with no decimals (LENGTH(x) / 3 is a DECIMAL quotient of 4 decimals).
    const scale = resultType === 'DOUBLE' && APPROXIMATE_STAYS_APPROXIMATE.has(name) ? -1 : resultType === 'LONG' || resultType === 'BOOLEAN' ? Math.max(0, scalarScale(name, args)) : scalarScale(name, args);
    const internal = scalarInternal(name, args, scale);
    // Functions that pass one of their arguments on give it the common type (a number among texts is text).
    const fns = passing ? args.map((a) => coerceTo(a, resultType)) : args.map((a) => a.fn);
    const n = fns.length;
    if (name === 'CONCAT' && level === 'row' && n > 0 && resultType === 'STRING') {
      const direct = this.concat(e, args);
      if (direct) return direct;
    }
    // A string function's result is a new string for each row (what `interned` deduplicates).
    const fresh = resultType === 'STRING' && !passing;
    const values: ArgumentValue[] = new Array(n).fill(null);
    if (n === 0) return { fn: () => impl(values, ctx), type: resultType, scale, internal, fresh };
    if (n === 1) {
      const f0 = fns[0]!;
      return {
        fn: (i) => {
          values[0] = f0(i);
          return impl(values, ctx);
        },
        type: resultType,
        scale,
        internal,
        fresh,
      };
    }
    return {
      fn: (i) => {
        for (let k = 0; k < n; k++) values[k] = fns[k]!(i);
        return impl(values, ctx);
      },
      type: resultType,
      scale,
      internal,
      fresh,
    };
  }

  /**
   * CONCAT at row level, built directly: no argument array, each argument's text taken once, and consecutive
   * arguments of one dictionary-encoded column and constants (`UPPER(\`Region\`), '-'`) joined once per distinct
   * value of the column (the `memoized` rule), so that a row's result is one concatenation of a few ready texts.
   * Same values and order as the generic call: every argument is evaluated, then NULL if one is NULL; numbers by
   * their static type and scale. Not used with an INTERVAL argument (an error when turned into text).
   */
  private concat(e: CallExpression, args: readonly Compiled[]): Compiled | undefined {
    if (args.some((a) => a.type === 'INTERVAL')) return undefined;
    const asText = (a: Compiled, k: number): ((i: number) => string | null) => {
      const f = a.fn;
      // A STRING column's cells are text; not every STRING expression's value is: TIME, SEC_TO_TIME, TIMEDIFF… are
      // typed STRING and give a TIME value.
      if (a.type === 'NULL' || (a.type === 'STRING' && e.args[k]!.kind === 'Column')) return f as (i: number) => string | null;
      const type = a.type;
      const scale = a.scale;
      return (i) => {
        const v = f(i);
        return v === null || typeof v === 'string' ? v : toText(v, type, scale);
      };
    };
    const parts: ((i: number) => string | null)[] = [];
    let sharedParts = 0;
    for (let start = 0; start < args.length; ) {
      // The longest run from `start` of constants and expressions of one dictionary-encoded column.
      let column = NO_COLUMN;
      let end = start;
      for (; end < args.length; end++) {
        const s = args[end]!.constant ? NO_COLUMN : this.sourceOf(e.args[end]!);
        if (s === MIXED || (s >= 0 && !DICTIONARY_TYPES.has(this.table.types[s]!))) break;
        if (s >= 0 && column >= 0 && s !== column) break;
        if (s >= 0) column = s;
      }
      if (column < 0 || (end === start + 1 && args[start]!.type === 'STRING')) {
        // One argument as it is (a constant, an expression of several columns, an already memoized text).
        parts.push(asText(args[start]!, start));
        start++;
        continue;
      }
      const run = joinTexts(args.slice(start, end).map((a, j) => asText(a, start + j)));
      parts.push(this.memoized({ fn: run, type: 'STRING', scale: -1 }, column).fn as (i: number) => string | null);
      sharedParts++;
      start = end;
    }
    // One shared part (a memoized text) or one text argument as it is: no new string.
    const fresh = parts.length > 1 || (sharedParts === 0 && args[0]!.type !== 'STRING');
    const base = { type: 'STRING' as const, scale: -1, fresh };
    if (parts.length === 1) return { ...base, fn: parts[0]! };
    if (parts.length === 2) {
      const [p0, p1] = parts as [(i: number) => string | null, (i: number) => string | null];
      return {
        ...base,
        fn: (i) => {
          const a = p0(i);
          const b = p1(i);
          return concatBounded(a, b);
        },
      };
    }
    if (parts.length === 3) {
      const [p0, p1, p2] = parts as [(i: number) => string | null, (i: number) => string | null, (i: number) => string | null];
      return {
        ...base,
        fn: (i) => {
          const a = p0(i);
          const b = p1(i);
          const c = p2(i);
          return c === null ? null : concatBounded(concatBounded(a, b), c);
        },
      };
    }
    return { ...base, fn: joinTexts(parts) };
  }

  private context(call: CallExpression, args: readonly Compiled[]): ScalarContext {
    return new CallContext(
      this.frame,
      this.options.collation,
      call,
      args.map((a) => a.type),
      args.map((a) => a.scale),
      args.map(internalOf),
    );
  }

  /** RAND(seed) and RANDOM(): MySQL's generator, seeded by the argument or the `seed` option, restarted per evaluation. */
  private random(e: CallExpression, level: Level, scope: Scope): Compiled {
    const arg = e.args[0] ? this.compile(e.args[0], level, scope) : undefined;
    let seed: number;
    if (arg) {
      if (!arg.constant) throw err('runtime', `${e.upperName}'s seed must be a constant`, e.args[0]!.range);
      seed = toNumber(arg.constant.value as ArgumentValue) ?? 0;
    } else if (this.options.seed !== undefined) seed = this.options.seed;
    else throw err('runtime', `${e.upperName}() is not deterministic: give a seed (the \`seed\` option, or ${e.upperName}(n))`, e.range);
    const frame = this.frame;
    let state: RandomState | undefined;
    let epoch = -1;
    return {
      fn: () => {
        if (epoch !== frame.epoch || !state) {
          state = mysqlRandom(seed);
          epoch = frame.epoch;
        }
        return state.next();
      },
      type: 'DOUBLE',
      scale: -1,
    };
  }

  /** Constant arguments of aggregates and windows (PERCENTILE's fraction, NTILE's count, LAG's offset…). */
  private constantArg(e: Expression | undefined, level: Level, scope: Scope, what: string): Value {
    if (!e) return null;
    const c = this.compile(e, level, scope);
    if (!c.constant) throw err('runtime', `${what} must be a constant`, e.range);
    return c.constant.value;
  }

  private aggregateFactory(e: CallExpression, level: Level, scope: Scope, arg: Compiled | undefined, running = false): { make: () => Accumulator; type: ValueType; scale: number; internal: number } {
    const name = e.upperName;
    const factory: AggregateFactory | undefined = AGGREGATES[name];
    if (!factory) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
    const constantsFrom = name === 'CORR' ? 2 : 1;
    const constants = e.args.slice(constantsFrom).map((a) => this.constantArg(a, level, scope, `${name}'s argument`));
    const argType = arg?.type ?? 'UNKNOWN';
    const argScale = arg?.scale ?? -1;
    const resultScale = aggregateResultScale(name, argType, argScale);
    // Exact results are kept with the argument's internal decimals (AVG: a quotient's), shown with resultScale. A
    // running total rounded to the argument's shown scale after each row has those decimals.
    const argInternal = arg ? internalOf(arg) : -1;
    const runningScale = running && resultScale >= 0 && argInternal > argScale && argScale <= 15 ? argScale : -1;
    const totalScale = runningScale >= 0 ? runningScale : argInternal;
    const internal = aggregateKeptScale(name, argType, argScale, totalScale);
    const setup = { collation: this.options.collation, argType, argScale, resultScale: internal, totalScale, runningScale, constants, star: e.star };
    // Validate constants now (a bad percentile is an error even over no rows), at the call's place.
    try {
      factory(setup);
    } catch (caught) {
      if (caught instanceof EvaluationError && !caught.range) throw err(caught.code, caught.message, e.range);
      throw caught;
    }
    const distinct = e.distinct;
    const collation = this.options.collation;
    const make = distinct ? () => distinctOf(factory(setup), collation) : () => factory(setup);
    // The table's type over the argument as compiled (arithmetic-types.ts); the catalogue's for the other aggregates.
    const type = aggregateResultType(name, argType) ?? scope.types.typeOf(e);
    const valueType = type === 'UNKNOWN' ? (argType === 'UNKNOWN' ? 'DOUBLE' : argType) : type;
    return { make, type: valueType, scale: resultScale, internal };
  }

  private aggregate(e: CallExpression, scope: Scope): Compiled {
    // MariaDB (measured) reads a DISTINCT aggregate's exact argument at its shown scale (the distinct values are kept
    // in a DECIMAL field of that scale), and so MIN and MAX grouped by columns. Grouped by columns through a temporary
    // table, SUM and AVG keep their running total in a DECIMAL field of the argument's shown scale, rounded after each
    // row; grouped by sorting (groupsBySorting) and over the whole table, they total the inside values.
    const name = e.upperName;
    const distinct = e.distinct || name === 'APPROXIMATE_COUNT_DISTINCT';
    const grouped = this.options.groupBy.length > 0;
    const shown = distinct || (grouped && (name === 'MIN' || name === 'MAX'));
    const running = !distinct && grouped && !this.options.groupsBySorting && (name === 'SUM' || name === 'AVG');
    const compiledArg = e.star ? undefined : e.args[0] ? this.compile(e.args[0], 'row', scope) : undefined;
    const arg = compiledArg && shown ? shownArgument(compiledArg) : compiledArg;
    const second = name === 'CORR' && e.args[1] ? this.compile(e.args[1], 'row', scope).fn : undefined;
    const { make, type, scale, internal } = this.aggregateFactory(e, 'row', scope, arg, running);
    const frame = this.frame;
    const af = arg?.fn ?? (() => 1);
    return {
      fn: (g) => {
        const acc = make();
        const order = frame.order;
        const end = frame.offsets[g + 1]!;
        if (second) for (let k = frame.offsets[g]!; k < end; k++) acc.add(af(order[k]!), second(order[k]!));
        else for (let k = frame.offsets[g]!; k < end; k++) acc.add(af(order[k]!), null);
        return acc.result();
      },
      type,
      scale,
      internal,
    };
  }

  /** Number of items a level has in this evaluation. */
  private itemCount(level: Level): number {
    return level === 'row' ? this.frame.table.length : this.frame.groupCount;
  }

  private window(e: CallExpression, level: Level, scope: Scope): Compiled {
    const name = e.upperName;
    const entry = lookupFunction(name)!;
    const over = e.over!;
    const partition = over.partitionBy.map((p) => this.compile(p, level, scope).fn);
    const orderBy = over.orderBy.map((o) => ({ fn: this.compile(o.expression, level, scope).fn, descending: o.direction === 'DESC' }));
    const collation = this.options.collation;
    let compute: (n: number) => Value[];
    let type: ValueType;
    let scale = -1;
    let internal = -1;
    if (entry.kind === 'aggregate') {
      if (!entry.windowCapable && !AGGREGATES[name]) throw err('unsupported-function', `${name} cannot be used as a window function`, e.nameRange);
      // A window reads SUM/AVG/MIN/MAX's exact argument at its shown scale (MariaDB: through a temporary table).
      const compiledArg = e.star ? undefined : e.args[0] ? this.compile(e.args[0], level, scope) : undefined;
      const arg = compiledArg && READS_SHOWN.has(name) ? shownArgument(compiledArg) : compiledArg;
      const second = name === 'CORR' && e.args[1] ? this.compile(e.args[1], level, scope).fn : undefined;
      const agg = this.aggregateFactory(e, level, scope, arg);
      type = agg.type;
      scale = agg.scale;
      internal = agg.internal;
      const af = arg?.fn ?? (() => 1);
      compute = (n) => computeWindow(n, partition, orderBy, collation, { kind: 'aggregate', make: agg.make, arg: af, second });
    } else {
      const impl = WINDOW_FUNCTIONS[name];
      if (!impl) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
      const value = e.args[0] ? this.compile(e.args[0], level, scope) : undefined;
      const isValueFunction = name === 'LAG' || name === 'LEAD' || name === 'FIRST_VALUE' || name === 'LAST_VALUE';
      const constants = isValueFunction ? [this.constantArg(e.args[1], level, scope, `${name}'s offset`)] : e.args.map((a) => this.constantArg(a, level, scope, `${name}'s argument`));
      const fallback = isValueFunction && e.args[2] ? this.compile(e.args[2], level, scope).fn : undefined;
      const t = scope.types.typeOf(e);
      type = isValueFunction ? (value?.type ?? t) : t;
      scale = isValueFunction ? (value?.scale ?? -1) : 0;
      internal = isValueFunction && value ? internalOf(value) : scale;
      compute = (n) => computeWindow(n, partition, orderBy, collation, { kind: 'function', name, impl, value: value?.fn, constants, fallback, range: e.range });
    }
    const frame = this.frame;
    let cache: Value[] = [];
    let epoch = -1;
    return {
      fn: (i) => {
        if (epoch !== frame.epoch) {
          cache = compute(this.itemCount(level));
          epoch = frame.epoch;
        }
        return cache[i]!;
      },
      type,
      scale,
      internal,
    };
  }

  /** `AGG(x) FIXED (BY|ADD|REMOVE cols [FILTER …])`: the aggregate over the rows sharing the row's values of the columns. */
  private fixed(e: CallExpression, level: Level, scope: Scope): Compiled {
    const entry = lookupFunction(e.upperName)!;
    if (entry.kind !== 'aggregate') throw err('unsupported-function', `FIXED applies to an aggregate; ${e.upperName} is not one`, e.range);
    const spec = e.fixed!;
    const listed = spec.columns.map((c) => {
      if (c.kind !== 'Column' && c.kind !== 'DoubleQuoted') throw err('runtime', 'FIXED lists columns', c.range);
      const name = c.kind === 'Column' ? c.name : c.value;
      this.column(name, c.range);
      return name;
    });
    const mode = spec.mode ?? 'BY';
    let names: string[];
    if (mode === 'BY') names = listed;
    else if (mode === 'ADD') names = [...new Set([...this.options.groupBy, ...listed])];
    else names = this.options.groupBy.filter((g) => !listed.includes(g));
    const keyColumns = names.map((name) => this.column(name, e.range));
    const arg = e.star ? undefined : e.args[0] ? this.compile(e.args[0], 'row', scope) : undefined;
    const second = e.upperName === 'CORR' && e.args[1] ? this.compile(e.args[1], 'row', scope).fn : undefined;
    const agg = this.aggregateFactory(e, 'row', scope, arg);
    const af = arg?.fn ?? (() => 1);
    const frame = this.frame;
    const collation = this.options.collation;
    let cache: Value[] = [];
    let epoch = -1;
    const perRow = (r: number): Value => {
      if (epoch !== frame.epoch) {
        const n = frame.table.length;
        const partition = keyColumns.map((k) => (i: number) => frame.table.columns[k]![i]!);
        cache = computeWindow(n, partition, [], collation, { kind: 'aggregate', make: agg.make, arg: af, second });
        epoch = frame.epoch;
      }
      return cache[r]!;
    };
    if (level === 'row') return { fn: perRow, type: agg.type, scale: agg.scale, internal: agg.internal };
    return {
      fn: (g) => {
        const start = frame.offsets[g]!;
        const end = frame.offsets[g + 1]!;
        if (start === end) return null;
        const v = perRow(frame.order[start]!);
        for (let k = start + 1; k < end; k++) {
          if (sortCompare(perRow(frame.order[k]!), v, collation) !== 0) {
            throw err('runtime', `${e.upperName}(…) FIXED (…) has several values in one group: wrap it in an aggregate (SUM, MAX, …)`, e.range);
          }
        }
        return v;
      },
      type: agg.type,
      scale: agg.scale,
      internal: agg.internal,
    };
  }
}

/**
 * What a scalar function is called with: the clock is read from the frame at each call (it changes per evaluation).
 * A class, not an object literal with a `get now()`: such a literal gets a hidden class of its own, allocated old.
 */
class CallContext implements ScalarContext {
  constructor(
    private readonly frame: Frame,
    readonly collation: Collation,
    readonly call: CallExpression,
    readonly argTypes: readonly ValueType[],
    readonly argScales: readonly number[],
    readonly argKeptScales: readonly number[],
  ) {}

  get now(): TimeValue {
    return this.frame.now;
  }
}

/** Per formula (the outer one or a nested one): its type table and the chain of nested ids being compiled. */
export class Scope {
  constructor(
    readonly types: TypeTable,
    readonly stack: readonly string[],
  ) {}
}

function comparisonTest(op: string): (c: number) => boolean {
  switch (op) {
    case '=':
      return (c) => c === 0;
    case '!=':
    case '<>':
      return (c) => c !== 0;
    case '<':
      return (c) => c < 0;
    case '>':
      return (c) => c > 0;
    case '<=':
      return (c) => c <= 0;
    default:
      return (c) => c >= 0;
  }
}

/** Binary chains longer than this are compiled as one loop (compile and evaluation without deep recursion). */
const CHAIN_LENGTH = 64;

const isIntervalArithmetic = (e: Extract<Expression, { kind: 'Binary' }>) =>
  (e.operator === '+' || e.operator === '-') && (e.right.kind === 'Interval' || (e.operator === '+' && e.left.kind === 'Interval'));

interface ArithmeticStep {
  readonly type: ValueType;
  readonly scale: number;
  readonly internal: number;
  /** The operation on two non-NULL values. */
  readonly apply: (a: Value, b: Value) => Value;
}

const num = (v: Value): number => (typeof v === 'number' ? v : toNumber(v)!);

/**
 * One `+ - * /` with MySQL's rules, from the formula package's table (arithmetic-types.ts): LONG results wrap to 64
 * bits; exact (LONG, DECIMAL) results are kept with their internal decimals (a quotient's in 9-digit words) and shown
 * with their scale; anything else is a DOUBLE; division by zero is NULL.
 */
function arithmeticStep(op: string, l: Compiled, r: Compiled): ArithmeticStep {
  const operator = op as ArithmeticOperator;
  const type = arithmeticResultType(operator, l.type, r.type);
  if (type === 'LONG') {
    const exactOp =
      op === '+' ? (a: number, b: number) => BigInt(a) + BigInt(b) : op === '-' ? (a: number, b: number) => BigInt(a) - BigInt(b) : (a: number, b: number) => BigInt(a) * BigInt(b);
    const f = op === '+' ? (a: number, b: number) => a + b : op === '-' ? (a: number, b: number) => a - b : (a: number, b: number) => a * b;
    return {
      type,
      scale: 0,
      internal: 0,
      apply: (va, vb) => {
        const a = num(va);
        const b = num(vb);
        const x = f(a, b);
        return Number.isSafeInteger(x) || !Number.isInteger(a) || !Number.isInteger(b) ? x : wrapLong(x, () => exactOp(a, b));
      },
    };
  }
  const exact = type === 'DECIMAL' && isExact(l.type) && isExact(r.type) && l.scale >= 0 && r.scale >= 0;
  let scale = -1;
  let internal = -1;
  if (exact) {
    const li = internalOf(l);
    const ri = internalOf(r);
    scale = arithmeticScale(operator, l.scale, r.scale);
    internal = arithmeticKeptScale(operator, li, ri);
  }
  // Doubles hold about 15 significant digits: past that, rounding would change nothing but the noise.
  const round = exact && internal <= 15;
  const s = internal;
  if (op === '/') {
    return {
      type,
      scale,
      internal,
      apply: (va, vb) => {
        const b = num(vb);
        if (b === 0) return null;
        const x = num(va) / b;
        // The quotient's last 9-digit word is truncated, not rounded (decimal division).
        return round ? truncateDecimal(x, s) : x;
      },
    };
  }
  const f = op === '+' ? (a: number, b: number) => a + b : op === '-' ? (a: number, b: number) => a - b : (a: number, b: number) => a * b;
  return {
    type,
    scale,
    internal,
    apply: round ? (va, vb) => roundHalfAwayFromZero(f(num(va), num(vb)), s) : (va, vb) => f(num(va), num(vb)),
  };
}


const booleanAsNumber = (v: Value): Value => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/** Aggregates that, in a window, read an exact argument as a DECIMAL (the others read a DOUBLE: the inside value). */
const READS_SHOWN = new Set(['SUM', 'AVG', 'MIN', 'MAX']);

/**
 * An exact value as MariaDB compares it, and as grouped SUM/AVG/MIN/MAX read it: kept with more decimals inside, it
 * is rounded (half up) to its shown scale first (`1/3 = 0.3333` is true, `7/999999 > 0` false; measured).
 */
function shownArgument(c: Compiled): Compiled {
  const internal = internalOf(c);
  if (!isExact(c.type) || c.scale < 0 || internal <= c.scale || c.scale > 15) return c;
  const f = c.fn;
  const scale = c.scale;
  return {
    ...c,
    fn: (i) => {
      const v = f(i);
      return typeof v === 'number' ? roundHalfAwayFromZero(v, scale) : v;
    },
    internal: scale,
  };
}

/**
 * Functions whose result is approximate when their argument is (MySQL: "for string or floating-point arguments, the
 * return value has a floating-point type"): CEILING of a DOUBLE is a DOUBLE, and so rounds half to even afterwards.
 */
const APPROXIMATE_STAYS_APPROXIMATE = new Set(['CEILING', 'FLOOR']);

/** Functions whose value is one of their arguments, in the arguments' common type. */
const PASSING = new Set(['IFNULL', 'NVL', 'COALESCE']);

/**
 * A value in the common type of the places it meets (CASE branches, IFNULL's arguments), as MySQL converts it: to
 * text when the common type is STRING (numbers by their type and scale), a boolean to 1/0 when it is numeric, a DATE
 * to a DATETIME.
 */
function coerceTo(c: Compiled, type: ValueType): Fn {
  const f = c.fn;
  if (c.type === type || c.type === 'NULL') return f;
  if (type === 'STRING') {
    const from = c.type;
    const scale = c.scale;
    return (i) => {
      const v = f(i);
      return typeof v === 'string' || v === null ? v : toText(v, from, scale);
    };
  }
  if (isNumeric(type) && c.type === 'BOOLEAN') return (i) => booleanAsNumber(f(i));
  if (type === 'DATETIME' && c.type === 'DATE') {
    return (i) => {
      const v = f(i);
      return v !== null && typeof v === 'object' && v.type === 'DATE' ? { type: 'DATETIME', epochMs: v.epochMs } : v;
    };
  }
  return f;
}

const SUB_DAY = /^(MICROSECOND|SECOND|MINUTE|HOUR|SECOND_MICROSECOND|MINUTE_MICROSECOND|MINUTE_SECOND|HOUR_MICROSECOND|HOUR_SECOND|HOUR_MINUTE|DAY_MICROSECOND|DAY_SECOND|DAY_MINUTE|DAY_HOUR)$/;
const isSubDay = (unit: string) => SUB_DAY.test(unit);

/** Decimals a scalar function's exact result is kept with. */
function scalarInternal(name: string, args: readonly Compiled[], scale: number): number {
  if (scale < 0) return scale;
  switch (name) {
    case 'ABS':
    case 'NULLIF':
      return args[0] ? internalOf(args[0]) : scale;
    case 'MOD':
    case 'IFNULL':
    case 'NVL':
    case 'COALESCE':
      return args.reduce((m, a) => Math.max(m, internalOf(a)), scale);
    default:
      return scale;
  }
}

/** Static scale of a scalar function's exact result. */
function scalarScale(name: string, args: readonly Compiled[]): number {
  const a = args[0];
  switch (name) {
    case 'ABS':
    case 'NULLIF':
      // The first argument is the value: its decimals (MariaDB declares NULLIF(`Sales`, 2.255) with 2).
      return a?.scale ?? -1;
    case 'CEILING':
    case 'FLOOR':
      return 0;
    case 'MOD': {
      // MySQL's `%`: the table's decimals when both have fixed ones; a DOUBLE's unfixed decimals leave none fixed.
      const b = args[1];
      return a && b && a.scale >= 0 && b.scale >= 0 ? arithmeticScale('MOD', a.scale, b.scale) : -1;
    }
    case 'ROUND': {
      // ROUND(x, d) with a constant d has d fixed decimals, a DOUBLE too (MariaDB prints ROUND(0e0, 2) as 0.00).
      if (!a) return -1;
      // An integer rounded stays whole, whatever the decimals asked for (MariaDB: ROUND(`Quantity`, 2) has none).
      if (a.type === 'LONG' || a.type === 'BOOLEAN') return 0;
      const d = args[1];
      if (!d) return isExact(a.type) ? 0 : -1;
      if (!d.constant) return isExact(a.type) ? a.scale : -1;
      const n = toNumber(d.constant.value as ArgumentValue);
      return n === null ? -1 : Math.max(0, Math.min(MAX_SCALE, Math.trunc(n)));
    }
    case 'IFNULL':
    case 'NVL':
    case 'COALESCE':
      return args.every((x) => x.scale >= 0 || x.type === 'NULL') ? args.reduce((m, x) => Math.max(m, x.scale), 0) : -1;
    default:
      // A time function's result: the digits of its fraction MariaDB declares (-1 for the others).
      return declaredFractionDigits(name, args);
  }
}

