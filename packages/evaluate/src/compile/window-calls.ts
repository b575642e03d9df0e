// Window functions (OVER): ranking and value functions, and aggregates over a window, computed by windows.ts.
import { lookupFunction, type CallExpression, type ValueType } from '@calckit/formula';
import type { Value } from '../api.js';
import { AGGREGATES } from '../aggregates.js';
import { computeWindow, WINDOW_FUNCTIONS } from '../windows.js';
import { aggregateFactory, constantArg } from './aggregate-calls.js';
import { err, internalOf, itemCount, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';
import { shownArgument } from './conversions.js';

/** Aggregates that, in a window, read an exact argument as a DECIMAL (the others read a DOUBLE: the inside value). */
const READS_SHOWN = new Set(['SUM', 'AVG', 'MIN', 'MAX']);

/** `f(…) OVER (…)`: computed once per evaluation over the items of its level, read back by index. */
export function windowCall(compiler: ExpressionCompiler, e: CallExpression, level: Level, scope: Scope): Compiled {
  const name = e.upperName;
  const entry = lookupFunction(name)!;
  const over = e.over!;
  const partition = over.partitionBy.map((p) => compiler.compile(p, level, scope).fn);
  const orderBy = over.orderBy.map((o) => ({ fn: compiler.compile(o.expression, level, scope).fn, descending: o.direction === 'DESC' }));
  const collation = compiler.options.collation;
  let compute: (n: number) => Value[];
  let type: ValueType;
  let scale = -1;
  let internal = -1;
  if (entry.kind === 'aggregate') {
    if (!entry.windowCapable && !AGGREGATES[name]) throw err('unsupported-function', `${name} cannot be used as a window function`, e.nameRange);
    // A window reads SUM/AVG/MIN/MAX's exact argument at its shown scale (MariaDB: through a temporary table).
    const compiledArg = e.star ? undefined : e.args[0] ? compiler.compile(e.args[0], level, scope) : undefined;
    const arg = compiledArg && READS_SHOWN.has(name) ? shownArgument(compiledArg) : compiledArg;
    const second = name === 'CORR' && e.args[1] ? compiler.compile(e.args[1], level, scope).fn : undefined;
    const agg = aggregateFactory(compiler, e, level, scope, arg);
    type = agg.type;
    scale = agg.scale;
    internal = agg.internal;
    const af = arg?.fn ?? (() => 1);
    compute = (n) => computeWindow(n, partition, orderBy, collation, { kind: 'aggregate', make: agg.make, arg: af, second });
  } else {
    const impl = WINDOW_FUNCTIONS[name];
    if (!impl) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
    const value = e.args[0] ? compiler.compile(e.args[0], level, scope) : undefined;
    const isValueFunction = name === 'LAG' || name === 'LEAD' || name === 'FIRST_VALUE' || name === 'LAST_VALUE';
    const constants = isValueFunction ? [constantArg(compiler, e.args[1], level, scope, `${name}'s offset`)] : e.args.map((a) => constantArg(compiler, a, level, scope, `${name}'s argument`));
    const fallback = isValueFunction && e.args[2] ? compiler.compile(e.args[2], level, scope).fn : undefined;
    const t = scope.types.typeOf(e);
    type = isValueFunction ? (value?.type ?? t) : t;
    scale = isValueFunction ? (value?.scale ?? -1) : 0;
    internal = isValueFunction && value ? internalOf(value) : scale;
    compute = (n) => computeWindow(n, partition, orderBy, collation, { kind: 'function', name, impl, value: value?.fn, constants, fallback, range: e.range });
  }
  const frame = compiler.frame;
  let cache: Value[] = [];
  let epoch = -1;
  return {
    fn: (i) => {
      if (epoch !== frame.epoch) {
        cache = compute(itemCount(frame, level));
        epoch = frame.epoch;
      }
      return cache[i]!;
    },
    type,
    scale,
    internal,
  };
}
