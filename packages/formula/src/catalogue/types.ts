// Shape of one entry of the function catalogue (the data lives in functions.data.ts).

/** Value types of the language; `NUMERIC`, `TIME`, `ANY`, `INTERVAL` and `SKETCH` appear only in signatures. */
export type SignatureType =
  | 'STRING'
  | 'LONG'
  | 'DECIMAL'
  | 'DOUBLE'
  | 'DATE'
  | 'DATETIME'
  | 'NUMERIC'
  | 'TIME'
  | 'ANY'
  | 'INTERVAL'
  | 'SKETCH'
  | 'BOOLEAN';

export type FunctionKind = 'aggregate' | 'window' | 'scalar' | 'constant';
/**
 * Where the service stands on a function (scripts/functions.tsv says why for each): documented: in its formula
 * reference; sample: in its published samples only; engine: in its engine's dataflow reference only; unverified: in no
 * reference and no sample; replaced: accepted but silently replaced by another function (`replacedBy`); deprecated: documented as
 * unsupported, yet accepted by the service when last tried; unsupported:
 * documented as not supported in formulas. What each means for a formula is `functionAvailability` (availability.ts).
 */
export type Availability = 'documented' | 'sample' | 'engine' | 'unverified' | 'replaced' | 'deprecated' | 'unsupported';

export interface FunctionParam {
  /** Accepted types (alternatives), e.g. `['INTERVAL', 'NUMERIC']`. */
  readonly types: readonly string[];
  readonly optional: boolean;
  /** The parameter repeats (`CONCAT(a, b, ...)`). */
  readonly variadic?: boolean;
}

export interface FunctionEntry {
  readonly name: string;
  readonly category: string;
  readonly kind: FunctionKind;
  readonly params: readonly FunctionParam[];
  readonly returns: string;
  readonly availability: Availability;
  /** Where the service documents or shows the function (its reference, its engine's, its samples), or that none does. */
  readonly source: string;
  /** The function the service silently puts in its place (`availability: 'replaced'`). */
  readonly replacedBy?: string;
  readonly notes: string;
  /** Our one-line description, for hover and completion. */
  readonly description: string;
  readonly example: string;
  readonly synonymOf?: string;
  /** Accepts `DISTINCT` before its argument. */
  readonly distinct?: boolean;
  /** Accepts `*` as its argument. */
  readonly star?: boolean;
  /** An aggregate that may also be used as a window function with OVER. */
  readonly windowCapable?: boolean;
  /** A window function that is only valid with OVER. */
  readonly needsOver?: boolean;
  /** A constant valid without parentheses (`CURRENT_DATE`). */
  readonly bareAllowed?: boolean;
}
