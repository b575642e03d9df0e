// The push protocol end to end against the emulator: success, idempotence, conflicts, dry runs, lint, and failures at
// each step (injected by the emulator), which must leave the lock restored and the remote and local file unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@calckit/client';
import { loadProject, readState, recordsFor, serviceOrigin, type Project } from '@calckit/project';
import { pushFiles, type PushFilesOptions } from '../../packages/cli/src/service/push-files.js';
import { copyExamples, startHarness, type Harness } from './harness.js';

let h: Harness;
let client: Client;
let dir: string;
let project: Project;

// Each test gets a fresh emulator database (fixtures) and a fresh copy of examples/.
beforeEach(async () => {
  h = await startHarness();
  client = h.client();
  dir = copyExamples();
  project = loadProject(join(dir, 'calckit.json'));
});
afterEach(async () => {
  await h.close();
});

const push = (options: Partial<PushFilesOptions> = {}) =>
  pushFiles({ project, client, serviceName: 'SVC', paths: [], cwd: dir, ...options });

/** The state file's records for the emulator this test pushes to. */
const records = () => recordsFor(readState(project.statePath), serviceOrigin(h.url));

const text = (rel: string): string => readFileSync(join(dir, rel), 'utf8');

describe('push', () => {
  it('pushes every example, relocks the locked ones, records the state and verifies the answer', async () => {
    const lockedBefore = new Map<number, boolean>();
    for (const c of project.calculations) lockedBefore.set(c.id, (await client.readCalculation(c.id)).locked);
    expect([...lockedBefore.values()]).toContain(true);

    const result = await push();
    expect(result.exitCode).toBe(0);
    expect(result.results.map((r) => r.outcome)).toEqual(project.calculations.map(() => 'updated'));
    for (const r of result.results) expect(r.mismatches).toEqual([]);
    const state = records();
    for (const c of project.calculations) {
      const remote = await client.readCalculation(c.id);
      expect(remote.expression).toBe(text(c.path).replace(/\s+$/, ''));
      expect(remote.locked).toBe(lockedBefore.get(c.id));
      expect(state[String(c.id)]?.checkSum).toBe(remote.checkSum);
    }
    const locked = result.results.find((r) => r.id === 101);
    expect(locked?.steps.map((s) => s.step)).toEqual(['read', 'check', 'unlock', 'update', 'lock', 'verify']);

    const again = await push();
    expect(again.results.map((r) => r.outcome)).toEqual(project.calculations.map(() => 'unchanged'));
  });

  it('--lock leaves every pushed calculation locked', async () => {
    const result = await push({ lockAfter: true });
    expect(result.exitCode).toBe(0);
    for (const c of project.calculations) expect((await client.readCalculation(c.id)).locked).toBe(true);
  });

  it('removes a BOM and trailing whitespace, nothing else', async () => {
    writeFileSync(join(dir, 'formulas/net-revenue.calc'), '\uFEFFSUM(`Revenue`)  *  2 \n\n\t ');
    await push({ paths: ['formulas/net-revenue.calc'] });
    expect((await client.readCalculation(106)).expression).toBe('SUM(`Revenue`)  *  2');
  });

  it('dry run reads and checks but changes nothing', async () => {
    const before = await client.readCalculation(101);
    const result = await push({ dryRun: true });
    expect(result.exitCode).toBe(0);
    expect(result.results.every((r) => r.outcome === 'would-update')).toBe(true);
    const after = await client.readCalculation(101);
    expect(after.checkSum).toBe(before.checkSum);
    expect(after.lastModified).toBe(before.lastModified);
    expect(records()).toEqual({});
  });

  it('refuses to overwrite a remote change made since the last push, unless forced', async () => {
    await push({ paths: ['formulas/order-size-band.calc'] });
    await client.updateFormula(102, "CASE WHEN `Revenue` > 5 THEN 'Big' ELSE 'Small' END"); // someone else's change
    writeFileSync(join(dir, 'formulas/order-size-band.calc'), "CASE WHEN `Revenue` > 50 THEN 'Large' ELSE 'Small' END\n");
    const refused = await push({ paths: ['formulas/order-size-band.calc'] });
    expect(refused.exitCode).toBe(1);
    const r = refused.results[0];
    expect(r?.outcome).toBe('conflict');
    expect(r?.error?.step).toBe('check');
    expect(r?.error?.hint).toMatch(/calckit pull 102/);
    expect((await client.readCalculation(102)).expression).toContain("'Big'");

    const forced = await push({ paths: ['formulas/order-size-band.calc'], force: true });
    expect(forced.results[0]?.outcome).toBe('updated');
    expect((await client.readCalculation(102)).expression).toContain("'Large'");
  });

  it('stops on lint errors without sending anything', async () => {
    writeFileSync(join(dir, 'formulas/net-revenue.calc'), 'SUM(`Revenue`');
    writeFileSync(join(dir, 'formulas/return-rate.calc'), 'SUM(`No Such Column`)');
    const before = await client.readCalculation(106);
    const result = await push({ paths: ['formulas/net-revenue.calc', 'formulas/return-rate.calc'] });
    expect(result.exitCode).toBe(1);
    expect(result.results.map((r) => r.outcome)).toEqual(['lint-failed', 'lint-failed']);
    expect(result.results[1]?.problems.map((p) => p.code)).toContain('unknown-column');
    expect((await client.readCalculation(106)).lastModified).toBe(before.lastModified);
  });

  it('shows lint warnings but pushes; the project\'s lint settings apply', async () => {
    writeFileSync(join(dir, 'formulas/order-size-band.calc'), "CASE WHEN `Revenue` > 0 THEN 'Some' ELSE NULL END");
    const warned = await push({ paths: ['formulas/order-size-band.calc'] });
    expect(warned.results[0]?.outcome).toBe('updated');
    expect(warned.results[0]?.problems).toEqual([expect.objectContaining({ severity: 'warning', code: 'redundant-else-null' })]);
    expect(warned.exitCode).toBe(0);
    writeFileSync(join(dir, 'formulas/order-size-band.calc'), "CASE WHEN `Revenue` > 1 THEN 'Some' ELSE NULL END");
    project = { ...project, lint: { rules: { 'redundant-else-null': 'error' } } };
    const stopped = await push({ paths: ['formulas/order-size-band.calc'] });
    expect(stopped.results[0]?.outcome).toBe('lint-failed');
  });

  it('refuses invalid lint settings before sending anything', async () => {
    project = { ...project, lint: { rules: { 'no-such-rule': 'error' } } };
    await expect(push()).rejects.toThrow(/lint\.rules/);
  });

  it('a formula the service stores as INVALID (lint skipped) is a finding', async () => {
    writeFileSync(join(dir, 'formulas/net-revenue.calc'), 'SUM(`Revenue`');
    const result = await push({ paths: ['formulas/net-revenue.calc'], skipLint: true });
    expect(result.results[0]).toMatchObject({ outcome: 'updated', status: 'INVALID' });
    expect(result.exitCode).toBe(1);
  });

  it('reports a file that calckit.json does not map (exit 2)', async () => {
    writeFileSync(join(dir, 'formulas/new.calc'), '1');
    const result = await push({ paths: ['formulas/new.calc'] });
    expect(result.exitCode).toBe(2);
    expect(result.results[0]?.outcome).toBe('unmapped');
  });
});

