// CONCAT at row level built directly: each argument's text once, runs of one dictionary-encoded column joined once
// per distinct value.
import type { CallExpression } from '@calckit/formula';
import { concatBounded, joinBounded } from '../functions/strings.js';
import { toText } from '../values.js';
import { DICTIONARY_TYPES, MIXED, NO_COLUMN } from './column-source.js';
import type { Compiled, ExpressionCompiler } from './compiled.js';
import { memoized } from './memoized.js';

/** CONCAT's join of texts: every part evaluated first (so an error stops the same row whatever the NULLs), then NULL
 * if one is NULL or the result would pass MAX_STRING_BYTES, else the parts joined. */
function joinTexts(parts: readonly ((i: number) => string | null)[]): (i: number) => string | null {
  const n = parts.length;
  const held: (string | null)[] = new Array(n).fill(null);
  return (i) => {
    for (let j = 0; j < n; j++) held[j] = parts[j]!(i);
    return joinBounded(held);
  };
}

/**
 * CONCAT at row level, built directly: no argument array, each argument's text taken once, and consecutive
 * arguments of one dictionary-encoded column and constants (`UPPER(\`Region\`), '-'`) joined once per distinct
 * value of the column (the `memoized` rule), so that a row's result is one concatenation of a few ready texts.
 * Same values and order as the generic call: every argument is evaluated, then NULL if one is NULL; numbers by
 * their static type and scale. Not used with an INTERVAL argument (an error when turned into text).
 */
export function concat(compiler: ExpressionCompiler, e: CallExpression, args: readonly Compiled[]): Compiled | undefined {
  if (args.some((a) => a.type === 'INTERVAL')) return undefined;
  const asText = (a: Compiled, k: number): ((i: number) => string | null) => {
    const f = a.fn;
    // A STRING column's cells are text; not every STRING expression's value is: TIME, SEC_TO_TIME, TIMEDIFF… are
    // typed STRING and give a TIME value.
    if (a.type === 'NULL' || (a.type === 'STRING' && e.args[k]!.kind === 'Column')) return f as (i: number) => string | null;
    const type = a.type;
    const scale = a.scale;
    return (i) => {
      const v = f(i);
      return v === null || typeof v === 'string' ? v : toText(v, type, scale);
    };
  };
  const parts: ((i: number) => string | null)[] = [];
  let sharedParts = 0;
  for (let start = 0; start < args.length; ) {
    // The longest run from `start` of constants and expressions of one dictionary-encoded column.
    let column = NO_COLUMN;
    let end = start;
    for (; end < args.length; end++) {
      const s = args[end]!.constant ? NO_COLUMN : compiler.sourceOf(e.args[end]!);
      if (s === MIXED || (s >= 0 && !DICTIONARY_TYPES.has(compiler.table.types[s]!))) break;
      if (s >= 0 && column >= 0 && s !== column) break;
      if (s >= 0) column = s;
    }
    if (column < 0 || (end === start + 1 && args[start]!.type === 'STRING')) {
      // One argument as it is (a constant, an expression of several columns, an already memoized text).
      parts.push(asText(args[start]!, start));
      start++;
      continue;
    }
    const run = joinTexts(args.slice(start, end).map((a, j) => asText(a, start + j)));
    parts.push(memoized({ fn: run, type: 'STRING', scale: -1 }, column, compiler.frame).fn as (i: number) => string | null);
    sharedParts++;
    start = end;
  }
  // One shared part (a memoized text) or one text argument as it is: no new string.
  const fresh = parts.length > 1 || (sharedParts === 0 && args[0]!.type !== 'STRING');
  const base = { type: 'STRING' as const, scale: -1, fresh };
  if (parts.length === 1) return { ...base, fn: parts[0]! };
  if (parts.length === 2) {
    const [p0, p1] = parts as [(i: number) => string | null, (i: number) => string | null];
    return {
      ...base,
      fn: (i) => {
        const a = p0(i);
        const b = p1(i);
        return concatBounded(a, b);
      },
    };
  }
  if (parts.length === 3) {
    const [p0, p1, p2] = parts as [(i: number) => string | null, (i: number) => string | null, (i: number) => string | null];
    return {
      ...base,
      fn: (i) => {
        const a = p0(i);
        const b = p1(i);
        const c = p2(i);
        return c === null ? null : concatBounded(concatBounded(a, b), c);
      },
    };
  }
  return { ...base, fn: joinTexts(parts) };
}
