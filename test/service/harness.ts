// Test harness: a real emulator on a loopback port (in this process), clients for it, and its fault injection.
import { randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, ServiceError, type Client, type ClientOptions } from '@calckit/client';
import { startEmulator, type RunningEmulator } from '@calckit/emulator';
import { developerTokenHeader } from '@calckit/protocol';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES = join(REPO_ROOT, 'examples');
export const EXAMPLE_FIXTURES = join(EXAMPLES, 'fixtures.json');
/** The `calckit` users run: the bundle `npm run build` makes. */
export const CALCKIT_BUNDLE = join(REPO_ROOT, 'packages/cli/dist/calckit.js');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `calckit <args>` as a process in `cwd`, with exactly the environment given (plus PATH and NO_COLOR: a test names
 * every token and folder the command may use) and `input` on its standard input (closed at once when absent).
 */
export function runCalckit(args: readonly string[], options: { cwd: string; env?: Record<string, string>; input?: string }): Promise<CliRun> {
  const env = { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...options.env };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CALCKIT_BUNDLE, ...args], { cwd: options.cwd, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin!.end(options.input ?? '');
  });
}

export interface Harness {
  readonly emulator: RunningEmulator;
  readonly url: string;
  readonly developerToken: string;
  readonly sessionToken: string;
  client(options?: Partial<ClientOptions>): Client;
  /** Makes the next `count` calls of an operation fail (see packages/emulator's fault injection). */
  inject(fault: { operation: string; status: number; count?: number; when?: 'before' | 'after'; delayMs?: number; retryAfter?: number; message?: string }): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(options: { fixtures?: string; dataPath?: string; maxBodyBytes?: number } = {}): Promise<Harness> {
  const developerToken = `dev-${randomBytes(12).toString('hex')}`;
  const sessionToken = `sess-${randomBytes(12).toString('hex')}`;
  const emulator = await startEmulator({
    port: 0,
    developerToken,
    sessionToken,
    fixtures: options.fixtures ?? EXAMPLE_FIXTURES,
    ...(options.dataPath ? { dataPath: options.dataPath } : {}),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
  const admin = async (method: string, body?: unknown): Promise<void> => {
    const res = await fetch(`${emulator.url}/__emulator/faults`, {
      method,
      headers: { 'content-type': 'application/json', [developerTokenHeader()]: developerToken },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`fault injection answered ${res.status}: ${await res.text()}`);
  };
  return {
    emulator,
    url: emulator.url,
    developerToken,
    sessionToken,
    client: (overrides = {}) =>
      createClient({ baseUrl: emulator.url, developerToken, sessionToken, retries: 0, timeoutMs: 10_000, ...overrides } as ClientOptions),
    inject: (fault) => admin('POST', fault),
    clearFaults: () => admin('DELETE'),
    close: () => emulator.close(),
  };
}

/**
 * A copy of examples/ in a temp directory, so tests can edit files and write state freely. By default it is a git
 * repository with the history of a team that adopted calckit: a first commit holds the formulas the service had
 * (the fixtures' expressions, as `calckit import` writes them), a second the examples' edits. So the fixtures'
 * formulas are versions of the files that git knows, and pushing the edits over them is no conflict.
 */
export function copyExamples(options: { git?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-examples-'));
  cpSync(EXAMPLES, dir, { recursive: true, filter: (src) => !src.includes(`${join(EXAMPLES, '.calckit')}`) });
  if (options.git === false) return dir;
  const fixtures = JSON.parse(readFileSync(EXAMPLE_FIXTURES, 'utf8')) as { calculations: Array<{ id: number; expression: string }> };
  const project = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')) as { calculations: Record<string, { id: number }> };
  const edited = new Map<string, string>();
  for (const [path, entry] of Object.entries(project.calculations)) {
    const imported = fixtures.calculations.find((c) => c.id === entry.id);
    if (imported === undefined) continue;
    edited.set(path, readFileSync(join(dir, path), 'utf8'));
    writeFileSync(join(dir, path), `${imported.expression}\n`);
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'import the calculations from the service');
  for (const [path, text] of edited) writeFileSync(join(dir, path), text);
  git(dir, 'commit', '-q', '-a', '-m', 'edit formulas');
  return dir;
}

/** Runs git in `dir` with a fixed identity (tests make their own repositories). */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=calckit test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/** The ServiceError a call fails with; any other outcome fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
