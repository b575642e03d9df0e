// Client options and the checks made before any call: where to connect (plain http only to loopback), which tokens.
import { DEFAULT_SERVICE_NAME, isValidServiceName } from '@calckit/protocol';
import type { ServiceError } from './errors.js';

export interface ClientLogger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
}

interface CommonOptions {
  /** The service's name: sets the header names (`X-SVC-Developer-Token`). Default `SVC`. */
  readonly serviceName?: string;
  /** Sent as `X-<name>-Developer-Token` for update, lock, read, run and schedule. */
  readonly developerToken?: string | undefined;
  /** Sent as `x-<name>-authentication` for set dataset schema. */
  readonly sessionToken?: string | undefined;
  /** Time-out of one attempt, ms. Default 30 000. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt, for failures the retry policy allows. Default 3. */
  readonly retries?: number;
  /** Largest answer accepted, in bytes; a larger one is a `response` error. Default 16 MiB. */
  readonly maxResponseBytes?: number;
  /** Receives one line per attempt and per retry; tokens never reach it. */
  readonly logger?: ClientLogger;
  /**
   * Once a call finds the service unreachable (connection refused, no route, a name that does not resolve, after its
   * retries), every later call of this client fails at once with that same error, sending nothing. For one-shot runs
   * (the CLI); a long-lived client (the editor) leaves it off and tries again on its next call. Default false.
   */
  readonly stopWhenUnreachable?: boolean;
  /** For tests: the source of jitter. */
  readonly random?: () => number;
}

export type ClientOptions =
  | (CommonOptions & { readonly baseUrl: string; readonly instance?: undefined; readonly domain?: undefined })
  | (CommonOptions & { readonly baseUrl?: undefined; readonly instance: string; readonly domain: string });

export interface ResolvedOptions {
  /** Origin and path prefix, without a trailing slash. */
  readonly baseUrl: URL;
  /** The base URL's path without its trailing slash ('' for a bare origin): operation paths are appended to it. */
  readonly basePath: string;
  readonly serviceName: string;
  readonly developerToken: string | undefined;
  readonly sessionToken: string | undefined;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxResponseBytes: number;
  readonly logger: ClientLogger;
  readonly random: () => number;
  readonly stopWhenUnreachable: boolean;
  /** The first unreachable failure of this client's calls (kept only with `stopWhenUnreachable`). */
  readonly reachability: { unreachable: ServiceError | undefined };
}

/** Default cap on the size of an answer: far above any Calculation or search page, far below what exhausts memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export class ClientConfigError extends Error {
  override readonly name = 'ClientConfigError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http may be used with (tokens would travel in clear text). */
export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME;
  if (!isValidServiceName(serviceName)) {
    throw new ClientConfigError(`service name "${serviceName}" must be letters and digits, starting with a letter`);
  }
  let text: string;
  if (options.baseUrl !== undefined) text = options.baseUrl;
  else if (options.instance !== undefined && options.domain !== undefined) text = `https://${options.instance}.${options.domain}`;
  else throw new ClientConfigError('give either baseUrl or instance and domain');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ClientConfigError(`base URL "${text}" is not an absolute URL`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ClientConfigError(`refusing plain http to ${url.host}: tokens would travel unencrypted; use https (http is allowed only for 127.0.0.1/localhost)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClientConfigError(`base URL "${text}" must use https`);
  }
  if (url.username || url.password) throw new ClientConfigError('the base URL must not carry credentials');
  const basePath = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new ClientConfigError(`timeoutMs must be positive (got ${timeoutMs})`);
  if (!Number.isInteger(retries) || retries < 0) throw new ClientConfigError(`retries must be a whole number ≥ 0 (got ${retries})`);
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new ClientConfigError(`maxResponseBytes must be a positive whole number (got ${maxResponseBytes})`);
  }
  return {
    baseUrl: url,
    basePath,
    serviceName,
    developerToken: options.developerToken || undefined,
    sessionToken: options.sessionToken || undefined,
    timeoutMs,
    retries,
    maxResponseBytes,
    logger: options.logger ?? {},
    random: options.random ?? Math.random,
    stopWhenUnreachable: options.stopWhenUnreachable ?? false,
    reachability: { unreachable: undefined },
  };
}
