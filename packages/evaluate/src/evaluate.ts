// Entry points: `compileFormula` parses once and compiles to closures per table shape; `evaluateFormula` is the
// one-shot form. A row-level formula gives one value per input row (in input order, with its group-by values when
// `groupBy` is given); an aggregated one gives one value per group, sorted by the group-by values (NULL first).
import { isNumeric, parseFormula, type ParseResult, type ValueType } from '@calckit/formula';
import {
  EvaluationError,
  type EvaluateOptions,
  type EvaluationResult,
  type EvaluationRow,
  type InputRow,
  type OutputValue,
  type TimeValue,
  type Value,
} from './api.js';
import { combinedCodes } from './aggregates.js';
import type { Collation } from './collation.js';
import { sortCompare } from './compare.js';
import { Compiler, groupsBySorting, hasWindow, isAggregated, NestedResolver, TypeTables, type Compiled, type CompileOptions, type Frame } from './compile/index.js';
import { convertRows, type TypedTable } from './rows.js';
import { parseTimeText, roundHalfAwayFromZero, toOutputValue } from './values.js';

/** A formula parsed and checked once, evaluated over any number of row sets. */
export interface CompiledFormula {
  readonly text: string;
  /** True when the formula aggregates (one value per group). */
  readonly aggregated: boolean;
  /** Evaluates over input rows (converted by the schema option, or typed from their cells). */
  evaluate(rows: readonly InputRow[]): EvaluationResult;
  /** Evaluates over a table already converted by `convertRows` (the fast path for repeated runs over one table). */
  evaluateTable(table: TypedTable): EvaluationResult;
  /** Only the values (one per row, or one per group in group order), without a row object each: for large tables. */
  evaluateValues(table: TypedTable): OutputValue[];
}

const COLLATIONS: readonly Collation[] = ['utf8mb4_general_ci', 'binary'];

function clock(now: EvaluateOptions['now']): TimeValue {
  if (now === undefined) return { type: 'DATETIME', epochMs: Date.now() };
  if (now instanceof Date) {
    if (Number.isNaN(now.getTime())) throw new EvaluationError('bad-input', 'the `now` option is an invalid Date');
    return { type: 'DATETIME', epochMs: now.getTime() };
  }
  const wall = parseTimeText(now);
  // To the microsecond, as MariaDB's session clock (`NOW(6)`).
  if (wall) return wall.micros === undefined ? { type: 'DATETIME', epochMs: wall.epochMs } : { type: 'DATETIME', epochMs: wall.epochMs, micros: wall.micros };
  // ISO text with a zone (`Z`, `+02:00`): the instant, read on the UTC wall clock.
  const instant = Date.parse(now);
  if (Number.isNaN(instant)) throw new EvaluationError('bad-input', `the \`now\` option '${now}' is not an ISO date or date-time`);
  return { type: 'DATETIME', epochMs: instant };
}

function parseOrThrow(text: string): ParseResult {
  const parse = parseFormula(text);
  const first = parse.errors[0];
  if (first) throw new EvaluationError('syntax', first.message, first.range);
  if (!parse.formula.expression) throw new EvaluationError('syntax', 'the formula is empty', parse.formula.range);
  return parse;
}

/** The formula's value as shown: an exact DECIMAL kept with more decimals inside is rounded to its scale (MySQL
 * rounds half up when it sends the value). */
function shown(compiled: Compiled): Compiled {
  const internal = compiled.internal ?? compiled.scale;
  if (!isNumeric(compiled.type) || compiled.scale < 0 || internal <= compiled.scale || compiled.scale > 20) return compiled;
  const f = compiled.fn;
  const scale = compiled.scale;
  return { ...compiled, fn: (i) => {
    const v = f(i);
    return typeof v === 'number' ? roundHalfAwayFromZero(v, scale) : v;
  } };
}

interface Groups {
  count: number;
  offsets: Int32Array;
  order: Int32Array;
  first: Int32Array;
}

