// Input rows → a typed table, column by column: each cell converted by its column's dataset type (the schema), or,
// without a schema, by the type the column's cells imply. Columnar, so that memory stays one array per column.
//
// A column's dictionary is carried by its table, beside the column, and dies with it. A module-level WeakMap keyed by
// column arrays would be old while the tables are young, and V8's scavenger keeps the values of an old WeakMap's young
// keys alive: every minor GC would copy recent tables' dictionaries (see the "Memory" invariant in ARCHITECTURE.md).
import type { ColumnType, DatasetColumn } from '@calckit/formula';
import { EvaluationError, type InputRow, type TimeValue, type Value } from './api.js';
import { MAX_SCALE, parseTimeText, scaleOf, timeValue } from './values.js';

export interface TypedTable {
  /** Column names in schema order (or in order of first appearance in the rows). */
  readonly names: readonly string[];
  readonly types: readonly ColumnType[];
  /** For DECIMAL columns the largest number of decimals of their cells (MySQL's DECIMAL(p, s) scale); else 0. */
  readonly scales: readonly number[];
  /** One array of values per column, each `length` long. */
  readonly columns: readonly (readonly Value[])[];
  /**
   * The dictionaries of low-cardinality columns (made by convertRows), parallel to `columns`: undefined where a column
   * has none. Read them with `dictionaryOf`.
   */
  readonly dictionaries?: readonly (ColumnDictionary | undefined)[];
  readonly length: number;
}

/** Distinct time texts remembered per column while converting. */
const TIME_CACHE_LIMIT = 100_000;

/**
 * A low-cardinality column (STRING, DATE, DATETIME) as a dictionary, as column stores keep one: its distinct values
 * (code 0 is NULL) and each row's code. The column's array holds the dictionary's values (rows of equal text share one
 * string). A row-level expression of this column alone is then evaluated once per distinct value per evaluation
 * (compile/memoized.ts), not once per row: UPPER(`Region`) over a million rows runs UPPER a handful of times.
 */
export interface ColumnDictionary {
  /** The distinct values, in order of first appearance; `values[0]` is NULL. */
  readonly values: readonly Value[];
  /** Each row's index into `values`. */
  readonly codes: Uint16Array;
  /** The column array it encodes: a copy of the table with other arrays (`{ ...table, columns }`) keeps no dictionary. */
  readonly column: readonly Value[];
}

/** Most entries of a dictionary (NULL included): past this many distinct values, a column is not encoded. */
export const DICTIONARY_LIMIT = 65_536;

/** The dictionary of column `k` of a table, when it has one that encodes the array the table holds there. */
export function dictionaryOf(table: Pick<TypedTable, 'columns' | 'dictionaries'>, k: number): ColumnDictionary | undefined {
  const dictionary = table.dictionaries?.[k];
  return dictionary !== undefined && dictionary.column === table.columns[k] ? dictionary : undefined;
}

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const DECIMAL_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

const isEmpty = (cell: unknown) => cell === null || cell === undefined || cell === '';

function bad(row: number, column: string, type: ColumnType, cell: unknown): EvaluationError {
  const shown = typeof cell === 'string' ? `'${cell}'` : JSON.stringify(cell) ?? String(cell);
  return new EvaluationError('bad-input', `row ${row + 1}, column \`${column}\`: ${shown} is not a ${type}`);
}

function toTime(cell: unknown, type: 'DATE' | 'DATETIME'): TimeValue | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : timeValue(type, cell.getTime());
  if (typeof cell !== 'string') return undefined;
  const t = parseTimeText(cell);
  if (!t) return undefined;
  return t.type === type ? t : timeValue(type, t.epochMs);
}

/** One cell as a value of a column type; undefined when it does not convert. Empty cells are NULL, except for STRING. */
export function convertCell(cell: unknown, type: ColumnType): Value | undefined {
  if (cell === null || cell === undefined) return null;
  switch (type) {
    case 'STRING':
      if (typeof cell === 'string') return cell;
      if (typeof cell === 'number' || typeof cell === 'boolean' || typeof cell === 'bigint') return String(cell);
      return undefined;
    case 'LONG': {
      if (cell === '') return null;
      if (typeof cell === 'number') return Number.isInteger(cell) ? cell : undefined;
      if (typeof cell === 'boolean') return cell ? 1 : 0;
      if (typeof cell === 'bigint') return Number(BigInt.asIntN(64, cell));
      if (typeof cell === 'string' && INTEGER_TEXT.test(cell)) return Number(BigInt.asIntN(64, BigInt(cell.trim())));
      return undefined;
    }
    case 'DECIMAL':
    case 'DOUBLE': {
      if (cell === '') return null;
      if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
      if (typeof cell === 'boolean') return cell ? 1 : 0;
      if (typeof cell === 'bigint') return Number(cell);
      if (typeof cell === 'string' && DECIMAL_TEXT.test(cell)) return Number(cell);
      return undefined;
    }
    case 'DATE':
    case 'DATETIME':
      if (cell === '') return null;
      return toTime(cell, type);
  }
}

