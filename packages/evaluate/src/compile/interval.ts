// INTERVAL: its value (only ever an argument of date arithmetic) and `date ± INTERVAL n UNIT` as DATE_ADD / DATE_SUB.
import type { CallExpression, Expression } from '@calckit/formula';
import type { Value } from '../api.js';
import type { ArgumentValue, IntervalValue } from '../functions/contract.js';
import { declaredFractionDigits, intervalDigits } from '../functions/date/declared-digits.js';
import { SCALAR_FUNCTIONS } from '../functions/index.js';
import { callContext } from './call-context.js';
import { err, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';

/** `INTERVAL n UNIT`: an IntervalValue, which the date functions receive as an argument. */
export function interval(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Interval' }>, level: Level, scope: Scope): Compiled {
  const compiled = compiler.compile(e.value, level, scope);
  const amount = compiled.fn;
  const approximate = compiled.type === 'DOUBLE';
  const unit = e.unit;
  if (!unit) throw err('syntax', 'INTERVAL without a unit', e.range);
  // An INTERVAL is only ever an argument: the date functions receive it as an IntervalValue.
  // Its scale: the digits of a second's fraction it adds to a date (declared-digits.ts).
  return { fn: (i) => ({ type: 'INTERVAL', amount: amount(i), unit, approximate }) satisfies IntervalValue as unknown as Value, type: 'INTERVAL', scale: intervalDigits(unit, compiled) };
}

/** `date + INTERVAL n UNIT`, `INTERVAL n UNIT + date`, `date - INTERVAL n UNIT`: DATE_ADD / DATE_SUB. */
export function intervalArithmetic(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
  const name = e.operator === '+' ? 'DATE_ADD' : 'DATE_SUB';
  const impl = SCALAR_FUNCTIONS[name];
  if (!impl) throw err('unsupported-function', `${e.operator} INTERVAL needs ${name}, which the evaluator does not implement yet`, e.range);
  const [dateNode, intervalNode] = e.right.kind === 'Interval' ? [e.left, e.right] : [e.right, e.left];
  const d = compiler.compile(dateNode, level, scope);
  const iv = compiler.compile(intervalNode, level, scope);
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
  const ctx = callContext(compiler, call, [d, iv]);
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

const SUB_DAY = /^(MICROSECOND|SECOND|MINUTE|HOUR|SECOND_MICROSECOND|MINUTE_MICROSECOND|MINUTE_SECOND|HOUR_MICROSECOND|HOUR_SECOND|HOUR_MINUTE|DAY_MICROSECOND|DAY_SECOND|DAY_MINUTE|DAY_HOUR)$/;
const isSubDay = (unit: string) => SUB_DAY.test(unit);
