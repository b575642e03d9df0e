// Error body: the JSON every non-2xx response of calckit's emulator carries (the service's own is not documented).
import { z } from 'zod';

/**
 * One problem with one input field. `field` is a dotted path into the request (`expression`, `columns.2.name`,
 * `schedule.timezone`), or `path.<param>` / `query.<param>` / `header.<name>` / `body` for other inputs.
 * Formula problems carry the analyzer's `code` and the `[start, end)` offsets.
 */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * `{ status, message, code?, errors? }`: `status` repeats the HTTP status, `message` is one human sentence,
 * `code` a stable machine-readable reason (see ERROR_CODES), `errors` the field-level problems.
 */
export const ErrorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Stable reason codes sent by the emulator in `ErrorBody.code`. */
export const ERROR_CODES = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_FORMULA: 'INVALID_FORMULA',
  ILLEGAL_DEPTH: 'ILLEGAL_DEPTH',
  LOCKED: 'LOCKED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INJECTED_FAULT: 'INJECTED_FAULT',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
