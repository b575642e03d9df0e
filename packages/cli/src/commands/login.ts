// `calckit login` and `calckit logout`: the user's tokens, stored per service origin in the user's config directory
// (see @calckit/project's credentials.ts). A stored token is used only for its own origin, and only when the
// environment gives none (CALCKIT_DEVELOPER_TOKEN / CALCKIT_SESSION_TOKEN stay the CI way and win).
import { resolveOptions } from '@calckit/client';
import {
  CredentialsError,
  ENV,
  SettingsError,
  checkToken,
  serviceOrigin,
  credentialsPath,
  readCredentials,
  removeAllTokens,
  removeTokens,
  resolveConnection,
  storeToken,
  type TokenKind,
} from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../exit.js';
import { readStdin } from '../io.js';
import { loadProjectOrExit, withConnectionOptions, type ConnectionCliOptions } from '../service/context.js';
import { finish, stdoutEmit } from '../service/output.js';

type Env = Readonly<Record<string, string | undefined>>;

interface LoginCliOptions extends ConnectionCliOptions {
  readonly session?: boolean;
}

interface LogoutCliOptions extends LoginCliOptions {
  readonly all?: boolean;
}

export interface LoginResult {
  readonly ok: true;
  readonly origin: string;
  readonly kind: TokenKind;
  readonly file: string;
  /** Set when the environment holds a token of this kind: that one is used, not the stored one. */
  readonly shadowedBy?: string;
  readonly exitCode: number;
}

export interface LogoutResult {
  readonly ok: true;
  readonly file: string;
  /** The service's origin (not with --all). */
  readonly origin?: string;
  /** Origins whose tokens were removed (for --all, every origin that had one). */
  readonly origins: readonly string[];
  readonly removed: readonly TokenKind[];
  readonly exitCode: number;
}

export interface LoginIo {
  readonly env?: Env;
  readonly cwd?: string;
  /** Reads the token (tests); by default standard input, or a prompt without echo on a terminal. */
  readonly readToken?: (prompt: string) => Promise<string>;
}

const kindOf = (options: LoginCliOptions): TokenKind => (options.session ? 'session' : 'developer');
const envNameOf = (kind: TokenKind): string => (kind === 'session' ? ENV.sessionToken : ENV.developerToken);

/** The address the command is about: flags > environment > calckit.json, as for every service command. */
function addressOf(options: ConnectionCliOptions, env: Env, cwd: string | undefined): { baseUrl: string; origin: string } {
  const project = loadProjectOrExit(options, false, cwd);
  try {
    const settings = resolveConnection({
      project,
      env,
      flags: { baseUrl: options.baseUrl, instance: options.instance, domain: options.domain, serviceName: options.serviceName },
    });
    // The client's own rules (plain http only to loopback, no user info in the URL): no token for an address it refuses.
    resolveOptions({ baseUrl: settings.baseUrl, serviceName: settings.serviceName });
    return { baseUrl: settings.baseUrl, origin: serviceOrigin(settings.baseUrl) };
  } catch (error) {
    if (error instanceof SettingsError || error instanceof CredentialsError || (error as Error).name === 'ClientConfigError') {
      throw new CliExit(EXIT_USAGE, `calckit: ${(error as Error).message}`);
    }
    throw error;
  }
}

export async function runLogin(options: LoginCliOptions, io: LoginIo = {}): Promise<LoginResult> {
  const env = io.env ?? process.env;
  const kind = kindOf(options);
  const { baseUrl, origin } = addressOf(options, env, io.cwd);
  const file = credentialsPath(env);
  const read = io.readToken ?? defaultReadToken;
  const token = (await read(`${kind === 'session' ? 'Session' : 'Developer'} token for ${origin}: `)).trim();
  try {
    if (token === '') throw new CredentialsError(`no ${kind} token given${process.stdin.isTTY ? '' : ' on standard input'}`);
    checkToken(token, kind);
    storeToken(file, baseUrl, kind, token);
  } catch (error) {
    if (error instanceof CredentialsError) throw new CliExit(EXIT_USAGE, `calckit: ${error.message}`);
    throw error;
  }
  const fromEnv = env[envNameOf(kind)];
  return {
    ok: true,
    origin,
    kind,
    file,
    ...(fromEnv !== undefined && fromEnv.trim() !== '' ? { shadowedBy: envNameOf(kind) } : {}),
    exitCode: 0,
  };
}

export async function runLogout(options: LogoutCliOptions, io: LoginIo = {}): Promise<LogoutResult> {
  const env = io.env ?? process.env;
  const file = credentialsPath(env);
  try {
    if (options.all) {
      const origins = removeAllTokens(file);
      return { ok: true, file, origins, removed: origins.length > 0 ? ['developer', 'session'] : [], exitCode: 0 };
    }
    const { baseUrl, origin } = addressOf(options, env, io.cwd);
    const removed = removeTokens(file, baseUrl, options.session ? 'session' : undefined);
    return { ok: true, file, origin, origins: removed.length > 0 ? [origin] : [], removed, exitCode: 0 };
  } catch (error) {
    if (error instanceof CredentialsError) throw new CliExit(EXIT_USAGE, `calckit: ${error.message}`);
    throw error;
  }
}

/** A terminal: a prompt on stderr and no echo. Anything else: the whole of standard input. */
async function defaultReadToken(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  return promptHidden(prompt);
}

/** Reads one line from the terminal in raw mode, echoing nothing (Ctrl-C or Ctrl-D on an empty line cancel). */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return done(new CliExit(EXIT_USAGE, 'calckit: login cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch === '\u0015') value = ''; // Ctrl-U: start again
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Prints the stored-credentials file's warnings (a file others can read) once, on stderr. */
function warnAboutFile(file: string): void {
  try {
    for (const w of readCredentials(file).warnings) process.stderr.write(`calckit: warning: ${w}\n`);
  } catch {
    // A malformed file was reported by the command itself.
  }
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('login')
      .description(
        'store a developer token (or with --session the session token) for the service, read from standard input or a prompt ' +
          'without echo; it is kept per service origin in the user config directory (file mode 0600) and sent to that origin only',
      )
      .option('--session', 'store the session token (used by `schema push`) instead of the developer token'),
  ).action(async (options: LoginCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const result = await runLogin(options);
    warnAboutFile(result.file);
    if (result.shadowedBy !== undefined) {
      process.stderr.write(`calckit: note: ${result.shadowedBy} is set in this environment; it is used instead of the stored token while it is set\n`);
    }
    finish(emit, result, () => `stored the ${result.kind} token for ${result.origin} in ${result.file}`);
  });

  withConnectionOptions(
    program
      .command('logout')
      .description("remove the tokens stored for the service's origin (or with --all, every stored token)")
      .option('--session', 'remove only the session token')
      .option('--all', 'remove the tokens of every service (the credentials file)'),
  ).action(async (options: LogoutCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const result = await runLogout(options);
    finish(emit, result, () => {
      if (options.all) return result.origins.length > 0 ? `removed the tokens of ${result.origins.join(', ')}` : 'no stored tokens';
      return result.origins.length > 0 ? `removed the ${result.removed.join(' and ')} token of ${result.origins[0]}` : `no ${options.session ? 'session ' : ''}token stored for ${result.origin}`;
    });
  });
}
