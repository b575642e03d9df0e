// textDocument/hover → ide hover().
import { hover as ideHover } from '@calckit/ide';
import type { Hover } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';

export const hover: Feature = {
  capabilities: () => ({ hoverProvider: true }),
  register(ctx) {
    ctx.connection.onHover(
      onDocument(ctx, 'textDocument/hover', null, ({ text, doc }, settings, params): Hover | null => {
        const h = ideHover(doc, toOffset(text, params.position), settings);
        return h ? { contents: { kind: 'markdown', value: h.contents }, range: toRange(text, h.span) } : null;
      }),
    );
  },
};
