// Young-generation collections in the pause after diagnostics go out, instead of inside the next change's work.
//
// Why: each change of a 5 KB formula allocates about a megabyte in V8's young generation (the message, tokens, tree,
// model, lint), and a minor GC runs whenever it fills: about every tenth change, for 1.5–3 ms (up to 9), inside that
// change. Not even where the space ran out: past 80% full V8 posts a task for it (`--minor-gc-task-trigger`), which
// Node runs at the event loop's next turn, and that is when the next change has arrived. Traced over stdio, 500 changes
// 15 ms apart: 32–34 of them had a minor GC inside. Once diagnostics are sent the server has nothing to do until the
// next message; when the next change would take the young generation past V8's trigger, its minor GC is run then, 2 ms
// after the reply unless a change has arrived by then (a change already there is never held up by it). Same trace with
// this: none of the 500 changes had one, for 54–56 minor GCs instead of 46–47 in all (about 0.04 ms more GC time per
// change, spent while the server waits). Changes sent back to back, with no pause, get V8's own collections as before.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's collector as `--expose-gc` gives it: a full GC without options, a minor one with `{ type: 'minor' }`. */
export type Collector = (options?: { type: 'minor' | 'major' }) => void;

/** The young generation's use, in bytes: what is allocated in it and the room left at its current size. */
export interface YoungGeneration {
  readonly used: number;
  readonly room: number;
}

/** V8's own trigger (`--minor-gc-task-trigger`, 80 by default): past this share of the young generation used, V8 posts
 * a task that runs a minor GC at the event loop's next turn. */
const MINOR_GC_TASK_TRIGGER = 0.8;

/** V8's young generation as it stands, or undefined when V8 does not say. */
export function youngGeneration(): YoungGeneration | undefined {
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') return { used: space.space_used_size, room: space.space_available_size };
  }
  return undefined;
}

/**
 * Whether a minor GC is due before the next reply: when the next reply's allocation (as much as the last one's, twice
 * over for safety) would take the young generation past V8's trigger, or out of room.
 */
export function minorGcDue(now: YoungGeneration, perReply: number): boolean {
  const capacity = now.used + now.room;
  return now.used + 2 * perReply > capacity * MINOR_GC_TASK_TRIGGER;
}

/** V8's collector, made reachable without the process being started with `--expose-gc`; undefined when V8 refuses. */
export function collector(): Collector | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Collector) : undefined;
  } catch {
    return undefined;
  }
}

export interface IdleCollectionOptions {
  /** What measures the young generation (default youngGeneration); for tests. */
  readonly measure?: () => YoungGeneration | undefined;
  /** What collects (default V8's minor GC); for tests. */
  readonly collect?: Collector;
  /** Called once, after the first collection (the server logs it). */
  readonly firstCollection?: () => void;
  /** How long after a reply the check waits (default IDLE_GC_DELAY_MS). */
  readonly delayMs?: number;
}

/** How long after a reply the check waits: a change sent right after the reply (an editor typing fast, or a client
 * that sends the next change as soon as it has the diagnostics) arrives first and cancels it (`activity()`), so that
 * the collection never holds up a change that is already there. */
export const IDLE_GC_DELAY_MS = 2;

/**
 * `afterReply()` as each reply the user waits for goes out (diagnostics pushed or pulled): IDLE_GC_DELAY_MS later,
 * unless a change arrived meanwhile (`activity()`), a minor GC if the next reply would otherwise meet one (minorGcDue).
 * A reply's allocation is measured as the young generation's growth over the replies since the last check (a GC
 * between them shrinks it: that measure is skipped). At most one check is pending at a time.
 */
export class IdleCollection {
  readonly #measure: () => YoungGeneration | undefined;
  /** V8's collector, reached on the first check (undefined: none to be had); null until then. */
  #collect: Collector | undefined | null;
  readonly #firstCollection: () => void;
  readonly #delayMs: number;
  /** The young generation's use at the last check (after its GC, if one ran), and the replies since. */
  #usedAtCheck: number | undefined;
  #repliesSinceCheck = 0;
  /** A reply's allocation, as last measured. */
  #perReply = 0;
  #timer: NodeJS.Timeout | undefined;
  #disposed = false;
  /** Minor GCs run so far (for tests and logs). */
  collections = 0;

  constructor(options: IdleCollectionOptions = {}) {
    this.#measure = options.measure ?? youngGeneration;
    this.#collect = options.collect ?? null;
    this.#firstCollection = options.firstCollection ?? (() => undefined);
    this.#delayMs = options.delayMs ?? IDLE_GC_DELAY_MS;
  }

  afterReply(): void {
    if (this.#disposed || this.#collect === undefined) return;
    this.#repliesSinceCheck++;
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#disposed) this.check();
    }, this.#delayMs);
    // The check never keeps the process alive.
    this.#timer.unref();
  }

  /** A change arrived: the pause is over, and a pending check is dropped (the next reply sets one again). */
  activity(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The check itself, now: measure, and collect if due. */
  check(): void {
    if (this.#collect === null) this.#collect = collector();
    if (!this.#collect) return;
    let now = this.#measure();
    if (!now) return;
    if (this.#usedAtCheck !== undefined && now.used > this.#usedAtCheck && this.#repliesSinceCheck > 0) {
      this.#perReply = (now.used - this.#usedAtCheck) / this.#repliesSinceCheck;
    }
    if (minorGcDue(now, this.#perReply)) {
      this.#collect({ type: 'minor' });
      if (++this.collections === 1) this.#firstCollection();
      now = this.#measure() ?? now;
    }
    this.#usedAtCheck = now.used;
    this.#repliesSinceCheck = 0;
  }

  /** No more checks (the server shuts down, or the client turned it off). */
  dispose(): void {
    this.#disposed = true;
    this.activity();
  }
}
