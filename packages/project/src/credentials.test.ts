// Tests of the credential store (`calckit login`): where it lives, permissions, per-origin look-up, atomic and locked
// writes, errors without tokens; and how resolveConnection uses it (caller > environment > stored for the origin).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CredentialsError,
  SettingsError,
  configDir,
  serviceOrigin,
  credentialsPath,
  readCredentials,
  removeAllTokens,
  removeTokens,
  resolveConnection,
  storeToken,
  storedTokens,
} from './index.js';

const TOKEN = 'tok-3f9a1c7e5b2d48a6';
const OTHER = 'tok-0b1c2d3e4f5a6b7c';
const posix = process.platform !== 'win32';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-credentials-'));
  path = join(dir, 'calckit', 'credentials.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `fn` and returns what it threw (failing when it throws nothing). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('where the credentials live', () => {
  it('follows CALCKIT_CONFIG_DIR, then APPDATA on Windows, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configDir({ CALCKIT_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/tmp/x');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/calckit');
    expect(configDir({ XDG_CONFIG_HOME: 'relative/dir' }, 'linux', '/home/u')).toBe('/home/u/.config/calckit');
    expect(configDir({}, 'linux', '/home/u')).toBe('/home/u/.config/calckit');
    expect(configDir({}, 'darwin', '/Users/u')).toBe('/Users/u/.config/calckit');
    expect(configDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toMatch(/Roaming[\\/]calckit$/);
    expect(credentialsPath({}, 'linux', '/home/u')).toBe('/home/u/.config/calckit/credentials.json');
  });

  it('keys a service by its normalised origin', () => {
    expect(serviceOrigin('https://ACME.Example.com:443/api/')).toBe('https://acme.example.com');
    expect(serviceOrigin('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(serviceOrigin('http://localhost:80/')).toBe('http://localhost');
    expect(serviceOrigin('https://user:pw@acme.example.com:8443/x?y')).toBe('https://acme.example.com:8443');
    expect(serviceOrigin('http://[::1]:9000')).toBe('http://[::1]:9000');
    expect(() => serviceOrigin('ftp://x')).toThrow(SettingsError);
    expect(() => serviceOrigin('acme.example.com')).toThrow(/not an absolute URL/);
  });
});