/** Groups of the rows by the group-by columns, sorted by their values (NULL first), rows in input order within each. */
function buildGroups(table: TypedTable, columns: readonly number[], collation: Collation): Groups {
  const n = table.length;
  if (columns.length === 0) {
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    return { count: 1, offsets: Int32Array.of(0, n), order, first: Int32Array.of(0) };
  }
  const cols = columns.map((k) => table.columns[k]!);
  const { codes: groupOf, count } = combinedCodes(cols, collation);
  const firsts = new Int32Array(count).fill(-1);
  for (let r = 0; r < n; r++) if (firsts[groupOf[r]!] === -1) firsts[groupOf[r]!] = r;
  const sorted = Array.from({ length: count }, (_, g) => g).sort((a, b) => {
    for (const col of cols) {
      const c = sortCompare(col[firsts[a]!]!, col[firsts[b]!]!, collation);
      if (c !== 0) return c;
    }
    return a - b;
  });
  const rank = new Int32Array(count);
  sorted.forEach((g, i) => (rank[g] = i));
  const offsets = new Int32Array(count + 1);
  for (let r = 0; r < n; r++) offsets[rank[groupOf[r]!]! + 1]!++;
  for (let g = 0; g < count; g++) offsets[g + 1]! += offsets[g]!;
  const fill = offsets.slice(0, count);
  const order = new Int32Array(n);
  for (let r = 0; r < n; r++) order[fill[rank[groupOf[r]!]!]!++] = r;
  const first = new Int32Array(count);
  for (let g = 0; g < count; g++) first[g] = order[offsets[g]!]!;
  return { count, offsets, order, first };
}

