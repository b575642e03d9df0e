// Runs lint jobs in worker threads (one contiguous chunk per worker), preserving the jobs' order in the results.
import { Worker } from 'node:worker_threads';
import type { FileResult } from '@calckit/lint';
import type { LintJob, LintRunOptions } from './lint-file.js';
import { SettingsError } from './projects.js';
import type { WorkerInput, WorkerMessage } from './worker.js';

export async function lintInWorkers(
  jobs: readonly LintJob[],
  threads: number,
  configPath: string | undefined,
  options: LintRunOptions,
  onProgress: (done: number) => void,
): Promise<FileResult[]> {
  const size = Math.ceil(jobs.length / threads);
  const chunks: LintJob[][] = [];
  for (let i = 0; i < jobs.length; i += size) chunks.push(jobs.slice(i, i + size));
  const runs = chunks.map(
    (chunk) =>
      new Promise<FileResult[]>((resolvePromise, reject) => {
        const input: WorkerInput = { jobs: chunk, ...(configPath !== undefined ? { configPath } : {}), options };
        const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: input });
        let settled = false;
        const results: FileResult[] = [];
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'results') {
            for (const r of message.results) results.push(r as FileResult);
            onProgress(message.results.length);
          } else if (message.type === 'done') {
            settled = true;
            resolvePromise(results);
          } else {
            settled = true;
            reject(message.settings ? new SettingsError(message.message) : new Error(message.message));
          }
        });
        worker.on('error', (error) => {
          settled = true;
          reject(error);
        });
        worker.on('exit', (code) => {
          if (!settled) reject(new Error(`lint worker exited with code ${code}`));
        });
      }),
  );
  return (await Promise.all(runs)).flat();
}
