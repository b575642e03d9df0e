// Tests of the push state file: round trip, atomic replacement, several writers keeping every entry.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectError, forgetPush, lastPushed, readState, recordPush } from './index.js';

const sum = (n: number): string => n.toString(16).padStart(40, '0');

describe('push state', () => {
  it('starts empty, records and forgets pushes, and leaves no temp files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, '.calckit', 'state.json');
    expect(readState(path)).toEqual({ version: 1, calculations: {} });
    recordPush(path, 7, { checkSum: sum(7), file: 'a.calc', pushedAt: new Date('2026-01-01T00:00:00Z') });
    recordPush(path, 3, { checkSum: sum(3) });
    expect(lastPushed(path, 7)).toEqual({ checkSum: sum(7), file: 'a.calc', pushedAt: '2026-01-01T00:00:00.000Z' });
    expect(Object.keys(readState(path).calculations)).toEqual(['3', '7']);
    forgetPush(path, 3);
    expect(lastPushed(path, 3)).toBeUndefined();
    expect(readdirSync(join(dir, '.calckit'))).toEqual(['state.json']);
  });

  it('refuses a malformed state file with a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-state-'));
    const path = join(dir, 'state.json');
    writeFileSync(path, JSON.stringify({ version: 1, calculations: { x: { checkSum: 'nope' } } }));
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
    recordPush(path, 1, { checkSum: sum(1) });
    expect(lastPushed(path, 1)?.checkSum).toBe(sum(1));
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
        `for (let i = 0; i < 20; i++) recordPush(process.argv[3], base + i, { checkSum: (base + i).toString(16).padStart(40, '0') });\n`,
    );
    const runs = [0, 100, 200, 300].map(
      (base) =>
        new Promise<number>((resolve, reject) => {
          const child = fork(script, [stateModule, path, String(base)], {
            stdio: 'inherit',
          });
          child.on('error', reject);
          child.on('exit', (code) => resolve(code ?? -1));
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0]);
    const state = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(state.calculations)).toHaveLength(80);
  });
});
