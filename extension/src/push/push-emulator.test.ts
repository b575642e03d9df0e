// The push protocol against the real emulator over loopback, through the real typed client: a locked calculation is
// unlocked, updated and locked again; an injected update failure leaves it locked with the remote formula unchanged;
// a remote change is a conflict. The emulator's fault switch (/__emulator/faults) makes the service fail on demand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@calckit/client';
import { DEFAULT_FIXTURES_PATH, startEmulator, type RunningEmulator } from '@calckit/emulator';
import { lastPushed } from '@calckit/project';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calculationService } from './client-service.js';
import { checkSumOf } from './expression.js';
import { pushFormula } from './push.js';
import { PushQueue } from './queue.js';
import { stateFileRecord } from './state-record.js';
import type { ConflictChoice, PushHooks, PushOutcome, PushRequest } from './types.js';

const TOKEN = 'e2e-developer-token-0123456789';
let emulator: RunningEmulator;
let client: Client;
let dir: string;
let statePath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-push-emu-'));
  emulator = await startEmulator({
    port: 0,
    dataPath: join(dir, 'emulator.sqlite'),
    fixtures: DEFAULT_FIXTURES_PATH,
    developerToken: TOKEN,
    sessionToken: 'e2e-session-token-0123456789',
  });
  client = createClient({ baseUrl: emulator.url, developerToken: TOKEN, retries: 0 });
});
afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  statePath = join(dir, `state-${Math.random().toString(36).slice(2)}.json`);
});

async function fault(operation: string, status: number, count = 1): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-SVC-Developer-Token': TOKEN },
    body: JSON.stringify({ operation, status, count, message: `injected ${operation} failure` }),
  });
  expect(res.status).toBe(200);
}

function deps(conflict: ConflictChoice = 'cancel') {
  const asked: string[] = [];
  const hooks: PushHooks = {
    lint: () => [],
    onLintErrors: async () => 'cancel',
    onConflict: async (c) => {
      asked.push(`conflict ${c.calculationId}`);
      return conflict;
    },
  };
  return { asked, deps: { service: calculationService(client), record: stateFileRecord(statePath), hooks } };
}

const request = (id: number, text: string): PushRequest => ({ file: `f${id}.calc`, calculationId: id, text, strict: false, lockAfterPush: false });

/** Records the remote's current checkSum as our last push, as after a clean pull. */
async function baseline(id: number): Promise<string> {
  const remote = await client.readCalculation(id);
  await stateFileRecord(statePath).record(id, remote.checkSum);
  return remote.expression;
}

describe('push against the emulator', () => {
  it('unlocks a locked calculation, updates it, locks it again; the service stores our checkSum', async () => {
    const before = await client.readCalculation(102);
    expect(before.locked).toBe(true);
    await baseline(102);
    const text = '(SUM(`Sales`) - SUM(`Cost`)) / NULLIF(SUM(`Sales`), 0)\n';
    const { deps: d } = deps();
    const outcome = await pushFormula(request(102, text), d);
    const after = await client.readCalculation(102);
    expect(outcome).toMatchObject({ kind: 'pushed', locked: true, checkSum: checkSumOf(text.trimEnd()) });
    expect(outcome).not.toHaveProperty('checkSumMismatch');
    expect(after).toMatchObject({ locked: true, expression: text.trimEnd(), checkSum: checkSumOf(text.trimEnd()) });
    expect(after.lastModified).toBeGreaterThanOrEqual(before.lastModified);
    expect(lastPushed(statePath, 102)?.checkSum).toBe(after.checkSum);
  });

  it('an update that fails leaves the calculation locked and its formula unchanged, and names the step', async () => {
    const original = await baseline(102);
    await fault('updateFormula', 500);
    const { deps: d } = deps();
    const outcome = await pushFormula(request(102, 'SUM(`Sales`) * 10'), d);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'update', status: 500, lockedAfter: true });
    const after = await client.readCalculation(102);
    expect(after).toMatchObject({ locked: true, expression: original });
  });

  it('an unlock that fails changes nothing', async () => {
    const original = await baseline(102);
    await fault('lockCalculation', 503, 1);
    const { deps: d } = deps();
    const outcome = await pushFormula(request(102, 'SUM(`Sales`) * 11'), d);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'unlock', status: 503, lockedAfter: true });
    expect(await client.readCalculation(102)).toMatchObject({ locked: true, expression: original });
  });

  it('a remote change since our last push is a conflict; overwrite pushes over it', async () => {
    await baseline(101);
    await client.updateFormula(101, 'SUM(`Sales`) - SUM(`Cost`) - 1'); // someone else, in the web editor
    const cancelled = deps('cancel');
    expect(await pushFormula(request(101, 'SUM(`Sales`) - SUM(`Cost`) + 1'), cancelled.deps)).toMatchObject({ kind: 'cancelled', reason: 'conflict' });
    expect(cancelled.asked).toEqual(['conflict 101']);
    expect((await client.readCalculation(101)).expression).toBe('SUM(`Sales`) - SUM(`Cost`) - 1');
    const overwrite = deps('overwrite');
    expect(await pushFormula(request(101, 'SUM(`Sales`) - SUM(`Cost`) + 1'), overwrite.deps)).toMatchObject({ kind: 'pushed' });
    expect((await client.readCalculation(101)).expression).toBe('SUM(`Sales`) - SUM(`Cost`) + 1');
  });

  it('saves queued through the queue reach the service one at a time, the last text wins', async () => {
    await baseline(103);
    const queue = new PushQueue<PushOutcome>();
    const { deps: d } = deps();
    const texts = ['DATEDIFF(CURRENT_DATE(), `Order Date`) + 1', 'DATEDIFF(CURRENT_DATE(), `Order Date`) + 2', 'DATEDIFF(CURRENT_DATE(), `Order Date`) + 3'];
    const outcomes = await Promise.all(texts.map((t) => queue.enqueue({ key: 'f103.calc', run: () => pushFormula(request(103, t), d) })));
    // The first runs at once; the second and third saves coalesce into one push of the third text.
    expect(outcomes.map((o) => o.kind)).toEqual(['pushed', 'pushed', 'pushed']);
    expect(outcomes[1]).toBe(outcomes[2]);
    expect((await client.readCalculation(103)).expression).toBe(texts[2]);
  });
});
