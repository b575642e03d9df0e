// Document and range formatting through @calckit/format: the project's `format` section, else the editor's indent
// size. A formula with syntax errors is left as it is (the formatter refuses it), so the result is no edits.
import { formatEdits, formatRange, resolveFormatOptions, type FormatOptions } from '@calckit/format';
import type { IdeDocument } from './document.js';
import type { IdeSettings, Span, TextEdit } from './types.js';

/** What the editor says about indentation (LSP FormattingOptions). */
export interface EditorFormatting {
  readonly tabSize?: number;
  readonly insertSpaces?: boolean;
}

function optionsOf(settings: IdeSettings, editor: EditorFormatting): FormatOptions {
  const section = settings.formatConfig ?? {};
  const resolved = resolveFormatOptions(section).options;
  // The project's indent wins; without one, follow the editor's indent size.
  if (!('indent' in section) && editor.insertSpaces !== false && editor.tabSize !== undefined && editor.tabSize >= 0 && editor.tabSize <= 16) {
    return { ...resolved, indent: editor.tabSize };
  }
  return resolved;
}

const toIde = (edits: ReadonlyArray<{ start: number; end: number; newText: string }>): TextEdit[] =>
  edits.map((e) => ({ span: { start: e.start, end: e.end }, newText: e.newText }));

export function formatDocument(doc: IdeDocument, settings: IdeSettings = {}, editor: EditorFormatting = {}): TextEdit[] {
  return toIde(formatEdits(doc.text, optionsOf(settings, editor), doc.parse).edits);
}

export function formatDocumentRange(doc: IdeDocument, span: Span, settings: IdeSettings = {}, editor: EditorFormatting = {}): TextEdit[] {
  return toIde(formatRange(doc.text, span, optionsOf(settings, editor), doc.parse));
}
