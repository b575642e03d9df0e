// What a catalogue entry's parameters say: its argument counts, the parameter an argument binds to, its signature as shown.
import type { FunctionEntry, FunctionParam } from './types.js';

export interface Arity {
  readonly min: number;
  readonly max: number;
}

/** Each entry's arity, worked out on first ask and shared: the analysis asks once per call of every formula. */
const arities = new Map<FunctionEntry, Arity>();

/** Minimum and maximum argument counts (`max` is Infinity for variadic functions). */
export function arity(entry: FunctionEntry): Arity {
  let known = arities.get(entry);
  if (!known) {
    let min = 0;
    let max = 0;
    for (const p of entry.params) {
      if (!p.optional) min++;
      max = p.variadic ? Infinity : max + 1;
      if (p.variadic) break;
    }
    known = Object.freeze({ min, max });
    arities.set(entry, known);
  }
  return known;
}

/** The parameter that argument `index` binds to (the variadic one repeats). */
export function paramAt(entry: FunctionEntry, index: number): FunctionParam | undefined {
  const params = entry.params;
  if (index < params.length) return params[index];
  const last = params[params.length - 1];
  return last?.variadic ? last : undefined;
}

/** A signature for display: `DATEDIFF(TIME, TIME) → LONG`. */
export function formatSignature(entry: FunctionEntry): string {
  const parts = entry.params.map((p) => {
    const text = p.types.join(' | ');
    const shown = p.optional ? `[${text}]` : text;
    return p.variadic ? `${shown}, …` : shown;
  });
  const distinct = entry.distinct ? 'DISTINCT ' : '';
  const args = entry.params.length > 0 ? `${distinct}${parts.join(', ')}` : '';
  return `${entry.name}(${args}) → ${entry.returns}`;
}
