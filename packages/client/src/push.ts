// The safe push protocol (design.md "Push, made safe") over a Client: read, conflict check, unlock if locked,
// update, lock again, verify. Pure over the client: the caller supplies the local analysis and what vouches for a
// remote formula being ours (the last push recorded for this service, the file's versions in git), and records the
// new checkSum, so the CLI and the editor share this one implementation and this one conflict rule.
import type { Calculation, LockedCalculation } from '@calckit/protocol';
import type { Client } from './client.js';
import { ServiceError } from './errors.js';

export type PushStep = 'read' | 'check' | 'unlock' | 'update' | 'lock' | 'verify' | 'restore-lock';

/** What calckit computed for the expression (from @calckit/formula's analyzeCalculation). */
export interface LocalAnalysis {
  readonly checkSum: string;
  readonly functions: readonly string[];
  readonly columnPositions: ReadonlyArray<{ readonly columnName: string; readonly columnPosition: number }>;
}

export interface PushRequest {
  readonly id: number;
  readonly expression: string;
  readonly local: LocalAnalysis;
  /** The checkSum recorded at our last push of this calculation to this service; undefined when none is recorded. */
  readonly lastPushedCheckSum?: string | undefined;
  /**
   * Whether a formula with this checkSum is a version of the local file that the repository knows (git history,
   * the index): `found` says where, `missing` why nothing vouches for it. Asked only when the remote differs from
   * both our formula and the record. Without it, only the record can vouch.
   */
  readonly knownVersion?: (checkSum: string) => Promise<VersionLookup>;
  /** Overwrite a remote formula that nothing vouches for (a change made in the service). */
  readonly force?: boolean;
  /** Read and check only; change nothing. */
  readonly dryRun?: boolean;
  /** Passed to update as `strict`. Default false, as every public client does. */
  readonly strict?: boolean;
  /**
   * Lock the calculation after this push changes its formula, even if it was not locked before. A calculation whose
   * formula is already ours (`unchanged`) is left as it is: `--lock` locks what the push changes, nothing else.
   * Default: the lock is restored as it was.
   */
  readonly lockAfter?: boolean;
  /** Called after each step that did something, in order. */
  readonly onStep?: (event: PushStepEvent) => void;
}

export type VersionLookup = { readonly found: string } | { readonly missing: string };

export interface PushStepEvent {
  readonly step: PushStep;
  readonly detail: string;
}

export type PushAction = 'updated' | 'unchanged' | 'would-update' | 'would-skip';

export interface Mismatch {
  readonly field: 'checkSum' | 'functions' | 'columnPositions' | 'expression';
  readonly local: unknown;
  readonly remote: unknown;
}

export interface PushResult {
  readonly id: number;
  readonly action: PushAction;
  readonly steps: readonly PushStepEvent[];
  /** The calculation as read before the push. */
  readonly before: Calculation;
  /** The calculation as it stands after the push (update response, with the lock flag of the last lock call). */
  readonly after: Calculation;
  /** Where the service's answer differs from calckit's analysis (the push itself succeeded). */
  readonly mismatches: readonly Mismatch[];
  /** True when nothing vouched for the remote formula and `force` overwrote it. */
  readonly forced: boolean;
}

/**
 * The conflict rule, one implementation for the CLI and the editor. The remote formula may be replaced when it equals
 * ours (nothing to do), the one last pushed from here to this service, or a version of the file that the repository
 * knows; anything else is someone's change in the service and needs `force`.
 */
export async function judgeRemote(
  remoteCheckSum: string,
  request: Pick<PushRequest, 'local' | 'lastPushedCheckSum' | 'knownVersion'>,
): Promise<{ readonly ours: true; readonly why: string } | { readonly ours: false; readonly why: string }> {
  if (remoteCheckSum === request.local.checkSum) return { ours: true, why: 'remote already holds this formula' };
  if (remoteCheckSum === request.lastPushedCheckSum) return { ours: true, why: 'remote unchanged since the last push from here' };
  const lookup = request.knownVersion ? await request.knownVersion(remoteCheckSum) : { missing: 'no version history to compare with' };
  if ('found' in lookup) return { ours: true, why: `remote holds a version of this file from ${lookup.found}` };
  const record =
    request.lastPushedCheckSum === undefined
      ? 'no push to this service is recorded here'
      : `the last push from here was ${request.lastPushedCheckSum.slice(0, 12)}`;
  return { ours: false, why: `remote checkSum ${remoteCheckSum.slice(0, 12)} is not ours: ${record}, and ${lookup.missing}` };
}

