// Serialises pushes: one in flight at a time; a save of a file that is already waiting replaces the waiting job
// (coalescing: only the latest text is pushed, and every caller that waited gets that push's outcome).

export interface QueuedJob<T> {
  /** Files are coalesced by this key (the file's URI or path). */
  readonly key: string;
  readonly run: () => Promise<T>;
}

interface Waiting<T> {
  job: QueuedJob<T>;
  readonly settle: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }>;
}

export class PushQueue<T> {
  private readonly waiting: Waiting<T>[] = [];
  private running: string | undefined;
  private idleWaiters: Array<() => void> = [];

  /** Queues a job; resolves with the outcome of the push that carried this job's content (it or a later save). */
  enqueue(job: QueuedJob<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending = this.waiting.find((w) => w.job.key === job.key);
      if (pending) {
        pending.job = job; // keeps its place in the line, carries the latest content
        pending.settle.push({ resolve, reject });
      } else {
        this.waiting.push({ job, settle: [{ resolve, reject }] });
      }
      void this.pump();
    });
  }

  /** The key of the job in flight, if any. */
  get inFlight(): string | undefined {
    return this.running;
  }

  /** Keys of the jobs waiting, in order. */
  get pending(): readonly string[] {
    return this.waiting.map((w) => w.job.key);
  }

  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void> {
    if (this.running === undefined && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async pump(): Promise<void> {
    if (this.running !== undefined) return;
    const next = this.waiting.shift();
    if (!next) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
      return;
    }
    this.running = next.job.key;
    try {
      const value = await next.job.run();
      for (const s of next.settle) s.resolve(value);
    } catch (error) {
      for (const s of next.settle) s.reject(error);
    } finally {
      this.running = undefined;
      void this.pump();
    }
  }
}
