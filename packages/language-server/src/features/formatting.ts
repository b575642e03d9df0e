// textDocument/formatting and /rangeFormatting → ide formatDocument() / formatDocumentRange().
import type { TextEdit } from 'vscode-languageserver';
import { formatDocument, formatDocumentRange } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toSpan, toTextEdits } from '../convert.js';

export const formatting: Feature = {
  capabilities: () => ({ documentFormattingProvider: true, documentRangeFormattingProvider: true }),
  register(ctx) {
    ctx.connection.onDocumentFormatting(
      onDocument(ctx, 'textDocument/formatting', [] as TextEdit[], ({ text, doc }, settings, params) =>
        toTextEdits(text, formatDocument(doc, settings, params.options)),
      ),
    );
    ctx.connection.onDocumentRangeFormatting(
      onDocument(ctx, 'textDocument/rangeFormatting', [] as TextEdit[], ({ text, doc }, settings, params) =>
        toTextEdits(text, formatDocumentRange(doc, toSpan(text, params.range), settings, params.options)),
      ),
    );
  },
};
