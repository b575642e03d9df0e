// The one guard around every request handler: a failure is logged with the method and document and answered with a
// safe default, a cancelled request is answered as cancelled, so no request can take the server down.
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { describeError, type Log } from './log.js';

export type Handler<P, R> = (params: P, token: CancellationToken) => R | Promise<R>;
export type GuardedHandler<P, R> = (params: P, token: CancellationToken) => Promise<R | ResponseError<void>>;

const cancelled = () => new ResponseError<void>(LSPErrorCodes.RequestCancelled, 'The request was cancelled');

/** Where a request was aimed, for the log: the document and position, when the params have them. */
function context(params: unknown): string {
  const p = params as { textDocument?: { uri?: string }; position?: { line: number; character: number } } | undefined;
  const parts: string[] = [];
  if (p?.textDocument?.uri) parts.push(p.textDocument.uri);
  if (p?.position) parts.push(`${p.position.line + 1}:${p.position.character + 1}`);
  return parts.length > 0 ? ` (${parts.join(' at ')})` : '';
}

export function guard<P, R>(log: Log, method: string, fallback: R, handler: Handler<P, R>): GuardedHandler<P, R> {
  return async (params, token) => {
    if (token?.isCancellationRequested) return cancelled();
    try {
      const result = await handler(params, token);
      return token?.isCancellationRequested ? cancelled() : result;
    } catch (error) {
      log.error(`${method} failed${context(params)}: ${describeError(error)}`);
      return fallback;
    }
  };
}

/** The same guard for notifications and internal callbacks (no result). */
export function guardVoid<A extends unknown[]>(log: Log, what: string, fn: (...args: A) => void | Promise<void>): (...args: A) => void {
  return (...args) => {
    try {
      const r = fn(...args);
      if (r instanceof Promise) r.catch((error: unknown) => log.error(`${what} failed${context(args[0])}: ${describeError(error)}`));
    } catch (error) {
      log.error(`${what} failed${context(args[0])}: ${describeError(error)}`);
    }
  };
}
