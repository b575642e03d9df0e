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

/**
 * The column name a typed new name stands for (typed with its backticks too); throws RenameError for a name that
 * cannot be a column name.
 */
export function newColumnName(typed: string): string {
  const name = /^`(.*)`$/s.test(typed) ? typed.slice(1, -1).replace(/``/g, '`') : typed;
  if (name.trim().length === 0) throw new RenameError('A column name cannot be empty.');
  if (/[\r\n]/.test(name)) throw new RenameError('A column name cannot contain a line break.');
  return name;
}

/** The column under the cursor, or RenameError when there is none. */
export function columnToRename(doc: IdeDocument, offset: number): ColumnRef {
  const column = columnAt(doc, offset);
  if (!column) throw new RenameError('Only a column reference can be renamed here.');
  return column;
}

/** Edits renaming the column under the cursor; throws RenameError for a name that cannot be a column name. */
export function rename(doc: IdeDocument, offset: number, newName: string): TextEdit[] {
  return renameColumnEdits(doc, columnToRename(doc, offset).name, newName);
}

/**
 * Edits renaming every reference to column `oldName` (its exact name, without quotes) to `newName` (checked and
 * backtick-quoted as `rename` does), at the references' exact ranges: nothing else of the text changes.
 */
export function renameColumnEdits(doc: IdeDocument, oldName: string, newName: string): TextEdit[] {
  const newText = backtickColumn(newColumnName(newName));
  return columnRefs(doc)
    .filter((c) => c.name === oldName)
    .map((c) => ({ span: { start: c.range.start.offset, end: c.range.end.offset }, newText }));
}
