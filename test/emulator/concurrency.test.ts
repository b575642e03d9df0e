// Concurrency: several clients update the same and different calculations at once, with lock calls mixed in.
// Every answer is a success or a documented refusal, every response is self-consistent, and the final state is the
// last acknowledged write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCalculation } from '@calckit/formula';
import { calculationPath } from '@calckit/protocol';
import { startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const CLIENTS = 8;
const UPDATES = 25;

interface Ack {
  readonly expression: string;
  readonly lastModified: number;
  readonly checkSum: string;
}

describe('concurrency', () => {
  it('many clients updating one calculation: all acknowledged, distinct lastModified, last write wins', async () => {
    const acks: Ack[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; n < UPDATES; n++) {
          const expression = `${client} * 1000 + ${n}`;
          const r = await emu.call('POST', calculationPath(4), { expression });
          expect(r.status).toBe(200);
          expect(r.body.expression).toBe(expression);
          acks.push({ expression, lastModified: r.body.lastModified, checkSum: r.body.checkSum });
        }
      }),
    );
    expect(acks).toHaveLength(CLIENTS * UPDATES);
    for (const a of acks) expect(a.checkSum).toBe(analyzeCalculation(a.expression).checkSum);
    expect(new Set(acks.map((a) => a.lastModified)).size).toBe(acks.length);
    const last = acks.reduce((a, b) => (b.lastModified > a.lastModified ? b : a));
    const final = await emu.call('GET', calculationPath(4));
    expect(final.body.expression).toBe(last.expression);
    expect(final.body.lastModified).toBe(last.lastModified);
  });

  it('clients on different calculations do not disturb each other', async () => {
    const ids = [1, 3, 4, 5];
    const results = await Promise.all(
      ids.map(async (id) => {
        const written: string[] = [];
        for (let n = 0; n < UPDATES; n++) {
          const expression = `${id} + ${n}`;
          const r = await emu.call('POST', calculationPath(id), { expression });
          expect(r.status).toBe(200);
          expect(r.body.id).toBe(id);
          written.push(expression);
        }
        return { id, last: written[written.length - 1] };
      }),
    );
    for (const { id, last } of results) expect((await emu.call('GET', calculationPath(id))).body.expression).toBe(last);
  });

  it('updates racing lock/unlock calls get 200 or 423 only, and a locked calculation never changes', async () => {
    const statuses = new Map<number, number>();
    const count = (s: number): void => void statuses.set(s, (statuses.get(s) ?? 0) + 1);
    const updaters = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; n < UPDATES; n++) {
        const r = await emu.call('POST', calculationPath(1), { expression: `${client} - ${n}` });
        count(r.status);
        if (r.status === 200) expect(r.body.locked).toBe(false);
      }
    });
    const locker = (async () => {
      for (let n = 0; n < UPDATES; n++) {
        const r = await emu.call('PUT', calculationPath(1), { locked: n % 2 === 0 });
        count(r.status);
        expect(r.body.locked).toBe(n % 2 === 0);
      }
    })();
    await Promise.all([...updaters, locker]);
    expect([...statuses.keys()].every((s) => s === 200 || s === 423)).toBe(true);
    // The locker's last call (n = UPDATES - 1, odd) unlocked it; lock it now and check nothing moves.
    const locked = await emu.call('PUT', calculationPath(1), { locked: true });
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => emu.call('POST', calculationPath(1), { expression: `${i}` })));
    expect(attempts.every((a) => a.status === 423)).toBe(true);
    expect((await emu.call('GET', calculationPath(1))).body.expression).toBe(locked.body.expression);
  });
});
