// `calckit login` / `logout` as processes (`node packages/cli/dist/main.js …`; run `npm run build` first) against two
// emulators with different tokens: a stored token is used for its own origin and is never sent to another one (another
// port, another host name for the same port, a redirect), the environment's token wins (the CI way), and no token
// ever shows in the output, also when typed at a terminal prompt (no echo).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyExamples, startHarness, type Harness } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

interface Recorder {
  readonly url: string;
  readonly requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

let a: Harness;
let b: Harness;
let dir: string;
let config: string;
const outputs: string[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([startHarness(), startHarness()]);
  dir = copyExamples();
  config = mkdtempSync(join(tmpdir(), 'calckit-config-'));
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  rmSync(config, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI with no token in the environment (unless given) and this test's config directory. */
function calckit(args: string[], options: { env?: Record<string, string | undefined>; stdin?: string; cwd?: string } = {}): Promise<Run> {
  const base: Record<string, string | undefined> = { PATH: process.env['PATH'], HOME: config, CALCKIT_CONFIG_DIR: join(config, 'calckit') };
  const env = Object.fromEntries(Object.entries({ ...base, ...options.env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [MAIN, ...args], { cwd: options.cwd ?? dir, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      outputs.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? '');
  });
}

/** A server that records every request and answers `answer` (a stand-in for "another service"). */
async function recorder(answer: (res: import('node:http').ServerResponse) => void = (res) => res.writeHead(500).end()): Promise<Recorder> {
  const requests: Recorder['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const credentialsFile = (): string => join(config, 'calckit', 'credentials.json');

describe('calckit login / logout (processes)', () => {
  it('stores the token read from standard input for the origin, 0600 in a 0700 folder, and prints no token', async () => {
    const run = await calckit(['login', '--base-url', `${a.url}/`], { stdin: `${a.developerToken}\n` });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`stored the developer token for ${a.url} in ${credentialsFile()}\n`);
    const stored = JSON.parse(readFileSync(credentialsFile(), 'utf8'));
    expect(stored.services[a.url].developerToken).toBe(a.developerToken);
    if (process.platform !== 'win32') {
      expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
      expect(statSync(join(config, 'calckit')).mode & 0o777).toBe(0o700);
    }
    expect(readdirSync(join(config, 'calckit'))).toEqual(['credentials.json']);
    // The session token (schema push) with --session, the address from the environment this time; --json names no token.
    const session = await calckit(['login', '--session', '--json'], { stdin: a.sessionToken, env: { CALCKIT_BASE_URL: a.url } });
    expect(session.code).toBe(0);
    expect(JSON.parse(session.stdout)).toEqual({ ok: true, origin: a.url, kind: 'session', file: credentialsFile(), exitCode: 0 });
  });

  it('status and push use the stored token of their own origin', async () => {
    const status = await calckit(['status', '--json'], { env: { CALCKIT_BASE_URL: a.url } });
    expect(status.stderr).toBe('');
    expect(JSON.parse(status.stdout).entries.length).toBe(8); // read every calculation: the token was accepted
    writeFileSync(join(dir, 'formulas/net-revenue.calc'), 'SUM(`Revenue` * (1 - IFNULL(`Discount`, 0.1)))\n');
    const push = await calckit(['push', 'formulas/net-revenue.calc', '--force', '--base-url', a.url]);
    expect(push.code).toBe(0);
    expect((await a.client().readCalculation(106)).expression).toBe('SUM(`Revenue` * (1 - IFNULL(`Discount`, 0.1)))');
    const schema = await calckit(['schema', 'push', 'sales', '--base-url', a.url]);
    expect(schema.code).toBe(0);
  });

  it('a token stored for one origin is not sent to another: another port, or another name for the same host, exits 2', async () => {
    const before = await b.client().readCalculation(106);
    const push = await calckit(['push', 'formulas/net-revenue.calc', '--force', '--base-url', b.url]);
    expect(push.code).toBe(2);
    expect(push.stderr).toContain(`no developer token for ${b.url}`);
    expect(push.stderr).toMatch(/calckit login/);
    expect(await b.client().readCalculation(106)).toEqual(before);
    // localhost is not 127.0.0.1 as far as origins go.
    const other = await calckit(['status', '--base-url', a.url.replace('127.0.0.1', 'localhost')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/no developer token for http:\/\/localhost:\d+/);
    // Commands without the early check (lock) stop in the client: nothing reaches a server that records requests.
    const spy = await recorder();
    try {
      const lock = await calckit(['lock', '101', '--base-url', spy.url]);
      expect(lock.code).toBe(2);
      expect(lock.stderr).toMatch(/no developer token/);
      expect(spy.requests).toEqual([]);
    } finally {
      await spy.close();
    }
  });

  it('each origin gets its own token: B with B\'s, A still with A\'s', async () => {
    const login = await calckit(['login', '--base-url', b.url], { stdin: `  ${b.developerToken}  \n` });
    expect(login.code).toBe(0);
    expect((await calckit(['lock', '104', '--base-url', b.url])).code).toBe(0);
    expect((await b.client().readCalculation(104)).locked).toBe(true);
    expect((await calckit(['unlock', '104', '--base-url', a.url])).code).toBe(0);
    expect((await a.client().readCalculation(104)).locked).toBe(false);
  });

  it('a redirect from the token\'s origin is not followed, so the token never reaches the other server', async () => {
    const elsewhere = await recorder((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const redirecting = await recorder((res) => res.writeHead(307, { location: `${elsewhere.url}/api/query/v1/functions/template/101` }).end());
    try {
      expect((await calckit(['login', '--base-url', redirecting.url], { stdin: 'token-for-the-redirecting-server' })).code).toBe(0);
      const lock = await calckit(['lock', '101', '--base-url', redirecting.url, '--retries', '0']);
      expect(lock.code).toBe(1);
      expect(redirecting.requests.length).toBeGreaterThan(0);
      expect(redirecting.requests[0]?.headers['x-svc-developer-token']).toBe('token-for-the-redirecting-server');
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close()]);
      await calckit(['logout', '--base-url', redirecting.url]);
    }
  });

  it('the environment\'s token wins over the stored one (the CI way), and login says so', async () => {
    const wrong = 'env-token-that-the-emulator-refuses';
    const run = await calckit(['lock', '101', '--base-url', a.url], { env: { CALCKIT_DEVELOPER_TOKEN: wrong } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 401/);
    const login = await calckit(['login', '--base-url', a.url], { stdin: a.developerToken, env: { CALCKIT_DEVELOPER_TOKEN: wrong } });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(/CALCKIT_DEVELOPER_TOKEN is set in this environment; it is used instead of the stored token/);
  });

  it('refuses bad input without repeating it: no token, a token with spaces, no address, plain http to a remote host', async () => {
    const empty = await calckit(['login', '--base-url', a.url], { stdin: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no developer token given on standard input/);
    const spaced = await calckit(['login', '--base-url', a.url], { stdin: 'secret part-two\n' });
    expect(spaced.code).toBe(2);
    expect(spaced.stderr).toMatch(/printable ASCII without spaces/);
    expect(spaced.stderr).not.toMatch(/secret|part-two/);
    const nowhere = await calckit(['login'], { stdin: 'x-token-1234', cwd: config });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/no service address/);
    const insecure = await calckit(['login', '--base-url', 'http://example.com'], { stdin: 'x-token-1234' });
    expect(insecure.code).toBe(2);
    expect(insecure.stderr).toMatch(/refusing plain http/);
    // Still A's token for A.
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8')).services[a.url].developerToken).toBe(a.developerToken);
  });

  it.runIf(process.platform !== 'win32')('reads the token at a terminal prompt without echoing it', async () => {
    const token = 'typed-at-the-prompt-7c1d9e';
    // A pseudo-terminal through python's pty module: the CLI sees a TTY on stdin.
    const script = [
      'import os, pty, sys, time',
      'pid, fd = pty.fork()',
      'if pid == 0:',
      '    os.execv(sys.argv[1], sys.argv[1:])',
      'out = b""',
      'def read_until(marker):',
      '    global out',
      '    while marker not in out:',
      '        chunk = os.read(fd, 1024)',
      '        if not chunk: break',
      '        out += chunk',
      'read_until(b"token for")',
      'time.sleep(0.2)',
      `os.write(fd, b"${token}\\r")`,
      'try:',
      '    while True:',
      '        chunk = os.read(fd, 1024)',
      '        if not chunk: break',
      '        out += chunk',
      'except OSError:',
      '    pass',
      '_, status = os.waitpid(pid, 0)',
      'sys.stdout.write(out.decode("utf8", "replace"))',
      'sys.exit(os.waitstatus_to_exitcode(status))',
    ].join('\n');
    const env = { PATH: process.env['PATH'] ?? '', HOME: config, CALCKIT_CONFIG_DIR: join(config, 'calckit'), CALCKIT_BASE_URL: b.url };
    const run = await new Promise<Run>((resolve) => {
      const child = spawn('python3', ['-c', script, process.execPath, MAIN, 'login'], { cwd: dir, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Developer token for ${b.url}: `);
    expect(run.stdout).toContain(`stored the developer token for ${b.url}`);
    expect(run.stdout).not.toContain(token); // the terminal showed nothing of what was typed
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8')).services[b.url].developerToken).toBe(token);
  });

  it('logout removes the origin\'s tokens (then that origin has none), --all removes the file', async () => {
    const out = await calckit(['logout', '--base-url', a.url]);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`removed the developer and session token of ${a.url}\n`);
    const push = await calckit(['status', '--base-url', a.url]);
    expect(push.code).toBe(2);
    expect(push.stderr).toMatch(/no developer token for/);
    expect((await calckit(['logout', '--base-url', a.url])).stdout).toBe(`no token stored for ${a.url}\n`);
    const all = await calckit(['logout', '--all', '--json']);
    expect(JSON.parse(all.stdout)).toMatchObject({ ok: true, origins: [b.url] });
    expect(readdirSync(join(config, 'calckit'))).toEqual([]);
  });

  it('no token appeared in any output', () => {
    const text = outputs.join('\n');
    for (const token of [a.developerToken, a.sessionToken, b.developerToken, b.sessionToken, 'token-for-the-redirecting-server']) {
      expect(text).not.toContain(token);
    }
  });
});
