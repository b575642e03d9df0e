// FIXED (level of detail): an aggregate over the whole input's rows that share the current row's values of some columns.
import { lookupFunction, type CallExpression } from '@calckit/formula';
import type { Value } from '../api.js';
import { sortCompare } from '../compare.js';
import { computeWindow } from '../windows.js';
import { aggregateFactory } from './aggregate-calls.js';
import { err, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';

/** `AGG(x) FIXED (BY|ADD|REMOVE cols [FILTER …])`: the aggregate over the rows sharing the row's values of the columns. */
export function fixed(compiler: ExpressionCompiler, e: CallExpression, level: Level, scope: Scope): Compiled {
  const entry = lookupFunction(e.upperName)!;
  if (entry.kind !== 'aggregate') throw err('unsupported-function', `FIXED applies to an aggregate; ${e.upperName} is not one`, e.range);
  const spec = e.fixed!;
  const listed = spec.columns.map((c) => {
    if (c.kind !== 'Column' && c.kind !== 'DoubleQuoted') throw err('runtime', 'FIXED lists columns', c.range);
    const name = c.kind === 'Column' ? c.name : c.value;
    compiler.column(name, c.range);
    return name;
  });
  const mode = spec.mode ?? 'BY';
  let names: string[];
  if (mode === 'BY') names = listed;
  else if (mode === 'ADD') names = [...new Set([...compiler.options.groupBy, ...listed])];
  else names = compiler.options.groupBy.filter((g) => !listed.includes(g));
  const keyColumns = names.map((name) => compiler.column(name, e.range));
  const arg = e.star ? undefined : e.args[0] ? compiler.compile(e.args[0], 'row', scope) : undefined;
  const second = e.upperName === 'CORR' && e.args[1] ? compiler.compile(e.args[1], 'row', scope).fn : undefined;
  const agg = aggregateFactory(compiler, e, 'row', scope, arg);
  const af = arg?.fn ?? (() => 1);
  const frame = compiler.frame;
  const collation = compiler.options.collation;
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
