// Retry policy: which failures of which operations are retried, and how long to wait (backoff, jitter, Retry-After).
//
// Decision (documented in the package README, "Retries", and in docs/service.md): reads, lock/unlock (setting a flag to a value) and set-schema (replaces the
// whole schema) are idempotent: they are retried on time-outs, network errors and 429/502/503/504. Update formula,
// run function and create schedule are not: a second call after a lost answer could apply a change twice (a second
// schedule, a second run) or overwrite a newer formula. They are retried only when the service says the call was not
// processed: 429 or 503 WITH a Retry-After header, or a refused connection (the request never reached the server);
// and an update is retried only after re-reading the calculation (see client.ts: it stops when the remote already
// holds the formula, or changed since before the attempt). The search of calculations and the read of several
// calculations are reads sent as POST.
//
// Failures that a retry cannot fix are never retried, for any operation: a host name that does not resolve (DNS:
// ENOTFOUND, EAI_AGAIN, …) and TLS failures (certificate not trusted, expired, wrong host name; a TLS handshake
// with something that does not speak TLS).
//
// A connection never made (refused: nothing listens at the port; no route to the host or its network) is retried at
// most UNREACHABLE_RETRIES times after UNREACHABLE_RETRY_DELAY_MS: a service restarting is back within a moment, while
// a closed port or a wrong address stays so, and longer waits only delay the message (a push of 306 files to a closed
// port took 82 s with the usual backoff). Such a failure, and a name that does not resolve, is `unreachable`.
import type { OperationName } from '@calckit/protocol';

export const IDEMPOTENT: Readonly<Record<OperationName, boolean>> = {
  readCalculation: true,
  lockCalculation: true,
  setDatasetSchema: true,
  updateFormula: false,
  runFunction: false,
  createReportSchedule: false,
  searchCalculations: true,
  readCalculationsByIds: true,
  readDatasetSchema: true,
};

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const NOT_PROCESSED_STATUS = new Set([429, 503]);

export type Outcome =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs: number | undefined }
  | { readonly kind: 'timeout' }
  | {
      readonly kind: 'network';
      /** The connection was never made (refused, no route): the request cannot have reached the service. */
      readonly refused: boolean;
      /** DNS and TLS failures: the same request would fail the same way (see `networkFailureClass`). */
      readonly permanent?: boolean;
    };

/** DNS error codes of Node (getaddrinfo). EAI_AGAIN is "temporary" in name, but in practice means no DNS server. */
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'EAI_ADDRFAMILY', 'EAI_SERVICE']);
/** TLS failure codes of Node/OpenSSL that do not contain CERT, TLS or SSL. */
const TLS_CODES = new Set(['EPROTO', 'HOSTNAME_MISMATCH', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_CRL', 'INVALID_CA', 'INVALID_PURPOSE', 'PATH_LENGTH_EXCEEDED']);

/** Error codes of a connection that could not be made for want of a route (the host or its network is down). */
const NO_ROUTE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);

/** A refused connection or no route: retried at most this many times (never more than the client's `retries`)… */
export const UNREACHABLE_RETRIES = 1;
/** …after this wait. */
export const UNREACHABLE_RETRY_DELAY_MS = 250;

/**
 * What kind of network failure an error code is: `dns` and `tls` are permanent (not retried); `refused` and
 * `no-route` are connections never made (few, short retries).
 */
export function networkFailureClass(code: string): 'dns' | 'tls' | 'refused' | 'no-route' | 'other' {
  if (code === 'ECONNREFUSED') return 'refused';
  if (NO_ROUTE_CODES.has(code)) return 'no-route';
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODES.has(code) || /CERT|TLS|SSL/.test(code)) return 'tls';
  return 'other';
}

export function shouldRetry(operation: OperationName, outcome: Outcome): boolean {
  const idempotent = IDEMPOTENT[operation];
  switch (outcome.kind) {
    case 'status':
      if (idempotent) return RETRYABLE_STATUS.has(outcome.status);
      return NOT_PROCESSED_STATUS.has(outcome.status) && outcome.retryAfterMs !== undefined;
    case 'timeout':
      return idempotent;
    case 'network':
      if (outcome.permanent) return false;
      return idempotent || outcome.refused;
  }
}

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly random: () => number;
}

const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 200, maxMs: 5_000, random: Math.random };
/** A Retry-After longer than this is not waited for: the call fails and says when to come back. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Exponential backoff with "equal jitter": half the delay fixed, half random, so clients spread out but still wait. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + options.random() * (ceiling / 2));
}

/** Parses Retry-After: delta-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
