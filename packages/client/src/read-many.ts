// Reading many calculations (an import reads hundreds or thousands): in batches through the read of several
// calculations (`POST …/functions/list/id`, COMMUNITY-DOCUMENTED, unverified against the real service: see
// @calckit/protocol's calculations-by-ids.ts), with a bounded number of requests in flight, and one at a time with the
// documented read (`GET …/functions/template/{id}`) where the batch read cannot answer:
//   - a service without the batch read (it answers 404, 405 or 501 there), or whose answer is not what calckit
//     expects (not an array of Calculations, a calculation not asked for, one twice): every id is read on its own,
//     for the rest of the client's life (the batch read is not tried again);
//   - a batch the service refuses (400, 403, 413) or whose answer is too large: that batch's ids are read on their own;
//   - an id the batch's answer leaves out (the emulator leaves out unknown ids): read on its own, so its failure is the
//     read's usual error (404 for an unknown id).
// Any other failure of a batch (401, 5xx after the retries, a time-out) is the outcome of each of its ids.
import { MAX_CALCULATIONS_BY_IDS, type Calculation } from '@calckit/protocol';
import { CLIENT_ERROR_CODES, ServiceError } from './errors.js';
import type { ClientLogger } from './options.js';

export interface ReadManyOptions {
  /** Requests in flight at once (a batch read or a single read); default 8 (1–64). */
  readonly concurrency?: number;
  /** Ids per batch read; default 100 (1–1000). 1 reads every calculation on its own. */
  readonly batchSize?: number;
  /** Called after each id's outcome is known with how many are done and how many there are. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Called with each id's outcome as soon as it is known (the ids of a batch together). When it returns a promise,
   * the request slot it came from waits for it: at most `concurrency` calls of it run at once, and reading does not
   * run ahead of what is done with the answers.
   */
  readonly onOutcome?: (outcome: ReadOutcome) => void | Promise<void>;
  /** Once aborted, no new request starts; those in flight end and their outcomes are given. */
  readonly signal?: AbortSignal;
}

export type ReadOutcome =
  | {
      readonly id: number;
      readonly ok: true;
      readonly calculation: Calculation;
      /** The operation that answered it: the batch read, or the read of this one calculation. */
      readonly operation: 'readCalculationsByIds' | 'readCalculation';
    }
  | { readonly id: number; readonly ok: false; readonly error: ServiceError };

/** Whether the batch read is used: not tried yet, answering, or found missing (every id is then read on its own). */
export type BatchReadSupport = 'untried' | 'available' | 'unavailable';

export const DEFAULT_READ_CONCURRENCY = 8;
export const DEFAULT_READ_BATCH_SIZE = 100;
const MAX_READ_CONCURRENCY = 64;

/** Statuses of a batch read that mean "this service has no such operation": remembered for the client's life. */
const UNSUPPORTED_STATUS = new Set([404, 405, 501]);
/** Statuses of a batch read after which that batch's ids are read on their own (a per-id read says which one fails). */
const READ_SINGLY_STATUS = new Set([400, 403, 413]);

export interface ReadManyDeps {
  readonly readOne: (id: number) => Promise<Calculation>;
  readonly readBatch: (ids: readonly number[]) => Promise<Calculation[]>;
  /** Shared by every call of one client: the fallback is remembered for its life. */
  readonly support: { value: BatchReadSupport };
  readonly logger: ClientLogger;
}

type Task = { readonly kind: 'batch'; readonly ids: readonly number[] } | { readonly kind: 'one'; readonly id: number };

function configError(message: string): ServiceError {
  return new ServiceError({ operation: 'readCalculation', kind: 'config', serviceMessage: message, hint: 'fix the option' });
}

const isId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

/**
 * Reads every id (each distinct id once) and returns the outcomes in the order of `ids`. With `failFast`, the first
 * failure stops new requests from starting and is thrown once those in flight end. Ids not read because `signal`
 * aborted have no outcome (the answer is shorter than `ids`).
 */
