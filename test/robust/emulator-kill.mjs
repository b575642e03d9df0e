// The emulator under repeated SIGKILL during writes: writers stream formula updates (each to its own
// calculation, numbered) and lock/unlock toggles; the process is killed at a random moment, restarted on the same
// database, and every acknowledged write must be there (at most the one write in flight per writer beyond it).
// Counts acknowledged writes and writes lost over all rounds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../../bench/lib/prng.mjs';
import { startServe, stopServe, TOKENS } from './serve.mjs';

const WRITERS = 8;
const TOGGLERS = 2;
const headers = { 'X-SVC-Developer-Token': TOKENS.developer, 'content-type': 'application/json' };
const path = (id) => `/api/query/v1/functions/template/${id}`;
const seqOf = (expression) => Number(String(expression).split(' ')[0]);

export async function killDuringWrites({ rounds = 10, seed = 42, log = () => {} } = {}) {
  const next = mulberry32(seed);
  const dir = mkdtempSync(join(tmpdir(), 'calckit-robust-kill-'));
  const ids = Array.from({ length: WRITERS + TOGGLERS }, (_, i) => i + 1);
  const fixtures = { datasets: [], calculations: ids.map((id) => ({ id, name: `C${id}`, owner: 1, expression: '0 + 0', locked: false, datasetId: null })) };
  writeFileSync(join(dir, 'fixtures.json'), JSON.stringify(fixtures));
  const args = ['--data', join(dir, 'state.sqlite'), '--fixtures', join(dir, 'fixtures.json')];
  // What was acknowledged: the last sequence number per writer, the last lock state per toggler.
  const acked = new Map(ids.slice(0, WRITERS).map((id) => [id, 0]));
  const lockAcked = new Map(ids.slice(WRITERS).map((id) => [id, false]));
  let acknowledged = 0;
  let writesLost = 0;
  const failures = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const serve = await startServe(args);
      const url = serve.info.url;
      let stop = false;
      const inFlightLock = new Map();
      const writer = async (id) => {
        for (let seq = acked.get(id) + 1; !stop; seq++) {
          try {
            const r = await fetch(url + path(id), { method: 'POST', headers, body: JSON.stringify({ expression: `${seq} + 0` }) });
            const body = await r.json();
            if (r.status !== 200) throw new Error(`update answered ${r.status} ${body.message}`);
            acked.set(id, seq);
            acknowledged++;
          } catch (error) {
            if (!stop && !String(error).includes('fetch failed')) failures.push(`round ${round}: writer ${id}: ${error}`);
            return;
          }
        }
      };
      const toggler = async (id) => {
        while (!stop) {
          const want = !lockAcked.get(id);
          inFlightLock.set(id, want);
          try {
            const r = await fetch(url + path(id), { method: 'PUT', headers, body: JSON.stringify({ locked: want }) });
            const body = await r.json();
            if (r.status !== 200) throw new Error(`lock answered ${r.status} ${body.message}`);
            lockAcked.set(id, want);
            acknowledged++;
          } catch (error) {
            if (!stop && !String(error).includes('fetch failed')) failures.push(`round ${round}: toggler ${id}: ${error}`);
            return;
          }
        }
      };
      const streams = [...ids.slice(0, WRITERS).map(writer), ...ids.slice(WRITERS).map(toggler)];
      // Kill after a random number of acknowledged writes in this round, plus a random few milliseconds, so the
      // kill lands at a different point of the write path each time.
      const target = acknowledged + 30 + Math.floor(next() * 200);
      for (const deadline = Date.now() + 30_000; acknowledged < target && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, Math.floor(next() * 20)));
      serve.child.kill('SIGKILL');
      await serve.exited;
      stop = true;
      await Promise.all(streams);

      const check = await startServe(args);
      try {
        for (const id of ids) {
          const r = await fetch(check.info.url + path(id), { headers });
          const calc = await r.json();
          if (acked.has(id)) {
            const stored = seqOf(calc.expression);
            if (stored < acked.get(id)) {
              writesLost += acked.get(id) - stored;
              failures.push(`round ${round}: calculation ${id} holds write ${stored}, ${acked.get(id)} was acknowledged`);
            } else if (stored > acked.get(id) + 1) failures.push(`round ${round}: calculation ${id} holds write ${stored}, never sent`);
            acked.set(id, stored); // an unacknowledged write that landed is the new base
          } else {
            const ok = calc.locked === lockAcked.get(id) || calc.locked === inFlightLock.get(id);
            if (!ok) {
              writesLost++;
              failures.push(`round ${round}: calculation ${id} locked=${calc.locked}, acknowledged ${lockAcked.get(id)}`);
            }
            lockAcked.set(id, calc.locked);
          }
        }
      } finally {
        await stopServe(check);
      }
      log(`emulator SIGKILL: round ${round + 1}/${rounds}, ${acknowledged} acknowledged writes, ${writesLost} lost`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rounds, acknowledged, writesLost, failures };
}