/** A push that stopped: which step, why, and what state it left (the lock is restored whenever we can). */
export class PushError extends Error {
  override readonly name = 'PushError';
  constructor(
    readonly id: number,
    readonly step: PushStep,
    /** The service failure behind it, or undefined for a refusal of ours (conflict). */
    readonly serviceError: ServiceError | undefined,
    readonly hint: string,
    readonly steps: readonly PushStepEvent[],
    /** Whether the remote formula now holds our expression (true only when a step after update failed). */
    readonly remoteUpdated: boolean,
    /** The lock flag as we last know it, or undefined when unknown. */
    readonly lockedNow: boolean | undefined,
    message: string,
    /** Set when restoring the lock also failed. */
    readonly restoreError?: ServiceError,
    /** The calculation as read, when the push got that far (a conflict shows its formula). */
    readonly remote?: Calculation,
    /** The update failed without a clear answer and reading the calculation back did not settle it either. */
    readonly outcomeUnknown: boolean = false,
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.serviceError?.status;
  }

  toJSON(): Record<string, unknown> {
    return {
      id: this.id,
      step: this.step,
      status: this.serviceError?.status ?? null,
      message: this.message,
      serviceMessage: this.serviceError?.serviceMessage ?? null,
      hint: this.hint,
      remoteUpdated: this.remoteUpdated,
      lockedNow: this.lockedNow ?? null,
      steps: this.steps,
      serviceError: this.serviceError?.toJSON() ?? null,
      restoreError: this.restoreError?.toJSON() ?? null,
      remoteExpression: this.step === 'check' ? (this.remote?.expression ?? null) : null,
      outcomeUnknown: this.outcomeUnknown,
    };
  }
}

export async function pushCalculation(client: Client, request: PushRequest): Promise<PushResult> {
  const { id } = request;
  const steps: PushStepEvent[] = [];
  const did = (step: PushStep, detail: string): void => {
    const event = { step, detail };
    steps.push(event);
    request.onStep?.(event);
  };
  const fail = (
    step: PushStep,
    error: ServiceError | undefined,
    hint: string,
    state: { remoteUpdated: boolean; lockedNow: boolean | undefined; restoreError?: ServiceError; remote?: Calculation; outcomeUnknown?: boolean },
    headline?: string,
  ): PushError => {
    const what = headline ?? (error ? `${error.status !== undefined ? `HTTP ${error.status}` : error.kind}: ${error.serviceMessage}` : 'refused');
    const lockNote =
      state.restoreError !== undefined
        ? ` The calculation is LEFT UNLOCKED (restoring the lock failed: ${state.restoreError.serviceMessage}); run \`calckit lock ${id}\`.`
        : '';
    return new PushError(
      id,
      step,
      error,
      hint,
      steps,
      state.remoteUpdated,
      state.lockedNow,
      `push of calculation ${id} failed at step "${step}": ${what}.${lockNote}`,
      state.restoreError,
      state.remote,
      state.outcomeUnknown ?? false,
    );
  };

  // 1. Read the remote calculation.
  let before: Calculation;
  try {
    before = await client.readCalculation(id);
  } catch (error) {
    const e = asServiceError(error);
    throw fail('read', e, e.hint, { remoteUpdated: false, lockedNow: undefined });
  }
  did('read', `remote checkSum ${before.checkSum.slice(0, 12)}, ${before.locked ? 'locked' : 'unlocked'}`);

  // 2. Conflict check: is the remote formula ours to replace?
  const sameAsLocal = before.checkSum === request.local.checkSum;
  const verdict = await judgeRemote(before.checkSum, request);
  const remoteMoved = !verdict.ours;
  if (remoteMoved && !request.force) {
    throw fail(
      'check',
      undefined,
      `someone changed it in the service: compare with \`calckit diff\`, then \`calckit pull ${id}\` to take their version, or push with --force to overwrite it`,
      { remoteUpdated: false, lockedNow: before.locked, remote: before },
      `the service holds a formula that was not pushed from here (${verdict.why})`,
    );
  }
  // Locked again when it was locked; locked for the first time (lockAfter) only when its formula changes now.
  const wantLocked = before.locked || (request.lockAfter === true && !sameAsLocal);
  did('check', remoteMoved ? `${verdict.why}: overwriting (--force)` : verdict.why);
  if (request.dryRun) {
    return { id, action: sameAsLocal ? 'would-skip' : 'would-update', steps, before, after: before, mismatches: [], forced: remoteMoved };
  }
  if (sameAsLocal) return { id, action: 'unchanged', steps, before, after: before, mismatches: verify(request, before), forced: false };

  // 3. Unlock if locked.
  if (before.locked) {
    try {
      await client.unlock(id);
    } catch (error) {
      const e = asServiceError(error);
      // An unlock whose answer was lost may still have unlocked: then make sure it is locked. Otherwise nothing moved.
      if (!e.outcomeUnknown) throw fail('unlock', e, e.hint, { remoteUpdated: false, lockedNow: true });
      const restore = await restoreLock(client, id);
      if (restore.ok) did('restore-lock', 'locked again after the failed unlock');
      throw fail('unlock', e, e.hint, { remoteUpdated: false, lockedNow: restore.ok ? true : undefined, ...(restore.ok ? {} : { restoreError: restore.error }) });
    }
    did('unlock', 'unlocked');
  }

  // 4. Update. When it fails without a clear refusal (its answer lost, a 5xx after the service may have stored it),
  //    the calculation is read back, so the outcome is told as it is: stored (the push goes on), not stored, or unknown.
  let updated: Calculation;
  let recovered = '';
  try {
    updated = await client.updateFormula(id, request.expression, { strict: request.strict ?? false, previousCheckSum: before.checkSum });
  } catch (error) {
    const e = asServiceError(error);
    const applied = await updateApplied(client, id, e, request.local.checkSum);
    if (applied.stored !== undefined) {
      updated = applied.stored;
      recovered = ` (its answer failed with ${e.status !== undefined ? `HTTP ${e.status}` : e.kind}; reading it back shows it stored)`;
    } else {
      let restore: { ok: true } | { ok: false; error: ServiceError } = { ok: true };
      if (before.locked) {
        restore = await restoreLock(client, id);
        if (restore.ok) did('restore-lock', 'locked again after the failed update');
      }
      const unknown = applied.known === false;
      const hint = unknown ? `the update may have been applied: run \`calckit status\` to see what the service holds (${e.hint})` : e.hint;
      throw fail('update', e, hint, {
        remoteUpdated: false,
        lockedNow: before.locked ? (restore.ok ? true : undefined) : false,
        ...(restore.ok ? {} : { restoreError: restore.error }),
        outcomeUnknown: unknown,
      });
    }
  }
  did('update', `stored, checkSum ${updated.checkSum.slice(0, 12)}, status ${updated.status}${recovered}`);

  // 5. Lock again (or lock for the first time when asked).
  let after: Calculation = updated;
  if (wantLocked) {
    try {
      const locked = await client.lock(id);
      after = { ...updated, ...locked };
    } catch (error) {
      const e = asServiceError(error);
      throw fail(
        'lock',
        e,
        `the formula WAS updated but the calculation is unlocked: run \`calckit lock ${id}\` (${e.hint})`,
        { remoteUpdated: true, lockedNow: false },
      );
    }
    did('lock', 'locked');
  }

  // 6. Verify the service's answer against the local analysis.
  const mismatches = verify(request, updated);
  did('verify', mismatches.length === 0 ? 'checkSum, functions and column positions match' : `differs in ${mismatches.map((m) => m.field).join(', ')}`);
  return { id, action: 'updated', steps, before, after, mismatches, forced: remoteMoved };
}