export async function readMany(deps: ReadManyDeps, ids: readonly number[], options: ReadManyOptions, failFast: boolean): Promise<ReadOutcome[]> {
  const concurrency = options.concurrency ?? DEFAULT_READ_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_READ_CONCURRENCY) {
    throw configError(`concurrency must be a whole number 1-${MAX_READ_CONCURRENCY} (got ${concurrency})`);
  }
  const batchSize = options.batchSize ?? DEFAULT_READ_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_CALCULATIONS_BY_IDS) {
    throw configError(`batchSize must be a whole number 1-${MAX_CALCULATIONS_BY_IDS} (got ${batchSize})`);
  }
  const unique = [...new Set(ids)];
  // Ids that are not ids go to the single read, whose refusal (a config error) is their outcome.
  const batchable = batchSize > 1 ? unique.filter(isId) : [];
  const queue: Task[] = [];
  for (let i = 0; i < batchable.length; i += batchSize) queue.push({ kind: 'batch', ids: batchable.slice(i, i + batchSize) });
  const inBatches = new Set(batchable);
  for (const id of unique) if (!inBatches.has(id)) queue.push({ kind: 'one', id });

  const outcomes = new Map<number, ReadOutcome>();
  let failure: ServiceError | undefined;
  let fatal: { error: unknown } | undefined;
  const stopped = (): boolean => fatal !== undefined || (failFast && failure !== undefined) || options.signal?.aborted === true;

  const settle = async (outcome: ReadOutcome): Promise<void> => {
    outcomes.set(outcome.id, outcome);
    if (!outcome.ok) failure ??= outcome.error;
    options.onProgress?.(outcomes.size, unique.length);
    await options.onOutcome?.(outcome);
  };
  /** The ids go back to the front of the queue, each to be read on its own. */
  const readSingly = (list: readonly number[]): void => {
    queue.unshift(...list.map((id): Task => ({ kind: 'one', id })));
  };
  const giveUpBatches = (why: string): void => {
    if (deps.support.value !== 'unavailable') {
      deps.support.value = 'unavailable';
      deps.logger.info?.(`readCalculationsByIds: ${why}; reading calculations one at a time from now on`);
    }
    // Batches not started yet become single reads, in the same order.
    const rest = queue.splice(0).flatMap((t): Task[] => (t.kind === 'batch' ? t.ids.map((id) => ({ kind: 'one', id })) : [t]));
    queue.push(...rest);
  };

  const runBatch = async (batch: readonly number[]): Promise<void> => {
    if (deps.support.value === 'unavailable') return readSingly(batch);
    let answer: Calculation[];
    try {
      answer = await deps.readBatch(batch);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.kind === 'http' && UNSUPPORTED_STATUS.has(error.status ?? 0)) {
        giveUpBatches(`the service answered HTTP ${error.status} to the read of several calculations`);
        return readSingly(batch);
      }
      if ((error.kind === 'http' && READ_SINGLY_STATUS.has(error.status ?? 0)) || error.code === CLIENT_ERROR_CODES.RESPONSE_TOO_LARGE) {
        return readSingly(batch);
      }
      if (error.kind === 'response') {
        giveUpBatches(`the answer to the read of several calculations is not an array of Calculations (${error.serviceMessage.slice(0, 200)})`);
        return readSingly(batch);
      }
      for (const id of batch) await settle({ id, ok: false, error });
      return;
    }
    const asked = new Set(batch);
    const found = new Map<number, Calculation>();
    for (const calculation of answer) {
      if (!asked.has(calculation.id) || found.has(calculation.id)) {
        giveUpBatches(
          `the answer to the read of several calculations holds calculation ${calculation.id} ${found.has(calculation.id) ? 'twice' : 'which was not asked for'}`,
        );
        return readSingly(batch);
      }
      found.set(calculation.id, calculation);
    }
    if (deps.support.value === 'untried') deps.support.value = 'available';
    readSingly(batch.filter((id) => !found.has(id)));
    pump(); // the ids left out can start while the found ones are handed on
    for (const id of batch) {
      const calculation = found.get(id);
      if (calculation !== undefined) await settle({ id, ok: true, calculation, operation: 'readCalculationsByIds' });
    }
  };

  const runOne = async (id: number): Promise<void> => {
    let outcome: ReadOutcome;
    try {
      outcome = { id, ok: true, calculation: await deps.readOne(id), operation: 'readCalculation' };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      outcome = { id, ok: false, error };
    }
    await settle(outcome);
  };

  let active = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  function pump(): void {
    while (active < concurrency && queue.length > 0 && !stopped()) {
      const task = queue.shift()!;
      active += 1;
      (task.kind === 'batch' ? runBatch(task.ids) : runOne(task.id))
        .catch((error: unknown) => {
          fatal ??= { error };
        })
        .finally(() => {
          active -= 1;
          pump();
        });
    }
    if (active === 0) finish();
  }
  pump();
  await done;
  if (fatal !== undefined) throw fatal.error;
  if (failFast && failure) throw failure;
  return ids.flatMap((id) => {
    const outcome = outcomes.get(id);
    return outcome === undefined ? [] : [outcome];
  });
}
