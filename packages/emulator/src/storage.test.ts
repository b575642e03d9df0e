// Storage: a file database keeps its state across reopenings, refuses newer schemas, and guards locked updates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Storage } from './storage.js';
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
  it('runs in WAL mode with full sync', () => {
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

  it('refuses a database made by a newer emulator', () => {
    const path = join(dir, 'c.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => Storage.open(path)).toThrow(/newer than this emulator/);
  });
});
