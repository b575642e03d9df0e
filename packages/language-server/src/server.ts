// startServer: wires one connection to the documents, settings, diagnostics, the feature list and the platform's
// services (node/platform.ts for Node, browser.ts for a Worker). Capabilities are derived from the registered
// features. The core: no module it loads imports Node (test/architecture.test.ts).
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind,
  type ClientCapabilities, type Connection, type InitializeResult, type ServerCapabilities,
} from 'vscode-languageserver';
import type { Feature, ServerContext } from './context.js';
import { DiagnosticsService } from './diagnostics.js';
import { DocumentStore } from './documents.js';
import { FEATURES } from './features/index.js';
import { guardVoid } from './guard.js';
import { connectionLog } from './log.js';
import type { ServerPlatform } from './platform.js';
import { SettingsService } from './settings.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';
import { IdleWarmUp } from './warm-up.js';

export interface ServerOptions {
  /** Where the server runs: files, threads, collector (node/platform.ts's nodePlatform, or NO_FILES_PLATFORM). */
  readonly platform: ServerPlatform;
  /** Delay between the last change and the diagnostics push, in ms (default 150; `initializationOptions.diagnosticsDelay` overrides). */
  readonly diagnosticsDelay?: number;
  /** The features to offer (default: the core's FEATURES and the platform's). */
  readonly features?: readonly Feature[];
}

/** Merges the features' capabilities. Each feature owns its keys; a key declared twice is a defect (features.test.ts). */
export function mergeCapabilities(parts: readonly ServerCapabilities[]): ServerCapabilities {
  return Object.assign({}, ...parts) as ServerCapabilities;
}

/** Starts the server on `connection` and returns it (an embedder may add its own handlers before messages arrive). */
export function startServer(connection: Connection, options: ServerOptions): Connection {
  const log = connectionLog(connection);
  const documents = new DocumentStore();
  const { platform } = options;
  const services = platform.start({ log, documents });
  const projects = services.projects;
  const settings = new SettingsService(connection, projects, log);
  let client: ClientCapabilities = {};
  let delay = options.diagnosticsDelay ?? 150;
  const diagnostics = new DiagnosticsService(connection, documents, settings, log, () => delay, services.lintWorker, () => services.afterDelivery());
  const warmUp = new IdleWarmUp({ finished: (n, ms) => log.info(`warmed up the keystroke path: ${n} iterations, ${Math.round(ms)} ms`) });
  let warmUpWanted = true;
  connection.onShutdown(() => {
    warmUp.dispose();
    services.dispose();
  });
  const features = options.features ?? [...FEATURES, ...platform.features];
  const watchedFileListeners: Array<(paths: readonly string[]) => void> = [];
  const ctx: ServerContext = {
    connection, documents, settings, diagnostics, log, client: () => client, projects,
    onWatchedFiles: (listener) => void watchedFileListeners.push(listener),
    hoverAdditions: [],
  };

  connection.onInitialize((params): InitializeResult => {
    client = params.capabilities;
    settings.initialize(params);
    const init = params.initializationOptions as { diagnosticsDelay?: unknown; pushDiagnostics?: unknown; warmUp?: unknown; [option: string]: unknown } | undefined;
    if (typeof init?.diagnosticsDelay === 'number' && init.diagnosticsDelay >= 0 && init.diagnosticsDelay <= 10_000) delay = init.diagnosticsDelay;
    if (init?.warmUp === false) warmUpWanted = false;
    services.initialize(init);
    // A client that pulls diagnostics would show pushed ones twice; `pushDiagnostics` overrides for a client that
    // declares pull support without pulling.
    diagnostics.push = typeof init?.pushDiagnostics === 'boolean' ? init.pushDiagnostics : client.textDocument?.diagnostic === undefined;
    const base: ServerCapabilities = { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental } };
    return {
      capabilities: mergeCapabilities([base, ...features.map((f) => f.capabilities(client))]),
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  connection.onInitialized(
    guardVoid(log, 'initialized', async () => {
      if (client.workspace?.didChangeWatchedFiles?.dynamicRegistration && platform.watchedGlobs.length > 0) {
        await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: platform.watchedGlobs.map((globPattern) => ({ globPattern })) });
      }
      if (client.workspace?.didChangeConfiguration?.dynamicRegistration) {
        await connection.client.register(DidChangeConfigurationNotification.type, { section: 'calckit' });
      }
      if (warmUpWanted) warmUp.start();
    }),
  );

  documents.synced.onDidChangeContent(
    guardVoid(log, 'didChange', (e) => {
      warmUp.activity();
      services.activity();
      diagnostics.schedule(e.document.uri);
    }),
  );
  documents.synced.onDidClose(
    guardVoid(log, 'didClose', (e) => {
      diagnostics.closed(e.document.uri);
      settings.forget(e.document.uri);
      services.closed(e.document.getText().length);
    }),
  );
  connection.onDidChangeConfiguration(
    guardVoid(log, 'didChangeConfiguration', (params) => {
      settings.changed(params.settings);
      diagnostics.refreshAll();
      if (client.workspace?.inlayHint?.refreshSupport) void connection.languages.inlayHint.refresh().catch(() => undefined);
    }),
  );
  connection.onDidChangeWatchedFiles(
    guardVoid(log, 'didChangeWatchedFiles', (params) => {
      if (!projects) return;
      const paths = params.changes.flatMap((c) => {
        const path = projects.fileOfUri(c.uri);
        return path === undefined ? [] : [path];
      });
      // The index drops exactly what these files can change; nothing else is re-checked when it had none of them.
      const indexChanged = projects.changed(paths);
      for (const listener of watchedFileListeners) listener(paths);
      if (!indexChanged) return;
      settings.invalidate();
      diagnostics.refreshAll();
    }),
  );

  for (const feature of features) feature.register(ctx);
  documents.listen(connection);
  connection.listen();
  return connection;
}
