// textDocument/inlayHint → ide inlayHints() (the formula's result type; off with calckit.inlayHints.resultType).
import { InlayHintKind, type InlayHint } from 'vscode-languageserver';
import { inlayHints as ideInlayHints } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toSpan } from '../convert.js';

export const inlayHints: Feature = {
  capabilities: () => ({ inlayHintProvider: true }),
  register(ctx) {
    ctx.connection.languages.inlayHint.on(
      onDocument(ctx, 'textDocument/inlayHint', [] as InlayHint[], ({ text, doc }, settings, params) =>
        ideInlayHints(doc, toSpan(text, params.range), settings).map((h) => ({
          position: text.positionAt(h.offset),
          label: h.label,
          kind: InlayHintKind.Type,
          paddingLeft: true,
          ...(h.tooltip ? { tooltip: h.tooltip } : {}),
        })),
      ),
    );
  },
};
