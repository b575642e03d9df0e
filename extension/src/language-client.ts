// Starts the bundled language server (dist/server.js) over Node IPC with vscode-languageclient, passes the `calckit`
// settings, and restarts the server when it crashes (up to a limit, so a server that dies at start-up does not loop).
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import {
  CloseAction,
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  ErrorAction,
  LanguageClient,
  RevealOutputChannelOn,
  State,
  TextDocumentSyncKind,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { Log } from './log.js';
import { serverSettings } from './settings.js';

/** Formula test files (`<formula>.calc.test.json|yaml|yml`): synced to the server for its lenses and diagnostics. */
export const TEST_FILE_SELECTOR = [{ scheme: 'file', pattern: '**/*.calc.test.{json,yaml,yml}' }];
/** The server's command that runs a formula's tests (declared by the server, registered by the client). */
export const RUN_TESTS_COMMAND = 'calckit.runTests';

/** Crashes tolerated within CRASH_WINDOW_MS before the client gives up restarting. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 3 * 60_000;

export type ServerState = 'starting' | 'running' | 'stopped' | 'missing' | 'failed';

export interface ServerHandle extends vscode.Disposable {
  readonly client: LanguageClient | undefined;
  readonly state: ServerState;
  readonly onDidChangeState: vscode.Event<ServerState>;
  restart(): Promise<void>;
}

export function startLanguageClient(context: vscode.ExtensionContext, log: Log): ServerHandle {
  const module = context.asAbsolutePath('dist/server.js');
  const emitter = new vscode.EventEmitter<ServerState>();
  let state: ServerState = 'starting';
  const setState = (next: ServerState): void => {
    state = next;
    emitter.fire(next);
  };
  if (!existsSync(module)) {
    log.warn(`language server bundle ${module} is missing: diagnostics and completion are off (build with the server)`);
    state = 'missing';
    return {
      client: undefined,
      get state() {
        return state;
      },
      onDidChangeState: emitter.event,
      restart: async () => {},
      dispose: () => emitter.dispose(),
    };
  }

  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const crashes: number[] = [];
  const watchers = [vscode.workspace.createFileSystemWatcher('**/*.json')];
  context.subscriptions.push(...watchers);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'calc' },
      { scheme: 'untitled', language: 'calc' },
    ],
    synchronize: {
      configurationSection: 'calckit',
      // The project file and schema files: the server re-lints open formulas when they change.
      fileEvents: watchers,
    },
    // The server pulls settings per document (workspace/configuration); these are its defaults until then.
    initializationOptions: () => ({ settings: serverSettings(vscode.workspace.workspaceFolders?.[0]?.uri) }),
    outputChannel: log.channel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // From the command palette (no argument): the tests of the active editor's formula or test file.
      executeCommand: (command, args, next) => {
        const active = vscode.window.activeTextEditor?.document.uri;
        return next(command, command === RUN_TESTS_COMMAND && args.length === 0 && active?.scheme === 'file' ? [active.toString()] : args);
      },
    },
    errorHandler: {
      error: (error, message, count) => {
        log.error(`language server connection error (${count ?? 0}): ${error.message} ${message?.jsonrpc ?? ''}`);
        // Always continue: a crash makes several pending writes fail at once, and shutting down on them would stop
        // the restart that closed() decides. `handled` keeps the client from a notification of its own.
        return { action: ErrorAction.Continue, handled: true };
      },
      closed: () => {
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && (crashes[0] ?? now) < now - CRASH_WINDOW_MS) crashes.shift();
        if (crashes.length > MAX_CRASHES) {
          log.error(`the language server stopped ${crashes.length} times in 3 minutes: not restarting it (run "calckit: Restart Language Server")`);
          setState('failed');
          return { action: CloseAction.DoNotRestart, message: 'The calckit language server keeps stopping; see the calckit log.' };
        }
        log.warn(`the language server stopped; restarting it (${crashes.length}/${MAX_CRASHES})`);
        return { action: CloseAction.Restart, handled: true };
      },
    },
  };
  const client = new LanguageClient('calckit', 'calckit language server', serverOptions, clientOptions);
  client.onDidChangeState((event) => {
    if (event.newState === State.Running) {
      syncTestFiles(client, log);
      setState('running');
    }
    else if (event.newState === State.Starting) setState('starting');
    else if (state !== 'failed') setState('stopped');
  });
  client.start().catch((error: unknown) => {
    log.error(`the language server failed to start: ${error instanceof Error ? error.message : String(error)}`);
    setState('failed');
  });

  return {
    client,
    get state() {
      return state;
    },
    onDidChangeState: emitter.event,
    restart: async () => {
      crashes.length = 0;
      log.info('restarting the language server');
      await client.restart();
    },
    dispose: () => {
      emitter.dispose();
      void client.stop();
    },
  };
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
