// Function calls: the catalogue's verdict on the name, then the aggregate, window, FIXED or scalar function it is.
import { functionAvailability, unify, type CallExpression } from '@calckit/formula';
import type { ArgumentValue } from '../functions/contract.js';
import { SCALAR_FUNCTIONS } from '../functions/index.js';
import { mysqlRandom, type RandomState } from '../functions/random.js';
import { toNumber } from '../values.js';
import { aggregate } from './aggregate-calls.js';
import { callContext } from './call-context.js';
import { err, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';
import { concat } from './concat.js';
import { coerceTo } from './conversions.js';
import { fixed } from './fixed.js';
import { APPROXIMATE_STAYS_APPROXIMATE, PASSING, scalarInternal, scalarScale } from './scalar-scale.js';
import { windowCall } from './window-calls.js';

/** A function call: an aggregate, a window (OVER), FIXED, RAND, or a scalar function of the catalogue. */
export function call(compiler: ExpressionCompiler, e: CallExpression, level: Level, scope: Scope): Compiled {
  const name = e.upperName;
  const availability = functionAvailability(name);
  if (availability.status === 'unknown') throw err('unknown-function', `unknown function ${e.name}: it is not a function of the language`, e.nameRange);
  if (!availability.accepted) throw err('unsupported-function', `${name} is not supported by the service in formulas (${availability.why})`, e.nameRange);
  const entry = availability.entry!;
  if (e.over && e.fixed) throw err('unsupported-function', `${name}: a window (OVER) and FIXED cannot be combined`, e.range);
  if (e.fixed) return fixed(compiler, e, level, scope);
  if (e.over) return windowCall(compiler, e, level, scope);
  if (entry.kind === 'window') throw err('runtime', `${name} is a window function: it needs OVER (…)`, e.range);
  if (entry.kind === 'aggregate') {
    if (level === 'row') {
      throw err('runtime', `${name} is an aggregate inside another aggregate: aggregates do not nest except as the inner aggregate of a window (OVER) or FIXED`, e.range);
    }
    return aggregate(compiler, e, scope);
  }
  if (name === 'RAND' || name === 'RANDOM') return random(compiler, e, level, scope);
  const impl = SCALAR_FUNCTIONS[name];
  if (!impl) throw err('unsupported-function', `${name} is not implemented by the evaluator`, e.nameRange);
  // (NULLIF compares its arguments as `=` does, exact values at their shown scale, and returns the first as it is.)
  const args = e.args.map((a) => compiler.compile(a, level, scope));
  const ctx = callContext(compiler, e, args);
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
    const direct = concat(compiler, e, args);
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

/** RAND(seed) and RANDOM(): MySQL's generator, seeded by the argument or the `seed` option, restarted per evaluation. */
function random(compiler: ExpressionCompiler, e: CallExpression, level: Level, scope: Scope): Compiled {
  const arg = e.args[0] ? compiler.compile(e.args[0], level, scope) : undefined;
  let seed: number;
  if (arg) {
    if (!arg.constant) throw err('runtime', `${e.upperName}'s seed must be a constant`, e.args[0]!.range);
    seed = toNumber(arg.constant.value as ArgumentValue) ?? 0;
  } else if (compiler.options.seed !== undefined) seed = compiler.options.seed;
  else throw err('runtime', `${e.upperName}() is not deterministic: give a seed (the \`seed\` option, or ${e.upperName}(n))`, e.range);
  const frame = compiler.frame;
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
