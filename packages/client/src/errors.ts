// ServiceError: every failure of a client call, typed: which operation, HTTP status, the service's message, what to do.
import type { FieldError, OperationName } from '@calckit/protocol';

/** http: the service answered non-2xx; timeout / network: no answer; response: an answer of the wrong shape; config: not sent. */
export type ServiceErrorKind = 'http' | 'timeout' | 'network' | 'response' | 'config';

/**
 * Codes the client itself sets in `ServiceError.code` (the service's own codes pass through unchanged):
 * - `REMOTE_CHANGED`: an update was not retried because, re-read before the retry, the calculation had changed
 *   since before the update (someone else wrote it): nothing of ours is stored; look before pushing again.
 * - `RETRY_UNSAFE`: an update was not retried because the client could not tell whether the calculation changed
 *   meanwhile (no `previousCheckSum` was given, or the re-read failed).
 * - `RESPONSE_TOO_LARGE`: the answer was larger than `maxResponseBytes` and was not read.
 * - `REPEATED_PAGE`: a search page held only results already received (the service ignores `offset`).
 */
export const CLIENT_ERROR_CODES = {
  REMOTE_CHANGED: 'REMOTE_CHANGED',
  RETRY_UNSAFE: 'RETRY_UNSAFE',
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  REPEATED_PAGE: 'REPEATED_PAGE',
} as const;

export interface ServiceErrorInit {
  readonly operation: OperationName;
  readonly kind: ServiceErrorKind;
  readonly status?: number | undefined;
  readonly serviceMessage: string;
  readonly hint: string;
  readonly code?: string | undefined;
  readonly fieldErrors?: readonly FieldError[];
  readonly method?: string;
  readonly path?: string;
  readonly attempts?: number;
  /** For time-outs and network failures of calls that change state: the change may have happened. */
  readonly outcomeUnknown?: boolean;
  /**
   * The service could not be reached at all (connection refused, no route to the host, a host name that does not
   * resolve): nothing was sent, and every other call to it would fail alike.
   */
  readonly unreachable?: boolean;
  /** The origin of the service called (`https://acme.example.com`). */
  readonly origin?: string;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly operation: OperationName;
  readonly kind: ServiceErrorKind;
  readonly status: number | undefined;
  readonly serviceMessage: string;
  readonly hint: string;
  readonly code: string | undefined;
  readonly fieldErrors: readonly FieldError[];
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly attempts: number;
  readonly outcomeUnknown: boolean;
  readonly unreachable: boolean;
  readonly origin: string | undefined;

  constructor(init: ServiceErrorInit) {
    const where = init.status !== undefined ? `HTTP ${init.status}` : init.kind;
    super(`${init.operation} failed: ${where}: ${init.serviceMessage}${init.hint ? ` — ${init.hint}` : ''}`);
    this.operation = init.operation;
    this.kind = init.kind;
    this.status = init.status;
    this.serviceMessage = init.serviceMessage;
    this.hint = init.hint;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.method = init.method;
    this.path = init.path;
    this.attempts = init.attempts ?? 1;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.unreachable = init.unreachable ?? false;
    this.origin = init.origin;
  }

  /** Plain data for `--json` output. */
  toJSON(): Record<string, unknown> {
    return {
      operation: this.operation,
      kind: this.kind,
      status: this.status ?? null,
      serviceMessage: this.serviceMessage,
      hint: this.hint,
      code: this.code ?? null,
      fieldErrors: this.fieldErrors,
      method: this.method ?? null,
      path: this.path ?? null,
      attempts: this.attempts,
      outcomeUnknown: this.outcomeUnknown,
      unreachable: this.unreachable,
      origin: this.origin ?? null,
    };
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/**
 * The failure to reach the service behind `error`, if that is what it is: an unreachable ServiceError, or an error
 * that carries one as its `serviceError` (a PushError). Commands stop at the first one (see `stopWhenUnreachable`).
 */
export function unreachableCause(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError) return error.unreachable ? error : undefined;
  const inner = (error as { serviceError?: unknown } | null | undefined)?.serviceError;
  return inner instanceof ServiceError && inner.unreachable ? inner : undefined;
}
