// Storage: a file database keeps its state across reopenings, refuses newer schemas, and guards locked updates;
// writes are answered only once the WAL is fsynced, and checkpoints keep the WAL bounded under a stream of writes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Checkpointer } from './checkpointer.js';
import { Storage, type StorageOptions, type SyncWal, type WalCheckpointer } from './storage.js';
import { prepareFixtures } from './fixtures.js';
import { FixturesSchema } from './fixtures-format.js';

const dir = mkdtempSync(join(tmpdir(), 'calckit-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixtures = FixturesSchema.parse({
  datasets: [{ id: 'd', name: 'D', columns: [{ name: 'X', id: 'x', type: 'LONG', order: 0 }] }],
  calculations: [
    { id: 1, name: 'One', owner: 1, expression: 'SUM(`X`)', locked: false, datasetId: 'd' },
    { id: 2, name: 'Two', owner: 1, expression: '1', locked: true, datasetId: null },
  ],
});
const data = prepareFixtures(fixtures, { serviceName: 'SVC', now: 1000 });

describe('Storage', () => {
  it('keeps state across reopenings and loads fixtures only once', () => {
    const path = join(dir, 'a.sqlite');
    const s = Storage.open(path);
    expect(s.isEmpty()).toBe(true);
    expect(s.loadFixtures(data, 'test', 1000)).toBe(true);
    const updated = s.updateFormula(1, 'SUM(`X`) + 1', { ...data.calculations[0]!.analysis, checkSum: 'abc' }, 2000);
    expect(updated).toMatchObject({ expression: 'SUM(`X`) + 1', lastModified: 2000 });
    s.close();
    const again = Storage.open(path);
    expect(again.isEmpty()).toBe(false);
    expect(again.loadFixtures(data, 'test', 3000)).toBe(false);
    expect(again.getCalculation(1)).toMatchObject({ expression: 'SUM(`X`) + 1', analysis: { checkSum: 'abc' } });
    expect(again.getDataset('d')?.columns).toHaveLength(1);
    again.close();
  });
  it('runs in WAL mode', () => {
    const path = join(dir, 'b.sqlite');
    Storage.open(path).close();
    const db = new Database(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
  it('refuses to update a locked calculation and moves lastModified strictly forward', () => {
    const s = Storage.open(':memory:');
    s.loadFixtures(data, 'test', 1000);
    expect(s.updateFormula(2, '2', data.calculations[1]!.analysis, 5000)).toBe('locked');
    expect(s.updateFormula(99, '2', data.calculations[1]!.analysis, 5000)).toBeUndefined();
    const a = s.setLocked(1, true, 10)!; // a clock that went backwards still moves lastModified forward
    expect(a.lastModified).toBe(1001);
    expect(s.setLocked(1, false, 10)!.lastModified).toBe(1002);
    s.close();
  });
  it('likely columns: a guess without a query once read, told apart by identity from the columns a transaction reads', () => {
    const s = Storage.open(':memory:');
    s.loadFixtures(data, 'test', 1000);
    expect(s.likelyColumns(99)).toEqual({ found: false, columns: undefined });
    expect(s.likelyColumns(2)).toEqual({ found: true, columns: undefined }); // no dataset
    const first = s.likelyColumns(1);
    expect(first.columns?.map((c) => c.name)).toEqual(['X']);
    expect(s.getDataset('d')?.columns).toBe(first.columns); // unchanged columns: the same record
    expect(s.setDatasetColumns('d', [{ name: 'Y', id: 'y', type: 'LONG', order: 0 }], 2000)).toBe(true);
    expect(s.likelyColumns(1).columns).toBe(first.columns); // stale until read again
    const now = s.getDataset('d')!.columns;
    expect(now).not.toBe(first.columns);
    expect(now.map((c) => c.name)).toEqual(['Y']);
    expect(s.likelyColumns(1).columns).toBe(now);
    s.close();
  });
  it('tracks nesting dependencies', () => {
    const s = Storage.open(':memory:');
    s.loadFixtures(data, 'test', 1000);
    s.updateFormula(1, 'SVC_BEAST_MODE(2)', { ...data.calculations[0]!.analysis, functionTemplateDependencies: [2] }, 2000);
    expect(s.dependentsOf(2)).toEqual([1]);
    s.updateFormula(1, '1', { ...data.calculations[0]!.analysis, functionTemplateDependencies: [] }, 3000);
    expect(s.dependentsOf(2)).toEqual([]);
    s.close();
  });
  it('group commit: writes of one turn commit together; one that throws is undone alone', async () => {
    const s = Storage.open(join(dir, 'group.sqlite'));
    s.loadFixtures(data, 'test', 1000);
    const analysis = data.calculations[0]!.analysis;
    const results = await Promise.allSettled([
      s.write(() => s.updateFormula(1, 'first', analysis, 2000)),
      s.write(() => {
        s.setLocked(1, true, 3000);
        throw new Error('refused after a write');
      }),
      s.write(() => s.setLocked(2, false, 4000)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(s.getCalculation(1)).toMatchObject({ expression: 'first', locked: false });
    expect(s.getCalculation(2)!.locked).toBe(false);
    s.close();
  });

  it('answers a write, and lets a read answer, only once an fsync started after its commit has returned', async () => {
    const held: Array<() => void> = [];
    const syncWal: SyncWal = (_fd, done) => held.push(() => done(null));
    const s = Storage.open(join(dir, 'durable.sqlite'), { syncWal });
    s.loadFixtures(data, 'test', 1000);
    const analysis = data.calculations[0]!.analysis;
    let first = false;
    let second = false;
    const a = s.write(() => s.updateFormula(1, 'a', analysis, 2000)).then(() => (first = true));
    await new Promise((resolve) => setImmediate(resolve)); // the group commit of `a` runs and its fsync starts
    expect(held).toHaveLength(1);
    const b = s.write(() => s.updateFormula(1, 'b', analysis, 3000)).then(() => (second = true));
    await new Promise((resolve) => setImmediate(resolve));
    // `b` committed after the first fsync started: a second fsync runs beside it, without waiting for the first.
    expect(held).toHaveLength(2);
    expect(s.getCalculation(1)!.expression).toBe('b'); // committed, visible to this process, not yet acknowledged
    let readMayAnswer = false;
    const read = s.whenDurable().then(() => (readMayAnswer = true));
    held.shift()!();
    await a;
    expect([first, second, readMayAnswer]).toEqual([true, false, false]);
    held.shift()!();
    await Promise.all([b, read]);
    expect([second, readMayAnswer]).toEqual([true, true]);
    s.close();
  });

  it('a failed fsync fails the writes it covered (not acknowledged); the next ones go on', async () => {
    let fail = true;
    const syncWal: SyncWal = (_fd, done) => setImmediate(() => done(fail ? Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }) : null));
    const s = Storage.open(join(dir, 'eio.sqlite'), { syncWal });
    s.loadFixtures(data, 'test', 1000);
    const analysis = data.calculations[0]!.analysis;
    await expect(s.write(() => s.updateFormula(1, 'lost?', analysis, 2000))).rejects.toThrow(/EIO/);
    fail = false;
    await expect(s.write(() => s.updateFormula(1, 'kept', analysis, 3000))).resolves.toMatchObject({ expression: 'kept' });
    s.close();
  });

  // Each group commit writes about 8 pages (a 30 KB formula, different throughout: SQLite rewrites only the pages of a
  // row that change): without checkpoints, 2,000 of them make a WAL of about 64 MB. The bound is 16 MB (4,000 pages)
  // plus one group commit, however slow the checkpoints are.
  const formula = (i: number): string => String(i).padStart(6, '0').repeat(5000);
  const streamOfWrites = async (name: string, options: StorageOptions): Promise<number> => {
    const path = join(dir, name);
    const s = Storage.open(path, { syncWal: (_fd, done) => setImmediate(() => done(null)), ...options });
    s.loadFixtures(data, 'test', 1000);
    const analysis = data.calculations[0]!.analysis;
    for (let i = 0; i < 2000; i++) {
      await s.write(() => s.updateFormula(1, formula(i), analysis, 2000 + i));
    }
    const walMb = statSync(`${path}-wal`).size / 2 ** 20;
    expect(s.getCalculation(1)!.expression).toBe(formula(1999));
    s.close();
    const again = Storage.open(path);
    expect(again.getCalculation(1)!.expression).toBe(formula(1999));
    again.close();
    return walMb;
  };

  it('checkpoints off the event loop keep the WAL bounded under a stream of writes', async () => {
    expect(await streamOfWrites('stream.sqlite', {})).toBeLessThan(17);
  });

  it('keeps the WAL bounded when the checkpoint worker is slow (a busy machine)', async () => {
    // The real worker, each answer held 100 ms: a stream of writes outruns it, so the bound must not wait for its answers.
    let checkpoints = 0;
    const slow = (path: string): WalCheckpointer => {
      const worker = new Checkpointer(path);
      let running = false;
      return {
        get running() {
          return running;
        },
        checkpoint() {
          running = true;
          checkpoints += 1;
          return worker.checkpoint().then(
            (result) => new Promise((resolve) => setTimeout(() => ((running = false), resolve(result)), 100)),
            (error: unknown) => ((running = false), Promise.reject(error)),
          );
        },
        close: () => worker.close(),
      };
    };
    expect(await streamOfWrites('slow-checkpoints.sqlite', { checkpointer: slow })).toBeLessThan(17);
    expect(checkpoints).toBeGreaterThan(0);
  });

  it('refuses a database made by a newer emulator', () => {
    const path = join(dir, 'c.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => Storage.open(path)).toThrow(/newer than this emulator/);
  });
});
