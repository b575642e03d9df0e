// What the user can do about a failure, by HTTP status (a table, not a switch) and by kind of failure.
import { OPERATIONS, type OperationName } from '@calckit/protocol';

const BY_STATUS: Readonly<Record<number, string | ((op: OperationName) => string)>> = {
  400: 'fix the fields the service lists and try again',
  401: (op) =>
    OPERATIONS[op].auth === 'session'
      ? 'check the session token (CALCKIT_SESSION_TOKEN, or the editor\'s stored token)'
      : 'check the developer token (CALCKIT_DEVELOPER_TOKEN, or the editor\'s stored token)',
  403: 'the token\'s user may not do this: a locked calculation can be changed only by its owner or an administrator',
  404: 'check the id (calckit.json maps files to calculation and dataset ids) and the base URL',
  405: 'the base URL probably points at something other than the service',
  409: 'the calculation is locked: `calckit push` unlocks and locks again, or run `calckit unlock <file|id>` first',
  413: 'the request body is larger than the service accepts: shorten the formula or split the schema',
  415: 'the request was not sent as JSON: this is a bug in calckit, please report it',
  423: 'the calculation is locked: `calckit push` unlocks and locks again, or run `calckit unlock <file|id>` first',
  429: 'the service is rate limiting: wait a moment and try again (or lower concurrency)',
  500: 'the service failed: try again later; if it persists, report it with the operation and time',
  502: 'a gateway in front of the service failed: try again later',
  503: 'the service is unavailable: try again later',
  504: 'a gateway timed out waiting for the service: try again later',
};

export function hintForStatus(status: number, operation: OperationName): string {
  const hint = BY_STATUS[status] ?? (status >= 500 ? BY_STATUS[500] : 'see the service\'s message');
  return typeof hint === 'function' ? hint(operation) : (hint as string);
}

export function hintForTimeout(timeoutMs: number, changesState: boolean): string {
  const base = `no answer within ${timeoutMs} ms: raise the time-out (--timeout or CALCKIT_TIMEOUT_MS) or try again later`;
  return changesState ? `${base}; the change may or may not have been applied, read it back before retrying` : base;
}

export function hintForNetwork(baseUrl: string, changesState: boolean): string {
  const base = `cannot reach ${baseUrl}: check the base URL and that the service (or \`calckit serve\`) is running`;
  return changesState ? `${base}; if the connection broke mid-call the change may have been applied, read it back` : base;
}

export function hintForDns(host: string): string {
  return `the host name ${host} does not resolve: check the base URL (or instance and domain) and your network's DNS; not retried`;
}

export function hintForTls(host: string): string {
  return `the TLS connection to ${host} failed (certificate not trusted, expired or for another host, or not a TLS server): check the base URL; behind a company proxy, give its CA with NODE_EXTRA_CA_CERTS; not retried`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export function hintForLargeResponse(limit: number): string {
  return `the answer is larger than the ${formatBytes(limit)} calckit accepts: check the base URL; raise maxResponseBytes only if such an answer is expected`;
}

export const HINT_BAD_RESPONSE =
  'the service answered with a shape calckit does not know: check the base URL and the service version, or report it';
