// Entry point of the calckit VS Code extension: wires the language client, push on save, status, commands.
import * as vscode from 'vscode';
import { registerCommands } from './commands.js';
import { Connections, isTokenKey } from './connection.js';
import type { RunningEmulator } from './emulator.js';
import { currentDiagnostics, startLanguageClient, type ServerHandle } from './language-client.js';
import { createLog } from './log.js';
import { Projects } from './projects.js';
import { PushController } from './push-controller.js';
import { settingsFor } from './settings.js';
import { StatusItems } from './status.js';
import { VirtualDocuments } from './virtual-documents.js';

let server: ServerHandle | undefined;
const emulators = new Map<string, RunningEmulator>();

export function activate(context: vscode.ExtensionContext): { pushes: PushController } {
  const log = createLog();
  log.info(`calckit ${String(context.extension.packageJSON.version)} activating`);
  const projects = new Projects(log);
  const connections = new Connections(context.secrets, context.globalState, log);
  const status = new StatusItems();
  const documents = new VirtualDocuments();
  server = startLanguageClient(context, log);
  status.setServerState(server.state);
  const handle = server;
  context.subscriptions.push(log.channel, projects, status, documents, handle, handle.onDidChangeState((s) => status.setServerState(s)));

  const pushes = new PushController({
    projects,
    connections,
    log,
    status,
    documents,
    serverRunning: () => handle.state === 'running',
    currentDiagnostics: (uri) => currentDiagnostics(handle, uri),
  });
  // Push on save from onDidSave only: the text is on disk, and a slow push never holds up the save itself. The save's
  // reason (by the user, or an auto-save) is only given to onWillSave: the controller keeps it until onDidSave.
  context.subscriptions.push(
    vscode.workspace.onWillSaveTextDocument((event) => pushes.onWillSave(event)),
    vscode.workspace.onDidSaveTextDocument((document) => pushes.onDidSave(document)),
  );

  const refresh = (editor: vscode.TextEditor | undefined): void => {
    status.render();
    if (editor?.document.languageId === 'calc') void pushes.refresh(editor.document.uri).then(() => status.render());
  };
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(refresh));
  const refreshActive = (): void => refresh(vscode.window.activeTextEditor);
  context.subscriptions.push(
    // A token stored or removed (by a command here or in another window) changes what the status item can say.
    context.secrets.onDidChange((event) => {
      if (isTokenKey(event.key)) refreshActive();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('calckit')) return;
      if (event.affectsConfiguration('calckit.pushOnSave') || event.affectsConfiguration('calckit.push.onAutoSave')) {
        const s = settingsFor(vscode.window.activeTextEditor?.document.uri);
        log.info(`settings changed: push on save ${s.pushOnSave ? (s.pushOnAutoSave ? 'on, auto-saves too' : 'on, explicit saves only') : 'off'}`);
      }
      refreshActive();
    }),
  );
  // Restricted Mode: the language features run; nothing is sent and nothing is started until the workspace is trusted.
  log.info(vscode.workspace.isTrusted ? 'workspace trusted' : 'workspace not trusted (Restricted Mode): no service calls, no push, no emulator');
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      log.info('workspace trusted now: service calls, push and the emulator are on');
      refresh(vscode.window.activeTextEditor);
    }),
  );
  refresh(vscode.window.activeTextEditor);
  // A token saved "for any service" by an earlier version went wherever a folder pointed: it is removed.
  void connections.removeAnyServiceToken().then((removed) => {
    if (!removed) return;
    log.warn('removed the developer token saved for any service: tokens are now kept per service address');
    void vscode.window.showInformationMessage(
      'calckit: the developer token saved "for any service" was removed: tokens are now kept per service address. Run "calckit: Set Developer Token" with a formula of that service open.',
    );
  });

  registerCommands(context, { projects, connections, pushes, server: handle, status, documents, log, emulators, refreshStatus: refreshActive });
  return { pushes };
}

export async function deactivate(): Promise<void> {
  for (const emulator of emulators.values()) emulator.process.kill('SIGTERM');
  emulators.clear();
  await server?.client?.stop();
}
