// Entry point of the calckit web extension (package.json "browser": VS Code for the Web, github.dev, code-server's
// browser-side extension host): the same language server, bundled for the browser (dist/web/server.js), runs in a Web
// Worker, with the desktop client's options (language-client-core.ts). Commands that need Node answer with one plain
// message (desktop-only-commands.ts). Nothing here may import a module that needs Node.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { CLIENT_ID, CLIENT_NAME, startClient, type ServerHandle } from '../language-client-core.js';
import { createLog } from '../log.js';
import { ServerStatusItem } from '../server-status.js';
import { VirtualDocuments } from '../virtual-documents.js';
import { registerAnalysisCommand } from './analysis.js';
import { DESKTOP_ONLY_COMMANDS, desktopOnlyMessage } from './desktop-only-commands.js';

/** The browser's Worker (this file is type-checked with Node's types, which do not declare it). */
interface BrowserWorker {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => BrowserWorker;

/** The server bundle, copied into the extension by scripts/build.mjs. */
export const WEB_SERVER_PATH = 'dist/web/server.js';

let server: ServerHandle<LanguageClient> | undefined;
let worker: BrowserWorker | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const log = createLog();
  log.info(`calckit ${String(context.extension.packageJSON.version)} activating in the browser: language features only`);
  const status = new ServerStatusItem();
  const browserStatus = browserStatusItem();
  const documents = new VirtualDocuments();
  const serverUrl = vscode.Uri.joinPath(context.extensionUri, WEB_SERVER_PATH).toString(true);
  server = startClient(
    {
      // Any scheme: in the browser formulas live in virtual file systems (vscode-vfs, vscode-remote, memfs, …), and
      // the server reads nothing but the documents it is sent.
      documentSelector: [{ language: 'calc' }],
      // A fresh worker per start: the one a restart stopped has taken `exit` and would refuse a second `initialize`.
      create: (options) =>
        new LanguageClient(CLIENT_ID, CLIENT_NAME, () => Promise.resolve(startWorker(serverUrl)), options),
      restart: async (client) => {
        await client.stop();
        await client.start();
      },
    },
    log,
  );
  const handle = server;
  status.setServerState(handle.state);
  context.subscriptions.push(log.channel, status, browserStatus, documents, handle, handle.onDidChangeState((s) => status.setServerState(s)));

  const commands = context.extension.packageJSON.contributes?.commands as ReadonlyArray<{ command: string; title: string }> | undefined;
  const titleOf = (id: string): string => commands?.find((c) => c.command === id)?.title ?? id;
  for (const command of DESKTOP_ONLY_COMMANDS) {
    context.subscriptions.push(
      vscode.commands.registerCommand(command.id, () => {
        const message = desktopOnlyMessage(command, titleOf(command.id));
        log.info(message);
        void vscode.window.showInformationMessage(message);
        return undefined;
      }),
    );
  }
  context.subscriptions.push(
    vscode.commands.registerCommand('calckit.restartServer', () => handle.restart()),
    vscode.commands.registerCommand('calckit.showLog', () => log.channel.show(true)),
  );
  registerAnalysisCommand(context, handle, documents, log);
}

function startWorker(url: string): BrowserWorker {
  worker?.terminate();
  worker = new Worker(url, { name: 'calckit language server' });
  return worker;
}

/** In place of the desktop's push status: says once, beside the server's state, what the browser does not do. */
function browserStatusItem(): vscode.LanguageStatusItem {
  const item = vscode.languages.createLanguageStatusItem('calckit.browser', { language: 'calc' });
  item.name = 'calckit in the browser';
  item.text = '$(globe) calckit in the browser';
  item.detail = 'checks, completes and formats; push, lock, tokens, tests and the emulator need the desktop extension';
  item.command = { command: 'calckit.push', title: 'Why' };
  return item;
}

export async function deactivate(): Promise<void> {
  await server?.client?.stop();
  worker?.terminate();
  worker = undefined;
}
