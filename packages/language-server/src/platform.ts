// What a platform gives one server: the features only it can offer, the files the client should watch, and its
// services (host.ts: projects on disk, the lint worker; V8's collector). The core (every module outside node/, bin.ts
// and index.ts) imports no Node module: node/ implements a platform for the Node server (bin.ts, the VS Code
// extension's bundled server); browser.ts gives a Worker none of these (no project, no lint worker, no idle GC).
import type { Feature } from './context.js';
import type { DocumentStore } from './documents.js';
import type { LintRunner, ProjectHost } from './host.js';
import type { Log } from './log.js';

/** The platform's services for one server, told what the server does so they can use its pauses. */
export interface PlatformServices {
  readonly projects?: ProjectHost;
  readonly lintWorker?: LintRunner;
  /** `initialize`'s initializationOptions (the Node server reads `idleGc`). */
  initialize(options: Readonly<Record<string, unknown>> | undefined): void;
  /** A version's diagnostics went out (pushed or pulled): the pause after them is idle time. */
  afterDelivery(): void;
  /** A document changed. */
  activity(): void;
  /** A document of `length` characters closed. */
  closed(length: number): void;
  dispose(): void;
}

export interface ServerPlatform {
  /** Features only this platform can offer (files on disk: formula tests, the call hierarchy), after the core's. */
  readonly features: readonly Feature[];
  /** File-system events the client should watch (none without files). */
  readonly watchedGlobs: readonly string[];
  /** Starts the platform's services for one server. */
  start(env: { readonly log: Log; readonly documents: DocumentStore }): PlatformServices;
}

/** A platform without files, threads or a collector to call (a browser's Worker). */
export const NO_FILES_PLATFORM: ServerPlatform = {
  features: [],
  watchedGlobs: [],
  start: () => ({
    initialize: () => undefined,
    afterDelivery: () => undefined,
    activity: () => undefined,
    closed: () => undefined,
    dispose: () => undefined,
  }),
};