function verify(request: PushRequest, remote: Calculation | LockedCalculation): Mismatch[] {
  const out: Mismatch[] = [];
  if (remote.expression !== request.expression) out.push({ field: 'expression', local: request.expression, remote: remote.expression });
  if (remote.checkSum !== request.local.checkSum) out.push({ field: 'checkSum', local: request.local.checkSum, remote: remote.checkSum });
  if (JSON.stringify(remote.functions) !== JSON.stringify(request.local.functions)) {
    out.push({ field: 'functions', local: request.local.functions, remote: remote.functions });
  }
  const positions = (list: ReadonlyArray<{ columnName: string; columnPosition: number }>): string =>
    JSON.stringify(list.map((p) => [p.columnName, p.columnPosition]));
  if (positions(remote.columnPositions) !== positions(request.local.columnPositions)) {
    out.push({ field: 'columnPositions', local: request.local.columnPositions, remote: remote.columnPositions });
  }
  return out;
}

/**
 * After a failed update: did the service store our formula? A clear refusal (4xx but 408 and 429), or a call that was
 * never sent, stored nothing. Otherwise the calculation is read back: our checkSum means stored. Anything else means
 * not stored when the service answered (its 5xx came after it was done), and unknown when it did not answer (a
 * time-out or a dropped connection: the call may still land); a failed read leaves it unknown too.
 */
async function updateApplied(client: Client, id: number, error: ServiceError, ours: string): Promise<{ stored?: Calculation; known: boolean }> {
  const answered = error.kind === 'http';
  const refused = error.kind === 'config' || (answered && error.status !== undefined && error.status < 500 && error.status !== 408 && error.status !== 429);
  if (refused || (!answered && !error.outcomeUnknown && error.kind !== 'response')) return { known: true };
  try {
    const now = await client.readCalculation(id);
    if (now.checkSum === ours) return { stored: now, known: true };
    return { known: answered };
  } catch {
    return { known: false };
  }
}

/** Locks again after a failure; the client already retries lock calls, this tries once more on top. */
async function restoreLock(client: Client, id: number): Promise<{ ok: true } | { ok: false; error: ServiceError }> {
  let last: ServiceError | undefined;
  for (let i = 0; i < 2; i++) {
    try {
      await client.lock(id);
      return { ok: true };
    } catch (error) {
      last = asServiceError(error);
    }
  }
  return { ok: false, error: last as ServiceError };
}

function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  throw error;
}
