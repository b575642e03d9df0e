// The processes a Sandbox starts ahead of calls: as many as the calls need (up to its concurrency), back to one when
// idle, none after close; each serves one call. Real processes under this machine's isolation layers.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS, Sandbox } from './runner.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await sleep(25);
}

describe('processes started ahead', () => {
  it('grow with a burst of calls up to the concurrency, go back to one when idle, and to none on close', async () => {
    const sandbox = new Sandbox(DEFAULT_SANDBOX_LIMITS, 3, true, 500);
    try {
      expect(sandbox.startedAhead).toBe(0); // no call yet: none
      const outcomes = await Promise.all(Array.from({ length: 9 }, (_, i) => sandbox.run(['i'], 'return i * 2;', [i])));
      expect(outcomes.map((o) => (o.kind === 'returned' ? o.value : o))).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16]);
      // Before: one process at most, however many calls waited for one.
      expect(sandbox.startedAhead).toBe(3);
      await until(() => sandbox.startedAhead === 1, 5000);
      expect(sandbox.startedAhead).toBe(1);
      // A lone call after the idle time: served by the one left, and one is started for the next.
      const lone = await sandbox.run([], 'return "lone";', []);
      expect(lone).toMatchObject({ kind: 'returned', value: 'lone' });
      expect(sandbox.startedAhead).toBe(1);
    } finally {
      await sandbox.close();
    }
    expect(sandbox.startedAhead).toBe(0);
  }, 60_000);

  it('never serve two calls from one process: what a call leaves in its engine is gone in the next', async () => {
    const sandbox = new Sandbox(DEFAULT_SANDBOX_LIMITS, 2, true, 500);
    try {
      for (let i = 0; i < 4; i++) {
        const seen = await sandbox.run([], 'const before = typeof globalThis.mark; globalThis.mark = 1; return before;', []);
        expect(seen).toMatchObject({ kind: 'returned', value: 'undefined' });
      }
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
