// One HTTP call of one operation: headers, time-out, retries per policy, error bodies, response validation.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ErrorBodySchema,
  OPERATIONS,
  checkWire,
  developerTokenHeader,
  sessionTokenHeader,
  type OperationName,
} from '@calckit/protocol';
import type { z } from 'zod';
import { CLIENT_ERROR_CODES, ServiceError } from './errors.js';
import {
  HINT_BAD_RESPONSE,
  formatBytes,
  hintForDns,
  hintForLargeResponse,
  hintForNetwork,
  hintForStatus,
  hintForTimeout,
  hintForTls,
} from './hints.js';
import type { ResolvedOptions } from './options.js';
import { redact, redactAndTruncate } from './redact.js';
import {
  MAX_RETRY_AFTER_MS,
  UNREACHABLE_RETRIES,
  UNREACHABLE_RETRY_DELAY_MS,
  backoffDelay,
  networkFailureClass,
  parseRetryAfter,
  shouldRetry,
  type Outcome,
} from './retry.js';

/** Of an error answer, only this much is read: enough for any error body, and the rest is not waited for. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** What to do after a failed attempt that the retry policy allows to repeat (see `CallSpec.beforeRetry`). */
export type RetryDecision<T> =
  | { readonly action: 'retry' }
  | { readonly action: 'return'; readonly value: T }
  | { readonly action: 'throw'; readonly error: ServiceError };

export interface CallSpec<S extends z.ZodType> {
  readonly operation: OperationName;
  /** Path relative to the base URL, from @calckit/protocol's path builders. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Schema of a 200 body; undefined when the body is not documented and must not be relied on. */
  readonly response: S | undefined;
  /**
   * Called after a failed attempt that the retry policy would repeat, once the wait is over and before the next
   * attempt: it may let the retry happen, end the call with a value (the change is already there), or with an error.
   * `failure` is the attempt's error; `attempts` how many attempts were made.
   */
  readonly beforeRetry?: (failure: ServiceError, attempts: number) => Promise<RetryDecision<z.infer<S>>>;
}

type Attempt =
  | { readonly done: true; readonly response: Response; readonly text: string }
  | { readonly done: true; readonly response: Response; readonly tooLarge: true }
  | { readonly done: false; readonly outcome: Outcome; readonly error: ServiceError };

/**
 * Reads a body up to `limit` bytes. Beyond it, the rest is not read (the stream is cancelled) and `truncated` is set.
 * With `refuseDeclared`, a declared Content-Length over the limit stops before reading anything.
 */
async function readLimited(response: Response, limit: number, refuseDeclared: boolean): Promise<{ text: string; truncated: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  if (refuseDeclared && Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return { text: '', truncated: true };
  }
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel().catch(() => {});
      return { text: decode(chunks), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: decode(chunks), truncated: false };
}

function decode(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}

