// Arithmetic: unary minus, `+ - * /` (a long flat chain of them as one loop), each step by arithmetic-step.ts.
import { negationType, type Expression } from '@calckit/formula';
import type { Value } from '../api.js';
import type { ArgumentValue } from '../functions/contract.js';
import { toNumber } from '../values.js';
import { ARITHMETIC, arithmeticStep, isIntervalArithmetic } from './arithmetic-step.js';
import { CHAIN_LENGTH, constant, type Compiled, type ExpressionCompiler, type Fn, type Level, type Scope } from './compiled.js';

/** `-x` (of text: minus its number; `-0` is 0) and `+x` (x itself). */
export function negation(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Unary' }>, level: Level, scope: Scope): Compiled {
  const x = compiler.compile(e.operand, level, scope);
  const f = x.fn;
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

/** `a + b`, `a - b`, `a * b`, `a / b` with MySQL's types and decimals (arithmetic-step.ts); NULL when either is NULL. */
export function arithmetic(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
  // A long flat chain (`a + b + c + …`, a left-deep tree thousands of levels deep) is compiled and evaluated in a
  // loop, not by recursion.
  const spine: Extract<Expression, { kind: 'Binary' }>[] = [];
  for (let node: Expression = e; node.kind === 'Binary' && ARITHMETIC.has(node.operator) && !isIntervalArithmetic(node); node = node.left) spine.push(node);
  if (spine.length > CHAIN_LENGTH) return arithmeticChain(compiler, spine, level, scope);
  const l = compiler.compile(e.left, level, scope);
  const r = compiler.compile(e.right, level, scope);
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
function arithmeticChain(compiler: ExpressionCompiler, spine: readonly Extract<Expression, { kind: 'Binary' }>[], level: Level, scope: Scope): Compiled {
  const first = compiler.compile(spine[spine.length - 1]!.left, level, scope);
  let meta: Compiled = first;
  const rights: Fn[] = [];
  const applies: ((a: Value, b: Value) => Value)[] = [];
  for (let k = spine.length - 1; k >= 0; k--) {
    const r = compiler.compile(spine[k]!.right, level, scope);
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
