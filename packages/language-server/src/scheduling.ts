// When the server's deferred work runs, in Node and in a browser's Worker alike: `runSoon` once the messages already
// read have been handled (Node's setImmediate; a MessageChannel where there is none, since a browser clamps nested
// zero-delay timers to 4 ms), and `background` for timers that must not keep a Node process alive (browsers have no
// such notion: their timer handles are numbers).

/** A piece of work waiting to run. */
export interface Scheduled {
  cancel(): void;
}

/** Node's setImmediate, looked up at each call (test clocks replace it). */
type NodeImmediate = { setImmediate?: (run: () => void) => unknown; clearImmediate?: (handle: unknown) => void };

/** Runs `run` after the messages already read, before any timer that is due later. */
export function runSoon(run: () => void): Scheduled {
  const { setImmediate, clearImmediate } = globalThis as NodeImmediate;
  if (setImmediate && clearImmediate) {
    const handle = setImmediate(run);
    return { cancel: () => clearImmediate(handle) };
  }
  let cancelled = false;
  const channel = new MessageChannel();
  const receiver = channel.port1 as unknown as { onmessage: (() => void) | null; close(): void };
  receiver.onmessage = () => {
    receiver.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(undefined);
  return {
    cancel: () => {
      cancelled = true;
      receiver.close();
    },
  };
}

/** A timer that never keeps the process alive (Node's `unref`; nothing to do elsewhere). */
export function background<T>(timer: T): T {
  (timer as { unref?: () => void } | undefined)?.unref?.();
  return timer;
}

/** What setTimeout returns here (a Timeout object in Node, a number in a browser). */
export type TimerHandle = ReturnType<typeof setTimeout>;
