// startServer: wires one connection to the documents, settings, project, diagnostics and the feature list. Also the
// entry of the VS Code extension's bundled server. Capabilities are derived from the registered features.
import {
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind,
  type ClientCapabilities, type Connection, type InitializeResult, type ServerCapabilities,
} from 'vscode-languageserver';
import { fileURLToPath } from 'node:url';
import type { Feature, ServerContext } from './context.js';
import { DiagnosticsService, WORKER_THRESHOLD } from './diagnostics.js';
import { DocumentStore } from './documents.js';
import { FEATURES } from './features/index.js';
import { guardVoid } from './guard.js';
import { LintWorker } from './lint-worker.js';
import { connectionLog } from './log.js';
import { ProjectService } from './project.js';
import { SettingsService } from './settings.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';
import { IdleCollection } from './idle-gc.js';
import { IdleWarmUp } from './warm-up.js';
import { MemoryRelease } from './release-memory.js';

export interface ServerOptions {
  /** Delay between the last change and the diagnostics push, in ms (default 150; `initializationOptions.diagnosticsDelay` overrides). */
  readonly diagnosticsDelay?: number;
  /** The features to offer (default: all). */
  readonly features?: readonly Feature[];
  /** A script that serves lint requests in a worker thread (bin.ts passes itself); without one, lint runs inline. */
  readonly lintWorkerScript?: string;
}

/** Files whose change can alter diagnostics: project files, the schema files they name, the formulas others nest; and
 * formula tests (`*.calc.test.json|yaml|yml`) and their CSV/JSON data files. */
const WATCHED_GLOBS = ['**/calckit.json', '**/*.json', '**/*.calc', '**/*.calc.test.yaml', '**/*.calc.test.yml', '**/*.csv'];

/** Merges the features' capabilities. Each feature owns its keys; a key declared twice is a defect (features.test.ts). */
export function mergeCapabilities(parts: readonly ServerCapabilities[]): ServerCapabilities {
  return Object.assign({}, ...parts) as ServerCapabilities;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const log = connectionLog(connection);
  const documents = new DocumentStore();
  const projects = new ProjectService(log);
  const settings = new SettingsService(connection, projects, log);
  let client: ClientCapabilities = {};
  let delay = options.diagnosticsDelay ?? 150;
  const worker = options.lintWorkerScript ? new LintWorker(options.lintWorkerScript, log) : undefined;
  // Minor GCs in the pause after diagnostics go out, not in the next change (idle-gc.ts).
  const idleCollection = new IdleCollection({ firstCollection: () => log.info('collecting the young generation in the pauses after diagnostics') });
  const diagnostics = new DiagnosticsService(connection, documents, settings, log, () => delay, worker, () => idleCollection.afterReply());
  const warmUp = new IdleWarmUp({ finished: (n, ms) => log.info(`warmed up the keystroke path: ${n} iterations, ${Math.round(ms)} ms`) });
  let warmUpWanted = true;
  // After a large document closes, what it took goes back to the system (release-memory.ts).
  const memoryRelease = new MemoryRelease({
    largeDocument: WORKER_THRESHOLD,
    anyLargeOpen: () => documents.uris().some((uri) => (documents.textOf(uri)?.getText().length ?? 0) >= WORKER_THRESHOLD),
    stopWorker: () => worker?.stopIfIdle(),
    released: (ms) => log.info(`released the memory of a closed large document (${Math.round(ms)} ms)`),
  });
  connection.onShutdown(() => {
    memoryRelease.dispose();
    warmUp.dispose();
    idleCollection.dispose();
    worker?.dispose();
  });
  const features = options.features ?? FEATURES;
  const watchedFileListeners: Array<(paths: readonly string[]) => void> = [];
  const ctx: ServerContext = {
    connection, documents, settings, diagnostics, log, client: () => client, projects,
    onWatchedFiles: (listener) => void watchedFileListeners.push(listener),
  };

  connection.onInitialize((params): InitializeResult => {
    client = params.capabilities;
    settings.initialize(params);
    const init = params.initializationOptions as { diagnosticsDelay?: unknown; pushDiagnostics?: unknown; warmUp?: unknown; idleGc?: unknown } | undefined;
    if (typeof init?.diagnosticsDelay === 'number' && init.diagnosticsDelay >= 0 && init.diagnosticsDelay <= 10_000) delay = init.diagnosticsDelay;
    if (init?.warmUp === false) warmUpWanted = false;
    if (init?.idleGc === false) idleCollection.dispose();
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
      if (client.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
        await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })) });
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
      idleCollection.activity();
      memoryRelease.activity();
      diagnostics.schedule(e.document.uri);
    }),
  );
  documents.synced.onDidClose(
    guardVoid(log, 'didClose', (e) => {
      diagnostics.closed(e.document.uri);
      settings.forget(e.document.uri);
      memoryRelease.closed(e.document.getText().length);
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
      const paths = params.changes.flatMap((c) => (c.uri.startsWith('file:') ? [fileURLToPath(c.uri)] : []));
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
}
