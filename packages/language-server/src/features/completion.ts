// textDocument/completion → ide complete().
import { CompletionItemKind, CompletionTriggerKind, InsertTextFormat, type CompletionItem, type CompletionList } from 'vscode-languageserver';
import { complete, type CompletionKind } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';

const KIND: Record<CompletionKind, CompletionItemKind> = {
  function: CompletionItemKind.Function,
  keyword: CompletionItemKind.Keyword,
  column: CompletionItemKind.Field,
  calculation: CompletionItemKind.Reference,
  unit: CompletionItemKind.Unit,
  specifier: CompletionItemKind.Constant,
  operator: CompletionItemKind.Operator,
};

export const completion: Feature = {
  capabilities: () => ({ completionProvider: { triggerCharacters: ['`', '%', '(', ' ', ','], resolveProvider: false } }),
  register(ctx) {
    const empty: CompletionList = { isIncomplete: false, items: [] };
    ctx.connection.onCompletion(
      onDocument(ctx, 'textDocument/completion', empty, ({ text, doc }, settings, params): CompletionList => {
        const trigger = params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter ? params.context.triggerCharacter : undefined;
        const result = complete(doc, toOffset(text, params.position), settings, trigger ? { triggerCharacter: trigger } : {});
        const items = result.items.map((i): CompletionItem => ({
          label: i.label,
          kind: KIND[i.kind],
          ...(i.detail ? { detail: i.detail } : {}),
          ...(i.documentation ? { documentation: { kind: 'markdown', value: i.documentation } } : {}),
          textEdit: { range: toRange(text, i.replace), newText: i.insertText },
          insertTextFormat: i.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
          sortText: i.sortText,
          ...(i.filterText ? { filterText: i.filterText } : {}),
          ...(i.preselect ? { preselect: true } : {}),
          ...(i.deprecated ? { tags: [1] } : {}),
        }));
        return { isIncomplete: result.incomplete, items };
      }),
    );
  },
};
