// Column references of a document: the one under the cursor and all occurrences of a name, for highlight and rename.
import { allNodes, nodePathAt, type ColumnRef } from '@calckit/formula';
import type { IdeDocument } from './document.js';

/** Every column reference in source order (kept on the document). */
export function columnRefs(doc: IdeDocument): ColumnRef[] {
  return (doc.derived.columns ??= allNodes(doc.parse.formula).filter((n): n is ColumnRef => n.kind === 'Column'));
}

/** The column reference under the cursor (an offset at either edge counts). */
export function columnAt(doc: IdeDocument, offset: number): ColumnRef | undefined {
  const path = nodePathAt(doc.parse.formula, offset);
  const last = path[path.length - 1];
  if (last?.kind === 'Column') return last;
  // nodePathAt prefers the node that starts at the offset; a column ending there is found among all references.
  return columnRefs(doc).find((c) => c.range.start.offset <= offset && offset <= c.range.end.offset);
}
