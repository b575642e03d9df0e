// `calckit serve`: runs the local emulator of the service until SIGINT/SIGTERM, printing its URL (and any tokens it made).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { developerTokenHeader, sessionTokenHeader, DEFAULT_SERVICE_NAME } from '@calckit/protocol';
// The emulator (and its native SQLite) is loaded only when `serve` runs: see commands/index.ts.
import type { RunningEmulator } from '@calckit/emulator';
import { CliExit, EXIT_USAGE } from '../exit.js';
import { serviceNameFlag, withServiceNameFlags, type ServiceNameCliOptions } from '../service-name-flag.js';

/** The port of the example project's base URL (examples/calckit.json); `--port 0` picks a free one. */
export const DEFAULT_SERVE_PORT = 8787;

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** Database file; undefined keeps the state in memory. */
  readonly data?: string;
  /** Fixtures file; undefined loads the package's default fixtures, false loads none. */
  readonly fixtures?: string | false;
  readonly service?: string;
  readonly quiet?: boolean;
}

export interface ServeResult {
  readonly emulator: RunningEmulator;
  /** Tokens made because the environment had none (shown to the user, nowhere else). */
  readonly generated: { readonly developerToken?: string; readonly sessionToken?: string };
  readonly fixtures: string | undefined;
  /** The code-function sandbox's layers that are on, and why any is missing (the emulator's health answer). */
  readonly sandbox?: { readonly layers: readonly string[]; readonly missing: readonly string[] };
}

/** What the running emulator says of its code-function sandbox (undefined if it does not answer). */
async function sandboxOf(url: string): Promise<ServeResult['sandbox']> {
  try {
    const health = (await (await fetch(`${url}/__emulator/health`)).json()) as { functionSandbox?: { layers?: string[]; missing?: string[] } };
    const s = health.functionSandbox;
    return s ? { layers: s.layers ?? [], missing: s.missing ?? [] } : undefined;
  } catch {
    return undefined;
  }
}

const makeToken = (): string => randomBytes(24).toString('base64url');

/** The emulator, loaded only when `serve` or `demo` runs: it needs better-sqlite3, an optional peer dependency of the
 * calckit package (a native module, so that lint, format and the language server install without a native build). */
export const loadEmulator = (): Promise<typeof import('@calckit/emulator')> => import('@calckit/emulator');

/** The one-line reason when the emulator cannot start because better-sqlite3 is not installed or does not load. */
export function sqliteProblem(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /['"]better-sqlite3['"]/.test(message)) {
    return 'the local emulator needs better-sqlite3 (native SQLite), which is not installed: run `npm install --save-dev better-sqlite3`';
  }
  if (code === 'ERR_DLOPEN_FAILED' || /bindings file|better_sqlite3\.node/.test(message)) {
    return `better-sqlite3 is installed but its native module does not load (${message.split('\n')[0]}): run \`npm rebuild better-sqlite3\``;
  }
  return undefined;
}

/** Starts the emulator from options and the environment; the caller prints and waits. */
export async function startServe(options: ServeOptions, env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): Promise<ServeResult> {
  const generated: { developerToken?: string; sessionToken?: string } = {};
  const developerToken = env['CALCKIT_DEVELOPER_TOKEN'] || (generated.developerToken = makeToken());
  const sessionToken = env['CALCKIT_SESSION_TOKEN'] || (generated.sessionToken = makeToken());
  const dataPath = options.data === undefined ? undefined : resolve(options.data);
  if (dataPath) mkdirSync(dirname(dataPath), { recursive: true });
  const { startEmulator, DEFAULT_FIXTURES_PATH } = await loadEmulator();
  const fixtures = options.fixtures === false ? undefined : options.fixtures === undefined ? DEFAULT_FIXTURES_PATH : resolve(options.fixtures);
  const emulator = await startEmulator({
    port: options.port ?? DEFAULT_SERVE_PORT,
    host: options.host ?? '127.0.0.1',
    serviceName: options.service || env['CALCKIT_SERVICE_NAME'] || DEFAULT_SERVICE_NAME,
    developerToken,
    sessionToken,
    ...(dataPath ? { dataPath } : {}),
    ...(fixtures ? { fixtures } : {}),
    ...(log && !options.quiet ? { log } : {}),
  });
  const sandbox = await sandboxOf(emulator.url);
  return { emulator, generated, fixtures, ...(sandbox ? { sandbox } : {}) };
}

