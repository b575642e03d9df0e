// What every operation handler receives: the storage, the settings, a clock, and the request's parsed parts.
import type { Storage } from './storage.js';
import type { Sandbox } from './sandbox/runner.js';

export interface EmulatorContext {
  readonly storage: Storage;
  readonly serviceName: string;
  /** Epoch milliseconds; replaceable in tests. */
  readonly clock: () => number;
  readonly sandbox: Sandbox;
  /** The user the tokens belong to: `startedBy` of executions, `ownerId` of schedules. */
  readonly userId: number;
  /** How many code-function executions the database keeps (the newest; older ones are deleted). */
  readonly executionsKept: number;
}

export interface OperationRequest {
  /** Decoded, checked path parameters. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON object body (empty for GET). */
  readonly body: Readonly<Record<string, unknown>>;
}

/** Returns the 200 response body; throws ApiError for any refusal. */
export type OperationHandler = (ctx: EmulatorContext, req: OperationRequest) => unknown;
