// The public contract of @calckit/evaluate: what goes in (rows typed by a dataset schema, options) and what comes out
// (one value per row, or one per group). The CLI (`calckit eval`, `calckit test`), the language server and a browser
// use only these types and `evaluateFormula`.
import type { DatasetColumn, Range, ValueType } from '@calckit/formula';

/**
 * A time value: DATE (midnight) or DATETIME, as milliseconds since 1970-01-01T00:00:00 on the wall clock (no zone),
 * plus the microseconds past that millisecond (1..999; absent when 0, as in every value of whole milliseconds), as
 * MariaDB's DATETIME(6). Two numbers because microseconds since 1970 are not exact in a double past the year 2255.
 */
export interface TimeValue {
  readonly type: 'DATE' | 'DATETIME';
  readonly epochMs: number;
  readonly micros?: number;
}

/**
 * MariaDB's TIME: a signed duration (or a time of day) in microseconds, within ±838:59:59.999999, the result of TIME,
 * SEC_TO_TIME, TIMEDIFF, CURTIME… Its own value, not text: in arithmetic it is the number [-]HHMMSS[.ffffff], it
 * compares as a duration, takes an INTERVAL, and becomes a DATETIME on the current date where a date is needed. The
 * formula's static type stays STRING (the service's dataType has no TIME: it returns such results as text), and
 * `eval` prints it as MariaDB does (`02:30:01`, `-838:59:59`).
 */
export interface DurationValue {
  readonly type: 'TIME';
  readonly us: number;
}

/** A value during evaluation: NULL, a number (LONG, DECIMAL, DOUBLE), text, a boolean, a date or datetime, or a TIME. */
export type Value = null | number | string | boolean | TimeValue | DurationValue;

/** One input row as read from CSV or JSON: column name → raw cell (converted by the schema's column type). */
export type InputRow = Readonly<Record<string, unknown>>;

/** A value as printed by `eval` and compared by `test`: JSON-ready (times as ISO text `2024-01-31` / `2024-01-31 10:00:00`). */
export type OutputValue = null | number | string | boolean;

export interface EvaluateOptions {
  /** Column types of the rows (the dataset schema); without it, types are read from the cells (number, text, ISO date). */
  readonly schema?: readonly DatasetColumn[];
  /** Dimensions a card would group by: an aggregate formula gives one value per group, sorted by these values. */
  readonly groupBy?: readonly string[];
  /** The clock for CURRENT_DATE, NOW and the like (ISO text or a Date); default: the real clock at the call. */
  readonly now?: string | Date;
  /** String comparison: MySQL's default `utf8mb4_general_ci` (case- and accent-insensitive) or `binary`. */
  readonly collation?: 'utf8mb4_general_ci' | 'binary';
  /** The service name whose `<NAME>_BEAST_MODE(id)` calls refer to nested calculations (default: the vocabulary's). */
  readonly serviceName?: string;
  /** The formula text of a nested calculation by id (from the project); undefined when unknown. */
  readonly nestedFormula?: (id: string) => string | undefined;
  /** Seed for RAND() / RANDOM() without an argument (MySQL's generator); without it they are an evaluation error,
   * since their values could not be checked. */
  readonly seed?: number;
}

export interface EvaluationRow {
  /** The group-by values of this group (absent for a row-level formula without group-by). */
  readonly group?: Readonly<Record<string, OutputValue>>;
  readonly value: OutputValue;
}

export interface EvaluationResult {
  /** `rows`: one value per input row (row-level formula); `groups`: one per group (aggregate formula). */
  readonly kind: 'rows' | 'groups';
  /** The formula's value type, as the analysis infers it. */
  readonly type: ValueType;
  /** Decimals of a LONG (0), a boolean (0) or a DECIMAL result, as MariaDB declares them (MySQL's arithmetic types:
   * `COUNT(*) / 7` has 4); absent for other types and where the evaluator does not know them. */
  readonly scale?: number;
  readonly rows: readonly EvaluationRow[];
}

export type EvaluationErrorCode =
  | 'syntax' // the formula does not parse
  | 'unknown-function' // not in the catalogue
  | 'unsupported-function' // in the catalogue, not implemented by the evaluator or refused by the service
  | 'unknown-column' // a column absent from the schema and the rows
  | 'bad-input' // a cell that does not convert to its column's type, a bad option
  | 'nested-calculation' // a nested calculation that is missing or recursive
  | 'runtime'; // anything else that stops evaluation (with the node's range)

/** Evaluation stops with this error, never with a guess. */
export class EvaluationError extends Error {
  override readonly name = 'EvaluationError';
  constructor(
    readonly code: EvaluationErrorCode,
    message: string,
    /** Where in the formula, when the error has a place. */
    readonly range?: Range,
  ) {
    super(message);
  }
}
