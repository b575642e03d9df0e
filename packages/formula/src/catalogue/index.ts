// The function catalogue: one table used by the parser's AST builder, types, analysis, linter, hover and completion.
import { FUNCTION_ENTRIES } from './functions.data.js';
import type { FunctionEntry, FunctionParam } from './types.js';

export type { FunctionEntry, FunctionParam, FunctionKind, Availability, SignatureType } from './types.js';
export { FUNCTION_ENTRIES };

const byName = new Map<string, FunctionEntry>(FUNCTION_ENTRIES.map((e) => [e.name, e]));

/** The entries valid without parentheses (CURRENT_DATE), and the lengths of their names. */
const bareAllowed = new Map<string, FunctionEntry>(FUNCTION_ENTRIES.filter((e) => e.bareAllowed).map((e) => [e.name, e]));
const bareAllowedLengths = new Set([...bareAllowed.keys()].map((name) => name.length));

/**
 * The catalogue entry of a name written without parentheses that is a call (CURRENT_DATE), case-insensitive; undefined
 * for any other name. Asked for every bare name (most are columns): a name of another length is answered without an
 * upper-cased copy or a look-up.
 */
export function bareAllowedFunction(name: string): FunctionEntry | undefined {
  return bareAllowedLengths.has(name.length) ? bareAllowed.get(name.toUpperCase()) : undefined;
}

/** The catalogue entry for a function name, case-insensitive. */
export function lookupFunction(name: string): FunctionEntry | undefined {
  // Most callers pass an upper-cased name already: try it as is before allocating its upper-case copy.
  return byName.get(name) ?? byName.get(name.toUpperCase());
}

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

/** Names of all catalogue functions, for completion and "did you mean". */
export function functionNames(): string[] {
  return FUNCTION_ENTRIES.map((e) => e.name);
}
export {
  AVAILABILITY_POLICY,
  availabilityOf,
  functionAvailability,
  type AvailabilityFinding,
  type AvailabilityPolicy,
  type AvailabilityStatus,
  type FunctionAvailability,
} from './availability.js';
export { findSplitFunctionNames, type SplitFunctionName } from './split-names.js';
export { ENGINE_DISTINCT, ENGINE_FORMS, engineFormOf, type EngineForm } from './engine-forms.js';
