// textDocument/documentSymbol → ide documentSymbols().
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import { documentSymbols } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toRange } from '../convert.js';

const KIND = { function: SymbolKind.Function, field: SymbolKind.Field, calculation: SymbolKind.Constant } as const;

export const symbols: Feature = {
  capabilities: () => ({ documentSymbolProvider: true }),
  register(ctx) {
    ctx.connection.onDocumentSymbol(
      onDocument(ctx, 'textDocument/documentSymbol', [] as DocumentSymbol[], ({ text, doc }) =>
        documentSymbols(doc).map((s) => ({
          name: s.name,
          ...(s.detail ? { detail: s.detail } : {}),
          kind: KIND[s.kind],
          range: toRange(text, s.span),
          selectionRange: toRange(text, s.selection),
        })),
      ),
    );
  },
};
