// The language's shared vocabulary, defined once: the service's name (its default, its pattern, and the names built
// from it) and the column types. Every package imports these (the wire protocol, the project file, the linter, the
// editor) instead of redefining them; `@calckit/formula/vocabulary` loads nothing else (no parser).

/** The service's name in the seed's examples (`X-SVC-Developer-Token`, `SVC_OP_ADD`, `SVC_BEAST_MODE(42)`). */
export const DEFAULT_SERVICE_NAME = 'SVC';

/** A service name is a plain identifier: it becomes part of header names and of function names. */
export const SERVICE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

export function isValidServiceName(name: string): boolean {
  return SERVICE_NAME_PATTERN.test(name);
}

/** The name as it appears in function names (upper-cased; the default when none or an empty one is given). */
export function canonicalServiceName(name?: string): string {
  // The default is upper-case already: most callers pass no name, and need no copy of it.
  return name ? name.toUpperCase() : DEFAULT_SERVICE_NAME;
}

/** Prefix of operator entries in a calculation's `functions`: `SVC_OP_` (as in `SVC_OP_ADD`). */
export function operatorPrefix(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `${canonicalServiceName(serviceName)}_OP_`;
}

/** Name of the nesting function in stored expressions: `SVC_BEAST_MODE` (as in `SVC_BEAST_MODE(42)`). */
export function nestedCalculationFunction(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `${canonicalServiceName(serviceName)}_BEAST_MODE`;
}

/** The types of a dataset's columns, and of a calculation's `dataType` (the seed's 2.1 and 2.3). */
export const COLUMN_TYPES = ['STRING', 'LONG', 'DECIMAL', 'DOUBLE', 'DATE', 'DATETIME'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
