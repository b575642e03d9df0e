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
  | { readonly type: 'results'; readonly results: unknown[] }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly settings: boolean; readonly message: string };

/** Results go back in batches, so neither side holds a whole chunk twice; each batch is also a progress tick. */
const BATCH = 50;
const input = workerData as WorkerInput;
const port = parentPort!;
try {
  const resolver = new ProjectResolver(input.configPath);
  let batch: unknown[] = [];
  for (const job of input.jobs) {
    batch.push(lintJob(job, resolver, input.options));
    if (batch.length === BATCH) {
      port.postMessage({ type: 'results', results: batch } satisfies WorkerMessage);
      batch = [];
    }
  }
  if (batch.length > 0) port.postMessage({ type: 'results', results: batch } satisfies WorkerMessage);
  port.postMessage({ type: 'done' } satisfies WorkerMessage);
} catch (error) {
  port.postMessage({ type: 'error', settings: error instanceof SettingsError, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage);
}
