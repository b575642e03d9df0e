// Public API of @calckit/language-server (Node): startNodeServer(connection) for embedders (the VS Code extension
// bundles bin.ts; bin.ts is the command-line entry), the core's startServer with a platform of one's own, and the
// pieces tests and benchmarks use. A browser's Worker imports @calckit/language-server/browser instead (browser.ts).
export { startServer, mergeCapabilities, type ServerOptions } from './server.js';
export { startNodeServer, nodePlatform, type NodePlatformOptions } from './node/platform.js';
export { NO_FILES_PLATFORM, type ServerPlatform, type PlatformServices } from './platform.js';
export type { ProjectHost, LintRunner } from './host.js';
export type { Feature, ServerContext } from './context.js';
export { FEATURES } from './features/index.js';
export type { ClientSettings } from './settings.js';
export type { InlineColumn } from './inline-schema.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
export { LintWorker, LINT_WORKER_MARK } from './node/lint-worker.js';
