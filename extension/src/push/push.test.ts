// The editor's push against the real emulator over loopback, through the real typed client: lint gate, conflict
// choice (compare / overwrite / cancel, and a calculation never pushed from here), a locked calculation unlocked,
// updated and locked again, the lock restored when the update fails, the state file kept right. The emulator's fault
// switch (/__emulator/faults) makes the service fail on demand; the state file is @calckit/project's, in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@calckit/client';
import { parseFixtures, startEmulator, type RunningEmulator } from '@calckit/emulator';
import { analyzeCalculation } from '@calckit/formula';
import { lastPushed, serviceOrigin } from '@calckit/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSumOf } from '@calckit/formula';
import { pushFormula, type PushDeps } from './push.js';
import { PushQueue } from './queue.js';
import { stateFileRecord } from './state-record.js';
import type { ConflictChoice, LintFinding, PushOutcome, PushRequest, PushStep } from './types.js';

const TOKEN = 'unit-developer-token-0123456789';
const ORIGINAL = 'SUM(`Sales`) - SUM(`Cost`)';
/** Calculations 1–20 unlocked and 21–40 locked, all holding ORIGINAL: each test takes its own. */
const FIXTURES = parseFixtures(
  JSON.stringify({
    datasets: [
      {
        id: 'sales',
        name: 'Sales',
        columns: [
          { name: 'Sales', id: 'sales', type: 'DECIMAL', order: 0 },
          { name: 'Cost', id: 'cost', type: 'DECIMAL', order: 1 },
        ],
      },
    ],
    calculations: Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      name: `Calc ${i + 1}`,
      owner: 1,
      expression: ORIGINAL,
      locked: i >= 20,
      datasetId: 'sales',
    })),
  }),
);

let emulator: RunningEmulator;
let client: Client;
let dir: string;
let nextUnlocked = 1;
let nextLocked = 21;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-push-'));
  emulator = await startEmulator({ port: 0, dataPath: join(dir, 'emulator.sqlite'), fixtures: FIXTURES, developerToken: TOKEN, sessionToken: 'unit-session-token-0123456789' });
  client = createClient({ baseUrl: emulator.url, developerToken: TOKEN, retries: 0 });
});
afterAll(async () => {
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fault(operation: string, status: number, count = 1): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-SVC-Developer-Token': TOKEN },
    body: JSON.stringify({ operation, status, count, message: `injected ${operation} failure` }),
  });
  expect(res.status).toBe(200);
}

interface Setup {
  id: number;
  statePath: string;
  asked: string[];
  steps: PushStep[];
  deps: PushDeps;
  push(text: string, extra?: Partial<PushRequest>): Promise<PushOutcome>;
}

/** A calculation of its own, a fresh state file recording ORIGINAL as our last push (unless `recorded: false`). */
async function setup(options: { locked?: boolean; recorded?: boolean; lint?: LintFinding[]; lintChoice?: 'push-anyway' | 'cancel'; conflict?: ConflictChoice } = {}): Promise<Setup> {
  const id = options.locked ? nextLocked++ : nextUnlocked++;
  const statePath = join(dir, `state-${id}.json`);
  const record = stateFileRecord(statePath, serviceOrigin(emulator.url), () => `formulas/${id}.calc`);
  if (options.recorded !== false) await record.record(id, checkSumOf(ORIGINAL));
  const asked: string[] = [];
  const steps: PushStep[] = [];
  const deps: PushDeps = {
    client,
    record,
    analyze: (expression) => analyzeCalculation(expression, { schema: FIXTURES.datasets[0]?.columns.map((c) => ({ name: c.name, type: 'DECIMAL' as const })) ?? [] }),
    hooks: {
      lint: () => options.lint ?? [],
      onLintErrors: async (errors) => {
        asked.push(`lint:${errors.length}`);
        return options.lintChoice ?? 'cancel';
      },
      onConflict: async (conflict) => {
        asked.push(`conflict:${conflict.lastPushedCheckSum === undefined ? 'untracked' : 'changed'}`);
        return options.conflict ?? 'cancel';
      },
      onStep: (step) => steps.push(step),
    },
  };
  const push = (text: string, extra: Partial<PushRequest> = {}): Promise<PushOutcome> =>
    pushFormula({ file: `formulas/${id}.calc`, calculationId: id, text, strict: false, lockAfterPush: false, ...extra }, deps);
  return { id, statePath, asked, steps, deps, push };
}

