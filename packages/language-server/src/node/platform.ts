// The Node platform (bin.ts, the VS Code extension's bundled server): projects on disk through ProjectIndex, the lint
// worker thread for long texts, minor GCs in the pauses after diagnostics (idle-gc.ts), the memory of a closed large
// document given back (release-memory.ts), and the features that need files (formula tests, the call hierarchy).
import type { Connection } from 'vscode-languageserver';
import { WORKER_THRESHOLD } from '../diagnostics.js';
import { callHierarchy } from '../features/call-hierarchy.js';
import type { PlatformServices, ServerPlatform } from '../platform.js';
import { startServer, type ServerOptions } from '../server.js';
import { formulaTests } from './features/formula-tests.js';
import { IdleCollection } from './idle-gc.js';
import { LintWorker } from './lint-worker.js';
import { ProjectService } from './project.js';
import { MemoryRelease } from './release-memory.js';

export interface NodePlatformOptions {
  /** A script that serves lint requests in a worker thread (bin.ts passes itself); without one, lint runs inline. */
  readonly lintWorkerScript?: string;
}

/** Files whose change can alter diagnostics: project files, the schema files they name, the formulas others nest; and
 * formula tests (`*.calc.test.json|yaml|yml`) and their CSV/JSON data files. */
const WATCHED_GLOBS = ['**/calckit.json', '**/*.json', '**/*.calc', '**/*.calc.test.yaml', '**/*.calc.test.yml', '**/*.csv'];

export function nodePlatform(options: NodePlatformOptions = {}): ServerPlatform {
  return {
    features: [callHierarchy, formulaTests],
    watchedGlobs: WATCHED_GLOBS,
    start({ log, documents }): PlatformServices {
      const worker = options.lintWorkerScript ? new LintWorker(options.lintWorkerScript, log) : undefined;
      // Minor GCs in the pause after diagnostics go out, not in the next change (idle-gc.ts).
      const idleCollection = new IdleCollection({ firstCollection: () => log.info('collecting the young generation in the pauses after diagnostics') });
      // After a large document closes, what it took goes back to the system (release-memory.ts).
      const memoryRelease = new MemoryRelease({
        largeDocument: WORKER_THRESHOLD,
        anyLargeOpen: () => documents.uris().some((uri) => (documents.textOf(uri)?.getText().length ?? 0) >= WORKER_THRESHOLD),
        stopWorker: () => worker?.stopIfIdle(),
        released: (ms) => log.info(`released the memory of a closed large document (${Math.round(ms)} ms)`),
      });
      return {
        projects: new ProjectService(log),
        ...(worker ? { lintWorker: worker } : {}),
        initialize: (init) => {
          if (init?.['idleGc'] === false) idleCollection.dispose();
        },
        afterDelivery: () => idleCollection.afterReply(),
        activity: () => {
          idleCollection.activity();
          memoryRelease.activity();
        },
        closed: (length) => memoryRelease.closed(length),
        dispose: () => {
          memoryRelease.dispose();
          idleCollection.dispose();
          worker?.dispose();
        },
      };
    },
  };
}

/** The Node server on a connection: the core with the Node platform. */
export function startNodeServer(connection: Connection, options: Omit<ServerOptions, 'platform'> & NodePlatformOptions = {}): Connection {
  const { lintWorkerScript, ...core } = options;
  return startServer(connection, { ...core, platform: nodePlatform(lintWorkerScript !== undefined ? { lintWorkerScript } : {}) });
}
