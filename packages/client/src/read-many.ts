// Reading many calculations with a bounded number of calls in flight (an import reads hundreds or thousands).
import type { Calculation } from '@calckit/protocol';
import { ServiceError } from './errors.js';

export interface ReadManyOptions {
  /** Reads in flight at once; default 8 (1–64). */
  readonly concurrency?: number;
  /** Called after each read (successful or not) with how many are done and how many there are. */
  readonly onProgress?: (done: number, total: number) => void;
}

export type ReadOutcome =
  | { readonly id: number; readonly ok: true; readonly calculation: Calculation }
  | { readonly id: number; readonly ok: false; readonly error: ServiceError };

export const DEFAULT_READ_CONCURRENCY = 8;
const MAX_READ_CONCURRENCY = 64;

/**
 * Reads every id (each distinct id once) with at most `concurrency` reads in flight; outcomes are in the order of
 * `ids`. With `failFast`, the first failure stops new reads from starting and is thrown once those in flight end.
 */
export async function readMany(
  read: (id: number) => Promise<Calculation>,
  ids: readonly number[],
  options: ReadManyOptions,
  failFast: boolean,
): Promise<ReadOutcome[]> {
  const concurrency = options.concurrency ?? DEFAULT_READ_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_READ_CONCURRENCY) {
    throw new ServiceError({
      operation: 'readCalculation',
      kind: 'config',
      serviceMessage: `concurrency must be a whole number 1-${MAX_READ_CONCURRENCY} (got ${concurrency})`,
      hint: 'lower the concurrency',
    });
  }
  const unique = [...new Set(ids)];
  const outcomes = new Map<number, ReadOutcome>();
  let next = 0;
  let done = 0;
  let failure: ServiceError | undefined;
  const worker = async (): Promise<void> => {
    while (next < unique.length && !(failFast && failure)) {
      const id = unique[next++]!;
      try {
        outcomes.set(id, { id, ok: true, calculation: await read(id) });
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        outcomes.set(id, { id, ok: false, error });
        failure ??= error;
      }
      done += 1;
      options.onProgress?.(done, unique.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  if (failFast && failure) throw failure;
  return ids.map((id) => outcomes.get(id)!);
}
