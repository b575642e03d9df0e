// Minor GCs in the pause after diagnostics go out: when one is due (the next reply would take the young generation past
// V8's trigger), that it runs after the reply and at most once per pause, and that V8's collector is really reached.
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { IdleCollection, minorGcDue, youngGeneration, type YoungGeneration } from './idle-gc.js';

const MB = 1024 * 1024;
/** Past the check's delay (IDLE_GC_DELAY_MS). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

describe('minorGcDue', () => {
  it.each([
    // used, room, per reply: due when used + twice a reply passes 80% of used + room
    [2, 14, 1, false],
    [10, 6, 1, false],
    [11, 5, 1, true],
    [13, 3, 0, true],
    [12, 4, 0, false],
    [6, 10, 3, false],
    [7, 9, 3.5, true],
  ])('%s MB used, %s MB left, %s MB per reply: %s', (used, room, perReply, due) => {
    expect(minorGcDue({ used: used * MB, room: room * MB }, perReply * MB)).toBe(due);
  });
});

describe('IdleCollection', () => {
  /** A young generation that fills by `perReply` MB with each reply and empties on a collection. */
  function simulated(capacity: number, perReply: number) {
    let used = 0;
    const collected: number[] = [];
    const collection = new IdleCollection({
      measure: (): YoungGeneration => ({ used: used * MB, room: (capacity - used) * MB }),
      collect: () => {
        collected.push(used);
        used = 0.5;
      },
    });
    return {
      collection,
      collected,
      async reply() {
        used += perReply;
        collection.afterReply();
        await pause();
      },
    };
  }

  it('collects after the reply whose successor would pass the trigger, not before, and measures replies as they go', async () => {
    const young = simulated(16, 1);
    for (let i = 0; i < 30; i++) await young.reply();
    // 80% of 16 MB is 12.8: a reply at 11 MB used (+2 × 1 MB) is the first that would leave the next past it.
    expect(young.collected[0]).toBe(11);
    expect(young.collected.every((used) => used >= 10.5 && used < 12.8)).toBe(true);
    expect(young.collection.collections).toBe(young.collected.length);
    expect(young.collected.length).toBeGreaterThanOrEqual(2);
  });

  it('runs after a pause, not inside the reply, once for replies in a row, and not when a change arrives first', async () => {
    let checks = 0;
    let firsts = 0;
    const collection = new IdleCollection({ measure: () => (checks++, { used: 15 * MB, room: MB }), collect: () => undefined, firstCollection: () => void firsts++ });
    collection.afterReply();
    collection.afterReply();
    collection.afterReply();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(checks).toBe(0);
    await pause();
    expect(checks).toBe(2); // one check: measured before and after its collection
    expect(collection.collections).toBe(1);
    // A change arrives before the pause is over: no check; the next reply sets one again.
    collection.afterReply();
    collection.activity();
    await pause();
    expect(collection.collections).toBe(1);
    collection.afterReply();
    await pause();
    expect(collection.collections).toBe(2);
    expect(firsts).toBe(1);
  });

  it('measures a reply as the growth since the last check over the replies since', async () => {
    let used = 1;
    let collected = 0;
    const collection = new IdleCollection({ measure: () => ({ used: used * MB, room: (16 - used) * MB }), collect: () => void collected++ });
    collection.check(); // 1 MB used: the first measure
    // Three replies of 2 MB each, the checks of the first two dropped by changes arriving: 7 MB used, 6 MB over 3.
    for (let i = 0; i < 3; i++) {
      used += 2;
      collection.afterReply();
      if (i < 2) collection.activity();
    }
    await pause();
    // Due: 7 + 2 × 2 = 11 < 12.8; at 9 MB, 9 + 4 = 13 > 12.8.
    expect(collected).toBe(0);
    used += 2;
    collection.afterReply();
    await pause();
    expect(collected).toBe(1);
  });

  it('does nothing after dispose, nor where V8 gives no figures', async () => {
    let collected = 0;
    const disposed = new IdleCollection({ measure: () => ({ used: 15 * MB, room: MB }), collect: () => void collected++ });
    disposed.afterReply();
    disposed.dispose();
    disposed.afterReply();
    await pause();
    const blind = new IdleCollection({ measure: () => undefined, collect: () => void collected++ });
    blind.afterReply();
    await pause();
    expect(collected).toBe(0);
  });

  it('reaches V8: a due check runs a real minor GC', async () => {
    const minor: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ((entry.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor.push(entry);
    });
    observer.observe({ entryTypes: ['gc'] });
    const real = youngGeneration();
    expect(real?.used).toBeGreaterThan(0);
    // The real young generation, reported as nearly full so that the check is due.
    const collection = new IdleCollection({ measure: () => ({ used: 15 * MB, room: MB }) });
    collection.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(collection.collections).toBe(1);
    expect(minor.length).toBeGreaterThanOrEqual(1);
  });
});
