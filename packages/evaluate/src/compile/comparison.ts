// Comparisons: `=`, `<>`, `<`…, IN, BETWEEN and LIKE, under the collation, exact values at their shown scale.
import { isNumeric, type Expression } from '@calckit/formula';
import type { Value } from '../api.js';
import { compareStrings, likeMatcher } from '../collation.js';
import { compareValues } from '../compare.js';
import { toText } from '../values.js';
import { constant, type Compiled, type ExpressionCompiler, type Level, type Scope } from './compiled.js';
import { shownArgument } from './conversions.js';

/** `a = b`, `a <> b`, `a < b`…: NULL when either is NULL; exact values compared at their shown scale. */
export function comparison(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Binary' }>, level: Level, scope: Scope): Compiled {
  const op = e.operator;
  const l = shownArgument(compiler.compile(e.left, level, scope));
  const r = shownArgument(compiler.compile(e.right, level, scope));
  const lf = l.fn;
  const rf = r.fn;
  const collation = compiler.options.collation;
  const frame = compiler.frame;
  const test = comparisonTest(op);
  if (isNumeric(l.type) && isNumeric(r.type)) {
    return {
      fn: (i) => {
        const a = lf(i);
        if (a === null) return null;
        const b = rf(i);
        if (b === null) return null;
        if (typeof a === 'number' && typeof b === 'number') return test(a < b ? -1 : a > b ? 1 : 0);
        // Typed numeric yet a time: ADDTIME(0.0, 8395959) is a TIME, ADDTIME(20010101, 1) a DATETIME (typed as their
        // first argument by the catalogue).
        const c = compareValues(a, b, collation, frame.now);
        return c === null ? null : test(c);
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }
  if (l.type === 'STRING' && r.type === 'STRING') {
    return {
      fn: (i) => {
        const a = lf(i);
        if (a === null) return null;
        const b = rf(i);
        if (b === null) return null;
        return test(typeof a === 'string' && typeof b === 'string' ? compareStrings(a, b, collation) : compareValues(a, b, collation)!);
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }
  return {
    fn: (i) => {
      const a = lf(i);
      if (a === null) return null;
      const b = rf(i);
      if (b === null) return null;
      // The clock: a TIME compared with a datetime is put on the current date.
      const c = compareValues(a, b, collation, frame.now);
      return c === null ? null : test(c);
    },
    type: 'BOOLEAN',
    scale: 0,
  };
}

export function inExpression(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'In' }>, level: Level, scope: Scope): Compiled {
  const x = shownArgument(compiler.compile(e.expression, level, scope)).fn;
  const items = e.list.map((item) => shownArgument(compiler.compile(item, level, scope)).fn);
  const not = e.not;
  const collation = compiler.options.collation;
  return {
    fn: (i) => {
      const v = x(i);
      if (v === null) return null;
      let sawNull = false;
      for (const item of items) {
        const w = item(i);
        if (w === null) sawNull = true;
        else if (compareValues(v, w, collation) === 0) return !not;
      }
      return sawNull ? null : not;
    },
    type: 'BOOLEAN',
    scale: 0,
  };
}

export function like(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Like' }>, level: Level, scope: Scope): Compiled {
  const x = compiler.compile(e.expression, level, scope);
  const p = compiler.compile(e.pattern, level, scope);
  const not = e.not;
  const collation = compiler.options.collation;
  const xf = x.fn;
  const text = (v: Value, c: Compiled) => toText(v, c.type, c.scale)!;
  if (p.constant) {
    if (p.constant.value === null) return constant(null, 'BOOLEAN', 0);
    const match = likeMatcher(text(p.constant.value, p), collation);
    return {
      fn: (i) => {
        const v = xf(i);
        return v === null ? null : match(text(v, x)) !== not;
      },
      type: 'BOOLEAN',
      scale: 0,
    };
  }
  const pf = p.fn;
  const cache = new Map<string, (t: string) => boolean>();
  return {
    fn: (i) => {
      const v = xf(i);
      if (v === null) return null;
      const pv = pf(i);
      if (pv === null) return null;
      const pattern = text(pv, p);
      let match = cache.get(pattern);
      if (!match) {
        if (cache.size > 1000) cache.clear();
        match = likeMatcher(pattern, collation);
        cache.set(pattern, match);
      }
      return match(text(v, x)) !== not;
    },
    type: 'BOOLEAN',
    scale: 0,
  };
}

export function between(compiler: ExpressionCompiler, e: Extract<Expression, { kind: 'Between' }>, level: Level, scope: Scope): Compiled {
  const x = shownArgument(compiler.compile(e.expression, level, scope)).fn;
  const lo = shownArgument(compiler.compile(e.low, level, scope)).fn;
  const hi = shownArgument(compiler.compile(e.high, level, scope)).fn;
  const not = e.not;
  const collation = compiler.options.collation;
  return {
    fn: (i) => {
      const v = x(i);
      if (v === null) return null;
      const a = lo(i);
      const b = hi(i);
      const ca = a === null ? null : compareValues(v, a, collation);
      const cb = b === null ? null : compareValues(v, b, collation);
      const geLow = ca === null ? null : ca >= 0;
      const leHigh = cb === null ? null : cb <= 0;
      let t: boolean | null;
      if (geLow === false || leHigh === false) t = false;
      else if (geLow === null || leHigh === null) t = null;
      else t = true;
      return t === null ? null : t !== not;
    },
    type: 'BOOLEAN',
    scale: 0,
  };
}

function comparisonTest(op: string): (c: number) => boolean {
  switch (op) {
    case '=':
      return (c) => c === 0;
    case '!=':
    case '<>':
      return (c) => c !== 0;
    case '<':
      return (c) => c < 0;
    case '>':
      return (c) => c > 0;
    case '<=':
      return (c) => c <= 0;
    default:
      return (c) => c >= 0;
  }
}
