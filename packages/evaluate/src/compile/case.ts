// CASE: its result type and decimals from its branches, each branch converted to the common type.
import { unify, type Expression } from '@calckit/formula';
import { compareValues } from '../compare.js';
import { truth } from '../values.js';
import { constant, internalOf, isExact, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';
import { coerceTo, shownArgument } from './conversions.js';

/** CASE, searched (`CASE WHEN c THEN …`) or simple (`CASE x WHEN v THEN …`, compared as `=`): its branches in their common type. */
export function caseExpression(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Case' }>, level: Level, scope: Scope): Compiled {
  const results = e.whens.map((w) => compiler.compile(w.result, level, scope));
  const elseC = e.elseResult ? compiler.compile(e.elseResult, level, scope) : constant(null, 'NULL', -1);
  const type = unify([...results.map((c) => c.type), elseC.type]);
  const branches = [...results, elseC].filter((c) => c.type !== 'NULL');
  const scale = isExact(type) && branches.every((c) => c.scale >= 0) ? branches.reduce((m, c) => Math.max(m, c.scale), 0) : -1;
  const internal = scale < 0 ? -1 : branches.reduce((m, c) => Math.max(m, internalOf(c)), 0);
  const resultFns = results.map((c) => coerceTo(c, type));
  const elseFn = coerceTo(elseC, type);
  const n = resultFns.length;
  const fresh = type === 'STRING' && [...results, elseC].some((c) => c.fresh || (c.type !== 'STRING' && c.type !== 'NULL'));
  if (e.operand) {
    const operand = shownArgument(compiler.compile(e.operand, level, scope)).fn;
    const conditions = e.whens.map((w) => shownArgument(compiler.compile(w.condition, level, scope)).fn);
    const collation = compiler.options.collation;
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
  const conditions = e.whens.map((w) => compiler.compile(w.condition, level, scope).fn);
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
