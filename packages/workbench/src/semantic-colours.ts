// Semantic colouring: the server's textDocument/semanticTokens/full, decoded with its legend into CodeMirror mark
// decorations (class `cm-sem-<token type>`, plus `cm-sem-<modifier>` for each modifier), mapped through later edits
// until the next answer replaces them.
import { LSPPlugin } from '@codemirror/lsp-client';
import { RangeSetBuilder, StateEffect, StateField, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import type * as lsp from 'vscode-languageserver-protocol';

const setTokens = StateEffect.define<DecorationSet>();

export const semanticColours = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setTokens)) return effect.value;
    return tr.docChanged ? value.map(tr.changes) : value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const marks = new Map<string, Decoration>();
function markOf(className: string): Decoration {
  let mark = marks.get(className);
  if (!mark) marks.set(className, (mark = Decoration.mark({ class: className })));
  return mark;
}

/** LSP's relative encoding (5 integers per token) → absolute marks over `doc`. */
function decorationsOf(data: readonly number[], legend: lsp.SemanticTokensLegend, doc: Text): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const deltaLine = data[i]!;
    line += deltaLine;
    character = deltaLine === 0 ? character + data[i + 1]! : data[i + 1]!;
    if (line >= doc.lines) break;
    const lineStart = doc.line(line + 1);
    const from = Math.min(lineStart.from + character, lineStart.to);
    const to = Math.min(from + data[i + 2]!, lineStart.to);
    const type = legend.tokenTypes[data[i + 3]!] ?? 'unknown';
    const modifiers = legend.tokenModifiers.filter((_, bit) => (data[i + 4]! & (1 << bit)) !== 0);
    if (to > from) builder.add(from, to, markOf([`cm-sem-${type}`, ...modifiers.map((m) => `cm-sem-${m}`)].join(' ')));
  }
  return builder.finish();
}

/** Asks the server for the document's tokens and shows them (edits made meanwhile are mapped over). */
export async function refreshSemanticColours(view: EditorView): Promise<void> {
  const plugin = LSPPlugin.get(view);
  const legend = plugin?.client.serverCapabilities?.semanticTokensProvider?.legend as lsp.SemanticTokensLegend | undefined;
  if (!plugin || !legend) return;
  plugin.client.sync();
  const doc = plugin.syncedDoc;
  const tokens = await plugin.client.request<{ textDocument: { uri: string } }, lsp.SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: { uri: plugin.uri } });
  if (!tokens) return;
  // Only when the synced text is still the one the tokens describe; changes typed since then are mapped over.
  if (plugin.syncedDoc !== doc) return;
  view.dispatch({ effects: setTokens.of(decorationsOf(tokens.data, legend, doc).map(plugin.unsyncedChanges)) });
}
