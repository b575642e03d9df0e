// Worker thread entry for large runs: lints a chunk of files with its own project cache and posts the results back.
import { parentPort, workerData } from 'node:worker_threads';
import { lintJob, type LintJob, type LintRunOptions } from './lint-file.js';
import { ProjectResolver, SettingsError } from './projects.js';

export interface WorkerInput {
  readonly jobs: readonly LintJob[];
  readonly configPath?: string;
  readonly options: LintRunOptions;
}

export type WorkerMessage =
  | { readonly type: 'progress'; readonly done: number }
  | { readonly type: 'done'; readonly results: unknown[] }
  | { readonly type: 'error'; readonly settings: boolean; readonly message: string };

const PROGRESS_EVERY = 50;
const input = workerData as WorkerInput;
const port = parentPort!;
try {
  const resolver = new ProjectResolver(input.configPath);
  const results = [];
  let sinceReport = 0;
  for (const job of input.jobs) {
    results.push(lintJob(job, resolver, input.options));
    if (++sinceReport === PROGRESS_EVERY) {
      port.postMessage({ type: 'progress', done: sinceReport } satisfies WorkerMessage);
      sinceReport = 0;
    }
  }
  if (sinceReport > 0) port.postMessage({ type: 'progress', done: sinceReport } satisfies WorkerMessage);
  port.postMessage({ type: 'done', results } satisfies WorkerMessage);
} catch (error) {
  port.postMessage({ type: 'error', settings: error instanceof SettingsError, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage);
}