export function compileFormula(text: string, options: EvaluateOptions = {}): CompiledFormula {
  const collation = options.collation ?? 'utf8mb4_general_ci';
  if (!COLLATIONS.includes(collation)) throw new EvaluationError('bad-input', `unknown collation '${String(collation)}': use utf8mb4_general_ci or binary`);
  const fixedNow = options.now === undefined ? undefined : clock(options.now);
  const parse = parseOrThrow(text);
  const baseOptions: CompileOptions = {
    collation,
    groupBy: options.groupBy ?? [],
    serviceName: options.serviceName,
    nestedFormula: options.nestedFormula,
    seed: options.seed,
  };
  const resolver = new NestedResolver(baseOptions);
  const typeTables = new TypeTables();
  const compileOptions: CompileOptions = { ...baseOptions, groupsBySorting: baseOptions.groupBy.length > 0 && groupsBySorting(parse.formula, resolver) };
  // With group-by columns, a window runs over the groups as the card's query does (SELECT … OVER (…) … GROUP BY),
  // even with no aggregate inside it.
  const aggregated = isAggregated(parse.formula, resolver) || (compileOptions.groupBy.length > 0 && hasWindow(parse.formula, resolver));
  const frame: Frame = {
    table: { names: [], types: [], scales: [], columns: [], length: 0 },
    groupCount: 0,
    offsets: new Int32Array(1),
    order: new Int32Array(0),
    first: new Int32Array(0),
    epoch: 0,
    now: fixedNow ?? clock(undefined),
  };
  let cachedShape = '';
  let cached: Compiled | undefined;
  const compiledFor = (table: Pick<TypedTable, 'names' | 'types' | 'scales'>): Compiled => {
    const shape = `${table.names.join('\u0001')}\u0002${table.types.join(',')}\u0002${table.scales.join(',')}`;
    if (!cached || shape !== cachedShape) {
      cached = new Compiler(frame, table, compileOptions, resolver, typeTables).formula(parse, aggregated ? 'group' : 'row');
      cachedShape = shape;
    }
    return cached;
  };
  // With a schema, every static error (unknown function or column, mixed aggregation) shows now, before any rows.
  if (options.schema) {
    compiledFor({ names: options.schema.map((c) => c.name), types: options.schema.map((c) => c.type), scales: options.schema.map(() => 0) });
  }

  /** Prepares the frame for a table: the compiled closures, the groups; returns what to read values with. */
  const prepare = (table: TypedTable) => {
    const groupBy = compileOptions.groupBy;
    const groupColumns = groupBy.map((name) => {
      const k = table.names.indexOf(name);
      if (k < 0) throw new EvaluationError('unknown-column', `unknown group-by column \`${name}\`: the rows have no such column`);
      return k;
    });
    const compiled = shown(compiledFor(table));
    frame.table = table;
    frame.epoch++;
    frame.now = fixedNow ?? clock(undefined);
    let groups: Groups | undefined;
    if (aggregated) {
      groups = buildGroups(table, groupColumns, collation);
      frame.groupCount = groups.count;
      frame.offsets = groups.offsets;
      frame.order = groups.order;
      frame.first = groups.first;
    }
    return { compiled, groupColumns, groups, count: groups ? groups.count : table.length };
  };

  /** The result's type as the analysis infers it (`inferTypes` over the table's schema); ours where it cannot say. */
  let typed: { shape: TypedTable['types']; names: TypedTable['names']; type: ValueType } | undefined;
  const reportedType = (compiled: Compiled, table: TypedTable): ValueType => {
    if (!typed || typed.shape !== table.types || typed.names !== table.names) {
      const analysed = typeTables.of(parse, table.names.map((name, i) => ({ name, type: table.types[i]! }))).typeOf(parse.formula.expression!);
      typed = { shape: table.types, names: table.names, type: analysed };
    }
    return typed.type === 'UNKNOWN' ? compiled.type : typed.type;
  };

  const evaluateValues = (table: TypedTable): OutputValue[] => {
    const { compiled, count } = prepare(table);
    const fn = compiled.fn;
    const out: OutputValue[] = new Array(count);
    for (let i = 0; i < count; i++) out[i] = toOutputValue(fn(i), compiled.scale);
    return out;
  };

  const evaluateTable = (table: TypedTable): EvaluationResult => {
    const groupBy = compileOptions.groupBy;
    const { compiled, groupColumns, groups } = prepare(table);
    const type: ValueType = reportedType(compiled, table);
    // A LONG (a boolean) is whole; a DECIMAL has the decimals it was computed with, when they are fixed.
    const whole = type === 'LONG' || type === 'BOOLEAN';
    const declared = whole ? { type, scale: 0 } : type === 'DECIMAL' && compiled.scale >= 0 ? { type, scale: compiled.scale } : { type };
    const fn = compiled.fn;
    const groupOf = (row: number): Record<string, OutputValue> => {
      const group: Record<string, OutputValue> = {};
      groupColumns.forEach((k, j) => (group[groupBy[j]!] = toOutputValue(table.columns[k]![row]!)));
      return group;
    };
    if (!groups) {
      const rows: EvaluationRow[] = new Array(table.length);
      // A time prints the digits of a second's fraction its expression declares (the compiled scale; declared-digits.ts).
      if (groupColumns.length === 0) for (let i = 0; i < table.length; i++) rows[i] = { value: toOutputValue(fn(i), compiled.scale) };
      else for (let i = 0; i < table.length; i++) rows[i] = { group: groupOf(i), value: toOutputValue(fn(i), compiled.scale) };
      return { kind: 'rows', ...declared, rows };
    }
    const rows: EvaluationRow[] = new Array(groups.count);
    for (let g = 0; g < groups.count; g++) {
      const value = toOutputValue(fn(g), compiled.scale);
      rows[g] = groupColumns.length === 0 ? { value } : { group: groupOf(groups.first[g]!), value };
    }
    return { kind: 'groups', ...declared, rows };
  };

  return {
    text,
    aggregated,
    evaluate: (rows) => evaluateTable(convertRows(rows, options.schema)),
    evaluateTable,
    evaluateValues,
  };
}

/** Evaluates a formula over rows with the service's semantics (see the package README). Throws EvaluationError. */
export function evaluateFormula(text: string, rows: readonly InputRow[], options: EvaluateOptions = {}): EvaluationResult {
  return compileFormula(text, options).evaluate(rows);
}
