// textDocument/hover → ide hover(); below it what other features add (ctx.hoverAdditions; the Node server's formula
// tests: on a formula with tests, the first test case's rows and the formula's values on them, node/test-values.ts).
import { hover as ideHover } from '@calckit/ide';
import type { Hover } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';
import { hoverFormat, markup } from '../markup.js';

export const hover: Feature = {
  capabilities: () => ({ hoverProvider: true }),
  register(ctx) {
    ctx.connection.onHover(
      onDocument(ctx, 'textDocument/hover', null, ({ text, doc }, settings, params): Hover | null => {
        const h = ideHover(doc, toOffset(text, params.position), settings);
        const added = ctx.hoverAdditions.flatMap((addition) => addition(params.textDocument.uri, doc) ?? []);
        const tests = added.length > 0 ? added.join('\n\n---\n\n') : undefined;
        const format = hoverFormat(ctx.client());
        if (!h) return tests ? { contents: markup(format, tests) } : null;
        return { contents: markup(format, tests ? `${h.contents}\n\n---\n\n${tests}` : h.contents), range: toRange(text, h.span) };
      }),
    );
  },
};
