// Rows for `calckit eval --data` and the `{ csv }` / `{ json }` rows of a test file: CSV read by csv-parse (a header
// line names the columns; an empty unquoted cell is NULL, `""` is empty text), JSON an array of row objects. Cells stay
// as written; the evaluator converts them by the dataset schema. Errors name the file and the place, never a stack.
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { InputRow } from '@calckit/evaluate';
import { FileAccessError, findJsonSyntaxError, readRegularFileSync } from '@calckit/project';

/** Data files may be larger than settings files: 200 MB. */
const MAX_DATA_BYTES = 200 * 1024 * 1024;

/** A data file that cannot be read or is not rows: one line naming the file and the problem. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
}

/** The rows of a `.csv` or `.json` file, or of a file read as `format` (`displayPath` names it in errors). */
export function readRowsFile(path: string, displayPath = path, format?: 'csv' | 'json'): InputRow[] {
  const kind = format !== undefined ? `.${format}` : extname(path).toLowerCase();
  if (kind !== '.csv' && kind !== '.json') throw new DataFileError(`${displayPath}: rows must be a .csv or .json file`);
  let text: string;
  try {
    text = new TextDecoder('utf-8').decode(readRegularFileSync(path, { maxBytes: MAX_DATA_BYTES, displayPath })).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof FileAccessError) throw new DataFileError(`cannot read ${displayPath}: ${error.reason}`);
    throw error;
  }
  return kind === '.csv' ? csvRows(text, displayPath) : jsonRows(text, displayPath);
}

/** Rows of CSV text with a header line. */
export function csvRows(text: string, displayPath: string): InputRow[] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const seen = new Set<string>();
        for (const name of header) {
          if (name === '') throw new DataFileError(`${displayPath}: line 1: a column without a name in the header`);
          if (seen.has(name)) throw new DataFileError(`${displayPath}: line 1: the column "${name}" appears twice in the header`);
          seen.add(name);
        }
        return header;
      },
      cast: (value, context) => (value === '' && !context.quoting && context.header === false ? null : value),
    }) as InputRow[];
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    const e = error as Error & { lines?: number; code?: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      // csv-parse's messages end with "on line N" or "at line N": said once, in front.
      const message = e.message.replace(/,? (?:on|at) line \d+\.?$/, '').replace(/: the parsing is finished with/, ': the file ends with');
      throw new DataFileError(`${displayPath}:${e.lines !== undefined ? ` line ${e.lines}:` : ''} not valid CSV: ${message}`);
    }
    throw error;
  }
}

/** Rows of JSON text: an array of objects whose values are text, numbers, true/false or null. */
export function jsonRows(text: string, displayPath: string): InputRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const p = findJsonSyntaxError(text);
    throw new DataFileError(`${displayPath}: not valid JSON${p ? ` at line ${p.line}, column ${p.column}: ${p.problem}` : ''}`);
  }
  if (!Array.isArray(value)) throw new DataFileError(`${displayPath}: must hold an array of row objects ([{ "column": value, … }, …])`);
  value.forEach((row, i) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new DataFileError(`${displayPath}: row ${i + 1} is not an object of column name → value`);
    for (const [column, cell] of Object.entries(row as Record<string, unknown>)) {
      if (cell !== null && typeof cell === 'object') throw new DataFileError(`${displayPath}: row ${i + 1}, column "${column}": a cell must be text, a number, true/false or null`);
    }
  });
  return value as InputRow[];
}
