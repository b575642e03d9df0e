// Writing a command's result: one JSON document (--json) or the command's human text; the exit code follows the result.
import { isServiceError, unreachableCause, type ServiceError } from '@calckit/client';
import { CliExit, EXIT_FINDINGS, EXIT_USAGE } from '../exit.js';

export interface Emit {
  readonly json: boolean;
  readonly out: (text: string) => void;
}

export const stdoutEmit = (json: boolean): Emit => ({ json, out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`) });

/** Prints the result and stops with its exit code (0 returns normally). */
export function finish(emit: Emit, result: { exitCode: number }, human: () => string): void {
  emit.out(emit.json ? JSON.stringify(result, null, 2) : human());
  if (result.exitCode !== 0) throw new CliExit(result.exitCode);
}

/**
 * A single failed service call: JSON or text, exit 2 for configuration problems (no token) and an unreachable service,
 * 1 otherwise.
 */
export function failCall(emit: Emit, error: unknown): never {
  if (!isServiceError(error)) throw error;
  if (error.unreachable) throw unreachableExit(error, emit.json);
  const code = error.kind === 'config' ? EXIT_USAGE : EXIT_FINDINGS;
  if (emit.json) {
    emit.out(JSON.stringify({ ok: false, error: error.toJSON(), exitCode: code }, null, 2));
    throw new CliExit(code);
  }
  throw new CliExit(code, describeServiceError(error));
}

export function describeServiceError(error: { operation: string; status?: number | undefined; kind: string; serviceMessage: string; hint: string; fieldErrors: readonly { field: string; message: string }[] }): string {
  const lines = [`calckit: ${error.operation} failed: ${error.status !== undefined ? `HTTP ${error.status}` : error.kind}: ${error.serviceMessage}`];
  for (const f of error.fieldErrors.slice(0, 20)) lines.push(`  ${f.field}: ${f.message}`);
  if (error.hint) lines.push(`  what to do: ${error.hint}`);
  return lines.join('\n');
}

/**
 * The one message of a run that could not reach the service (connection refused, no route, a name that does not
 * resolve, after the client's retries): every command stops at the first such failure, with exit 2 (the address is
 * wrong or the service is down: no finding about the files). `main` turns any such error that a command lets
 * through into this.
 */
export function unreachableExit(error: ServiceError, json = false): CliExit {
  // With --json, the one document on stdout is the failure (as for any failed call); nothing on stderr.
  if (json) {
    stdoutEmit(true).out(JSON.stringify({ ok: false, error: error.toJSON(), exitCode: EXIT_USAGE }, null, 2));
    return new CliExit(EXIT_USAGE);
  }
  const where = error.origin ?? 'the service';
  const attempts = error.attempts > 1 ? `, ${error.attempts} attempts` : '';
  const lines = [`calckit: cannot reach the service at ${where} (${error.serviceMessage}${attempts}); stopped at the first connection failure`];
  // The hint without what the first line says already (the address, the attempts).
  const hint = error.hint.replace(/ \(after \d+ attempts\)$/, '');
  const said = `cannot reach ${where}: `;
  if (hint) lines.push(`  what to do: ${hint.startsWith(said) ? hint.slice(said.length) : hint}`);
  return new CliExit(EXIT_USAGE, lines.join('\n'));
}

/** `unreachableExit` for an error that is (or carries) a failure to reach the service, else undefined. */
export function unreachableExitOf(error: unknown, json = false): CliExit | undefined {
  const cause = unreachableCause(error);
  return cause === undefined ? undefined : unreachableExit(cause, json);
}
