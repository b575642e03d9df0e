// The language client as both entries run it (desktop: the server in a Node process; web: the same server in a Web
// Worker): its options (settings passed to the server, output, crash policy) and its lifecycle (state, restart).
// Browser-safe: it imports `vscode` and vscode-languageclient's common API only, nothing that needs Node.
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  RevealOutputChannelOn,
  State,
  type BaseLanguageClient,
  type DocumentSelector,
  type LanguageClientOptions,
  type Middleware,
} from 'vscode-languageclient';
import type { Log } from './log.js';
import { serverSettings } from './settings.js';

/** The client's id and name (the `calckit.trace.server` setting is read under this id). */
export const CLIENT_ID = 'calckit';
export const CLIENT_NAME = 'calckit language server';

/** Crashes tolerated within CRASH_WINDOW_MS before the client gives up restarting. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 3 * 60_000;

export type ServerState = 'starting' | 'running' | 'stopped' | 'missing' | 'failed';

export interface ServerHandle<Client extends BaseLanguageClient = BaseLanguageClient> extends vscode.Disposable {
  readonly client: Client | undefined;
  readonly state: ServerState;
  readonly onDidChangeState: vscode.Event<ServerState>;
  restart(): Promise<void>;
}

/** What differs between the desktop and the web client; everything else is decided here, once. */
export interface ClientPlatform<Client extends BaseLanguageClient> {
  /** The documents the server answers on. */
  readonly documentSelector: DocumentSelector;
  /** Files whose changes the server is told about (the project file and schemas, on the desktop). */
  readonly fileEvents?: vscode.FileSystemWatcher[];
  readonly middleware?: Middleware;
  create(options: LanguageClientOptions): Client;
  /** Stops and starts the client again (the desktop's LanguageClient has its own `restart`). */
  restart(client: Client): Promise<void>;
  /** After each (re)start, once the server runs. */
  onRunning?(client: Client): void;
}

/**
 * The options both clients send: the `calckit` settings section, the initial settings, the log, and the crash policy
 * over `crashes` (the times of the server's recent stops, which the caller empties on a restart).
 */
export function languageClientOptions(
  platform: Pick<ClientPlatform<BaseLanguageClient>, 'documentSelector' | 'fileEvents' | 'middleware'>,
  log: Log,
  crashes: number[],
  onGiveUp: () => void,
): LanguageClientOptions {
  return {
    documentSelector: platform.documentSelector,
    synchronize: {
      configurationSection: 'calckit',
      ...(platform.fileEvents ? { fileEvents: platform.fileEvents } : {}),
    },
    // The server pulls settings per document (workspace/configuration); these are its defaults until then.
    initializationOptions: () => ({ settings: serverSettings(vscode.workspace.workspaceFolders?.[0]?.uri) }),
    outputChannel: log.channel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    ...(platform.middleware ? { middleware: platform.middleware } : {}),
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
          onGiveUp();
          return { action: CloseAction.DoNotRestart, message: 'The calckit language server keeps stopping; see the calckit log.' };
        }
        log.warn(`the language server stopped; restarting it (${crashes.length}/${MAX_CRASHES})`);
        return { action: CloseAction.Restart, handled: true };
      },
    },
  };
}

/** Creates the client with the shared options, starts it, and follows its state. */
export function startClient<Client extends BaseLanguageClient>(platform: ClientPlatform<Client>, log: Log): ServerHandle<Client> {
  const emitter = new vscode.EventEmitter<ServerState>();
  let state: ServerState = 'starting';
  const setState = (next: ServerState): void => {
    state = next;
    emitter.fire(next);
  };
  // Times of the server's recent stops; a restart asked for by the user starts counting again.
  const crashes: number[] = [];
  const client = platform.create(languageClientOptions(platform, log, crashes, () => setState('failed')));
  client.onDidChangeState((event) => {
    if (event.newState === State.Running) {
      platform.onRunning?.(client);
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
      await platform.restart(client);
    },
    dispose: () => {
      emitter.dispose();
      void client.stop();
    },
  };
}

/** A handle with no client: the server bundle is missing from the package, so language features are off. */
export function missingServer(log: Log, what: string): ServerHandle<never> {
  log.warn(`language server bundle ${what} is missing: diagnostics and completion are off (build with the server)`);
  const emitter = new vscode.EventEmitter<ServerState>();
  return {
    client: undefined,
    state: 'missing',
    onDidChangeState: emitter.event,
    restart: async () => {},
    dispose: () => emitter.dispose(),
  };
}
