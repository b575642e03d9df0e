// Runs one code-function call in its own worker thread with a memory limit and a time limit, a few at a time.
import { Worker } from 'node:worker_threads';
import { WORKER_SOURCE } from './worker-source.js';

export interface SandboxLogs {
  readonly stdout: string[];
  readonly stderr: string[];
}

export type SandboxOutcome =
  | { readonly kind: 'returned'; readonly value: unknown; readonly logs: SandboxLogs }
  | { readonly kind: 'unserializable'; readonly type: string; readonly logs: SandboxLogs }
  | { readonly kind: 'threw'; readonly message: string; readonly stack: string; readonly logs: SandboxLogs }
  | { readonly kind: 'unsettled'; readonly logs: SandboxLogs }
  | { readonly kind: 'timeout'; readonly logs: SandboxLogs }
  | { readonly kind: 'out-of-memory'; readonly logs: SandboxLogs }
  | { readonly kind: 'crashed'; readonly message: string; readonly logs: SandboxLogs };

export interface SandboxLimits {
  readonly timeoutMs: number;
  readonly memoryMb: number;
  readonly maxLogEntries: number;
  readonly maxLogEntryLength: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeoutMs: 2000, memoryMb: 64, maxLogEntries: 1000, maxLogEntryLength: 10_000 };

const NO_LOGS: SandboxLogs = { stdout: [], stderr: [] };

interface WorkerReport {
  outcome:
    | { kind: 'returned'; json: string }
    | { kind: 'unserializable'; type: string }
    | { kind: 'threw'; message: string; stack: string }
    | { kind: 'unsettled' }
    | { kind: 'timeout' };
  logs: SandboxLogs;
}

export class Sandbox {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();

  constructor(
    private readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
    private readonly concurrency = 4,
  ) {}

  get defaultTimeoutMs(): number {
    return this.limits.timeoutMs;
  }

  /** Calls `async function (params…) { body }` with `args`; never throws. */
  async run(params: readonly string[], body: string, args: readonly unknown[], timeoutMs = this.limits.timeoutMs): Promise<SandboxOutcome> {
    await this.acquire();
    try {
      return await this.runInWorker(params, body, args, timeoutMs);
    } finally {
      this.release();
    }
  }

  /** Stops every running call (used on shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private runInWorker(params: readonly string[], body: string, args: readonly unknown[], timeoutMs: number): Promise<SandboxOutcome> {
    return new Promise((resolve) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          params,
          body,
          inputsJson: JSON.stringify(args),
          timeoutMs,
          maxLogEntries: this.limits.maxLogEntries,
          maxLogEntryLength: this.limits.maxLogEntryLength,
        },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
        stdout: true,
        stderr: true,
      });
      this.workers.add(worker);
      let settled = false;
      const finish = (outcome: SandboxOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(backstop);
        this.workers.delete(worker);
        void worker.terminate();
        resolve(outcome);
      };
      // The vm time limit covers the call and its promise jobs; this backstop covers worker start-up and anything else.
      const backstop = setTimeout(() => finish({ kind: 'timeout', logs: NO_LOGS }), timeoutMs + 5000);
      worker.on('message', (report: WorkerReport) => {
        const o = report.outcome;
        finish(o.kind === 'returned' ? { kind: 'returned', value: JSON.parse(o.json) as unknown, logs: report.logs } : { ...o, logs: report.logs });
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish({ kind: 'out-of-memory', logs: NO_LOGS });
        else finish({ kind: 'crashed', message: error.message, logs: NO_LOGS });
      });
      worker.on('exit', (code) => finish({ kind: 'crashed', message: `worker exited with code ${code}`, logs: NO_LOGS }));
    });
  }
}
