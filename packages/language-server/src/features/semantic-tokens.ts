// textDocument/semanticTokens/full and /range → ide semanticTokens(), split per line (clients want one-line tokens).
import { SemanticTokensBuilder, type SemanticTokens } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES, semanticTokens as ideSemanticTokens, type SemanticToken } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toSpan } from '../convert.js';

function encode(text: TextDocument, tokens: readonly SemanticToken[]): SemanticTokens {
  const builder = new SemanticTokensBuilder();
  const source = text.getText();
  for (const t of tokens) {
    const type = SEMANTIC_TOKEN_TYPES.indexOf(t.type);
    const mods = t.modifiers.reduce((m, name) => m | (1 << SEMANTIC_TOKEN_MODIFIERS.indexOf(name)), 0);
    // One entry per line the token spans.
    let start = t.start;
    const end = t.start + t.length;
    while (start < end) {
      const nl = source.slice(start, end).search(/\r\n|\r|\n/);
      const segEnd = nl < 0 ? end : start + nl;
      if (segEnd > start) {
        const p = text.positionAt(start);
        builder.push(p.line, p.character, segEnd - start, type, mods);
      }
      if (nl < 0) break;
      start = segEnd + (source.startsWith('\r\n', segEnd) ? 2 : 1);
    }
  }
  return builder.build();
}

export const semanticTokens: Feature = {
  capabilities: () => ({
    semanticTokensProvider: {
      legend: { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS] },
      full: true,
      range: true,
    },
  }),
  register(ctx) {
    const empty: SemanticTokens = { data: [] };
    ctx.connection.languages.semanticTokens.on(
      onDocument(ctx, 'textDocument/semanticTokens/full', empty, ({ text, doc }) => encode(text, ideSemanticTokens(doc))),
    );
    ctx.connection.languages.semanticTokens.onRange(
      onDocument(ctx, 'textDocument/semanticTokens/range', empty, ({ text, doc }, _s, params) => encode(text, ideSemanticTokens(doc, toSpan(text, params.range)))),
    );
  },
};
