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
import { ServiceError } from './errors.js';
import { HINT_BAD_RESPONSE, hintForNetwork, hintForStatus, hintForTimeout } from './hints.js';
import type { ResolvedOptions } from './options.js';
import { redact } from './redact.js';
import { MAX_RETRY_AFTER_MS, backoffDelay, parseRetryAfter, shouldRetry, type Outcome } from './retry.js';

export interface CallSpec<S extends z.ZodType> {
  readonly operation: OperationName;
  /** Path relative to the base URL, from @calckit/protocol's path builders. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Schema of a 200 body; undefined when the body is not documented and must not be relied on. */
  readonly response: S | undefined;
}

type Attempt =
  | { readonly done: true; readonly response: Response; readonly text: string }
  | { readonly done: false; readonly outcome: Outcome; readonly error: ServiceError };

export async function call<S extends z.ZodType>(options: ResolvedOptions, spec: CallSpec<S>): Promise<z.infer<S>> {
  const op = OPERATIONS[spec.operation];
  const secrets = [options.developerToken, options.sessionToken];
  const scrub = (text: string): string => redact(text, secrets);
  // Everything but the read changes state: after a lost answer we cannot say whether the change happened.
  const changesState = op.method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (op.auth === 'developer') {
    if (!options.developerToken) throw configError(spec.operation, 'no developer token', 'set CALCKIT_DEVELOPER_TOKEN (or store a token in the editor)');
    headers[developerTokenHeader(options.serviceName)] = options.developerToken;
  } else {
    if (!options.sessionToken) throw configError(spec.operation, 'no session token', 'set CALCKIT_SESSION_TOKEN (or store a token in the editor)');
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

  let attempt = 0;
  for (;;) {
    attempt += 1;
    const started = Date.now();
    const result = await once();
    const ms = Date.now() - started;
    if (result.done) {
      options.logger.debug?.(`${spec.operation}: ${label} → ${result.response.status} in ${ms} ms`);
      return parseSuccess(result.text, result.response.status, attempt);
    }
    const retriesLeft = options.retries - (attempt - 1);
    const retryAfter = result.outcome.kind === 'status' ? result.outcome.retryAfterMs : undefined;
    const retry =
      retriesLeft > 0 && shouldRetry(spec.operation, result.outcome) && (retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS);
    if (!retry) {
      options.logger.debug?.(`${spec.operation}: ${label} failed (${result.error.kind}${result.error.status ? ` ${result.error.status}` : ''}) in ${ms} ms`);
      throw withAttempts(result.error, attempt);
    }
    const delay = retryAfter ?? backoffDelay(attempt - 1, { baseMs: 200, maxMs: 5_000, random: options.random });
    options.logger.warn?.(
      `${spec.operation}: ${label} ${result.error.status ? `answered ${result.error.status}` : result.error.kind}; retry ${attempt}/${options.retries} in ${delay} ms`,
    );
    await sleep(delay);
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
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return failedToSend(error);
    }
    if (response.ok) return { done: true, response, text };
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
    const code = cause?.code ?? '';
    const refused = code === 'ECONNREFUSED';
    const detail = scrub(cause?.message ?? (error instanceof Error ? error.message : String(error)));
    return {
      done: false,
      outcome: { kind: 'network', refused },
      error: new ServiceError({
        operation: spec.operation,
        kind: 'network',
        serviceMessage: `${code ? `${code}: ` : ''}${detail}`,
        hint: hintForNetwork(options.baseUrl.origin, changesState && !refused),
        method: op.method,
        path: url.pathname,
        outcomeUnknown: changesState && !refused,
      }),
    };
  }

  function httpError(status: number, text: string, retryAfterMs: number | undefined): ServiceError {
    let message = text.trim() === '' ? '(empty body)' : text.trim().slice(0, 500);
    let code: string | undefined;
    let fieldErrors: ServiceError['fieldErrors'] = [];
    try {
      const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) {
        message = parsed.data.message;
        code = parsed.data.code;
        fieldErrors = (parsed.data.errors ?? []).map((e) => ({ ...e, message: scrub(e.message) }));
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
      serviceMessage: scrub(message),
      hint,
      code,
      fieldErrors,
      method: op.method,
      path: url.pathname,
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
        serviceMessage: `the ${status} answer is not JSON: ${scrub(text.slice(0, 200))}`,
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
      serviceMessage: `unexpected response: ${checked.errors.map((e) => e.message).join('; ')}`,
      hint: HINT_BAD_RESPONSE,
      fieldErrors: checked.errors,
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
  });
}
