// textDocument/completion → ide complete(); completionItem/resolve adds the documentation when the client asks for
// it lazily. With clients that allow it, the shared replace range goes once in `itemDefaults` instead of per item
// (a list of 100+ items per keystroke is most of the traffic), and each item's text then goes in `textEditText`: by LSP
// 3.17, a client that applies the list's default range inserts an item's `textEditText`, or its label when it has
// none, and ignores `insertText` (VS Code inserted columns without their backticks, a calculation's name for its call). A
// client without snippet support gets each snippet's plain text, one without Markdown plain documentation (markup.ts).
import {
  CompletionItemKind, CompletionTriggerKind, InsertTextFormat, type ClientCapabilities, type CompletionItem, type CompletionList,
} from 'vscode-languageserver';
import { complete, plainTextOfSnippet, type CompletionItem as IdeItem, type CompletionKind } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';
import { guard } from '../guard.js';
import { completionDocumentationFormat, markup, snippetSupport } from '../markup.js';

const KIND: Record<CompletionKind, CompletionItemKind> = {
  function: CompletionItemKind.Function,
  keyword: CompletionItemKind.Keyword,
  column: CompletionItemKind.Field,
  calculation: CompletionItemKind.Reference,
  unit: CompletionItemKind.Unit,
  specifier: CompletionItemKind.Constant,
  operator: CompletionItemKind.Operator,
};

/** The `data` of an item whose documentation comes with completionItem/resolve. */
interface ResolveData {
  readonly list: number;
  readonly index: number;
}

const lazyDocumentation = (client: ClientCapabilities) =>
  client.textDocument?.completion?.completionItem?.resolveSupport?.properties.includes('documentation') === true;
const defaultEditRange = (client: ClientCapabilities) =>
  client.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true;

export const completion: Feature = {
  capabilities: (client) => ({
    completionProvider: { triggerCharacters: ['`', '%', '(', ' ', ','], resolveProvider: lazyDocumentation(client) },
  }),
  register(ctx) {
    const empty: CompletionList = { isIncomplete: false, items: [] };
    // The last list's items, for resolve: documentation is looked up, not recomputed.
    let last: { id: number; items: readonly IdeItem[] } = { id: 0, items: [] };
    ctx.connection.onCompletion(
      onDocument(ctx, 'textDocument/completion', empty, ({ text: text, doc }, settings, params): CompletionList => {
        const trigger = params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter ? params.context.triggerCharacter : undefined;
        const result = complete(doc, toOffset(text, params.position), settings, trigger ? { triggerCharacter: trigger } : {});
        const client = ctx.client();
        const lazy = lazyDocumentation(client);
        const snippets = snippetSupport(client);
        const format = completionDocumentationFormat(client);
        const first = result.items[0];
        // One range for all items when they share it (they do, apart from odd positions) and the client allows it.
        const shared = first && defaultEditRange(client) && result.items.every((i) => i.replace.start === first.replace.start && i.replace.end === first.replace.end);
        last = { id: last.id + 1, items: result.items };
        const items = result.items.map((i, index): CompletionItem => {
          const snippet = i.snippet === true && snippets;
          const insert = i.snippet && !snippets ? plainTextOfSnippet(i.insertText) : i.insertText;
          return {
            label: i.label,
            kind: KIND[i.kind],
            ...(i.detail ? { detail: i.detail } : {}),
            ...(i.documentation && !lazy ? { documentation: markup(format, i.documentation) } : {}),
            // With the default range the label is inserted unless textEditText says otherwise.
            ...(shared ? (insert !== i.label ? { textEditText: insert } : {}) : { textEdit: { range: toRange(text, i.replace), newText: insert } }),
            ...(snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
            sortText: i.sortText,
            ...(i.filterText ? { filterText: i.filterText } : {}),
            ...(i.preselect ? { preselect: true } : {}),
            ...(i.deprecated ? { tags: [1] } : {}),
            ...(i.documentation && lazy ? { data: { list: last.id, index } satisfies ResolveData } : {}),
          };
        });
        return { isIncomplete: result.incomplete, ...(shared ? { itemDefaults: { editRange: toRange(text, first.replace) } } : {}), items };
      }),
    );
    const resolve = (item: CompletionItem): CompletionItem => {
      const data = item.data as ResolveData | undefined;
      const source = data && data.list === last.id ? last.items[data.index] : undefined;
      return source?.documentation && source.label === item.label ? { ...item, documentation: markup(completionDocumentationFormat(ctx.client()), source.documentation) } : item;
    };
    // The safe default of a resolve is the item as it came.
    ctx.connection.onCompletionResolve((item, token) => guard(ctx.log, 'completionItem/resolve', item, resolve)(item, token));
  },
};
