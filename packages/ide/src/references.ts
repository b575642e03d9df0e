// What "find references" and the call hierarchy start from, and what one document refers to: the column or the nested
// calculation under the cursor, and every column and nested call of a document with its span. The language server
// puts these together with the project graph (other files, as on disk) to answer across files.
import { nodePathAt, walk } from '@calckit/formula';
import type { IdeDocument } from './document.js';
import type { Span } from './types.js';

/**
 * One use in a document: a column read (by its name, case-sensitive as the service's) or a calculation nested with
 * `<PREFIX>_BEAST_MODE(id)` (`service`: the prefix, upper-cased).
 */
export type FormulaReference =
  | { readonly kind: 'column'; readonly name: string; readonly span: Span }
  | { readonly kind: 'calculation'; readonly id: number; readonly service: string; readonly span: Span };

/** The innermost column or nested calculation at `offset` (inside it or just after it), if any. */
export function referenceTargetAt(doc: IdeDocument, offset: number): FormulaReference | undefined {
  const path = nodePathAt(doc.parse.formula, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i]!;
    const span = { start: node.range.start.offset, end: node.range.end.offset };
    if (node.kind === 'Column') return { kind: 'column', name: node.name, span };
    if (node.kind === 'NestedCalculation') return { kind: 'calculation', id: node.id, service: node.service, span };
  }
  return undefined;
}

/** Every column reference and nested call of the document, in source order. */
export function documentReferences(doc: IdeDocument): FormulaReference[] {
  const out: FormulaReference[] = [];
  walk(doc.parse.formula, {
    enter(node) {
      if (node.kind === 'Column') out.push({ kind: 'column', name: node.name, span: { start: node.range.start.offset, end: node.range.end.offset } });
      else if (node.kind === 'NestedCalculation') out.push({ kind: 'calculation', id: node.id, service: node.service, span: { start: node.range.start.offset, end: node.range.end.offset } });
    },
  });
  return out;
}
