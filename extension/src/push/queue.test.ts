// The push queue: one push in flight, later saves queued, saves of a waiting file coalesced into one push.
import { describe, expect, it } from 'vitest';
import { PushQueue } from './queue.js';

/** A job whose end the test decides, recording when it started. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('PushQueue', () => {
  it('runs one job at a time, in order of arrival', async () => {
    const queue = new PushQueue<string>();
    const started: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const gates = { a: gate(), b: gate(), c: gate() };
    const job = (key: keyof typeof gates) => ({
      key,
      run: async () => {
        started.push(key);
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await gates[key].promise;
        concurrent--;
        return `done ${key}`;
      },
    });
    const results = [queue.enqueue(job('a')), queue.enqueue(job('b')), queue.enqueue(job('c'))];
    await Promise.resolve();
    expect(queue.inFlight).toBe('a');
    expect(queue.pending).toEqual(['b', 'c']);
    gates.c.open();
    gates.b.open();
    gates.a.open();
    expect(await Promise.all(results)).toEqual(['done a', 'done b', 'done c']);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(maxConcurrent).toBe(1);
  });

  it('coalesces saves of a waiting file: only the latest content runs, every caller gets its outcome', async () => {
    const queue = new PushQueue<string>();
    const ran: string[] = [];
    const first = gate();
    const job = (key: string, content: string, wait?: Promise<void>) => ({
      key,
      run: async () => {
        ran.push(`${key}:${content}`);
        if (wait) await wait;
        return `${key}:${content}`;
      },
    });
    const a1 = queue.enqueue(job('a.calc', 'v1', first.promise));
    const b1 = queue.enqueue(job('b.calc', 'v1'));
    const a2 = queue.enqueue(job('a.calc', 'v2')); // a.calc is in flight: queued behind b
    const b2 = queue.enqueue(job('b.calc', 'v2')); // b.calc is waiting: replaces v1
    const a3 = queue.enqueue(job('a.calc', 'v3')); // a.calc v2 is waiting: replaces it
    await Promise.resolve();
    expect(queue.pending).toEqual(['b.calc', 'a.calc']);
    first.open();
    expect(await Promise.all([a1, b1, a2, b2, a3])).toEqual(['a.calc:v1', 'b.calc:v2', 'a.calc:v3', 'b.calc:v2', 'a.calc:v3']);
    expect(ran).toEqual(['a.calc:v1', 'b.calc:v2', 'a.calc:v3']);
  });

  it('a failing job rejects its callers and the queue goes on', async () => {
    const queue = new PushQueue<string>();
    const failing = queue.enqueue({ key: 'x', run: () => Promise.reject(new Error('boom')) });
    const next = queue.enqueue({ key: 'y', run: () => Promise.resolve('ok') });
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    await queue.idle();
    expect(queue.inFlight).toBeUndefined();
    expect(queue.pending).toEqual([]);
  });
});
