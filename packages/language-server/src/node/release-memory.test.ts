// When the memory of a closed large document is released: only after a large one, once the changes pause, the worker
// kept while another large document is open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRelease } from './release-memory.js';

/** Fake time: the test says when the timers run, whatever the machine's load. */
const wait = (ms: number) => vi.advanceTimersByTime(ms);

function release(anyLargeOpen = false) {
  const events: string[] = [];
  const memory = new MemoryRelease({
    largeDocument: 1000,
    anyLargeOpen: () => anyLargeOpen,
    stopWorker: () => void events.push('worker stopped'),
    released: () => void events.push('released'),
    delayMs: 30,
  });
  return { memory, events };
}

describe('MemoryRelease', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('releases once after a large document closes and the changes pause', () => {
    const { memory, events } = release();
    memory.closed(999);
    wait(60);
    expect(events).toEqual([]);
    memory.closed(1000);
    wait(20);
    memory.activity();
    wait(20);
    expect(events).toEqual([]);
    wait(40);
    expect(events).toEqual(['worker stopped', 'released']);
    memory.activity();
    wait(60);
    expect(events).toEqual(['worker stopped', 'released']);
  });

  it('keeps the worker while a large document is open, and does nothing once disposed', () => {
    const open = release(true);
    open.memory.closed(5000);
    wait(60);
    expect(open.events).toEqual(['released']);
    const disposed = release();
    disposed.memory.closed(5000);
    disposed.memory.dispose();
    wait(60);
    expect(disposed.events).toEqual([]);
  });
});
