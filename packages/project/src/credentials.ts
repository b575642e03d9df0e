// The user's stored tokens (`calckit login`): one entry per service origin (scheme://host[:port], the URL's origin),
// in the user's config directory, never in a repository. A stored token is looked up by the origin of the address a
// command resolved, so it is only ever sent to the service it was stored for.
//
// Where: $CALCKIT_CONFIG_DIR/credentials.json when set (tests, unusual setups); else on Windows
// %APPDATA%\calckit\credentials.json; else $XDG_CONFIG_HOME/calckit/credentials.json (when absolute) or
// ~/.config/calckit/credentials.json (Linux and macOS alike, like gh and other CLIs).
//
// How: the folder is created 0700 and the file 0600 (a temp file created with that mode, fsynced, renamed over the
// file, then the folder fsynced); read-modify-write runs under a lock file, so two logins at once keep both tokens.
// Errors name the file and what is wrong, never a token, and never the file's text (which holds tokens).
import { serviceOrigin } from './origin.js';
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, chmodSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const CONFIG_DIR_ENV = 'CALCKIT_CONFIG_DIR';
export const CREDENTIALS_FILE_NAME = 'credentials.json';

export type TokenKind = 'developer' | 'session';

/** The tokens stored for one origin. */
export interface StoredTokens {
  readonly developerToken?: string;
  readonly sessionToken?: string;
}

interface CredentialEntry extends StoredTokens {
  readonly updatedAt: string;
}

interface CredentialFile {
  readonly version: 1;
  readonly services: Record<string, CredentialEntry>;
}

export class CredentialsError extends Error {
  override readonly name = 'CredentialsError';
}

type Env = Readonly<Record<string, string | undefined>>;

/** The folder of the user's calckit configuration (see the top of this file). */
export function configDir(env: Env = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const override = env[CONFIG_DIR_ENV]?.trim();
  if (override) return override;
  if (platform === 'win32') {
    const appData = env['APPDATA']?.trim();
    return join(appData || join(home, 'AppData', 'Roaming'), 'calckit');
  }
  const xdg = env['XDG_CONFIG_HOME']?.trim();
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and ignored.
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), 'calckit');
}

export function credentialsPath(env: Env = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  return join(configDir(env, platform, home), CREDENTIALS_FILE_NAME);
}


const TOKEN_SHAPE = /^[\x21-\x7e]+$/;
const MAX_TOKEN_LENGTH = 8192;

/** A token must fit in an HTTP header as is: printable ASCII, no spaces. The message never repeats the token. */
export function checkToken(token: string, kind: TokenKind = 'developer'): void {
  if (token.length === 0) throw new CredentialsError(`no ${kind} token given`);
  if (token.length > MAX_TOKEN_LENGTH) throw new CredentialsError(`the ${kind} token is longer than ${MAX_TOKEN_LENGTH} characters`);
  if (!TOKEN_SHAPE.test(token)) throw new CredentialsError(`the ${kind} token must be printable ASCII without spaces or line breaks`);
}

const FIELD: Record<TokenKind, 'developerToken' | 'sessionToken'> = { developer: 'developerToken', session: 'sessionToken' };

export interface ReadCredentials {
  readonly path: string;
  /** Origin → tokens and when they were stored. */
  readonly services: Readonly<Record<string, StoredTokens & { readonly updatedAt: string }>>;
  /** Problems worth telling the user that do not stop a command (a file other users can read). */
  readonly warnings: readonly string[];
}

/** Reads the store; a missing file is an empty store, a malformed one a CredentialsError (naming no token). */
export function readCredentials(path: string): ReadCredentials {
  const warnings: string[] = [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, services: {}, warnings };
    throw new CredentialsError(`cannot read ${path} (${code ?? 'error'})`);
  }
  if (process.platform !== 'win32') {
    try {
      const mode = statSync(path).mode & 0o777;
      if ((mode & 0o077) !== 0) {
        warnings.push(`${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}): run chmod 600 "${path}"`);
      }
    } catch {
      // Gone meanwhile: we have its text.
    }
  }
  return { path, services: parseCredentials(path, text).services, warnings };
}

function parseCredentials(path: string, text: string): CredentialFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text near the fault: that could be a token.
    throw new CredentialsError(`${path} is not valid JSON: fix it or remove it (calckit logout --all)`);
  }
  const bad = (what: string): never => {
    throw new CredentialsError(`${path}: ${what}: fix it or remove it (calckit logout --all)`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('not a calckit credentials file');
  const file = data as { version?: unknown; services?: unknown };
  if (file.version !== 1) bad('unknown version (expected "version": 1)');
  if (typeof file.services !== 'object' || file.services === null || Array.isArray(file.services)) bad('"services" must be an object');
  const services: Record<string, CredentialEntry> = {};
  for (const [origin, entry] of Object.entries(file.services as Record<string, unknown>)) {
    // A key that is not an origin is not named in the message (it could be a token pasted in the wrong place).
    let normal: string | undefined;
    try {
      normal = serviceOrigin(origin);
    } catch {
      normal = undefined;
    }
    if (normal !== origin) bad('a key of "services" is not a service origin (scheme://host[:port])');
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) bad(`the entry of ${origin} must be an object`);
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (key !== 'developerToken' && key !== 'sessionToken' && key !== 'updatedAt') bad(`the entry of ${origin} has an unknown field`);
    }
    for (const key of ['developerToken', 'sessionToken'] as const) {
      if (e[key] !== undefined && (typeof e[key] !== 'string' || !TOKEN_SHAPE.test(e[key]))) bad(`${origin}: ${key} must be printable ASCII without spaces`);
    }
    services[origin] = {
      ...(typeof e['developerToken'] === 'string' ? { developerToken: e['developerToken'] } : {}),
      ...(typeof e['sessionToken'] === 'string' ? { sessionToken: e['sessionToken'] } : {}),
      updatedAt: typeof e['updatedAt'] === 'string' ? e['updatedAt'] : '',
    };
  }
  return { version: 1, services };
}