/** The type a column's cells imply: LONG, DOUBLE, DATE, DATETIME when every non-empty cell is one; else STRING. */
export function inferColumnType(cells: Iterable<unknown>): ColumnType {
  let type: ColumnType | undefined;
  const join = (t: ColumnType): boolean => {
    if (type === undefined || type === t) type = t;
    else if ((type === 'LONG' && t === 'DOUBLE') || (type === 'DOUBLE' && t === 'LONG')) type = 'DOUBLE';
    else if ((type === 'DATE' && t === 'DATETIME') || (type === 'DATETIME' && t === 'DATE')) type = 'DATETIME';
    else return false;
    return true;
  };
  for (const cell of cells) {
    if (isEmpty(cell)) continue;
    let t: ColumnType;
    if (typeof cell === 'number') t = Number.isInteger(cell) ? 'LONG' : 'DOUBLE';
    else if (typeof cell === 'boolean') t = 'LONG';
    else if (typeof cell === 'bigint') t = 'LONG';
    else if (cell instanceof Date) t = 'DATETIME';
    else if (typeof cell === 'string') {
      if (plainInteger(cell) !== undefined || (INTEGER_TEXT.test(cell) && Math.abs(Number(cell)) <= Number.MAX_SAFE_INTEGER)) t = 'LONG';
      else if (plainDecimalScale(cell) >= 0 || DECIMAL_TEXT.test(cell)) t = 'DOUBLE';
      else t = parseTimeText(cell)?.type ?? 'STRING';
    } else t = 'STRING';
    if (t === 'STRING' || !join(t)) return 'STRING';
  }
  return type ?? 'STRING';
}

