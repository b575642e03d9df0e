// Checkpoints the emulator's SQLite WAL into the database file from a worker thread with its own connection, so
// that copying pages and the two fsyncs a checkpoint takes never block the event loop that answers requests.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What `PRAGMA wal_checkpoint` answers: frames in the WAL, and how many of them are now in the database file. */
export interface CheckpointResult {
  readonly busy: boolean;
  readonly log: number;
  readonly checkpointed: number;
}

// CommonJS source, run with `eval: true`: a file beside this one would not exist when the package runs from its
// TypeScript sources (tests). The driver is passed as a resolved path for the same reason.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
// Checkpoints sync the WAL and the database file at NORMAL as at FULL; this connection never commits anything.
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, busy: row.busy === 1, log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  }
});
`;

/** One worker thread running PASSIVE checkpoints of one database file, one at a time, when asked. */
export class Checkpointer {
  private readonly worker: Worker;
  private waiting: { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void } | undefined;
  private failed: Error | undefined;

  constructor(path: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
    // Never keeps the process alive on its own: the emulator's server does, and close() ends the worker.
    this.worker.unref();
    this.worker.on('message', (m: { ok: true; busy: boolean; log: number; checkpointed: number } | { ok: false; message: string }) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (!waiting) return;
      if (m.ok) waiting.resolve({ busy: m.busy, log: m.log, checkpointed: m.checkpointed });
      else waiting.reject(new Error(`checkpoint failed: ${m.message}`));
    });
    const fail = (error: Error): void => {
      this.failed ??= error;
      this.waiting?.reject(error);
      this.waiting = undefined;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`checkpoint worker exited (${code})`)));
  }

  get running(): boolean {
    return this.waiting !== undefined;
  }

  /** Runs one PASSIVE checkpoint (one at a time: the caller waits for the previous one). */
  checkpoint(): Promise<CheckpointResult> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.waiting) return Promise.reject(new Error('a checkpoint is already running'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage('checkpoint');
    });
  }

  /** Closes the worker's connection and ends the thread (after a checkpoint in progress, if any). */
  close(): void {
    if (this.failed) return;
    this.failed = new Error('checkpointer closed');
    this.worker.postMessage('close');
  }
}
