// Rows as the page edits them (a header and cells of text; null for an empty, unquoted cell) ↔ CSV text. Reading is
// @calckit/evaluate's own CSV reader, the one the server evaluates with; writing quotes a cell only when it must.
// The reader's module alone (@calckit/evaluate/csv, no evaluator): the page's main script stays small.
import { readCsvColumns } from '@calckit/evaluate/csv';

export interface RowTable {
  readonly header: string[];
  /** One array of cells per row, each as long as the header. */
  readonly rows: (string | null)[][];
}

/** The table a CSV text holds, or the reader's error (its message names the line). */
export function tableOfCsv(text: string): RowTable | Error {
  if (text.trim() === '') return { header: [], rows: [] };
  try {
    const cells = readCsvColumns(text);
    const rows = Array.from({ length: cells.length }, (_, r) => cells.columns.map((column) => {
      const cell = column[r];
      return cell === null || cell === undefined ? null : String(cell);
    }));
    return { header: [...cells.names], rows };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function cellText(cell: string | null): string {
  if (cell === null) return '';
  // An empty text cell stays text (""): unquoted, it would read back as NULL.
  if (cell === '' || /[",\r\n]/.test(cell) || cell !== cell.trim()) return `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

export function csvOfTable(table: RowTable): string {
  if (table.header.length === 0) return '';
  const lines = [table.header.map(cellText), ...table.rows.map((row) => table.header.map((_, k) => cellText(row[k] ?? null)))];
  return lines.map((cells) => cells.join(',')).join('\n') + '\n';
}
