// @calckit/language-server/browser: the language server in a browser's Web Worker (the workbench page, VS Code for the
// Web). The core over vscode-languageserver/browser's message reader and writer on the worker's scope, with no files:
// no project, no lint worker, no idle GC, and neither formula tests nor the call hierarchy among the capabilities.
// Columns come from the `schema` setting (inline-schema.ts). Built into dist/browser/calckit-language-server.js, a
// classic worker script that starts the server (scripts/bundle.mjs, browser-main.ts).
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/browser';
import { NO_FILES_PLATFORM } from './platform.js';
import { startServer, type ServerOptions } from './server.js';

/** The scope a Worker's messages go through (`self` in a worker; a MessagePort serves too). */
export type WorkerScope = ConstructorParameters<typeof BrowserMessageReader>[0];

/** Starts the server on the worker's messages and returns the connection (an embedder may add requests to it). */
export function startBrowserServer(scope: WorkerScope = globalThis as unknown as WorkerScope, options: Omit<ServerOptions, 'platform'> = {}): Connection {
  // The Node server's connection has the same proposed features (bin.ts).
  const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(scope), new BrowserMessageWriter(scope));
  return startServer(connection, { ...options, platform: NO_FILES_PLATFORM });
}

export { NO_FILES_PLATFORM };
export type { ClientSettings } from './settings.js';
export type { InlineColumn } from './inline-schema.js';
// The custom requests' answers, for a page that asks them (the workbench).
export type { CalculationParams, CalculationProblem, CalculationResult } from './features/calculation.js';
export type { EvaluateParams, EvaluateProblem, EvaluateResponse } from './features/evaluation.js';
