// Rename of a column reference within the document: every reference to the same name becomes `` `new name` ``.
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

/** Edits renaming the column under the cursor; throws RenameError for a name that cannot be a column name. */
export function rename(doc: IdeDocument, offset: number, newName: string): TextEdit[] {
  const column = columnAt(doc, offset);
  if (!column) throw new RenameError('Only a column reference can be renamed here.');
  // Accept the name typed with its backticks too.
  const name = /^`(.*)`$/s.test(newName) ? newName.slice(1, -1).replace(/``/g, '`') : newName;
  if (name.trim().length === 0) throw new RenameError('A column name cannot be empty.');
  if (/[\r\n]/.test(name)) throw new RenameError('A column name cannot contain a line break.');
  return columnRefs(doc)
    .filter((c) => c.name === column.name)
    .map((c) => ({ span: { start: c.range.start.offset, end: c.range.end.offset }, newText: backtickColumn(name) }));
}
