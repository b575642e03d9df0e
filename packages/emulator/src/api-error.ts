// The one error type handlers throw: it becomes an HTTP status and a JSON ErrorBody (see @calckit/protocol).
import type { ErrorBody, ErrorCode, FieldError } from '@calckit/protocol';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: readonly FieldError[],
    /** Extra response headers (e.g. `Allow` on 405). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { status: this.status, message: this.message, code: this.code };
    if (this.errors && this.errors.length > 0) body.errors = [...this.errors];
    return body;
  }
}

/** 400 with field errors: the request is well-formed JSON but its content is wrong. */
export function validationError(message: string, errors: readonly FieldError[]): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', message, errors);
}

export function notFound(message: string, field?: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', message, field ? [{ field, message }] : undefined);
}