/** The tokens stored for this base URL's origin, and only those (no fallback to any other entry). */
export function storedTokens(path: string, baseUrl: string): StoredTokens | undefined {
  const entry = readCredentials(path).services[serviceOrigin(baseUrl)];
  if (entry === undefined) return undefined;
  return {
    ...(entry.developerToken !== undefined ? { developerToken: entry.developerToken } : {}),
    ...(entry.sessionToken !== undefined ? { sessionToken: entry.sessionToken } : {}),
  };
}

/** Stores a token for the base URL's origin (replacing the one of that kind); returns the origin. */
export function storeToken(path: string, baseUrl: string, kind: TokenKind, token: string): { origin: string } {
  checkToken(token, kind);
  const origin = serviceOrigin(baseUrl);
  update(path, (services) => {
    services[origin] = { ...services[origin], [FIELD[kind]]: token, updatedAt: new Date().toISOString() };
  });
  return { origin };
}

/** Removes the origin's tokens (one kind, or both); returns the kinds that were stored. */
export function removeTokens(path: string, baseUrl: string, kind?: TokenKind): TokenKind[] {
  const origin = serviceOrigin(baseUrl);
  const removed: TokenKind[] = [];
  update(path, (services) => {
    const entry = services[origin];
    if (entry === undefined) return false;
    const kept: { developerToken?: string; sessionToken?: string; updatedAt: string } = { ...entry };
    for (const k of kind === undefined ? (['developer', 'session'] as const) : [kind]) {
      if (kept[FIELD[k]] === undefined) continue;
      removed.push(k);
      delete kept[FIELD[k]];
    }
    if (removed.length === 0) return false;
    if (kept.developerToken === undefined && kept.sessionToken === undefined) delete services[origin];
    else services[origin] = { ...kept, updatedAt: new Date().toISOString() };
    return true;
  });
  return removed;
}

/** Removes every stored token (the file itself); returns the origins that had one. */
export function removeAllTokens(path: string): string[] {
  let origins: string[] = [];
  withLock(path, () => {
    try {
      origins = Object.keys(readCredentials(path).services);
    } catch {
      origins = []; // a malformed file is removed all the same
    }
    try {
      rmSync(path, { force: true });
    } catch (error) {
      throw new CredentialsError(`cannot remove ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  });
  return origins;
}

/** Read-modify-write under the lock; `change` returns false when there is nothing to write. */
function update(path: string, change: (services: Record<string, CredentialEntry>) => boolean | void): void {
  withLock(path, () => {
    const services = { ...(readCredentials(path).services as Record<string, CredentialEntry>) };
    if (change(services) === false) return;
    const sorted = Object.fromEntries(Object.keys(services).sort().map((k) => [k, services[k] as CredentialEntry]));
    writePrivately(path, `${JSON.stringify({ version: 1, services: sorted }, null, 2)}\n`);
  });
}

/** The folder, made 0700 (tightened if we own it and it is looser). */
function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32') {
      const stat = statSync(dir);
      if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(dir, 0o700);
    }
  } catch (error) {
    throw new CredentialsError(`cannot create the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * Writes a file readable by its owner only, atomically: a temp file created 0600 beside it, fsynced, renamed over
 * it, the folder fsynced. A symbolic link is written through (its target is replaced), so a linked file stays linked.
 */
function writePrivately(path: string, text: string): void {
  let target = path;
  try {
    if (lstatSync(path).isSymbolicLink()) {
      try {
        target = realpathSync(path);
      } catch {
        target = resolve(dirname(path), readlinkSync(path)); // a link to a file not made yet
      }
    }
  } catch {
    // No file yet.
  }
  const dir = dirname(target);
  ensurePrivateDir(dir);
  const temp = join(dir, `.${CREDENTIALS_FILE_NAME}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CredentialsError(`cannot write ${target} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform opens folders (Windows): the rename is done either way.
  }
}

const LOCK_WAIT_MS = 5_000;
const LOCK_STALE_MS = 30_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `work` holding `<path>.lock` (created exclusively; one older than 30 s is taken for a crashed holder's). */
function withLock<T>(path: string, work: () => T): T {
  const lock = `${path}.lock`;
  ensurePrivateDir(dirname(lock));
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new CredentialsError(`cannot create the lock file ${lock} (${code ?? 'error'})`);
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) {
          rmSync(lock, { force: true });
          continue;
        }
      } catch {
        continue; // released meanwhile
      }
      if (Date.now() > deadline) throw new CredentialsError(`${lock} is held by another calckit (remove it if no calckit runs)`);
      Atomics.wait(sleeper, 0, 0, 50);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}
