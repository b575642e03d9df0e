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
  | 'SKETCH';

export type FunctionKind = 'aggregate' | 'window' | 'scalar' | 'constant';
/** documented: in the service's reference; sample: in its published samples; engine: typed by the engine, availability
 * in formulas uncertain; unsupported: documented as no longer supported in formulas. */
export type Availability = 'documented' | 'sample' | 'engine' | 'unsupported';

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
