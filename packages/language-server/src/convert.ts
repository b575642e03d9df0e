// Offsets (what the ide features speak) ↔ LSP positions (what the protocol speaks), through the synced TextDocument.
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span, TextEdit as IdeTextEdit } from '@calckit/ide';
import type { TextEdit } from 'vscode-languageserver';

export const toRange = (doc: TextDocument, span: Span): Range => ({ start: doc.positionAt(span.start), end: doc.positionAt(span.end) });
export const toSpan = (doc: TextDocument, range: Range): Span => ({ start: doc.offsetAt(range.start), end: doc.offsetAt(range.end) });
export const toOffset = (doc: TextDocument, position: Position): number => doc.offsetAt(position);
export const toTextEdits = (doc: TextDocument, edits: readonly IdeTextEdit[]): TextEdit[] =>
  edits.map((e) => ({ range: toRange(doc, e.span), newText: e.newText }));

/** A range of the expression the service stores (the file's text after a byte-order mark) in the document. */
export function expressionRange(doc: TextDocument, start: number, end: number): Range {
  const shift = doc.getText().charCodeAt(0) === 0xfeff ? 1 : 0;
  return { start: doc.positionAt(start + shift), end: doc.positionAt(end + shift) };
}
