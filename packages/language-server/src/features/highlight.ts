// textDocument/documentHighlight → ide documentHighlights().
import { DocumentHighlightKind, type DocumentHighlight } from 'vscode-languageserver';
import { documentHighlights } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';

export const highlight: Feature = {
  capabilities: () => ({ documentHighlightProvider: true }),
  register(ctx) {
    ctx.connection.onDocumentHighlight(
      onDocument(ctx, 'textDocument/documentHighlight', [] as DocumentHighlight[], ({ text, doc }, _s, params) =>
        documentHighlights(doc, toOffset(text, params.position)).map((h) => ({
          range: toRange(text, h.span),
          kind: h.kind === 'read' ? DocumentHighlightKind.Read : DocumentHighlightKind.Text,
        })),
      ),
    );
  },
};
