// What to write instead of a function the service refuses or documents as unsupported, as data shared by the rules
// that report them (unsupported-function, deprecated-function): a hint, and a rewrite where one is exact.

export interface FunctionAlternative {
  readonly hint: string;
  /** The exact rewrite of a call from its argument texts, or undefined when the arguments do not fit. */
  readonly build?: (args: readonly string[]) => string | undefined;
}

export const FUNCTION_ALTERNATIVES: Readonly<Record<string, FunctionAlternative>> = {
  SQRT: { hint: 'use POWER(x, 0.5)', build: (a) => (a.length === 1 ? `POWER(${a[0]}, 0.5)` : undefined) },
  CONVERT_TZ: { hint: "add the zones' difference with DATE_ADD(x, INTERVAL n HOUR)" },
  MICROSECOND: { hint: "DATE_FORMAT(x, '%f') gives the microseconds as text" },
  PERCENT_RANK: { hint: 'rank with RANK() OVER (…) and divide (rank - 1) by (rows - 1)' },
};
