// Runs lint jobs in worker threads (one contiguous chunk per worker), preserving the jobs' order in the results. A
// worker that stops before the end of its chunk (it ran out of memory, or failed outside any one file) leaves every file
// it did not report with an internal-error result: the run still reports on every file.
import { Worker } from 'node:worker_threads';
import { internalErrorResult, type JobResult, type LintJob, type LintRunOptions } from './lint-file.js';
import { SettingsError } from './projects.js';
import type { WorkerInput, WorkerMessage } from './worker.js';

export async function lintInWorkers(
  jobs: readonly LintJob[],
  threads: number,
  configPath: string | undefined,
  options: LintRunOptions,
  onProgress: (done: number) => void,
): Promise<JobResult[]> {
  const size = Math.ceil(jobs.length / threads);
  const chunks: LintJob[][] = [];
  for (let i = 0; i < jobs.length; i += size) chunks.push(jobs.slice(i, i + size));
  const runs = chunks.map(
    (chunk) =>
      new Promise<JobResult[]>((resolvePromise, reject) => {
        const input: WorkerInput = { jobs: chunk, ...(configPath !== undefined ? { configPath } : {}), options };
        const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: input });
        let settled = false;
        const results: JobResult[] = [];
        /** The files the worker did not report get the worker's failure as their internal error. */
        const stopped = (error: Error): void => {
          if (settled) return;
          settled = true;
          const rest = chunk.slice(results.length);
          for (const job of rest) results.push(internalErrorResult(job.displayPath, error));
          onProgress(rest.length);
          resolvePromise(results);
        };
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'results') {
            for (const r of message.results) results.push(r as JobResult);
            onProgress(message.results.length);
          } else if (message.type === 'done') {
            settled = true;
            resolvePromise(results);
          } else if (message.settings) {
            // A bad project file or schema stops the run (exit 2), as it does without workers.
            settled = true;
            reject(new SettingsError(message.message));
          } else {
            const error = new Error(`the lint worker thread failed: ${message.message.split('\n', 1)[0]}`);
            error.stack = message.message;
            stopped(error);
          }
        });
        worker.on('error', (error) => stopped(error));
        worker.on('exit', (code) => stopped(new Error(`the lint worker thread stopped (exit code ${code}) before linting this file`)));
      }),
  );
  return (await Promise.all(runs)).flat();
}