describe('push failures (injected by the emulator)', () => {
  const file = 'formulas/gross-margin.calc'; // calculation 101, locked in the fixtures

  async function snapshot() {
    const remote = await client.readCalculation(101);
    return { expression: remote.expression, checkSum: remote.checkSum, locked: remote.locked, local: text(file) };
  }

  it('update fails: the lock is restored, remote and local unchanged, the error names the step', async () => {
    const before = await snapshot();
    expect(before.locked).toBe(true);
    await h.inject({ operation: 'updateFormula', status: 500, message: 'database on fire' });
    const result = await push({ paths: [file] });
    expect(result.exitCode).toBe(1);
    const r = result.results[0];
    expect(r?.outcome).toBe('failed');
    expect(r?.error).toMatchObject({ step: 'update', status: 500, serviceMessage: 'database on fire', remoteUpdated: false, lockedNow: true });
    expect(r?.error?.message).toMatch(/step "update"/);
    expect(r?.error?.hint).toMatch(/try again/);
    expect(r?.steps.map((s) => s.step)).toEqual(['read', 'check', 'unlock', 'restore-lock']);
    expect(await snapshot()).toEqual(before);
    expect(records()['101']).toBeUndefined();
  });

  it('update refused as invalid (strict): lock restored, nothing changed', async () => {
    writeFileSync(join(dir, file), 'SUM(`Revenue`) +');
    const before = await snapshot();
    const result = await push({ paths: [file], strict: true, skipLint: true });
    const r = result.results[0];
    expect(r?.error).toMatchObject({ step: 'update', status: 400, lockedNow: true });
    const after = await snapshot();
    expect({ ...after, local: before.local }).toEqual(before);
    expect(after.local).toBe('SUM(`Revenue`) +');
  });

  it('unlock fails: nothing changed, still locked', async () => {
    const before = await snapshot();
    await h.inject({ operation: 'lockCalculation', status: 403, message: 'not the owner' });
    const result = await push({ paths: [file] });
    const r = result.results[0];
    expect(r?.error).toMatchObject({ step: 'unlock', status: 403, lockedNow: true, remoteUpdated: false });
    expect(r?.error?.hint).toMatch(/owner or an administrator/);
    expect(await snapshot()).toEqual(before);
  });

  it('read fails: nothing changed, the error names the read step', async () => {
    const before = await snapshot();
    await h.inject({ operation: 'readCalculation', status: 404, message: 'calculation 101 does not exist' });
    const result = await push({ paths: [file] });
    expect(result.results[0]?.error).toMatchObject({ step: 'read', status: 404 });
    expect(await snapshot()).toEqual(before);
  });

  it('lock after update fails: the error says the formula was updated and how to lock it', async () => {
    await h.inject({ operation: 'lockCalculation', status: 500, count: 5 });
    const result = await push({ paths: ['formulas/days-since-order.calc'], lockAfter: true }); // 103 starts unlocked
    const r = result.results[0];
    expect(r?.error).toMatchObject({ step: 'lock', status: 500, remoteUpdated: true, lockedNow: false });
    expect(r?.error?.hint).toMatch(/calckit lock 103/);
    // The remote holds our formula, so it becomes the baseline (a later push is not a false conflict).
    expect(records()['103']?.checkSum).toBe((await client.readCalculation(103)).checkSum);
    await h.clearFaults();
  });

  it('restoring the lock fails too: the error says the calculation is left unlocked', async () => {
    // The unlock succeeds, the update fails, then every lock call fails (each one is armed just before it is made).
    await h.inject({ operation: 'updateFormula', status: 500 });
    const flaky = h.client();
    const lockCalls: string[] = [];
    const wrapped: Client = {
      ...flaky,
      lock: async (id) => {
        lockCalls.push('lock');
        await h.inject({ operation: 'lockCalculation', status: 503 });
        return flaky.lock(id);
      },
    };
    const failed = await pushFiles({ project, client: wrapped, serviceName: 'SVC', paths: [file], cwd: dir });
    const r = failed.results[0];
    expect(lockCalls.length).toBeGreaterThanOrEqual(2);
    expect(r?.error?.lockedNow).toBeNull();
    expect(r?.error?.message).toMatch(/LEFT UNLOCKED/);
    expect(r?.error?.message).toMatch(/calckit lock 101/);
    await h.clearFaults();
  });
});

