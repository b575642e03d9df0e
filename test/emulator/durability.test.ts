// Durability: the emulator process is killed with SIGKILL in the middle of a stream of writes; restarted on the
// same database file, it must hold every write it acknowledged (and at most the one write in flight beyond it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calculationPath, reportSchedulesPath } from '@calckit/protocol';
import { startServe } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'calckit-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRITERS = 8;
const env = { CALCKIT_DEVELOPER_TOKEN: 'durable-dev', CALCKIT_SESSION_TOKEN: 'durable-ses' };
const headers = { 'X-SVC-Developer-Token': 'durable-dev', 'content-type': 'application/json' };
const fixtures = {
  datasets: [],
  calculations: Array.from({ length: WRITERS }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, owner: 1, expression: '0', locked: false, datasetId: null })),
  pages: [{ id: 1, title: 'P', views: [{ id: 1, name: 'V' }] }],
};

/** The sequence number written into a calculation's expression: `<seq> + 0`. */
const seqOf = (expression: string): number => Number(expression.split(' ')[0]);

describe('durability', () => {
  it('every acknowledged write survives kill -9', async () => {
    const fixturesPath = join(dir, 'fixtures.json');
    writeFileSync(fixturesPath, JSON.stringify(fixtures));
    const dataPath = join(dir, 'state.sqlite');
    const first = await startServe(['--port', '0', '--data', dataPath, '--fixtures', fixturesPath, '--quiet'], env);
    expect(first.info.fixturesLoaded).toBe(true);

    const acknowledged = new Array<number>(WRITERS).fill(0);
    let schedulesAcknowledged = 0;
    let stop = false;
    const writer = async (i: number): Promise<void> => {
      for (let seq = 1; !stop; seq++) {
        try {
          const r = await fetch(first.info.url + calculationPath(i + 1), { method: 'POST', headers, body: JSON.stringify({ expression: `${seq} + 0` }) });
          if (r.status !== 200) throw new Error(`write answered ${r.status}`);
          await r.json();
          acknowledged[i] = seq;
        } catch {
          return; // the process is gone: this write was not acknowledged
        }
      }
    };
    const scheduler = async (): Promise<void> => {
      while (!stop) {
        try {
          const r = await fetch(first.info.url + reportSchedulesPath(), {
            method: 'POST', headers,
            body: JSON.stringify({ title: 't', pageId: 1, viewId: 1, schedule: { frequency: 'DAILY', hourOfDay: 1, minOfHour: 0, timezone: 'UTC' } }),
          });
          if (r.status !== 200) throw new Error(`schedule answered ${r.status}`);
          await r.json();
          schedulesAcknowledged++;
        } catch {
          return;
        }
      }
    };
    const streams = [...Array.from({ length: WRITERS }, (_, i) => writer(i)), scheduler()];
    // Let the stream run, then kill the process while writes are in flight.
    while (acknowledged.reduce((a, b) => a + b, 0) < 400) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(streams);

    const second = await startServe(['--port', '0', '--data', dataPath, '--fixtures', fixturesPath, '--quiet'], env);
    try {
      expect(second.info.fixturesLoaded).toBe(false);
      for (let i = 0; i < WRITERS; i++) {
        const r = await fetch(second.info.url + calculationPath(i + 1), { headers });
        const calc = (await r.json()) as { expression: string };
        const stored = seqOf(calc.expression);
        // Everything acknowledged is there; at most the single write in flight at the kill went beyond it.
        expect(stored, `calculation ${i + 1}`).toBeGreaterThanOrEqual(acknowledged[i]!);
        expect(stored, `calculation ${i + 1}`).toBeLessThanOrEqual(acknowledged[i]! + 1);
      }
      const health = (await (await fetch(`${second.info.url}/__emulator/health`)).json()) as { counts: { reportSchedules: number } };
      expect(health.counts.reportSchedules).toBeGreaterThanOrEqual(schedulesAcknowledged);
      expect(health.counts.reportSchedules).toBeLessThanOrEqual(schedulesAcknowledged + 1);
      expect(schedulesAcknowledged).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
