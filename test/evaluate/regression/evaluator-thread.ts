// Runs the evaluator (from its sources, bundled once per run with esbuild) in a worker thread with a memory limit and
// a time limit per expression: an expression that exhausts either fails alone, with the reason, and the next one gets
// a new thread.
import { Worker } from 'node:worker_threads';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { EvaluateReply, EvaluateRequest } from './evaluator-worker.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Far above what any expression of the tests needs (a few kB), so that crossing it is a defect, found fast. */
const MEMORY_LIMIT_MB = 64;
const TIME_LIMIT_MS = 3_000;
/** One message for every way a limit stops the thread (out of memory, over time, exited): which one comes first
 * depends on the machine's load, and the pending list records exact values. */
export const LIMIT_CROSSED = `the evaluator crossed its limits (${MEMORY_LIMIT_MB} MB of heap or ${TIME_LIMIT_MS / 1000} s): it would crash or hang a real run`;

export class EvaluatorThread {
  private worker: Worker | undefined;

  private constructor(private readonly bundle: string) {}

  /** Bundles the worker (evaluate and formula from their sources, as the tests read them). */
  static async create(): Promise<EvaluatorThread> {
    const dir = join(ROOT, 'node_modules/.cache/calckit');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, `regression-evaluator-${process.pid}.mjs`);
    await build({
      entryPoints: [fileURLToPath(new URL('./evaluator-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['source'],
      outfile,
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return new EvaluatorThread(outfile);
  }

  /** A thread that has loaded the evaluator (its `ready` message): loading is not timed, so a busy machine's slow
   * start is not taken for an expression over its time. */
  private async ready(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(this.bundle, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB } });
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        worker.off('message', onReady);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onError = (error: Error) => settle(error);
      const onExit = (code: number) => settle(new Error(`the evaluator's thread exited (${code}) while loading`));
      worker.on('message', onReady);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    this.worker = worker;
    return worker;
  }

  /** The evaluator's value over one row, or `{ error }` (its own error, or the limit it crossed). */
  async evaluate(request: EvaluateRequest): Promise<EvaluateReply> {
    const worker = await this.ready();
    return new Promise((resolve) => {
      const done = (reply: EvaluateReply, dead: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (dead) {
          void worker.terminate();
          this.worker = undefined;
        }
        resolve(reply);
      };
      const onMessage = (reply: EvaluateReply) => done(reply, false);
      const onError = () => done({ error: LIMIT_CROSSED }, true);
      const onExit = () => done({ error: LIMIT_CROSSED }, true);
      const timer = setTimeout(() => done({ error: LIMIT_CROSSED }, true), TIME_LIMIT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
    rmSync(this.bundle, { force: true });
  }
}
