// textDocument/codeAction → ide codeActions() over this version's diagnostics: quick fixes and source.fixAll.calckit,
// whose edits are those of `calckit lint --fix` (ide's fixAllEdits: lint's own fix passes), computed once per version
// and settings (editors ask for code actions as the cursor moves).
import { CodeActionKind, type CodeAction } from 'vscode-languageserver';
import { codeActions as ideCodeActions, fixAllEdits, FIX_ALL_KIND, type IdeSettings, type TextEdit } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toSpan, toTextEdits } from '../convert.js';
import { toLspDiagnostic } from '../diagnostics.js';

export const codeActions: Feature = {
  capabilities: () => ({ codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false } }),
  register(ctx) {
    // The last fix-all computed: the edits of one document version under one settings object.
    let lastFixAll: { uri: string; version: number; settings: IdeSettings; edits: readonly TextEdit[] } | undefined;
    ctx.documents.synced.onDidClose((e) => {
      if (lastFixAll?.uri === e.document.uri) lastFixAll = undefined;
    });
    ctx.connection.onCodeAction(
      onDocument(ctx, 'textDocument/codeAction', [] as CodeAction[], async (open, settings, params): Promise<CodeAction[]> => {
        const { text } = open;
        const version = text.version;
        const diagnostics = await ctx.diagnostics.forVersion(text.uri, text, settings);
        // Edits computed for an older text would corrupt the newer one.
        if (text.version !== version) return [];
        const fixAll = (): readonly TextEdit[] => {
          if (lastFixAll?.uri !== text.uri || lastFixAll.version !== version || lastFixAll.settings !== settings) {
            lastFixAll = { uri: text.uri, version, settings, edits: fixAllEdits(open.doc, settings) };
          }
          return lastFixAll.edits;
        };
        const actions = ideCodeActions(diagnostics, { span: toSpan(text, params.range), ...(params.context.only ? { only: params.context.only } : {}), fixAll });
        return actions.map((a) => ({
          title: a.title,
          kind: a.kind,
          diagnostics: a.diagnostics.map((i) => toLspDiagnostic(text, diagnostics[i]!)),
          edit: { changes: { [text.uri]: toTextEdits(text, a.edits) } },
          ...(a.preferred ? { isPreferred: true } : {}),
        }));
      }),
    );
  },
};
