// The push protocol for one formula (design.md, "Push, made safe"): lint, read the remote, refuse to overwrite a remote
// change made since our last push unless the user says so, unlock a locked calculation, update, lock it again (also
// when the update fails), record the new checkSum. Every step is reported; a failure names its step.
import { errorDetails, STATUS_HINTS } from './errors.js';
import { checkSumOf, expressionFromFile } from './expression.js';
import type {
  CalculationService,
  PushHooks,
  PushOutcome,
  PushRecord,
  PushRequest,
  PushStep,
  RemoteCalculation,
} from './types.js';

export interface PushDeps {
  readonly service: CalculationService;
  readonly record: PushRecord;
  readonly hooks: PushHooks;
}

/** How many times a lock that must be restored is tried before the failure is reported. */
const RESTORE_LOCK_ATTEMPTS = 3;

class StepFailure extends Error {
  constructor(
    readonly step: PushStep,
    readonly original: unknown,
  ) {
    super(`${step} failed`);
  }
}

async function step<T>(name: PushStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StepFailure(name, error);
  }
}

export async function pushFormula(request: PushRequest, deps: PushDeps): Promise<PushOutcome> {
  const { service, record, hooks } = deps;
  const { file, calculationId: id } = request;
  const expression = expressionFromFile(request.text);
  const localCheckSum = checkSumOf(expression);
  const say = (s: PushStep, detail: string): void => hooks.onStep?.(s, detail);
  let unlockedByUs = false;
  let wasLocked = false;
  let storedCheckSum: string | undefined;

  try {
    say('lint', `linting ${file}`);
    const findings = await step('lint', async () => hooks.lint(expression, file));
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length > 0 && !request.force) {
      const choice = await hooks.onLintErrors(errors, file);
      if (choice !== 'push-anyway') return { kind: 'cancelled', file, calculationId: id, reason: 'lint-errors' };
    }

    say('read', `reading calculation ${id}`);
    const remote = await step('read', () => service.read(id));
    wasLocked = remote.locked;
    const lastPushed = await step('read', async () => record.lastPushed(id));

    if (remote.checkSum === localCheckSum) {
      // Already there (pushed from elsewhere, or a save without a change): nothing to send; keep the record right.
      if (lastPushed !== localCheckSum) await step('record', async () => record.record(id, localCheckSum));
      if (request.lockAfterPush && !remote.locked) await step('lock', () => service.setLocked(id, true));
      return { kind: 'unchanged', file, calculationId: id, checkSum: localCheckSum };
    }

    if (remote.checkSum !== lastPushed && !request.force) {
      const choice = await hooks.onConflict({ file, calculationId: id, remote, lastPushedCheckSum: lastPushed, localCheckSum });
      if (choice !== 'overwrite') {
        return { kind: 'cancelled', file, calculationId: id, reason: choice === 'compare' ? 'compare' : 'conflict', remote };
      }
    }

    if (remote.locked) {
      say('unlock', `unlocking calculation ${id}`);
      await step('unlock', () => service.setLocked(id, false));
      unlockedByUs = true;
    }

    say('update', `updating calculation ${id}`);
    const updated = await step('update', () => service.update(id, expression, { strict: request.strict }));
    storedCheckSum = updated.checkSum;

    let locked = updated.locked;
    if (wasLocked || request.lockAfterPush) {
      say('lock', `locking calculation ${id}`);
      const relocked = await step('lock', () => service.setLocked(id, true));
      locked = relocked.locked;
      unlockedByUs = false;
    }

    say('record', `recording checkSum ${updated.checkSum}`);
    await step('record', async () => record.record(id, updated.checkSum));

    return {
      kind: 'pushed',
      file,
      calculationId: id,
      checkSum: updated.checkSum,
      previousCheckSum: remote.checkSum,
      locked,
      ...(updated.checkSum === localCheckSum
        ? {}
        : { checkSumMismatch: { local: localCheckSum, remote: updated.checkSum } }),
    };
  } catch (error) {
    const failedStep: PushStep = error instanceof StepFailure ? error.step : 'update';
    const details = errorDetails(error instanceof StepFailure ? error.original : error);
    let lockedAfter: boolean | undefined = wasLocked ? true : undefined;
    let restoreNote = '';
    if (unlockedByUs) {
      say('lock', `restoring the lock of calculation ${id}`);
      const restored = await restoreLock(service, id);
      lockedAfter = restored.ok;
      restoreNote = restored.ok
        ? ' The lock was restored.'
        : ` Restoring the lock failed too (${restored.message}): the calculation is UNLOCKED, lock it with "calckit: Lock Calculation".`;
    }
    if (storedCheckSum !== undefined && failedStep !== 'record') {
      // The service has our formula even though a later step failed: record it, or the next push sees a conflict.
      try {
        await record.record(id, storedCheckSum);
      } catch {
        // The failure already reported is the one that matters; the record is fixed by the next push.
      }
    }
    const hint = details.hint ?? (details.status === undefined ? undefined : STATUS_HINTS[details.status]);
    return {
      kind: 'failed',
      file,
      calculationId: id,
      step: failedStep,
      ...(details.status === undefined ? {} : { status: details.status }),
      message: `${details.message}${restoreNote}`,
      ...(hint === undefined ? {} : { hint }),
      ...(lockedAfter === undefined ? {} : { lockedAfter }),
    };
  }
}

async function restoreLock(
  service: CalculationService,
  id: number,
): Promise<{ ok: true; remote: RemoteCalculation } | { ok: false; message: string }> {
  let last = '';
  for (let attempt = 1; attempt <= RESTORE_LOCK_ATTEMPTS; attempt++) {
    try {
      const remote = await service.setLocked(id, true);
      if (remote.locked) return { ok: true, remote };
      last = 'the service answered locked=false';
    } catch (error) {
      last = errorDetails(error).message;
    }
  }
  return { ok: false, message: last };
}
