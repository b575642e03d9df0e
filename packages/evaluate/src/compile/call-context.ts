// What a scalar function is called with (ScalarContext): the call, its arguments' static types, the collation, the clock.
import type { CallExpression, ValueType } from '@calckit/formula';
import type { TimeValue } from '../api.js';
import type { Collation } from '../collation.js';
import type { ScalarContext } from '../functions/contract.js';
import { internalOf, type Compiled, type ExpressionCompiler, type Frame } from './compiled.js';

/** The context of one call site: its arguments' static types and decimals, the collation, the frame's clock. */
export function callContext(compiler: ExpressionCompiler, call: CallExpression, args: readonly Compiled[]): ScalarContext {
  return new CallContext(
    compiler.frame,
    compiler.options.collation,
    call,
    args.map((a) => a.type),
    args.map((a) => a.scale),
    args.map(internalOf),
  );
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
