// After a large document closes, the memory its versions took goes back to the system.
//
// Why: closing a 1 MB formula dropped every reference the server kept (its parse, its diagnostics, the lint of its
// last version), yet the process stayed at about 500 MB, four times its idle size. Two things held it: the lint
// worker (a V8 heap of its own, which had linted the text) until its idle timer ran out; and V8, which collects an old
// generation only when allocation asks for it, so a server with nothing to do never gave the freed pages back. (The
// parser kept its last input too, some 40 MB, until it read another formula: since parseFormula keeps nothing of a
// text once it returns, nothing here needs to make it read one.) So, once the server has been idle for
// RELEASE_DELAY_MS after such a close: the worker stops when no open document needs it, and one full GC runs (about
// 0.1 s, while nothing waits).
import { collector, type Collector } from './idle-gc.js';

/** How long after the close (and after the last change since) the release waits. */
export const RELEASE_DELAY_MS = 500;

export interface MemoryReleaseOptions {
  /** A document of at least this many characters is large (its close is followed by a release). */
  readonly largeDocument: number;
  /** Whether an open document is still large: the lint worker is then kept. */
  readonly anyLargeOpen: () => boolean;
  /** Stops the lint worker unless it is working (LintWorker.stopIfIdle). */
  readonly stopWorker: () => void;
  /** Called after each release (the server logs it). */
  readonly released?: (ms: number) => void;
  readonly delayMs?: number;
}

export class MemoryRelease {
  readonly #options: MemoryReleaseOptions;
  #timer: NodeJS.Timeout | undefined;
  /** V8's collector, reached on the first release (undefined: none to be had); null until then. */
  #collect: Collector | undefined | null = null;
  #disposed = false;

  constructor(options: MemoryReleaseOptions) {
    this.#options = options;
  }

  /** A document of `length` characters closed. */
  closed(length: number): void {
    if (length >= this.#options.largeDocument) this.#schedule();
  }

  /** A change arrived: a pending release waits for the next pause. */
  activity(): void {
    if (this.#timer) this.#schedule();
  }

  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#disposed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.release();
    }, this.#options.delayMs ?? RELEASE_DELAY_MS);
    // A pending release never keeps the process alive.
    this.#timer.unref();
  }

  /** The release itself, now. */
  release(): void {
    const start = performance.now();
    if (!this.#options.anyLargeOpen()) this.#options.stopWorker();
    if (this.#collect === null) this.#collect = collector();
    this.#collect?.();
    this.#options.released?.(performance.now() - start);
  }
}
