// Public API of @calckit/client: a typed HTTP client for the service's operations, with typed failures.
export { createClient } from './client.js';
export type { Client, UpdateFormulaOptions, RunFunctionOptions } from './client.js';
export { ClientConfigError, isLoopback, resolveOptions } from './options.js';
export type { ClientOptions, ClientLogger } from './options.js';
export { ServiceError, isServiceError } from './errors.js';
export type { ServiceErrorKind } from './errors.js';
export { IDEMPOTENT, backoffDelay, parseRetryAfter, shouldRetry } from './retry.js';
export { redact, REDACTED } from './redact.js';
export { pushCalculation, PushError } from './push.js';
export type { PushRequest, PushResult, PushStep, PushStepEvent, PushAction, Mismatch, LocalAnalysis } from './push.js';
export type {
  Calculation,
  LockedCalculation,
  FunctionExecution,
  DatasetSchemaColumn,
  ReportScheduleRequest,
  ReportScheduleResponse,
} from '@calckit/protocol';
