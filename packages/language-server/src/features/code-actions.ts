// textDocument/codeAction → ide codeActions() over this version's diagnostics: quick fixes and source.fixAll.calckit.
import { CodeActionKind, type CodeAction } from 'vscode-languageserver';
import { codeActions as ideCodeActions, FIX_ALL_KIND } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toSpan, toTextEdits } from '../convert.js';
import { toLspDiagnostic } from '../diagnostics.js';

export const codeActions: Feature = {
  capabilities: () => ({ codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false } }),
  register(ctx) {
    ctx.connection.onCodeAction(
      onDocument(ctx, 'textDocument/codeAction', [] as CodeAction[], async ({ text }, settings, params): Promise<CodeAction[]> => {
        const version = text.version;
        const diagnostics = await ctx.diagnostics.forVersion(text.uri, text, settings);
        // Edits computed for an older text would corrupt the newer one.
        if (text.version !== version) return [];
        const actions = ideCodeActions(diagnostics, { span: toSpan(text, params.range), ...(params.context.only ? { only: params.context.only } : {}) });
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