describe('concurrency', () => {
  it('several clients pushing different calculations at once all succeed', async () => {
    const copies = [copyExamples(), copyExamples(), copyExamples()];
    const runs = copies.map((d, i) => {
      const p = loadProject(join(d, 'calckit.json'));
      const files = p.calculations.filter((_, k) => k % 3 === i).map((c) => c.path);
      return pushFiles({ project: p, client: h.client(), serviceName: 'SVC', paths: files, cwd: d, concurrency: 8 });
    });
    const results = await Promise.all(runs);
    expect(results.flatMap((r) => r.results.map((x) => x.outcome)).every((o) => o === 'updated')).toBe(true);
    for (const c of project.calculations) {
      expect((await client.readCalculation(c.id)).expression).toBe(text(c.path).replace(/\s+$/, ''));
    }
  });

  it('several clients pushing the same locked calculation at once: it ends locked, holding one of the pushed formulas', async () => {
    const formulas = ['SUM(`Revenue`) * 1', 'SUM(`Revenue`) * 2', 'SUM(`Revenue`) * 3', 'SUM(`Revenue`) * 4', 'SUM(`Revenue`) * 5'];
    const runs = formulas.map((f) => {
      const d = copyExamples();
      writeFileSync(join(d, 'formulas/gross-margin.calc'), f);
      const p = loadProject(join(d, 'calckit.json'));
      return pushFiles({ project: p, client: h.client({ retries: 2 }), serviceName: 'SVC', paths: ['formulas/gross-margin.calc'], cwd: d });
    });
    const results = (await Promise.all(runs)).map((r) => r.results[0]);
    const remote = await client.readCalculation(101);
    expect(remote.locked).toBe(true);
    expect(formulas).toContain(remote.expression);
    expect(results.some((r) => r?.outcome === 'updated')).toBe(true);
    for (const r of results) {
      expect(['updated', 'failed']).toContain(r?.outcome);
      // A loser failed at a named step with a status (the lock held by a winner), never silently.
      if (r?.outcome === 'failed') expect(r.error?.status).not.toBeNull();
    }
  });
});
