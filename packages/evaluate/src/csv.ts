// CSV text with a header line → its cells column by column (CellColumns), read straight into one array per column:
// no object per row, so that reading costs about what JSON.parse of the same rows costs, and memory is the cells.
//
// It reads CSV as the csv-parse options calckit used before (`bom`, `skip_empty_lines`, a header naming the columns,
// an unquoted empty cell as NULL) read it, which a property test checks against csv-parse: `,` between cells, `"`
// around a cell that holds `,`, `"` (doubled) or a line break; the first line break outside quotes (`\r\n`, `\n` or
// `\r`) is the one that ends every row; empty lines are skipped; a quote inside an unquoted cell, text after a closing
// quote, a quote never closed and a row whose cells do not match the header are errors naming the line.
// Rows without a quote (most rows) are cut with indexOf, each `,` and `"` of the text searched for once.
import type { CellColumns } from './rows.js';

/**
 * Malformed CSV, or a header that names no columns rows can have: `line` is 1-based (physical lines, as an editor
 * counts them), `problem` says what is wrong there, `inHeader` whether it is a header's name.
 */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    readonly problem: string,
    readonly inHeader = false,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** The first line break outside quotes, which ends every row of the file (`\n` when there is none). */
function rowBreakOf(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === LF) return '\n';
    else if (!quoted && c === CR) return text.charCodeAt(i + 1) === LF ? '\r\n' : '\r';
  }
  return '\n';
}

/** Line breaks (`\r\n`, `\n` or `\r`) in text[from, to): for the line numbers of quoted cells that span lines. */
function lineBreaksIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) n++;
  }
  return n;
}

/** The character at `i` as an error shows it (a whole code point; line breaks escaped). */
function charAt(text: string, i: number): string {
  const ch = String.fromCodePoint(text.codePointAt(i)!);
  return ch === '\r' ? '\\r' : ch === '\n' ? '\\n' : ch;
}

/** At most this many characters of a cell before a stray quote are shown. */
const SHOWN_BEFORE_QUOTE = 20;

/**
 * Reads CSV text: the first non-empty row names the columns (a name must be non-empty and appear once); each later
 * row gives one cell per column: text, or null for an unquoted empty cell (`""` is empty text). A BOM is skipped.
 * Throws CsvSyntaxError.
 */
export function readCsvColumns(text: string): CellColumns {
  const end = text.length;
  const rowBreak = rowBreakOf(text);
  const breakCode = rowBreak.charCodeAt(0);
  const breakLength = rowBreak.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  // The next `,` and `"` at or after the position they were last searched from (end when there is none).
  let nextComma = -1;
  let nextQuote = -1;
  const commaFrom = (from: number): number => {
    if (nextComma < from) nextComma = text.indexOf(',', from) >>> 0;
    return Math.min(nextComma, end);
  };
  const quoteFrom = (from: number): number => {
    if (nextQuote < from) nextQuote = text.indexOf('"', from) >>> 0;
    return Math.min(nextQuote, end);
  };
  const atRowBreak = (i: number): boolean => text.charCodeAt(i) === breakCode && (breakLength === 1 || text.charCodeAt(i + 1) === LF);

  let names: string[] | undefined;
  let columns: (string | null)[][] = [];
  let width = 0;
  let length = 0;
  // The cells of the row being read (the header's, or a row that is not cut with indexOf).
  const cells: (string | null)[] = [];

  /** A row with quotes, character by character from `pos`, into `cells`; returns where the row ends (its break). */
  const readQuotedRow = (): number => {
    cells.length = 0;
    let i = pos;
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        const openedOn = line;
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) throw new CsvSyntaxError(openedOn, 'a quote opens a cell that is never closed');
          line += lineBreaksIn(text, from, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
        cells.push(value);
        if (i < end && text.charCodeAt(i) !== COMMA && !atRowBreak(i)) {
          throw new CsvSyntaxError(line, `"${charAt(text, i)}" follows the closing quote of a cell (a cell with a quote in it is written "a ""quoted"" word")`);
        }
      } else {
        let stop = i;
        while (stop < end && text.charCodeAt(stop) !== COMMA && !atRowBreak(stop)) {
          if (text.charCodeAt(stop) === QUOTE) {
            const before = stop - i > SHOWN_BEFORE_QUOTE ? `…${text.slice(stop - SHOWN_BEFORE_QUOTE, stop)}` : text.slice(i, stop);
            throw new CsvSyntaxError(line, `a quote inside a cell that does not start with one (${before}"…): quote the whole cell and double its quotes ("a ""b"" c")`);
          }
          stop++;
        }
        cells.push(stop === i ? null : text.slice(i, stop));
        i = stop;
      }
      if (i >= end || atRowBreak(i)) return i;
      i++; // the comma
    }
  };

  while (pos < end) {
    // An empty line is skipped.
    if (atRowBreak(pos)) {
      pos += breakLength;
      line++;
      continue;
    }
    const rowEnd = Math.min(text.indexOf(rowBreak, pos) >>> 0, end);
    const rowLine = line;
    let stop: number;
    if (names !== undefined && quoteFrom(pos) >= rowEnd) {
      // The common row: no quote, cut at each comma straight into the columns.
      let k = 0;
      let from = pos;
      for (;;) {
        let c = commaFrom(from);
        if (c > rowEnd) c = rowEnd;
        if (k < width) columns[k]![length] = c === from ? null : text.slice(from, c);
        k++;
        if (c === rowEnd) break;
        from = c + 1;
      }
      if (k !== width) throw rowLengthError(rowLine, k, width);
      length++;
      stop = rowEnd;
    } else {
      stop = readQuotedRow();
      if (names === undefined) {
        names = cells.map((name) => name ?? '');
        const seen = new Set<string>();
        for (const name of names) {
          if (name === '') throw new CsvSyntaxError(rowLine, 'a column without a name in the header', true);
          if (seen.has(name)) throw new CsvSyntaxError(rowLine, `the column "${name}" appears twice in the header`, true);
          seen.add(name);
        }
        width = names.length;
        columns = names.map(() => []);
      } else {
        if (cells.length !== width) throw rowLengthError(rowLine, cells.length, width);
        for (let k = 0; k < width; k++) columns[k]![length] = cells[k]!;
        length++;
      }
    }
    if (stop >= end) break;
    pos = stop + breakLength;
    line++;
  }
  return { names: names ?? [], columns, length };
}

function rowLengthError(line: number, cells: number, width: number): CsvSyntaxError {
  return new CsvSyntaxError(line, `this row has ${cells} cell${cells === 1 ? '' : 's'} where the header names ${width} column${width === 1 ? '' : 's'}`);
}