/** Column names of the rows, in order of first appearance. */
function namesOf(rows: readonly InputRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/**
 * Rows given column by column (a CSV file as readCsvColumns reads it): the column names and, per name, one cell per
 * row, as a row object would hold it (text, number, boolean, null).
 */
export interface CellColumns {
  readonly names: readonly string[];
  readonly columns: readonly (readonly unknown[])[];
  readonly length: number;
}

/** The rows of cell columns as row objects, each with every column (what a reader of rows, such as a formula test, takes). */
export function rowsOfColumns(input: CellColumns): InputRow[] {
  const rows: InputRow[] = new Array(input.length);
  for (let r = 0; r < input.length; r++) {
    const row: Record<string, unknown> = {};
    for (let k = 0; k < input.names.length; k++) row[input.names[k]!] = input.columns[k]![r];
    rows[r] = row;
  }
  return rows;
}

/**
 * Converts rows to a typed table. With a schema, each column's type is the schema's (case-sensitive names; columns of
 * the rows that the schema lacks are dropped); a cell that does not convert is a `bad-input` error naming the row and
 * column. Without a schema, each column's type is inferred from its cells (inferColumnType).
 */
export function convertRows(rows: readonly InputRow[], schema?: readonly DatasetColumn[]): TypedTable {
  // One column's cells at a time: only the converted columns stay.
  return convertTable(schema ?? namesOf(rows).map((name) => ({ name })), (name) => rows.map((row) => row[name]), rows.length);
}

/** convertRows for rows given column by column: the same types, conversions and errors. */
export function convertColumns(input: CellColumns, schema?: readonly DatasetColumn[]): TypedTable {
  return convertTable(schema ?? input.names.map((name) => ({ name })), (name) => {
    const k = input.names.indexOf(name);
    return k >= 0 ? input.columns[k]! : new Array<unknown>(input.length).fill(null);
  }, input.length);
}

/** The table of `columnsIn` (a schema, or names whose types the cells imply), `cellsOf` each column's `length` cells. */
function convertTable(columnsIn: readonly { name: string; type?: ColumnType }[], cellsOf: (name: string) => readonly unknown[], length: number): TypedTable {
  const table = { names: [] as string[], types: [] as ColumnType[], scales: [] as number[], columns: [] as Value[][], dictionaries: [] as (ColumnDictionary | undefined)[] };
  for (const c of columnsIn) {
    // A column the rows lack: every cell NULL (undefined in row objects).
    const cells = cellsOf(c.name);
    const type = c.type ?? inferColumnType(cells);
    const { values, scale, dictionary } = convertColumn(c.name, type, cells, length);
    table.names.push(c.name);
    table.types.push(type);
    table.scales.push(scale);
    table.columns.push(values);
    table.dictionaries.push(dictionary);
  }
  return { ...table, length };
}

/** One column's cells as values of its type, with its DECIMAL scale and its dictionary when low-cardinality. */
function convertColumn(name: string, type: ColumnType, cells: readonly unknown[], n: number): { values: Value[]; scale: number; dictionary: ColumnDictionary | undefined } {
  const values: Value[] = new Array(n);
  let scale = 0;
  let scaleUnit = 1;
  // DATETIME texts are remembered while the column is low-cardinality (its dictionary lasts), DATE texts up to the limit.
  let times = type === 'DATE' || type === 'DATETIME' ? new Map<string, Value>() : undefined;
  // Strings by content, times by object (texts share one through `times`): code of each distinct value.
  let dictionary: Map<Value, number> | undefined = type === 'STRING' || times ? new Map<Value, number>([[null, 0]]) : undefined;
  let dictionaryValues: Value[] = [null];
  let codes: Uint16Array | undefined = dictionary ? new Uint16Array(n) : undefined;
  const numeric = type === 'DOUBLE' || type === 'DECIMAL';
  for (let r = 0; r < n; r++) {
    const cell = cells[r];
    let v: Value | undefined;
    let cellScale = -1;
    // Fast paths for the common cells: a number in a numeric column, text in a STRING column, plain digits as text
    // (CSV) in a numeric column (what the general path gives them, without its regular expressions and BigInt).
    if (typeof cell === 'number' && numeric && Number.isFinite(cell)) v = cell;
    else if (typeof cell === 'number' && type === 'LONG' && Number.isInteger(cell)) v = cell;
    else if (typeof cell === 'string' && type === 'STRING') v = cell;
    else if (typeof cell === 'string' && type === 'LONG' && (v = plainInteger(cell)) !== undefined) {
      // v set by the test.
    } else if (typeof cell === 'string' && numeric && (cellScale = plainDecimalScale(cell)) >= 0) v = Number(cell);
    else if (times && typeof cell === 'string' && cell !== '') {
      // Dates repeat: each distinct text is parsed once (times are immutable, so rows share them).
      v = times.get(cell);
      if (v === undefined) {
        v = convertCell(cell, type);
        if (v !== undefined && times.size < TIME_CACHE_LIMIT) times.set(cell, v);
      }
    } else v = isEmpty(cell) && !(type === 'STRING' && cell === '') ? null : convertCell(cell, type);
    if (v === undefined) throw bad(r, name, type, cell);
    if (type === 'DECIMAL' && typeof v === 'number' && scale < MAX_SCALE) {
      if (cellScale >= 0) {
        if (cellScale > scale) {
          scale = Math.min(cellScale, MAX_SCALE);
          scaleUnit = 10 ** scale;
        }
      } else {
        // Only when the cell has more decimals than seen so far (cheap check first).
        const y = v * scaleUnit;
        if (typeof cell === 'string' || Math.abs(y - Math.round(y)) > Math.abs(y) * 1e-12 + 1e-9) {
          const s = typeof cell === 'string' ? textScale(cell) : scaleOf(v);
          if (s > scale) {
            scale = Math.min(s, MAX_SCALE);
            scaleUnit = 10 ** scale;
          }
        }
      }
    }
    if (dictionary) {
      let code = dictionary.get(v);
      if (code === undefined) {
        code = dictionaryValues.length;
        if (code >= DICTIONARY_LIMIT) {
          // Not low-cardinality: no dictionary.
          dictionary = undefined;
          codes = undefined;
          dictionaryValues = [];
          if (type === 'DATETIME') times = undefined;
        } else {
          dictionary.set(v, code);
          dictionaryValues.push(v);
        }
      }
      if (codes) {
        codes[r] = code;
        v = dictionaryValues[code]!;
      }
    }
    values[r] = v;
  }
  return { values, scale, dictionary: codes ? { values: dictionaryValues, codes, column: values } : undefined };
}

/** The number of plain integer text (`-12`: a sign, then at most 15 digits, nothing else); else undefined. */
function plainInteger(text: string): number | undefined {
  const n = text.length;
  let i = text.charCodeAt(0) === 0x2d || text.charCodeAt(0) === 0x2b ? 1 : 0;
  if (n === i || n - i > 15) return undefined;
  let value = 0;
  for (; i < n; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return undefined;
    value = value * 10 + d;
  }
  // -0 is 0, as BigInt reads it.
  return text.charCodeAt(0) === 0x2d && value !== 0 ? -value : value;
}

/** The decimals of plain decimal text (`-12.50` → 2: a sign, digits, a point and digits, nothing else); else -1. */
function plainDecimalScale(text: string): number {
  const n = text.length;
  let i = text.charCodeAt(0) === 0x2d || text.charCodeAt(0) === 0x2b ? 1 : 0;
  let digits = 0;
  let point = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x2e && point < 0) point = i;
    else return -1;
  }
  if (digits === 0) return -1;
  return point < 0 ? 0 : n - point - 1;
}

/** Decimals written in a numeric cell (`1.50` → 2). */
function textScale(text: string): number {
  const t = text.trim();
  if (/e/i.test(t)) return scaleOf(Number(t));
  const dot = t.indexOf('.');
  return dot < 0 ? 0 : t.length - dot - 1;
}

/** The schema a typed table implies (to type the formula when no schema was given). */
export function schemaOf(table: TypedTable): DatasetColumn[] {
  return table.names.map((name, i) => ({ name, type: table.types[i]! }));
}
