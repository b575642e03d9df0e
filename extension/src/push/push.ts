// The editor's push of one formula: the lint gate, then @calckit/client's shared push protocol (read, conflict check,
// unlock, update, lock again, verify — the CLI runs the same one, with the same rule for what is ours: the last push
// recorded for this service or a version of the file in git), with a conflict turned into a question
// (compare / overwrite / cancel) and the push state file kept up to date. Every outcome is plain data.
import { expressionFromFileText } from '@calckit/formula';
import { PushError, pushCalculation, type Client, type LocalAnalysis } from '@calckit/client';
import { errorDetails, STATUS_HINTS } from './errors.js';
import type { KnownVersion, PushHooks, PushOutcome, PushRecord, PushRequest, PushStep, RemoteCalculation } from './types.js';

export interface PushDeps {
  readonly client: Client;
  readonly record: PushRecord;
  readonly hooks: PushHooks;
  /** What calckit computes for the expression (@calckit/formula's analyzeCalculation, with the project's settings). */
  readonly analyze: (expression: string) => LocalAnalysis;
  /** The file's versions in git; without it only the record vouches for a remote formula. */
  readonly knownVersion?: KnownVersion;
}

type Failed = Extract<PushOutcome, { kind: 'failed' }>;

export async function pushFormula(request: PushRequest, deps: PushDeps): Promise<PushOutcome> {
  const { client, record, hooks } = deps;
  const { file, calculationId: id } = request;
  const expression = expressionFromFileText(request.text);
  const failed = (step: PushStep, error: unknown, extra: Partial<Failed> = {}): Failed => {
    const details = errorDetails(error);
    const hint = details.hint ?? (details.status === undefined ? undefined : STATUS_HINTS[details.status]);
    return {
      kind: 'failed',
      file,
      calculationId: id,
      step,
      message: details.message,
      ...(details.status === undefined ? {} : { status: details.status }),
      ...(hint === undefined ? {} : { hint }),
      ...extra,
    };
  };

  // 1. Lint: a formula with errors is pushed only when the user says so.
  hooks.onStep?.('lint', `linting ${file}`);
  let errors;
  try {
    errors = (await hooks.lint(expression, file)).filter((f) => f.severity === 'error');
  } catch (error) {
    return failed('lint', error);
  }
  if (errors.length > 0 && !request.force) {
    if ((await hooks.onLintErrors(errors, file)) !== 'push-anyway') return { kind: 'cancelled', file, calculationId: id, reason: 'lint-errors' };
  }

  const local = deps.analyze(expression);
  let lastPushed: string | undefined;
  try {
    lastPushed = await record.lastPushed(id);
  } catch (error) {
    return failed('state', error);
  }

  let force = request.force ?? false;

  // 3. The shared protocol; a conflict it refuses becomes a question, and "overwrite" runs it again with force.
  for (;;) {
    try {
      const result = await pushCalculation(client, {
        id,
        expression,
        local,
        lastPushedCheckSum: lastPushed,
        ...(deps.knownVersion ? { knownVersion: deps.knownVersion } : {}),
        force,
        strict: request.strict,
        ...(request.lockAfterPush ? { lockAfter: true } : {}),
        onStep: (event) => hooks.onStep?.(event.step, event.detail),
      });
      try {
        hooks.onStep?.('state', `recording checkSum ${result.after.checkSum}`);
        await record.record(id, result.after.checkSum);
      } catch (error) {
        return failed('state', error, { message: `the service has the formula, but the state file was not written: ${errorDetails(error).message}` });
      }
      if (result.action === 'unchanged') return { kind: 'unchanged', file, calculationId: id, checkSum: result.after.checkSum };
      return {
        kind: 'pushed',
        file,
        calculationId: id,
        checkSum: result.after.checkSum,
        previousCheckSum: result.before.checkSum,
        locked: result.after.locked,
        mismatches: result.mismatches,
        forced: result.forced || force,
      };
    } catch (error) {
      if (!(error instanceof PushError)) return failed('update', error);
      if (error.step === 'check' && !force) {
        let remote: RemoteCalculation | undefined = error.remote;
        if (remote === undefined) {
          try {
            remote = await client.readCalculation(id);
          } catch (readError) {
            return failed('read', readError);
          }
        }
        const choice = await hooks.onConflict({ file, calculationId: id, remote, lastPushedCheckSum: lastPushed, localCheckSum: local.checkSum, why: error.message });
        if (choice !== 'overwrite') return { kind: 'cancelled', file, calculationId: id, reason: choice === 'compare' ? 'compare' : 'conflict', remote };
        force = true;
        continue;
      }
      if (error.remoteUpdated) await recordStored(deps, id);
      return {
        kind: 'failed',
        file,
        calculationId: id,
        step: error.step,
        // The step and status are fields of their own: the message is the service's words (plus the lock's fate).
        message: `${error.serviceError?.serviceMessage ?? error.message}${lockNote(error)}`,
        hint: error.hint,
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.lockedNow === undefined ? {} : { lockedAfter: error.lockedNow }),
      };
    }
  }
}

function lockNote(error: PushError): string {
  if (error.restoreError) return ` Restoring the lock failed too (${error.restoreError.serviceMessage}): the calculation is UNLOCKED.`;
  if (error.remoteUpdated) return ' The formula WAS updated.';
  return '';
}

/** After a failure past the update, the service holds our formula: record what it stored, or the next push is a conflict. */
async function recordStored(deps: PushDeps, id: number): Promise<void> {
  try {
    const remote = await deps.client.readCalculation(id);
    await deps.record.record(id, remote.checkSum);
  } catch {
    // The failure already reported is the one that matters; the next push asks about the conflict instead.
  }
}