describe('push to the emulator', () => {
  it('pushes a changed formula: the service stores it (expression from the file text), the state file records its checkSum', async () => {
    const s = await setup();
    const outcome = await s.push('\uFEFFSUM(`Sales`) * 2\n\n');
    const remote = await client.readCalculation(s.id);
    expect(remote.expression).toBe('SUM(`Sales`) * 2');
    expect(outcome).toMatchObject({ kind: 'pushed', checkSum: checkSumOf('SUM(`Sales`) * 2'), previousCheckSum: checkSumOf(ORIGINAL), locked: false, forced: false });
    expect(remote.checkSum).toBe(checkSumOf('SUM(`Sales`) * 2'));
    expect(lastPushed(s.statePath, serviceOrigin(emulator.url), s.id)).toMatchObject({ checkSum: remote.checkSum, file: `formulas/${s.id}.calc` });
    expect(s.steps).toEqual(['lint', 'read', 'check', 'update', 'verify', 'state']);
    if (outcome.kind === 'pushed') expect(outcome.mismatches.filter((m) => m.field === 'checkSum' || m.field === 'expression')).toEqual([]);
  });

  it('unlocks a locked calculation, updates it and locks it again', async () => {
    const s = await setup({ locked: true });
    const outcome = await s.push('SUM(`Sales`) + 1');
    expect(outcome).toMatchObject({ kind: 'pushed', locked: true });
    expect(s.steps).toEqual(['lint', 'read', 'check', 'unlock', 'update', 'lock', 'verify', 'state']);
    expect(await client.readCalculation(s.id)).toMatchObject({ locked: true, expression: 'SUM(`Sales`) + 1' });
  });

  it('locks after the push when lockAfterPush is set', async () => {
    const s = await setup();
    expect(await s.push('SUM(`Sales`) + 2', { lockAfterPush: true })).toMatchObject({ kind: 'pushed', locked: true });
    expect((await client.readCalculation(s.id)).locked).toBe(true);
  });

  it('restores the lock when the update fails; the formula and the state file stay as they were', async () => {
    const s = await setup({ locked: true });
    await fault('updateFormula', 500);
    const outcome = await s.push('SUM(`Sales`) + 3');
    expect(outcome).toMatchObject({ kind: 'failed', step: 'update', status: 500, lockedAfter: true });
    if (outcome.kind === 'failed') expect(outcome.message).toContain('injected updateFormula failure');
    expect(s.steps).toContain('restore-lock');
    expect(await client.readCalculation(s.id)).toMatchObject({ locked: true, expression: ORIGINAL });
    expect(lastPushed(s.statePath, serviceOrigin(emulator.url), s.id)?.checkSum).toBe(checkSumOf(ORIGINAL));
  });

  it('a failed unlock changes nothing and says so', async () => {
    const s = await setup({ locked: true });
    await fault('lockCalculation', 403);
    const outcome = await s.push('SUM(`Sales`) + 4');
    expect(outcome).toMatchObject({ kind: 'failed', step: 'unlock', status: 403, lockedAfter: true });
    expect(await client.readCalculation(s.id)).toMatchObject({ locked: true, expression: ORIGINAL });
  });

  it('a lock that fails after the update reports the step, and the state file follows the stored formula', async () => {
    const s = await setup();
    await fault('lockCalculation', 500);
    const outcome = await s.push('SUM(`Sales`) + 5', { lockAfterPush: true });
    expect(outcome).toMatchObject({ kind: 'failed', step: 'lock', status: 500 });
    const remote = await client.readCalculation(s.id);
    expect(remote.expression).toBe('SUM(`Sales`) + 5');
    expect(lastPushed(s.statePath, serviceOrigin(emulator.url), s.id)?.checkSum).toBe(remote.checkSum);
  });

  it('a failed read changes nothing', async () => {
    const s = await setup();
    await fault('readCalculation', 401);
    const outcome = await s.push('SUM(`Sales`) + 6');
    expect(outcome).toMatchObject({ kind: 'failed', step: 'read', status: 401 });
    expect((await client.readCalculation(s.id)).expression).toBe(ORIGINAL);
  });

  describe('lint gate', () => {
    const error: LintFinding = { severity: 'error', code: 'unknown-column', message: 'no column `Sale`', line: 1, column: 5 };
    const warning: LintFinding = { severity: 'warning', code: 'w', message: 'a warning', line: 1, column: 1 };

    it('refuses a formula with errors, and sends nothing', async () => {
      const s = await setup({ lint: [warning, error] });
      expect(await s.push('SUM(`Sale`)')).toMatchObject({ kind: 'cancelled', reason: 'lint-errors' });
      expect(s.asked).toEqual(['lint:1']);
      expect(s.steps).toEqual(['lint']);
      expect((await client.readCalculation(s.id)).expression).toBe(ORIGINAL);
    });

    it('pushes it anyway when the user says so', async () => {
      const s = await setup({ lint: [error], lintChoice: 'push-anyway' });
      expect(await s.push('SUM(`Sale`)')).toMatchObject({ kind: 'pushed' });
      expect((await client.readCalculation(s.id)).expression).toBe('SUM(`Sale`)');
    });

    it('does not ask about warnings', async () => {
      const s = await setup({ lint: [warning] });
      expect(await s.push('SUM(`Sales`) - 1')).toMatchObject({ kind: 'pushed' });
      expect(s.asked).toEqual([]);
    });
  });

  describe('conflict: the remote changed since our last push', () => {
    const remoteEdit = 'SUM(`Sales`) / 100';

    it('cancel leaves the remote as it is', async () => {
      const s = await setup({ conflict: 'cancel' });
      await client.updateFormula(s.id, remoteEdit); // someone else, in the web editor
      expect(await s.push('SUM(`Sales`) * 3')).toMatchObject({ kind: 'cancelled', reason: 'conflict' });
      expect(s.asked).toEqual(['conflict:changed']);
      expect((await client.readCalculation(s.id)).expression).toBe(remoteEdit);
    });

    it('compare hands the remote version back for the diff editor and pushes nothing', async () => {
      const s = await setup({ conflict: 'compare' });
      await client.updateFormula(s.id, remoteEdit);
      expect(await s.push('SUM(`Sales`) * 3')).toMatchObject({ kind: 'cancelled', reason: 'compare', remote: { expression: remoteEdit } });
      expect((await client.readCalculation(s.id)).expression).toBe(remoteEdit);
    });

    it('overwrite pushes over the remote change', async () => {
      const s = await setup({ conflict: 'overwrite', locked: true });
      await client.unlock(s.id);
      await client.updateFormula(s.id, remoteEdit);
      await client.lock(s.id);
      const outcome = await s.push('SUM(`Sales`) * 3');
      expect(outcome).toMatchObject({ kind: 'pushed', previousCheckSum: checkSumOf(remoteEdit), forced: true, locked: true });
      expect(await client.readCalculation(s.id)).toMatchObject({ expression: 'SUM(`Sales`) * 3', locked: true });
    });

    it('a calculation never pushed from here asks before pushing over what the service holds', async () => {
      const s = await setup({ recorded: false });
      expect(await s.push('SUM(`Sales`) * 4')).toMatchObject({ kind: 'cancelled', reason: 'conflict' });
      expect(s.asked).toEqual(['conflict:untracked']);
      expect((await client.readCalculation(s.id)).expression).toBe(ORIGINAL);
    });

    it('force skips the questions', async () => {
      const s = await setup({ lint: [{ severity: 'error', code: 'x', message: 'x', line: 1, column: 1 }] });
      await client.updateFormula(s.id, remoteEdit);
      expect(await s.push('SUM(`Sales`) * 5', { force: true })).toMatchObject({ kind: 'pushed', forced: true });
      expect(s.asked).toEqual([]);
    });
  });

  it('a formula the service already holds is not sent again, and the state file catches up', async () => {
    const s = await setup({ recorded: false });
    expect(await s.push(`${ORIGINAL}\n`)).toMatchObject({ kind: 'unchanged', checkSum: checkSumOf(ORIGINAL) });
    expect(s.steps).not.toContain('update');
    expect(lastPushed(s.statePath, serviceOrigin(emulator.url), s.id)?.checkSum).toBe(checkSumOf(ORIGINAL));
  });

  it('saves through the queue reach the service one at a time; waiting saves coalesce, the last text wins', async () => {
    const s = await setup({ locked: true });
    const queue = new PushQueue<PushOutcome>();
    const texts = ['SUM(`Sales`) + 10', 'SUM(`Sales`) + 20', 'SUM(`Sales`) + 30'];
    const outcomes = await Promise.all(texts.map((t) => queue.enqueue({ key: `formulas/${s.id}.calc`, run: () => s.push(t) })));
    expect(outcomes.map((o) => o.kind)).toEqual(['pushed', 'pushed', 'pushed']);
    expect(outcomes[1]).toBe(outcomes[2]); // one push carried both later saves
    expect(s.steps.filter((step) => step === 'update')).toHaveLength(2);
    expect(await client.readCalculation(s.id)).toMatchObject({ expression: texts[2], locked: true });
    expect(lastPushed(s.statePath, serviceOrigin(emulator.url), s.id)?.checkSum).toBe(checkSumOf(texts[2] ?? ''));
  });
});
