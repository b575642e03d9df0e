// Truth: NOT, AND and OR (a long flat chain of them as one loop), IS [NOT] NULL, IS [NOT] TRUE/FALSE, in MySQL's
// three-valued logic.
import type { Expression } from '@calckit/formula';
import { truth } from '../values.js';
import { CHAIN_LENGTH, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';

/** `NOT x`: NULL stays NULL. */
export function not(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Unary' }>, level: Level, scope: Scope): Compiled {
  const x = compiler.compile(e.operand, level, scope);
  const f = x.fn;
  return {
    fn: (i) => {
      const t = truth(f(i));
      return t === null ? null : !t;
    },
    type: 'BOOLEAN',
    scale: 0,
  };
}

/** `a AND b`, `a OR b`: the right operand is evaluated only when the left does not decide. */
export function logical(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
  const spine: Extract<Expression, { kind: 'Binary' }>[] = [];
  for (let node: Expression = e; node.kind === 'Binary' && node.operator === e.operator; node = node.left) spine.push(node);
  if (spine.length > CHAIN_LENGTH) {
    // A long flat chain of AND (OR): its operands in a loop, false (true) as soon as one is.
    const operands = [compiler.compile(spine[spine.length - 1]!.left, level, scope).fn];
    for (let k = spine.length - 1; k >= 0; k--) operands.push(compiler.compile(spine[k]!.right, level, scope).fn);
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
  const lf = compiler.compile(e.left, level, scope).fn;
  const rf = compiler.compile(e.right, level, scope).fn;
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

/** `x IS [NOT] NULL`. */
export function isNull(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'IsNull' }>, level: Level, scope: Scope): Compiled {
  const x = compiler.compile(e.expression, level, scope).fn;
  const not = e.not;
  return { fn: (i) => (x(i) === null) !== not, type: 'BOOLEAN', scale: 0 };
}

/** MySQL's `x IS [NOT] TRUE` (FALSE): x is not NULL and its truth is the one named; never NULL. */
export function isTruth(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'IsTruth' }>, level: Level, scope: Scope): Compiled {
  const x = compiler.compile(e.expression, level, scope).fn;
  const { not, value } = e;
  return { fn: (i) => (truth(x(i)) === value) !== not, type: 'BOOLEAN', scale: 0 };
}
