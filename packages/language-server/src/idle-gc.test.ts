// Minor GCs in the pause after diagnostics go out: when one is due (the next reply would take the young generation past
// V8's trigger), that it runs after the reply and at most once per pause, and that V8's collector is really reached.
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { IdleCollection, minorGcDue, youngGeneration, type YoungGeneration } from './idle-gc.js';

const MB = 1024 * 1024;
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

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
        await immediate();
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

  it('runs after the messages already read (setImmediate), not inside the reply, and once for replies in a row', async () => {
    let checks = 0;
    let firsts = 0;
    const collection = new IdleCollection({ measure: () => (checks++, { used: 15 * MB, room: MB }), collect: () => undefined, firstCollection: () => void firsts++ });
    collection.afterReply();
    collection.afterReply();
    collection.afterReply();
    expect(checks).toBe(0);
    await immediate();
    expect(checks).toBe(2); // one check: measured before and after its collection
    expect(collection.collections).toBe(1);
    collection.afterReply();
    await immediate();
    expect(collection.collections).toBe(2);
    expect(firsts).toBe(1);
  });

  it('does nothing after dispose, nor where V8 gives no figures', async () => {
    let collected = 0;
    const disposed = new IdleCollection({ measure: () => ({ used: 15 * MB, room: MB }), collect: () => void collected++ });
    disposed.afterReply();
    disposed.dispose();
    disposed.afterReply();
    await immediate();
    const blind = new IdleCollection({ measure: () => undefined, collect: () => void collected++ });
    blind.afterReply();
    await immediate();
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
