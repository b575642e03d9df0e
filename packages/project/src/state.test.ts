// Tests of the push state file: round trip, atomic replacement, several writers keeping every entry.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectError, UNKNOWN_ORIGIN, forgetPush, lastPushed, openPushState, readState, recordPush, serviceOrigin } from './index.js';

const PROD = 'https://acme.example.com';
const LOCAL = 'http://127.0.0.1:8787';

const sum = (n: number): string => n.toString(16).padStart(40, '0');

describe('push state', () => {
  it('starts empty, records and forgets pushes, and leaves no temp files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, '.calckit', 'state.json');
    expect(readState(path)).toEqual({ version: 2, services: {} });
    recordPush(path, PROD, 7, { checkSum: sum(7), file: 'a.calc', pushedAt: new Date('2026-01-01T00:00:00Z') });
    recordPush(path, PROD, 3, { checkSum: sum(3) });
    expect(lastPushed(path, PROD, 7)).toEqual({ checkSum: sum(7), file: 'a.calc', pushedAt: '2026-01-01T00:00:00.000Z' });
    expect(Object.keys(readState(path).services[PROD]?.calculations ?? {})).toEqual(['3', '7']);
    forgetPush(path, PROD, 3);
    expect(lastPushed(path, PROD, 3)).toBeUndefined();
    expect(readdirSync(join(dir, '.calckit'))).toEqual(['state.json']);
  });

  it('records schema files per origin and dataset, beside the pushes; a state file without them still reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    // Written before schemas were pulled: no `schemas`.
    const before = { version: 2, services: { [PROD]: { calculations: { '7': { checkSum: sum(7), pushedAt: '2026-01-01T00:00:00.000Z' } } } } };
    writeFileSync(path, JSON.stringify(before));
    expect(readState(path)).toEqual(before);
    const sha = (n: number): string => n.toString(16).padStart(64, '0');
    const handle = openPushState(path, LOCAL);
    handle.recordSchemas([
      { datasetId: 'sales', sha256: sha(1), file: 'schemas/sales.json', pulledAt: new Date('2026-02-01T00:00:00Z') },
      { datasetId: 'ops', sha256: sha(2), file: 'schemas/ops.json', pulledAt: new Date('2026-02-01T00:00:00Z') },
    ]);
    expect(handle.lastSchema('sales')).toEqual({ sha256: sha(1), file: 'schemas/sales.json', pulledAt: '2026-02-01T00:00:00.000Z' });
    handle.record(9, { checkSum: sum(9) });
    handle.forget(9); // the service's last calculation record: its schema records stay
    handle.release();
    const after = readState(path);
    expect(Object.keys(after.services[LOCAL]?.schemas ?? {})).toEqual(['ops', 'sales']);
    expect(after.services[PROD]).toEqual(before.services[PROD]); // records of one service never touch another's
    const other = openPushState(path, PROD);
    expect(other.lastSchema('sales')).toBeUndefined();
    other.release();
  });

  it('refuses a malformed state file with a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    writeFileSync(path, JSON.stringify({ version: 2, services: { [PROD]: { calculations: { x: { checkSum: 'nope' } } } } }));
    expect(() => readState(path)).toThrow(ProjectError);
    writeFileSync(path, '{');
    expect(() => readState(path)).toThrow(/not valid JSON/);
  });

  it('breaks a lock file left behind by a killed process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    writeFileSync(`${path}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    recordPush(path, PROD, 1, { checkSum: sum(1) });
    expect(lastPushed(path, PROD, 1)?.checkSum).toBe(sum(1));
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('keeps every entry when several processes record at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    const script = join(dir, 'writer.mjs');
    // Child processes run the built package (run `npx tsc -b` first), as every process test here does.
    const stateModule = new URL('../dist/state.js', import.meta.url).href;
    // Each child records 20 ids; with the lock no read-modify-write loses another's entry.
    writeFileSync(
      script,
      `const { recordPush } = await import(process.argv[2]);\n` +
        `const base = Number(process.argv[4]);\n` +
        `for (let i = 0; i < 20; i++) recordPush(process.argv[3], 'https://acme.example.com', base + i, { checkSum: (base + i).toString(16).padStart(40, '0') });\n`,
    );
    const runs = [0, 100, 200, 300].map(
      (base) =>
        new Promise<number>((resolve, reject) => {
          // No execArgv of the test runner's (its `source` condition would resolve dependencies to TypeScript).
          const child = fork(script, [stateModule, path, String(base)], {
            stdio: 'inherit',
            execArgv: [],
          });
          child.on('error', reject);
          child.on('exit', (code) => resolve(code ?? -1));
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0]);
    const state = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(state.services[PROD].calculations)).toHaveLength(80);
  });

  it('keeps the records of each service apart: a push to the emulator never touches production\'s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    recordPush(path, serviceOrigin('https://ACME.example.com:443/some/path'), 5, { checkSum: sum(5) });
    recordPush(path, serviceOrigin(`${LOCAL}/`), 5, { checkSum: sum(6) });
    expect(lastPushed(path, PROD, 5)?.checkSum).toBe(sum(5));
    expect(lastPushed(path, LOCAL, 5)?.checkSum).toBe(sum(6));
    expect(Object.keys(readState(path).services)).toEqual([LOCAL, PROD]);
  });

  it('reads a version-1 file: its records name no service, so none is used, and they are kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    writeFileSync(path, JSON.stringify({ version: 1, calculations: { '9': { checkSum: sum(9), pushedAt: '2026-01-01T00:00:00.000Z' } } }));
    expect(lastPushed(path, PROD, 9)).toBeUndefined();
    recordPush(path, PROD, 9, { checkSum: sum(10) });
    const state = readState(path);
    expect(state.services[UNKNOWN_ORIGIN]?.calculations['9']?.checkSum).toBe(sum(9));
    expect(state.services[PROD]?.calculations['9']?.checkSum).toBe(sum(10));
  });

  it('a run holds the lock from start to end: another writer waits, then fails with a one-line error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    const held = openPushState(path, PROD);
    try {
      held.record(1, { checkSum: sum(1) });
      // Our own pid holds it and runs, so it is not stale: a second opener gives up after its wait.
      const started = Date.now();
      expect(() => openPushState(path, PROD)).toThrow(/another calckit process holds .*state\.json\.lock/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    } finally {
      held.release();
    }
    expect(readdirSync(dir)).toEqual(['state.json']);
  }, 20_000);

  it('breaks a lock whose holder is no longer running, however recent', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname() }));
    recordPush(path, PROD, 1, { checkSum: sum(1) });
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a state path that cannot be written fails when opened, before any push, in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    writeFileSync(join(dir, 'not-a-folder'), '');
    // A file where the state's folder should be: no permission bits involved, so this holds for root as well.
    expect(() => openPushState(join(dir, 'not-a-folder', 'state.json'), PROD)).toThrow(/cannot create the state file's folder \((EEXIST|ENOTDIR)\)/);
    mkdirSync(join(dir, 'state.json'));
    expect(() => openPushState(join(dir, 'state.json'), PROD)).toThrow(/cannot read the state file: not a regular file \(a directory\)/);
    expect(readdirSync(dir).sort()).toEqual(['not-a-folder', 'state.json']);
  });
});
