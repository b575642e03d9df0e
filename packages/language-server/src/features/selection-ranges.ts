// textDocument/selectionRange → ide selectionRanges(), one linked chain per requested position.
import type { SelectionRange } from 'vscode-languageserver';
import { selectionRanges } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';

export const selectionRange: Feature = {
  capabilities: () => ({ selectionRangeProvider: true }),
  register(ctx) {
    ctx.connection.onSelectionRanges(
      onDocument(ctx, 'textDocument/selectionRange', [] as SelectionRange[], ({ text, doc }, _s, params) =>
        params.positions.map((position) => {
          const spans = selectionRanges(doc, toOffset(text, position));
          let chain: SelectionRange | undefined;
          for (let i = spans.length - 1; i >= 0; i--) chain = { range: toRange(text, spans[i]!), ...(chain ? { parent: chain } : {}) };
          return chain!;
        }),
      ),
    );
  },
};
