// textDocument/diagnostic (pull): the open version's diagnostics, from the same cache the push uses.
import {
  DocumentDiagnosticReportKind, type DiagnosticServerCancellationData, type DocumentDiagnosticReport, type ResponseError,
} from 'vscode-languageserver';
import { guard } from '../guard.js';
import type { Feature } from '../context.js';

export const pullDiagnostics: Feature = {
  capabilities: () => ({ diagnosticProvider: { identifier: 'calckit', interFileDependencies: false, workspaceDiagnostics: false } }),
  register(ctx) {
    const empty: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
    const handler = guard(ctx.log, 'textDocument/diagnostic', empty, async (params: { textDocument: { uri: string }; previousResultId?: string }): Promise<DocumentDiagnosticReport> => {
      const uri = params.textDocument.uri;
      // Same version, same settings: the client already has these diagnostics.
      const id = ctx.diagnostics.resultIdOf(uri);
      if (id !== undefined && params.previousResultId === id) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: id };
      const result = await ctx.diagnostics.current(uri);
      if (result) ctx.diagnostics.delivered();
      return result ? { kind: DocumentDiagnosticReportKind.Full, resultId: result.resultId, items: result.items } : empty;
    });
    // The guard's cancellation error carries no data; the protocol's type allows `retriggerRequest` data there.
    ctx.connection.languages.diagnostics.on((params, token) => handler(params, token) as Promise<DocumentDiagnosticReport | ResponseError<DiagnosticServerCancellationData>>);
  },
};