export async function call<S extends z.ZodType>(options: ResolvedOptions, spec: CallSpec<S>): Promise<z.infer<S>> {
  const op = OPERATIONS[spec.operation];
  const secrets = [options.developerToken, options.sessionToken];
  const scrub = (text: string): string => redact(text, secrets);
  // Redaction always comes before any cut: a token cut in two would no longer be recognised.
  const scrubCut = (text: string, max: number): string => redactAndTruncate(text, secrets, max);
  // Everything but the reads changes state: after a lost answer we cannot say whether the change happened.
  const changesState = !op.readOnly;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (op.auth === 'developer') {
    if (!options.developerToken) throw configError(spec.operation, 'no developer token', `run "calckit login" for ${options.baseUrl.origin} (or set CALCKIT_DEVELOPER_TOKEN in CI; in the editor: Set Developer Token)`);
    headers[developerTokenHeader(options.serviceName)] = options.developerToken;
  } else {
    if (!options.sessionToken) throw configError(spec.operation, 'no session token', `run "calckit login --session" for ${options.baseUrl.origin} (or set CALCKIT_SESSION_TOKEN in CI)`);
    headers[sessionTokenHeader(options.serviceName)] = options.sessionToken;
  }
  let body: string | undefined;
  if (spec.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(spec.body);
  }
  const url = new URL(options.baseUrl.href);
  url.pathname = `${options.basePath}${spec.path}`;
  for (const [key, value] of Object.entries(spec.query ?? {})) url.searchParams.set(key, value);
  const label = `${op.method} ${url.pathname}${url.search}`;
  // A one-shot run stops at the first unreachable failure: the same error, nothing sent (see `stopWhenUnreachable`).
  const knownUnreachable = options.reachability.unreachable;
  if (options.stopWhenUnreachable && knownUnreachable !== undefined) throw knownUnreachable;

  let attempt = 0;
  for (;;) {
    attempt += 1;
    const started = Date.now();
    const result = await once();
    const ms = Date.now() - started;
    if (result.done) {
      options.logger.debug?.(`${spec.operation}: ${label} → ${result.response.status} in ${ms} ms`);
      if ('tooLarge' in result) throw tooLargeError(result.response.status, attempt);
      return parseSuccess(result.text, result.response.status, attempt);
    }
    const notConnected = result.outcome.kind === 'network' && result.outcome.refused;
    const retriesLeft = (notConnected ? Math.min(options.retries, UNREACHABLE_RETRIES) : options.retries) - (attempt - 1);
    const retryAfter = result.outcome.kind === 'status' ? result.outcome.retryAfterMs : undefined;
    const retry =
      retriesLeft > 0 && shouldRetry(spec.operation, result.outcome) && (retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS);
    if (!retry) {
      options.logger.debug?.(`${spec.operation}: ${label} failed (${result.error.kind}${result.error.status ? ` ${result.error.status}` : ''}) in ${ms} ms`);
      const failure = withAttempts(result.error, attempt);
      if (failure.unreachable && options.stopWhenUnreachable) options.reachability.unreachable ??= failure;
      throw failure;
    }
    const delay = retryAfter ?? (notConnected ? UNREACHABLE_RETRY_DELAY_MS : backoffDelay(attempt - 1, { baseMs: 200, maxMs: 5_000, random: options.random }));
    const retryLine = `${spec.operation}: ${label} ${result.error.status ? `answered ${result.error.status}` : result.error.code ?? result.error.kind}; retry ${attempt}/${attempt - 1 + retriesLeft} in ${delay} ms`;
    // A connection not made is said once, by the failure that ends the call (a run of many calls would print one
    // warning per call, all alike); other retries are worth a warning.
    if (notConnected) options.logger.debug?.(retryLine);
    else options.logger.warn?.(retryLine);
    await sleep(delay);
    // Another call of a one-shot run found the service unreachable meanwhile: no retry.
    const foundUnreachable = options.reachability.unreachable;
    if (options.stopWhenUnreachable && foundUnreachable !== undefined) throw foundUnreachable;
    if (spec.beforeRetry) {
      const decision = await spec.beforeRetry(withAttempts(result.error, attempt), attempt);
      if (decision.action === 'return') return decision.value;
      if (decision.action === 'throw') throw decision.error;
    }
  }

  async function once(): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: op.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error', // a redirect could carry the token header to another host
      });
    } catch (error) {
      return failedToSend(error);
    }
    let answer: { text: string; truncated: boolean };
    try {
      // A success must be read whole (or refused); of an error, the beginning is enough.
      answer = response.ok ? await readLimited(response, options.maxResponseBytes, true) : await readLimited(response, MAX_ERROR_BODY_BYTES, false);
    } catch (error) {
      return failedToSend(error);
    }
    const text = answer.text;
    if (response.ok) return answer.truncated ? { done: true, response, tooLarge: true } : { done: true, response, text };
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return { done: false, outcome: { kind: 'status', status: response.status, retryAfterMs }, error: httpError(response.status, text, retryAfterMs) };
  }

  function failedToSend(error: unknown): Attempt {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return {
        done: false,
        outcome: { kind: 'timeout' },
        error: new ServiceError({
          operation: spec.operation,
          kind: 'timeout',
          serviceMessage: `no answer within ${options.timeoutMs} ms`,
          hint: hintForTimeout(options.timeoutMs, changesState),
          method: op.method,
          path: url.pathname,
          outcomeUnknown: changesState,
        }),
      };
    }
    const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
    const code = cause?.code ?? (error as { code?: string } | undefined)?.code ?? '';
    const failure = networkFailureClass(code);
    const refused = failure === 'refused' || failure === 'no-route';
    // DNS and TLS failures happen before the request is sent: nothing can have changed, and a retry would fail alike.
    const notSent = failure !== 'other';
    const permanent = failure === 'dns' || failure === 'tls';
    const detail = scrub(cause?.message ?? (error instanceof Error ? error.message : String(error)));
    const host = options.baseUrl.host;
    const hint =
      failure === 'dns' ? hintForDns(host) : failure === 'tls' ? hintForTls(host) : hintForNetwork(options.baseUrl.origin, changesState && !notSent);
    return {
      done: false,
      outcome: { kind: 'network', refused, permanent },
      error: new ServiceError({
        operation: spec.operation,
        kind: 'network',
        serviceMessage: `${code ? `${code}: ` : ''}${detail}`,
        hint,
        code: code || undefined,
        method: op.method,
        path: url.pathname,
        outcomeUnknown: changesState && !notSent,
        unreachable: refused || failure === 'dns',
        origin: options.baseUrl.origin,
      }),
    };
  }

  function httpError(status: number, text: string, retryAfterMs: number | undefined): ServiceError {
    let message = text.trim() === '' ? '(empty body)' : scrubCut(text.trim(), 500);
    let code: string | undefined;
    let fieldErrors: ServiceError['fieldErrors'] = [];
    try {
      const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) {
        message = scrubCut(parsed.data.message, 2000);
        code = parsed.data.code;
        fieldErrors = (parsed.data.errors ?? []).map((e) => ({ ...e, field: scrubCut(e.field, 200), message: scrubCut(e.message, 2000) }));
      }
    } catch {
      // Not JSON: surface the text as the service's message (facts.md: clients show `HTTP <status>: <body>`).
    }
    let hint = hintForStatus(status, spec.operation);
    if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) hint = `${hint} (the service asks to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
    return new ServiceError({
      operation: spec.operation,
      kind: 'http',
      status,
      serviceMessage: message,
      hint,
      code,
      fieldErrors,
      method: op.method,
      path: url.pathname,
    });
  }

  function tooLargeError(status: number, attempts: number): ServiceError {
    return new ServiceError({
      operation: spec.operation,
      kind: 'response',
      status,
      code: CLIENT_ERROR_CODES.RESPONSE_TOO_LARGE,
      serviceMessage: `the ${status} answer is larger than ${formatBytes(options.maxResponseBytes)}; it was not read`,
      hint: hintForLargeResponse(options.maxResponseBytes),
      method: op.method,
      path: url.pathname,
      attempts,
      // A 2xx to a change means it was applied, but the answer that would confirm it could not be read.
      outcomeUnknown: changesState,
    });
  }

  function parseSuccess(text: string, status: number, attempts: number): z.infer<S> {
    if (spec.response === undefined) return undefined as z.infer<S>;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServiceError({
        operation: spec.operation,
        kind: 'response',
        status,
        serviceMessage: `the ${status} answer is not JSON: ${scrubCut(text, 200)}`,
        hint: HINT_BAD_RESPONSE,
        method: op.method,
        path: url.pathname,
        attempts,
      });
    }
    const checked = checkWire(spec.response, json, 'response');
    if (checked.ok) return checked.value;
    throw new ServiceError({
      operation: spec.operation,
      kind: 'response',
      status,
      serviceMessage: scrubCut(`unexpected response: ${checked.errors.map((e) => e.message).join('; ')}`, 2000),
      hint: HINT_BAD_RESPONSE,
      fieldErrors: checked.errors.map((e) => ({ ...e, message: scrub(e.message) })),
      method: op.method,
      path: url.pathname,
      attempts,
    });
  }
}

function configError(operation: OperationName, message: string, hint: string): ServiceError {
  return new ServiceError({ operation, kind: 'config', serviceMessage: message, hint });
}

function withAttempts(error: ServiceError, attempts: number): ServiceError {
  if (attempts === 1) return error;
  return new ServiceError({
    operation: error.operation,
    kind: error.kind,
    status: error.status,
    serviceMessage: error.serviceMessage,
    hint: `${error.hint} (after ${attempts} attempts)`,
    code: error.code,
    fieldErrors: error.fieldErrors,
    ...(error.method !== undefined ? { method: error.method } : {}),
    ...(error.path !== undefined ? { path: error.path } : {}),
    attempts,
    outcomeUnknown: error.outcomeUnknown,
    unreachable: error.unreachable,
    ...(error.origin !== undefined ? { origin: error.origin } : {}),
  });
}
