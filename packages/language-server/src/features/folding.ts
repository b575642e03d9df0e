// textDocument/foldingRange → ide foldingRanges().
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import { foldingRanges } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';

export const folding: Feature = {
  capabilities: () => ({ foldingRangeProvider: true }),
  register(ctx) {
    ctx.connection.onFoldingRanges(
      onDocument(ctx, 'textDocument/foldingRange', [] as FoldingRange[], ({ text, doc }) =>
        foldingRanges(doc).map((f) => ({
          startLine: text.positionAt(f.span.start).line,
          endLine: text.positionAt(f.span.end).line,
          ...(f.kind === 'comment' ? { kind: FoldingRangeKind.Comment } : {}),
        })),
      ),
    );
  },
};
