// The push protocol: lint gate, conflict choice, unlock/update/relock, lock restored when a step fails, the record.
// The service here is an in-memory stand-in with fault injection (the same protocol runs against the emulator in
// push-emulator.test.ts); the record is the project's real state file in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastPushed } from '@calckit/project';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSumOf } from './expression.js';
import { pushFormula, type PushDeps } from './push.js';
import { stateFileRecord } from './state-record.js';
import type { CalculationService, ConflictChoice, LintFinding, PushHooks, PushStep, RemoteCalculation } from './types.js';

type Operation = 'read' | 'update' | 'lock' | 'unlock';

class MemoryService implements CalculationService {
  readonly calls: string[] = [];
  private readonly faults = new Map<Operation, number>();
  constructor(private readonly calcs: Map<number, RemoteCalculation>) {}

  /** The next call of `operation` fails with `status` (as the emulator's fault switch does). */
  failNext(operation: Operation, status = 500): void {
    this.faults.set(operation, status);
  }
  private check(operation: Operation, id: number): RemoteCalculation {
    this.calls.push(`${operation} ${id}`);
    const status = this.faults.get(operation);
    if (status !== undefined) {
      this.faults.delete(operation);
      throw Object.assign(new Error(`injected failure of ${operation}`), { status });
    }
    const calc = this.calcs.get(id);
    if (!calc) throw Object.assign(new Error(`no calculation ${id}`), { status: 404 });
    return calc;
  }
  async read(id: number): Promise<RemoteCalculation> {
    return this.check('read', id);
  }
  async update(id: number, expression: string): Promise<RemoteCalculation> {
    const calc = this.check('update', id);
    if (calc.locked) throw Object.assign(new Error('calculation is locked'), { status: 423 });
    const next = { ...calc, expression, checkSum: checkSumOf(expression) };
    this.calcs.set(id, next);
    return next;
  }
  async setLocked(id: number, locked: boolean): Promise<RemoteCalculation> {
    const calc = this.check(locked ? 'lock' : 'unlock', id);
    const next = { ...calc, locked };
    this.calcs.set(id, next);
    return next;
  }
  get(id: number): RemoteCalculation | undefined {
    return this.calcs.get(id);
  }
  /** Someone edits the formula in the service's web editor. */
  editRemotely(id: number, expression: string): void {
    const calc = this.calcs.get(id);
    if (!calc) throw new Error(`no calculation ${id}`);
    this.calcs.set(id, { ...calc, expression, checkSum: checkSumOf(expression) });
  }
}

const ORIGINAL = 'SUM(`Sales`)';
let dir: string;
let statePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-push-'));
  statePath = join(dir, '.calckit', 'state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(options: { locked?: boolean; recorded?: string | null; lint?: LintFinding[]; conflict?: ConflictChoice } = {}) {
  const service = new MemoryService(
    new Map([[7, { id: 7, name: 'Total', expression: ORIGINAL, checkSum: checkSumOf(ORIGINAL), locked: options.locked ?? false }]]),
  );
  const record = stateFileRecord(statePath, () => 'formulas/total.calc');
  if (options.recorded !== null) void record.record(7, options.recorded ?? checkSumOf(ORIGINAL));
  const asked: string[] = [];
  const steps: PushStep[] = [];
  const hooks: PushHooks = {
    lint: () => options.lint ?? [],
    onLintErrors: async (errors) => {
      asked.push(`lint:${errors.length}`);
      return 'cancel';
    },
    onConflict: async (conflict) => {
      asked.push(`conflict:${conflict.lastPushedCheckSum === undefined ? 'untracked' : 'changed'}`);
      return options.conflict ?? 'cancel';
    },
    onStep: (step) => steps.push(step),
  };
  const deps: PushDeps = { service, record, hooks };
  return { service, deps, asked, steps };
}

const request = (text: string, extra: { force?: boolean; lockAfterPush?: boolean } = {}) => ({
  file: 'formulas/total.calc',
  calculationId: 7,
  text,
  strict: false,
  lockAfterPush: extra.lockAfterPush ?? false,
  ...(extra.force === undefined ? {} : { force: extra.force }),
});

