// Entry point of the calckit web extension (package.json "browser": VS Code for the Web, github.dev, code-server's
// browser-side extension host): the same language server, bundled for the browser (dist/web/server.js), runs in a Web
// Worker, with the desktop client's options (language-client-core.ts). Commands that need Node answer with one plain
// message (desktop-only-commands.ts). Nothing here may import a module that needs Node.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, type MessageTransports } from 'vscode-languageclient/browser';
import { CLIENT_ID, CLIENT_NAME, startClient, type ServerHandle } from '../language-client-core.js';
import { createLog, type Log } from '../log.js';
import { ServerStatusItem } from '../server-status.js';
import { VirtualDocuments } from '../virtual-documents.js';
import { registerAnalysisCommand } from './analysis.js';
import { DESKTOP_ONLY_COMMANDS, desktopOnlyMessage } from './desktop-only-commands.js';

/** The browser's Worker (this file is type-checked with Node's types, which do not declare it). */
interface BrowserWorker {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => BrowserWorker;

const WORKER_NAME = 'calckit language server';

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
      // Its transports are made here: the client's own test of a Worker (`instanceof Worker`) fails against the
      // web extension host's wrapped Worker constructor.
      create: (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, () => workerTransports(serverUrl, log), options),
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

/**
 * Starts the server's worker from its URL. An extension installed on a remote (code-server's, for one) has a
 * `vscode-remote:` URL, from which VS Code's web worker extension host refuses to start a worker ("Creating workers
 * from remote extensions is currently not supported"), while its `fetch` reads such URLs: the script is then read
 * and started from a Blob URL, the same script at the page's origin.
 */
async function workerTransports(url: string, log: Log): Promise<MessageTransports> {
  const started = await startWorker(url, log);
  return { reader: new BrowserMessageReader(started), writer: new BrowserMessageWriter(started) };
}

async function startWorker(url: string, log: Log): Promise<BrowserWorker> {
  worker?.terminate();
  worker = undefined;
  try {
    worker = new Worker(url, { name: WORKER_NAME });
  } catch (error) {
    log.info(`the server's worker cannot start from ${url} (${error instanceof Error ? error.message : String(error)}): starting it from its fetched script`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not read the language server's script ${url}: HTTP ${response.status}`);
    const script = new Blob([await response.text()], { type: 'text/javascript' });
    worker = new Worker(URL.createObjectURL(script), { name: WORKER_NAME });
  }
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
