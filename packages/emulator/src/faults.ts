// Fault injection for tests: make the next N calls of an operation fail with a chosen status (kept in memory only).
import { isOperationName, type OperationName, type FieldError } from '@calckit/protocol';

export interface Fault {
  readonly operation: OperationName;
  readonly status: number;
  /** How many of the next calls fail. */
  remaining: number;
  readonly message: string;
  /** `before`: fail without doing anything; `after`: do the operation (and store it), then answer with the failure. */
  readonly when: 'before' | 'after';
  /** Wait this long before answering (to test client time-outs). */
  readonly delayMs: number;
  /** Sent as Retry-After (seconds) when set. */
  readonly retryAfter?: number;
}

export class FaultRegistry {
  private faults: Fault[] = [];

  /** Validates a `POST /__emulator/faults` body and adds the fault; returns the problems instead when invalid. */
  add(body: Record<string, unknown>): Fault | FieldError[] {
    const errors: FieldError[] = [];
    const { operation, status, count = 1, message, when = 'before', delayMs = 0, retryAfter } = body;
    if (typeof operation !== 'string' || !isOperationName(operation)) errors.push({ field: 'operation', message: 'an operation name (see OPERATIONS in @calckit/protocol)' });
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) errors.push({ field: 'status', message: 'an HTTP status 400-599' });
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) errors.push({ field: 'count', message: 'an integer 1-1000' });
    if (message !== undefined && typeof message !== 'string') errors.push({ field: 'message', message: 'a string' });
    if (when !== 'before' && when !== 'after') errors.push({ field: 'when', message: '"before" or "after"' });
    if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000) errors.push({ field: 'delayMs', message: 'an integer 0-60000' });
    if (retryAfter !== undefined && (typeof retryAfter !== 'number' || !Number.isInteger(retryAfter) || retryAfter < 0)) errors.push({ field: 'retryAfter', message: 'a non-negative integer (seconds)' });
    if (errors.length > 0) return errors;
    const fault: Fault = {
      operation: operation as OperationName,
      status: status as number,
      remaining: count as number,
      message: (message as string | undefined) ?? `injected fault: ${String(operation)} fails with ${String(status)}`,
      when: when as 'before' | 'after',
      delayMs: delayMs as number,
      ...(retryAfter !== undefined ? { retryAfter: retryAfter as number } : {}),
    };
    this.faults.push(fault);
    return fault;
  }

  /** Takes one use of the first fault set for `operation`, if any. */
  take(operation: OperationName): Fault | undefined {
    const fault = this.faults.find((f) => f.operation === operation);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}