describe('pushFormula', () => {
  it('pushes a changed formula, records the new checkSum, and derives the expression from the file text', async () => {
    const { service, deps, steps } = setup();
    const outcome = await pushFormula(request('\uFEFFSUM(`Sales`) * 2\n\n'), deps);
    const expected = checkSumOf('SUM(`Sales`) * 2');
    expect(outcome).toMatchObject({ kind: 'pushed', checkSum: expected, previousCheckSum: checkSumOf(ORIGINAL), locked: false });
    expect(outcome).not.toHaveProperty('checkSumMismatch');
    expect(service.get(7)?.expression).toBe('SUM(`Sales`) * 2');
    expect(lastPushed(statePath, 7)).toMatchObject({ checkSum: expected, file: 'formulas/total.calc' });
    expect(service.calls).toEqual(['read 7', 'update 7']);
    expect(steps).toEqual(['lint', 'read', 'update', 'record']);
  });

  it('unlocks a locked calculation, updates it and locks it again', async () => {
    const { service, deps } = setup({ locked: true });
    const outcome = await pushFormula(request('SUM(`Sales`) + 1'), deps);
    expect(outcome).toMatchObject({ kind: 'pushed', locked: true });
    expect(service.calls).toEqual(['read 7', 'unlock 7', 'update 7', 'lock 7']);
    expect(service.get(7)).toMatchObject({ locked: true, expression: 'SUM(`Sales`) + 1' });
  });

  it('locks after the push when lockAfterPush is set', async () => {
    const { service, deps } = setup();
    const outcome = await pushFormula(request('SUM(`Sales`) + 2', { lockAfterPush: true }), deps);
    expect(outcome).toMatchObject({ kind: 'pushed', locked: true });
    expect(service.get(7)?.locked).toBe(true);
  });

  it('restores the lock when the update fails, and reports the step, status and message', async () => {
    const { service, deps } = setup({ locked: true });
    service.failNext('update', 503);
    const outcome = await pushFormula(request('SUM(`Sales`) + 3'), deps);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'update', status: 503, lockedAfter: true });
    if (outcome.kind !== 'failed') throw new Error('expected a failure');
    expect(outcome.message).toContain('injected failure of update');
    expect(outcome.message).toContain('lock was restored');
    expect(outcome.hint).toBeUndefined(); // no hint for 503 in the table, none carried by the error
    expect(service.get(7)).toMatchObject({ locked: true, expression: ORIGINAL });
    expect(service.calls).toEqual(['read 7', 'unlock 7', 'update 7', 'lock 7']);
    expect(lastPushed(statePath, 7)?.checkSum).toBe(checkSumOf(ORIGINAL));
  });

  it('retries restoring the lock when the first relock fails, and records the stored formula', async () => {
    const { service, deps } = setup({ locked: true });
    service.failNext('lock', 502);
    const outcome = await pushFormula(request('SUM(`Sales`) + 4'), deps);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'lock', status: 502, lockedAfter: true });
    expect(service.get(7)).toMatchObject({ locked: true, expression: 'SUM(`Sales`) + 4' });
    // The update reached the service: the record follows it so the next push is not taken for a conflict.
    expect(lastPushed(statePath, 7)?.checkSum).toBe(checkSumOf('SUM(`Sales`) + 4'));
  });

  it('a failed unlock leaves the calculation locked and the formula untouched', async () => {
    const { service, deps } = setup({ locked: true });
    service.failNext('unlock', 403);
    const outcome = await pushFormula(request('SUM(`Sales`) + 5'), deps);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'unlock', status: 403, lockedAfter: true });
    if (outcome.kind === 'failed') expect(outcome.hint).toMatch(/owner or an administrator/);
    expect(service.get(7)).toMatchObject({ locked: true, expression: ORIGINAL });
  });

  it('a failed read changes nothing', async () => {
    const { service, deps } = setup();
    service.failNext('read', 401);
    const outcome = await pushFormula(request('SUM(`Sales`) + 6'), deps);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'read', status: 401 });
    if (outcome.kind === 'failed') expect(outcome.hint).toMatch(/Set Developer Token/);
    expect(service.calls).toEqual(['read 7']);
  });

  describe('lint gate', () => {
    const error: LintFinding = { severity: 'error', code: 'unknown-column', message: 'no column `Sale`', line: 1, column: 5 };
    const warning: LintFinding = { severity: 'warning', code: 'x', message: 'a warning', line: 1, column: 1 };

    it('refuses a formula with errors unless the user pushes anyway', async () => {
      const { service, deps, asked } = setup({ lint: [warning, error] });
      const outcome = await pushFormula(request('SUM(`Sale`)'), deps);
      expect(outcome).toMatchObject({ kind: 'cancelled', reason: 'lint-errors' });
      expect(asked).toEqual(['lint:1']);
      expect(service.calls).toEqual([]);
    });

    it('pushes a formula with errors when the user says push anyway', async () => {
      const { service, deps } = setup({ lint: [error] });
      deps.hooks.onLintErrors = async () => 'push-anyway';
      const outcome = await pushFormula(request('SUM(`Sale`)'), deps);
      expect(outcome).toMatchObject({ kind: 'pushed' });
      expect(service.get(7)?.expression).toBe('SUM(`Sale`)');
    });

    it('does not ask about warnings', async () => {
      const { deps, asked } = setup({ lint: [warning] });
      expect(await pushFormula(request('SUM(`Sales`) - 1'), deps)).toMatchObject({ kind: 'pushed' });
      expect(asked).toEqual([]);
    });
  });

  describe('conflict: the remote changed since our last push', () => {
    const remoteEdit = 'SUM(`Sales`) / 100';
    const edited = (service: MemoryService): void => service.editRemotely(7, remoteEdit);

    it('cancel leaves the remote as it is', async () => {
      const { service, deps, asked } = setup({ conflict: 'cancel' });
      edited(service);
      const outcome = await pushFormula(request('SUM(`Sales`) * 3'), deps);
      expect(outcome).toMatchObject({ kind: 'cancelled', reason: 'conflict' });
      expect(asked).toEqual(['conflict:changed']);
      expect(service.get(7)?.expression).toBe(remoteEdit);
    });

    it('compare hands the remote version back for a diff and pushes nothing', async () => {
      const { service, deps } = setup({ conflict: 'compare' });
      edited(service);
      const outcome = await pushFormula(request('SUM(`Sales`) * 3'), deps);
      expect(outcome).toMatchObject({ kind: 'cancelled', reason: 'compare', remote: { expression: remoteEdit } });
      expect(service.get(7)?.expression).toBe(remoteEdit);
    });

    it('overwrite pushes over the remote change', async () => {
      const { service, deps } = setup({ conflict: 'overwrite' });
      edited(service);
      const outcome = await pushFormula(request('SUM(`Sales`) * 3'), deps);
      expect(outcome).toMatchObject({ kind: 'pushed', previousCheckSum: checkSumOf(remoteEdit) });
      expect(service.get(7)?.expression).toBe('SUM(`Sales`) * 3');
    });

    it('a calculation never pushed from here asks too', async () => {
      const { deps, asked } = setup({ recorded: null });
      const outcome = await pushFormula(request('SUM(`Sales`) * 4'), deps);
      expect(outcome).toMatchObject({ kind: 'cancelled', reason: 'conflict' });
      expect(asked).toEqual(['conflict:untracked']);
    });

    it('force skips the question', async () => {
      const { service, deps, asked } = setup();
      edited(service);
      expect(await pushFormula(request('SUM(`Sales`) * 5', { force: true }), deps)).toMatchObject({ kind: 'pushed' });
      expect(asked).toEqual([]);
    });
  });

  it('a formula equal to the remote one is not sent again, and the record catches up', async () => {
    const { service, deps } = setup({ recorded: null });
    const outcome = await pushFormula(request(`${ORIGINAL}\n`), deps);
    expect(outcome).toMatchObject({ kind: 'unchanged', checkSum: checkSumOf(ORIGINAL) });
    expect(service.calls).toEqual(['read 7']);
    expect(lastPushed(statePath, 7)?.checkSum).toBe(checkSumOf(ORIGINAL));
  });
});
