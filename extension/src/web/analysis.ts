// "Show Analysis of This Formula" in the browser: what the service will store for the active formula, asked of the
// language server in the worker (its `calckit/calculation` request, under the document's settings: `calckit.serviceName`
// and the inline `calckit.schema`; no project file is read in the browser), shown as JSON beside the formula.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { ServerHandle } from '../language-client-core.js';
import type { Log } from '../log.js';
import { ANALYSIS_SCHEME, type VirtualDocuments } from '../virtual-documents.js';

/** The language server's request for what the service will store (its features/calculation.ts). */
const CALCULATION_REQUEST = 'calckit/calculation';

export function registerAnalysisCommand(context: vscode.ExtensionContext, server: ServerHandle<BaseLanguageClient>, documents: VirtualDocuments, log: Log): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('calckit.showAnalysis', async () => {
      const document = vscode.window.activeTextEditor?.document;
      if (document?.languageId !== 'calc') {
        void vscode.window.showWarningMessage('calckit: open a .calc formula first.');
        return undefined;
      }
      const client = server.client;
      if (client === undefined || server.state !== 'running') {
        void vscode.window.showWarningMessage(`calckit: the language server is ${server.state}: the analysis comes from it (run "calckit: Restart Language Server").`);
        return undefined;
      }
      try {
        const analysis: unknown = await client.sendRequest(CALCULATION_REQUEST, { textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) } });
        const name = document.uri.path.split('/').pop() ?? 'formula.calc';
        const uri = documents.put(ANALYSIS_SCHEME, `${name}.analysis.json`, `${JSON.stringify(analysis, null, 2)}\n`);
        const opened = await vscode.workspace.openTextDocument(uri);
        await vscode.languages.setTextDocumentLanguage(opened, 'json');
        await vscode.window.showTextDocument(opened, { viewColumn: vscode.ViewColumn.Beside, preview: true });
        return analysis;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error(`calckit.showAnalysis: ${CALCULATION_REQUEST} failed: ${message}`);
        void vscode.window.showErrorMessage(`calckit: the language server did not answer with the analysis (${CALCULATION_REQUEST}): ${message}`);
        return undefined;
      }
    }),
  );
}
