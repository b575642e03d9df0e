// Document highlight: every reference to the column under the cursor (names are case-sensitive).
import { columnAt, columnRefs } from './columns.js';
import type { IdeDocument } from './document.js';
import type { Highlight } from './types.js';

export function documentHighlights(doc: IdeDocument, offset: number): Highlight[] {
  const column = columnAt(doc, offset);
  if (!column) return [];
  return columnRefs(doc)
    .filter((c) => c.name === column.name)
    .map((c) => ({ span: { start: c.range.start.offset, end: c.range.end.offset }, kind: 'read' as const }));
}
