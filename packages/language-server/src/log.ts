// The server's log: messages go to the client's log (window/logMessage), never to stdout (the protocol's channel).
import type { Connection } from 'vscode-languageserver';

export interface Log {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
}

export function connectionLog(connection: Connection): Log {
  return {
    error: (m) => connection.console.error(m),
    warn: (m) => connection.console.warn(m),
    info: (m) => connection.console.info(m),
  };
}

/** An error as one log entry: message and stack, without anything that looks like a token. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
