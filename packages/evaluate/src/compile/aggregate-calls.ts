// Aggregates: an aggregate call's accumulator set up (shared with windows and FIXED), and an aggregate over each group.
import { aggregateKeptScale, aggregateResultScale, aggregateResultType, type CallExpression, type Expression, type ValueType } from '@calckit/formula';
import { EvaluationError, type Value } from '../api.js';
import { AGGREGATES, distinctOf, type Accumulator, type AggregateFactory } from '../aggregates.js';
import { err, internalOf, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';
import { shownArgument } from './conversions.js';

/** Constant arguments of aggregates and windows (PERCENTILE's fraction, NTILE's count, LAG's offset…). */
export function constantArg(compiler: ExpressionCompiler, e: Expression | undefined, level: Level, scope: Scope, what: string): Value {
  if (!e) return null;
  const c = compiler.compile(e, level, scope);
  if (!c.constant) throw err('runtime', `${what} must be a constant`, e.range);
  return c.constant.value;
}

/** How an aggregate call accumulates (its accumulator's factory, its constant arguments checked) and its result's type and decimals. */
export function aggregateFactory(compiler: ExpressionCompiler, e: CallExpression, level: Level, scope: Scope, arg: Compiled | undefined, running = false): { make: () => Accumulator; type: ValueType; scale: number; internal: number } {
  const name = e.upperName;
  const factory: AggregateFactory | undefined = AGGREGATES[name];
  if (!factory) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
  const constantsFrom = name === 'CORR' ? 2 : 1;
  const constants = e.args.slice(constantsFrom).map((a) => constantArg(compiler, a, level, scope, `${name}'s argument`));
  const argType = arg?.type ?? 'UNKNOWN';
  const argScale = arg?.scale ?? -1;
  const resultScale = aggregateResultScale(name, argType, argScale);
  // Exact results are kept with the argument's internal decimals (AVG: a quotient's), shown with resultScale. A
  // running total rounded to the argument's shown scale after each row has those decimals.
  const argInternal = arg ? internalOf(arg) : -1;
  const runningScale = running && resultScale >= 0 && argInternal > argScale && argScale <= 15 ? argScale : -1;
  const totalScale = runningScale >= 0 ? runningScale : argInternal;
  const internal = aggregateKeptScale(name, argType, argScale, totalScale);
  const setup = { collation: compiler.options.collation, argType, argScale, resultScale: internal, totalScale, runningScale, constants, star: e.star };
  // Validate constants now (a bad percentile is an error even over no rows), at the call's place.
  try {
    factory(setup);
  } catch (caught) {
    if (caught instanceof EvaluationError && !caught.range) throw err(caught.code, caught.message, e.range);
    throw caught;
  }
  const distinct = e.distinct;
  const collation = compiler.options.collation;
  const make = distinct ? () => distinctOf(factory(setup), collation) : () => factory(setup);
  // The table's type over the argument as compiled (arithmetic-types.ts); the catalogue's for the other aggregates.
  const type = aggregateResultType(name, argType) ?? scope.types.typeOf(e);
  const valueType = type === 'UNKNOWN' ? (argType === 'UNKNOWN' ? 'DOUBLE' : argType) : type;
  return { make, type: valueType, scale: resultScale, internal };
}

/** An aggregate of an aggregated formula: over the rows of each group. */
export function aggregate(compiler: ExpressionCompiler, e: CallExpression, scope: Scope): Compiled {
  // MariaDB (measured) reads a DISTINCT aggregate's exact argument at its shown scale (the distinct values are kept
  // in a DECIMAL field of that scale), and so MIN and MAX grouped by columns. Grouped by columns through a temporary
  // table, SUM and AVG keep their running total in a DECIMAL field of the argument's shown scale, rounded after each
  // row; grouped by sorting (groupsBySorting) and over the whole table, they total the inside values.
  const name = e.upperName;
  const distinct = e.distinct || name === 'APPROXIMATE_COUNT_DISTINCT';
  const grouped = compiler.options.groupBy.length > 0;
  const shown = distinct || (grouped && (name === 'MIN' || name === 'MAX'));
  const running = !distinct && grouped && !compiler.options.groupsBySorting && (name === 'SUM' || name === 'AVG');
  const compiledArg = e.star ? undefined : e.args[0] ? compiler.compile(e.args[0], 'row', scope) : undefined;
  const arg = compiledArg && shown ? shownArgument(compiledArg) : compiledArg;
  const second = name === 'CORR' && e.args[1] ? compiler.compile(e.args[1], 'row', scope).fn : undefined;
  const { make, type, scale, internal } = aggregateFactory(compiler, e, 'row', scope, arg, running);
  const frame = compiler.frame;
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
