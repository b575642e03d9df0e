// The catalogue's look-ups by name: the one table every caller asks (parser, types, analysis, availability, lint).
import { FUNCTION_ENTRIES } from './functions.data.js';
import type { FunctionEntry } from './types.js';

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

/** Names of all catalogue functions, for completion and "did you mean". */
export function functionNames(): string[] {
  return FUNCTION_ENTRIES.map((e) => e.name);
}