describe('the credential store', () => {
  it('stores per origin and finds a token only for that origin', () => {
    expect(storeToken(path, 'https://acme.example.com/', 'developer', TOKEN)).toEqual({ origin: 'https://acme.example.com' });
    storeToken(path, 'http://127.0.0.1:4100', 'developer', OTHER);
    storeToken(path, 'https://acme.example.com:443', 'session', 'sess-1234');
    expect(storedTokens(path, 'https://ACME.example.com:443/some/path')).toEqual({ developerToken: TOKEN, sessionToken: 'sess-1234' });
    expect(storedTokens(path, 'http://127.0.0.1:4100')?.developerToken).toBe(OTHER);
    // Another port, scheme, host or a sub-domain is another service.
    for (const other of ['http://127.0.0.1:4101', 'http://localhost:4100', 'http://acme.example.com', 'https://acme.example.com:8443', 'https://x.acme.example.com']) {
      expect(storedTokens(path, other), other).toBeUndefined();
    }
    expect(Object.keys(readCredentials(path).services)).toEqual(['http://127.0.0.1:4100', 'https://acme.example.com']);
  });

  it.runIf(posix)('writes the folder 0700 and the file 0600, whatever the umask', () => {
    const previous = process.umask(0o000);
    try {
      storeToken(path, 'https://acme.example.com', 'developer', TOKEN);
    } finally {
      process.umask(previous);
    }
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'calckit')).mode & 0o777).toBe(0o700);
    expect(readCredentials(path).warnings).toEqual([]);
  });

  it.runIf(posix)('tightens an existing folder of ours and warns about a file other users can read', () => {
    mkdirSync(join(dir, 'calckit'), { mode: 0o755 });
    chmodSync(join(dir, 'calckit'), 0o755);
    storeToken(path, 'https://acme.example.com', 'developer', TOKEN);
    expect(statSync(join(dir, 'calckit')).mode & 0o777).toBe(0o700);
    chmodSync(path, 0o644);
    const read = readCredentials(path);
    expect(read.services['https://acme.example.com']?.developerToken).toBe(TOKEN);
    expect(read.warnings.join('\n')).toMatch(/can be read by other users \(mode 0644\): run chmod 600/);
    expect(read.warnings.join('\n')).not.toContain(TOKEN);
    // The next write puts it back to 0600.
    storeToken(path, 'https://acme.example.com', 'developer', OTHER);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces the file atomically and leaves no temp or lock file behind', () => {
    storeToken(path, 'https://a.example.com', 'developer', TOKEN);
    const before = statSync(path).ino;
    storeToken(path, 'https://b.example.com', 'developer', OTHER);
    if (posix) expect(statSync(path).ino).not.toBe(before); // a new file renamed over the old one
    expect(readdirSync(join(dir, 'calckit'))).toEqual(['credentials.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: 1, services: { 'https://a.example.com': { developerToken: TOKEN } } });
  });

  it('cleans up its temp file when the write fails, and says so without the token', () => {
    storeToken(path, 'https://a.example.com', 'developer', TOKEN);
    // A folder where the file should be: rename fails.
    const blocked = join(dir, 'blocked', 'credentials.json');
    mkdirSync(blocked, { recursive: true });
    writeFileSync(join(blocked, 'keep'), '');
    const error = thrown(() => storeToken(blocked, 'https://a.example.com', 'developer', OTHER));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toMatch(/cannot (read|write)/);
    expect(error.message).not.toContain(OTHER);
    expect(readdirSync(join(dir, 'blocked'))).toEqual(['credentials.json']);
  });

  it('waits for a held lock, and takes over a stale one', () => {
    mkdirSync(join(dir, 'calckit'), { recursive: true });
    writeFileSync(`${path}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    // A lock older than 30 s is a crashed holder's.
    utimesSync(`${path}.lock`, old, old);
    storeToken(path, 'https://a.example.com', 'developer', TOKEN);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(storedTokens(path, 'https://a.example.com')?.developerToken).toBe(TOKEN);
  });

  it('writes through a symbolic link to its target', () => {
    if (!posix) return;
    const real = join(dir, 'elsewhere', 'creds.json');
    mkdirSync(join(dir, 'elsewhere'));
    mkdirSync(join(dir, 'calckit'));
    symlinkSync(real, path);
    storeToken(path, 'https://a.example.com', 'developer', TOKEN);
    expect(storedTokens(real, 'https://a.example.com')?.developerToken).toBe(TOKEN);
    expect(storedTokens(path, 'https://a.example.com')?.developerToken).toBe(TOKEN);
  });

  it('removes one kind, one origin, or everything', () => {
    storeToken(path, 'https://a.example.com', 'developer', TOKEN);
    storeToken(path, 'https://a.example.com', 'session', 'sess-1234');
    storeToken(path, 'https://b.example.com', 'developer', OTHER);
    expect(removeTokens(path, 'https://a.example.com', 'session')).toEqual(['session']);
    expect(storedTokens(path, 'https://a.example.com')).toEqual({ developerToken: TOKEN });
    expect(removeTokens(path, 'https://a.example.com')).toEqual(['developer']);
    expect(storedTokens(path, 'https://a.example.com')).toBeUndefined();
    expect(removeTokens(path, 'https://a.example.com')).toEqual([]);
    expect(removeAllTokens(path)).toEqual(['https://b.example.com']);
    expect(existsSync(path)).toBe(false);
    expect(removeAllTokens(path)).toEqual([]);
  });

  it('refuses tokens that cannot be a header value, without repeating them', () => {
    for (const bad of ['', 'two words', 'line\nbreak', 'tab\there', 'é-accent']) {
      const error = thrown(() => storeToken(path, 'https://a.example.com', 'developer', bad));
      expect(error).toBeInstanceOf(CredentialsError);
      if (bad !== '') expect(error.message).not.toContain(bad);
    }
    expect(existsSync(path)).toBe(false);
  });

  it('never puts a token or the file text in an error about a malformed file', () => {
    mkdirSync(join(dir, 'calckit'), { recursive: true });
    const cases = [
      `{"version":1,"services":{"https://a.example.com":{"developerToken":"${TOKEN}",}}}`, // JSON syntax error next to the token
      `{"version":1,"services":{"${TOKEN}":{"developerToken":"x"}}}`, // a token as a key
      `{"version":1,"services":{"https://a.example.com":{"developerToken":"${TOKEN}","extra":"${OTHER}"}}}`,
      `{"version":1,"services":{"https://a.example.com":{"developerToken":"${TOKEN} ${OTHER}"}}}`,
      `{"version":2,"services":{}}`,
      `"${TOKEN}"`,
    ];
    for (const text of cases) {
      writeFileSync(path, text);
      const error = thrown(() => storedTokens(path, 'https://a.example.com'));
      expect(error, text).toBeInstanceOf(CredentialsError);
      expect(error.message).toContain(path);
      expect(error.message).not.toContain(TOKEN);
      expect(error.message).not.toContain(OTHER);
    }
    // logout --all removes even a malformed file.
    expect(removeAllTokens(path)).toEqual([]);
    expect(existsSync(path)).toBe(false);
  });
});

describe('resolveConnection with stored tokens', () => {
  const store = (): ((origin: string) => ReturnType<typeof storedTokens>) => (origin) => storedTokens(path, origin);

  it('uses the token stored for the resolved origin, and says so', () => {
    storeToken(path, 'https://acme.example.com', 'developer', TOKEN);
    storeToken(path, 'https://acme.example.com', 'session', 'sess-1234');
    const s = resolveConnection({ env: { CALCKIT_BASE_URL: 'https://ACME.example.com:443/' }, storedTokens: store() });
    expect(s).toMatchObject({ developerToken: TOKEN, sessionToken: 'sess-1234' });
    expect(s.sources).toMatchObject({ developerToken: 'login', sessionToken: 'login' });
  });

  it('never uses a token stored for another origin', () => {
    storeToken(path, 'http://127.0.0.1:4100', 'developer', TOKEN);
    const s = resolveConnection({ env: { CALCKIT_BASE_URL: 'http://127.0.0.1:4101' }, storedTokens: store() });
    expect(s.developerToken).toBeUndefined();
    expect(s.sources.developerToken).toBe('unset');
    // The flag's address decides, not the environment's or the project's.
    const asked: string[] = [];
    resolveConnection({
      env: { CALCKIT_BASE_URL: 'http://127.0.0.1:4100' },
      flags: { baseUrl: 'https://other.example.com/x' },
      storedTokens: (origin) => (asked.push(origin), storedTokens(path, origin)),
    });
    expect(asked).toEqual(['https://other.example.com']);
  });

  it('lets the environment (CI) and the caller (editor) win over the store, and reads the store only when needed', () => {
    storeToken(path, 'https://acme.example.com', 'developer', TOKEN);
    let reads = 0;
    const counting = (origin: string): ReturnType<typeof storedTokens> => (reads++, storedTokens(path, origin));
    const env = { CALCKIT_BASE_URL: 'https://acme.example.com', CALCKIT_DEVELOPER_TOKEN: 'from-env', CALCKIT_SESSION_TOKEN: 'sess-env' };
    const s = resolveConnection({ env, storedTokens: counting });
    expect(s).toMatchObject({ developerToken: 'from-env', sessionToken: 'sess-env' });
    expect(s.sources.developerToken).toBe('env');
    expect(reads).toBe(0);
    expect(resolveConnection({ env, tokens: { developerToken: 'editor' }, storedTokens: counting }).developerToken).toBe('editor');
    // The environment's developer token, the stored session token (read once for both).
    const mixed = resolveConnection({ env: { CALCKIT_BASE_URL: 'https://acme.example.com', CALCKIT_SESSION_TOKEN: '' }, storedTokens: counting });
    expect(mixed.developerToken).toBe(TOKEN);
    expect(reads).toBe(1);
  });
});
