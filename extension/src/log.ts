// The "calckit" log output channel: every request and push step, with any known secret scrubbed before it is written.
import * as vscode from 'vscode';

export interface Log {
  readonly channel: vscode.LogOutputChannel;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** Registers a secret (a token): it is replaced by [REDACTED] in every later line. */
  addSecret(secret: string | undefined): void;
}

export function createLog(name = 'calckit'): Log {
  const channel = vscode.window.createOutputChannel(name, { log: true });
  const secrets = new Set<string>();
  const scrub = (text: string): string => {
    let out = text;
    for (const s of secrets) out = out.split(s).join('[REDACTED]');
    return out;
  };
  return {
    channel,
    info: (m) => channel.info(scrub(m)),
    warn: (m) => channel.warn(scrub(m)),
    error: (m) => channel.error(scrub(m)),
    // Requests are logged at info level so they show with the channel's default level (the brief: every request).
    debug: (m) => channel.info(scrub(m)),
    addSecret: (s) => {
      if (s !== undefined && s.length >= 4) secrets.add(s);
    },
  };
}
