// Public API of @calckit/client: a typed HTTP client for the service's operations, with typed failures.
export { createClient } from './client.js';
export type { Client, UpdateFormulaOptions, RunFunctionOptions } from './client.js';
export { ClientConfigError, DEFAULT_MAX_RESPONSE_BYTES, isLoopback, resolveOptions } from './options.js';
export type { ClientOptions, ClientLogger } from './options.js';
export { CLIENT_ERROR_CODES, ServiceError, isServiceError, unreachableCause } from './errors.js';
export type { ServiceErrorKind } from './errors.js';
export { IDEMPOTENT, backoffDelay, networkFailureClass, parseRetryAfter, shouldRetry } from './retry.js';
export { redact, redactAndTruncate, REDACTED } from './redact.js';
export { DEFAULT_SEARCH_PAGE_SIZE, pageThrough, searchRequestBody } from './search.js';
export type { CalculationSearchQuery, CalculationSearchPage, SearchPageRequest, SearchAllOptions } from './search.js';
export { DEFAULT_READ_BATCH_SIZE, DEFAULT_READ_CONCURRENCY } from './read-many.js';
export type { BatchReadSupport, ReadManyOptions, ReadOutcome } from './read-many.js';
export { pushCalculation, judgeRemote, PushError } from './push.js';
export type { PushRequest, PushResult, PushStep, PushStepEvent, PushAction, Mismatch, LocalAnalysis, VersionLookup } from './push.js';
export type {
  Calculation,
  CalculationSummary,
  LockedCalculation,
  FunctionExecution,
  DatasetSchemaColumn,
  ReportScheduleRequest,
  ReportScheduleResponse,
} from '@calckit/protocol';
