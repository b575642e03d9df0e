// Starts the bundled language server (dist/server.js) over Node IPC with vscode-languageclient/node. The options the
// client sends and its lifecycle (settings, crash policy, state) are language-client-core.ts's, shared with the web
// entry; what is here needs Node: the server process, the project file watchers, formula test files on disk.
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import {
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  LanguageClient,
  TextDocumentSyncKind,
  TransportKind,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { CLIENT_ID, CLIENT_NAME, missingServer, startClient, type ServerHandle } from './language-client-core.js';
import type { Log } from './log.js';

export type { ServerHandle, ServerState } from './language-client-core.js';

/** Formula test files (`<formula>.calc.test.json|yaml|yml`): synced to the server for its lenses and diagnostics. */
export const TEST_FILE_SELECTOR = [{ scheme: 'file', pattern: '**/*.calc.test.{json,yaml,yml}' }];
/** The server's command that runs a formula's tests (declared by the server, registered by the client). */
export const RUN_TESTS_COMMAND = 'calckit.runTests';

export function startLanguageClient(context: vscode.ExtensionContext, log: Log): ServerHandle<LanguageClient> {
  const module = context.asAbsolutePath('dist/server.js');
  if (!existsSync(module)) return missingServer(log, module);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const watchers = [vscode.workspace.createFileSystemWatcher('**/*.json')];
  context.subscriptions.push(...watchers);
  return startClient(
    {
      documentSelector: [
        { scheme: 'file', language: 'calc' },
        { scheme: 'untitled', language: 'calc' },
      ],
      // The project file and schema files: the server re-lints open formulas when they change.
      fileEvents: watchers,
      middleware: {
        // From the command palette (no argument): the tests of the active editor's formula or test file.
        executeCommand: (command, args, next) => {
          const active = vscode.window.activeTextEditor?.document.uri;
          return next(command, command === RUN_TESTS_COMMAND && args.length === 0 && active?.scheme === 'file' ? [active.toString()] : args);
        },
      },
      create: (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, options),
      restart: (client) => client.restart(),
      onRunning: (client) => syncTestFiles(client, log),
    },
    log,
  );
}

/**
 * Test files are JSON/YAML documents: the client's document selector (every formula feature, formatting included)
 * stays on formulas, and only their synchronisation and lenses are registered for test files, so the JSON and YAML
 * extensions keep formatting and folding them alone. Registered again after each (re)start.
 */
function syncTestFiles(client: LanguageClient, log: Log): void {
  const registerOptions = { documentSelector: TEST_FILE_SELECTOR };
  const id = () => `calckit-tests-${Math.random().toString(36).slice(2)}`;
  try {
    client.getFeature('textDocument/didOpen').register({ id: id(), registerOptions });
    client.getFeature('textDocument/didChange').register({ id: id(), registerOptions: { ...registerOptions, syncKind: TextDocumentSyncKind.Incremental } });
    client.getFeature('textDocument/didClose').register({ id: id(), registerOptions });
    client.getFeature('textDocument/codeLens').register({ id: id(), registerOptions });
  } catch (error) {
    log.warn(`formula test files are not synced with the language server: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The server's diagnostics of a document as the editor holds it now: a pull request (`textDocument/diagnostic`), which
 * the client sends after the document's pending changes, so the answer is for the latest text. Undefined when the
 * server is not running or does not answer with a full report.
 */
export async function currentDiagnostics(server: ServerHandle, uri: vscode.Uri): Promise<readonly vscode.Diagnostic[] | undefined> {
  const client = server.client;
  if (client === undefined || server.state !== 'running') return undefined;
  try {
    const report = await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: client.code2ProtocolConverter.asUri(uri) } });
    return report.kind === DocumentDiagnosticReportKind.Full ? await client.protocol2CodeConverter.asDiagnostics(report.items) : undefined;
  } catch {
    return undefined;
  }
}
