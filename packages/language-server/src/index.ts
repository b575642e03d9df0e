// Public API of @calckit/language-server: startServer(connection) for embedders (the VS Code extension bundles the
// server; bin.ts is the command-line entry), and the pieces tests and benchmarks use.
export { startServer, mergeCapabilities, type ServerOptions } from './server.js';
export type { Feature, ServerContext } from './context.js';
export { FEATURES } from './features/index.js';
export type { ClientSettings } from './settings.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
export { LintWorker, LINT_WORKER_MARK } from './lint-worker.js';