/**
 * What `serve` prints once listening: the URL first (tools read it from the first line). Generated tokens are shown
 * only on a terminal (`showTokens`): when stdout is a pipe it usually ends up in a log file, where tokens must not be.
 */
export function serveBanner(result: ServeResult, showTokens: boolean): string[] {
  const e = result.emulator;
  const lines = [`calckit emulator listening on ${e.url}`];
  lines.push(`  service name: ${e.serviceName} (headers ${developerTokenHeader(e.serviceName)}, ${sessionTokenHeader(e.serviceName)})`);
  lines.push(`  data: ${e.dataPath === ':memory:' ? 'in memory, lost on exit (use --data FILE to keep it)' : e.dataPath}`);
  lines.push(`  fixtures: ${result.fixtures === undefined ? 'none' : e.fixturesLoaded ? `loaded from ${result.fixtures}` : `not loaded (the database already holds data): ${result.fixtures}`}`);
  const token = (kind: string, variable: string, value: string | undefined): void => {
    if (value === undefined) return;
    lines.push(showTokens
      ? `  ${kind} token (generated; set ${variable} to choose): ${value}`
      : `  ${kind} token: generated, not shown because stdout is not a terminal (set ${variable}, or use --json)`);
  };
  token('developer', 'CALCKIT_DEVELOPER_TOKEN', result.generated.developerToken);
  token('session', 'CALCKIT_SESSION_TOKEN', result.generated.sessionToken);
  lines.push(`  fault injection: ${e.faultInjection ? `on (POST ${e.url}/__emulator/faults)` : 'off'}`);
  // Code functions run untrusted code: say plainly when the sandbox is weaker than docs/emulator.md promises.
  if (result.sandbox) {
    lines.push(`  code functions: sandboxed (${result.sandbox.layers.join(', ')})`);
    for (const why of result.sandbox.missing) lines.push(`  code functions: WARNING, a sandbox layer is missing: ${why}`);
  }
  lines.push('Press Ctrl+C to stop.');
  return lines;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new CliExit(EXIT_USAGE, `calckit serve: --port must be 0-65535, got ${JSON.stringify(text)}`);
  return port;
}

interface ServeCliOptions extends ServiceNameCliOptions {
  readonly port: number;
  readonly host: string;
  readonly data?: string;
  readonly fixtures?: string | false;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

export function register(program: Command): void {
  withServiceNameFlags(
    program
      .command('serve')
      .description('run the local emulator of the service (tokens from CALCKIT_DEVELOPER_TOKEN / CALCKIT_SESSION_TOKEN, else generated and printed)')
      .option('--port <n>', `TCP port (0 picks a free one)`, parsePort, DEFAULT_SERVE_PORT)
      .option('--host <address>', 'address to listen on', '127.0.0.1')
      .option('--data <path>', 'SQLite database file, created when missing (default: in memory)')
      .option('--fixtures <file>', 'fixtures loaded into an empty database (default: the emulator\'s default fixtures)')
      .option('--no-fixtures', 'start with an empty database'),
    "the service's name in header and function names (default: CALCKIT_SERVICE_NAME or SVC)",
  )
    .option('--json', 'print the start-up information as one JSON line (with any generated tokens)')
    .option('--quiet', 'do not log requests to stderr')
    .action(async (options: ServeCliOptions) => {
      let result: ServeResult;
      try {
        result = await startServe(
          { port: options.port, host: options.host, data: options.data, fixtures: options.fixtures, service: serviceNameFlag(options), quiet: options.quiet },
          process.env,
          (line) => process.stderr.write(`${line}\n`),
        );
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const sqlite = sqliteProblem(error);
        if (sqlite) throw new CliExit(EXIT_USAGE, `calckit serve: ${sqlite}`);
        const reason = code === 'EADDRINUSE' ? `port ${options.port} is in use (try --port 0)` : error instanceof Error ? error.message : String(error);
        throw new CliExit(EXIT_USAGE, `calckit serve: cannot start the emulator: ${reason}`);
      }
      const e = result.emulator;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ url: e.url, port: e.port, host: e.host, serviceName: e.serviceName, dataPath: e.dataPath, fixturesLoaded: e.fixturesLoaded, faultInjection: e.faultInjection, ...result.generated })}\n`);
      } else {
        process.stdout.write(`${serveBanner(result, process.stdout.isTTY === true).join('\n')}\n`);
      }
      await new Promise<void>((done) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void e.close().then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
