// Diagnostics pushed by the server, shown by @codemirror/lint with the server's quick fixes and suggestions as the
// tooltip's and panel's actions. @codemirror/lsp-client shows diagnostics but no code actions: this replaces its
// serverDiagnostics(), asking textDocument/codeAction once per published version over the whole document.
import { setDiagnostics, type Action, type Diagnostic } from '@codemirror/lint';
import { LSPPlugin, type LSPClient, type LSPClientExtension } from '@codemirror/lsp-client';
import type { Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type * as lsp from 'vscode-languageserver-protocol';

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;

/** The key the server's diagnostic and the diagnostics listed by its code actions share. */
const messageOf = (d: lsp.Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const keyOf = (d: lsp.Diagnostic) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.code ?? '')} ${messageOf(d)}`;

/** An action that applies a code action's edits to the document they were computed for, and to no later one. */
function actionOf(plugin: LSPPlugin, uri: string, code: lsp.CodeAction, doc: Text): Action | undefined {
  const edits = code.edit?.changes?.[uri];
  if (!edits || edits.length === 0) return undefined;
  const changes = edits.map((e) => ({ from: plugin.fromPosition(e.range.start, doc), to: plugin.fromPosition(e.range.end, doc), insert: e.newText }));
  return {
    name: code.title,
    apply: (view: EditorView) => {
      if (view.state.doc !== doc) return;
      view.dispatch({ changes, userEvent: 'input.quickfix' });
    },
  };
}

function show(view: EditorView, plugin: LSPPlugin, items: readonly lsp.Diagnostic[], actions: ReadonlyMap<string, Action[]>): void {
  const diagnostics: Diagnostic[] = items.map((item) => ({
    from: plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.start, plugin.syncedDoc)),
    to: plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.end, plugin.syncedDoc)),
    severity: SEVERITY[(item.severity ?? 1) as keyof typeof SEVERITY],
    message: messageOf(item),
    ...(item.code !== undefined ? { source: String(item.code) } : {}),
    actions: actions.get(keyOf(item)) ?? [],
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

async function fixesFor(client: LSPClient, uri: string, items: readonly lsp.Diagnostic[], doc: Text): Promise<lsp.CodeAction[]> {
  const end = doc.lineAt(doc.length);
  const params = {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: end.number - 1, character: end.length } },
    context: { diagnostics: [...items], only: ['quickfix'] },
  };
  const answer = await client.request<typeof params, (lsp.CodeAction | lsp.Command)[] | null>('textDocument/codeAction', params);
  return (answer ?? []).filter((a): a is lsp.CodeAction => !('command' in a && typeof a.command === 'string'));
}

/** Published diagnostics with their fixes, for the client's `extensions`. `onShown` hears each version shown. */
export function diagnosticsWithFixes(onShown?: (version: number | undefined, count: number) => void): LSPClientExtension {
  return {
    clientCapabilities: { textDocument: { publishDiagnostics: { versionSupport: true }, codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } },
    notificationHandlers: {
      'textDocument/publishDiagnostics': (client, params: lsp.PublishDiagnosticsParams) => {
        const file = client.workspace.getFile(params.uri);
        if (!file || (params.version != null && params.version !== file.version)) return false;
        const view = file.getView();
        const plugin = view && LSPPlugin.get(view);
        if (!view || !plugin) return false;
        show(view, plugin, params.diagnostics, new Map());
        onShown?.(params.version ?? undefined, params.diagnostics.length);
        if (params.diagnostics.length === 0) return true;
        const doc = plugin.syncedDoc;
        fixesFor(client, params.uri, params.diagnostics, doc)
          .then((codeActions) => {
            // A newer version has been sent since: its own diagnostics will come.
            if (file.version !== client.workspace.getFile(params.uri)?.version || plugin.syncedDoc !== doc) return;
            const byDiagnostic = new Map<string, Action[]>();
            for (const code of codeActions) {
              const action = actionOf(plugin, params.uri, code, doc);
              if (!action) continue;
              for (const d of code.diagnostics ?? []) byDiagnostic.set(keyOf(d), [...(byDiagnostic.get(keyOf(d)) ?? []), action]);
            }
            show(view, plugin, params.diagnostics, byDiagnostic);
          })
          .catch((error: unknown) => plugin.reportError('Quick fixes could not be listed', error));
        return true;
      },
    },
  };
}
