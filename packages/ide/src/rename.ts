// Rename of a column reference: every reference to the same name becomes `` `new name` ``. By the cursor within one
// document (`rename`), or by name (`renameColumnEdits`) for a rename across the files of a dataset (the CLI's `schema
// rename`, the language server's workspace rename). Names match exactly, as the service and the unknown-column rule
// compare them: case and spaces count.
import type { ColumnRef } from '@calckit/formula';
import { columnAt, columnRefs } from './columns.js';
import type { IdeDocument } from './document.js';
import { backtickColumn } from './markdown.js';
import type { Span, TextEdit } from './types.js';

export interface RenameTarget {
  readonly span: Span;
  /** The name without quotes, as the rename box shows it. */
  readonly placeholder: string;
}

/** The column under the cursor, or undefined when nothing there can be renamed. */
export function prepareRename(doc: IdeDocument, offset: number): RenameTarget | undefined {
  const column = columnAt(doc, offset);
  if (!column) return undefined;
  return { span: { start: column.range.start.offset, end: column.range.end.offset }, placeholder: column.name };
}

export class RenameError extends Error {}

/** Throws RenameError for a name that cannot be a column name (empty, or with a line break). */
export function checkColumnName(name: string): string {
  if (name.trim().length === 0) throw new RenameError('A column name cannot be empty.');
  if (/[\r\n]/.test(name)) throw new RenameError('A column name cannot contain a line break.');
  return name;
}

/**
 * The column name a name typed in a rename box stands for (typed with its backticks too, doubled backticks inside);
 * throws RenameError for a name that cannot be a column name.
 */
export function newColumnName(typed: string): string {
  return checkColumnName(/^`(.*)`$/s.test(typed) ? typed.slice(1, -1).replace(/``/g, '`') : typed);
}

/** The column under the cursor, or RenameError when there is none. */
export function columnToRename(doc: IdeDocument, offset: number): ColumnRef {
  const column = columnAt(doc, offset);
  if (!column) throw new RenameError('Only a column reference can be renamed here.');
  return column;
}

/** Edits renaming the column under the cursor; throws RenameError for a name that cannot be a column name. */
export function rename(doc: IdeDocument, offset: number, newName: string): TextEdit[] {
  const column = columnToRename(doc, offset);
  return renameColumnEdits(doc, column.name, newColumnName(newName));
}

/**
 * Edits renaming every reference to column `oldName` to `newName` (both exact names, without quotes; the new one
 * checked and backtick-quoted as `rename` does), at the references' exact ranges: nothing else of the text changes.
 */
export function renameColumnEdits(doc: IdeDocument, oldName: string, newName: string): TextEdit[] {
  const newText = backtickColumn(checkColumnName(newName));
  return columnRefs(doc)
    .filter((c) => c.name === oldName)
    .map((c) => ({ span: { start: c.range.start.offset, end: c.range.end.offset }, newText }));
}
