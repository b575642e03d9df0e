// The `npx calckit …` lines of docs/commands/ that need a service, start one, or make a new project, run as a user
// runs them: each in a shell, in a fresh copy of examples/ (a git repository, as a team's formula repository is) with
// calckit installed, against the emulator on a loopback port, the address and tokens set as docs/service.md says users
// set them (CALCKIT_BASE_URL, CALCKIT_DEVELOPER_TOKEN, CALCKIT_SESSION_TOKEN), HOME and the config folder in a temp
// directory. A line may find something (exit 1) but never fail to run: not exit 2, not a crash, not an unknown flag.
// The lines of commands that need no service run in test/cli/command-docs.test.ts.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsPath } from '@calckit/project';
import { COMMAND_DOCS_DIR, commandOf, commandPageLines, isOffline, type PageLine } from '../cli/command-page-lines.js';
import { EXAMPLE_FIXTURES, EXAMPLES, REPO_ROOT, copyExamples, runCalckit, startHarness, type Harness } from './harness.js';

/** The commands whose lines run against a running emulator, each in a fresh copy of examples/. */
const SERVICE_COMMANDS = new Set(['push', 'lock', 'unlock', 'pull', 'status', 'diff', 'import', 'schema diff', 'schema impact', 'schema pull', 'fn run', 'schedule create']);
/** The commands run otherwise: login/logout store tokens, serve is an emulator, demo starts its own, init makes a project. */
const OTHER_COMMANDS = new Set(['login', 'logout', 'serve', 'demo', 'init']);

/**
 * What stands, in a line, for what cannot run as written on a test machine; every other line runs exactly as its page
 * shows it. (`path/to/…` in demo's line is made real instead: that line runs in a folder holding a project at path/to/.)
 */
const SUBSTITUTIONS: ReadonlyArray<{ readonly written: RegExp; readonly runAs: (emulatorUrl: string) => string; readonly why: string }> = [
  { written: /^pass show svc \|/, runAs: () => `printf '%s\\n' "$PASSWORD_STORE_TOKEN" |`, why: 'a password manager printing the token: printf prints the one the test gives' },
  { written: /http:\/\/127\.0\.0\.1:8787/g, runAs: (url) => url, why: 'the `calckit serve` of another terminal: the emulator this test runs' },
  { written: /^(npx calckit serve(?!.*\s--port\b).*)$/, runAs: () => '$1 --port 0', why: 'serve on 8787, which another process may hold: a free port' },
];

function substituted(line: string, emulatorUrl: string): string {
  return SUBSTITUTIONS.reduce((result, s) => result.replace(s.written, s.runAs(emulatorUrl)), line);
}

const lines = commandPageLines().filter((l) => !isOffline(l));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `calckit-doc-lines-${name}-`));
  made.push(dir);
  return dir;
}

/** calckit installed in `dir` as a development dependency is: this clone's node_modules. */
function installCalckit(dir: string): void {
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/** A formula repository: a git copy of examples/ (see copyExamples) with calckit installed. */
function formulaRepository(): string {
  const dir = copyExamples();
  made.push(dir);
  installCalckit(dir);
  return dir;
}

/** A user's machine for one line: its own HOME and config folder, so nothing is written outside the temp directory. */
function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = tempDir('home');
  return { PATH: process.env['PATH'] ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1', npm_config_yes: 'false', npm_config_update_notifier: 'false', ...extra };
}

interface LineRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The line in `sh -c`, in `cwd`, with exactly `env`, and `input` on its standard input. */
function runLine(command: string, options: { cwd: string; env: Record<string, string>; input?: string }): Promise<LineRun> {
  return new Promise((resolve) => {
    const child = execFile('sh', ['-c', command], { cwd: options.cwd, env: options.env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin!.end(options.input ?? '');
  });
}

/** Ran, and found or did what it does: exit 0 or 1, no usage error, crash or missing executable. */
function expectRan(result: LineRun, line: string): void {
  const output = `${line}\nexit ${result.code}\n${result.stdout.slice(0, 1500)}\n${result.stderr.slice(0, 1500)}`;
  expect(result.stderr, output).not.toMatch(/not found|internal error|could not determine executable|unknown (option|command)|error: (missing|too many)/i);
  expect([0, 1], output).toContain(result.code);
}

/** The emulator with the example fixtures, plus what a line's page says the service holds. */
async function emulatorFor(line: string): Promise<Harness> {
  // pull.md: `pull 108 formulas/new-metric.calc` takes "a calculation not mapped yet": the service has 108.
  if (/\bpull 108\b/.test(line)) {
    const fixtures = JSON.parse(readFileSync(EXAMPLE_FIXTURES, 'utf8')) as { calculations: unknown[] };
    fixtures.calculations.push({ id: 108, name: 'New Metric', owner: 1001, expression: 'SUM(`Revenue`) / COUNT(`Order ID`)', locked: false, datasetId: 'sales-orders' });
    const file = join(tempDir('fixtures'), 'fixtures.json');
    writeFileSync(file, JSON.stringify(fixtures));
    return startHarness({ fixtures: file });
  }
  return startHarness();
}

/** What a line's page says the repository holds besides examples/. */
function prepareRepository(page: string, line: string, dir: string): void {
  // schedule.md shows the request file `--file schedules/weekly-margin.json` reads: its JSON block.
  if (line.includes('--file schedules/weekly-margin.json')) {
    const request = /```json\n([\s\S]*?)```/.exec(readFileSync(join(COMMAND_DOCS_DIR, page), 'utf8'))?.[1];
    if (request === undefined) throw new Error(`docs/commands/${page} shows no schedules/weekly-margin.json`);
    mkdirSync(join(dir, 'schedules'));
    writeFileSync(join(dir, 'schedules', 'weekly-margin.json'), request);
  }
}

/** import.md's lines bring a service's calculations into a project: one `calckit init` made for the service. */
async function newProject(url: string, env: Record<string, string>): Promise<string> {
  const dir = tempDir('project');
  installCalckit(dir);
  const init = await runCalckit(['init', '--base-url', url], { cwd: dir, env });
  expect(init.code, init.stderr).toBe(0);
  expect(projectCalculations(dir)).toEqual({});
  return dir;
}

const projectCalculations = (dir: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')) as { calculations?: Record<string, unknown> }).calculations ?? {};

const ofCommands = (names: ReadonlySet<string>) => lines.filter((l) => names.has(commandOf(l.line))).map((l) => [l.page, l.line] as const);

describe('the command pages\' lines that are not offline', () => {
  it('each has a way to run here', () => {
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.filter((l: PageLine) => !SERVICE_COMMANDS.has(commandOf(l.line)) && !OTHER_COMMANDS.has(commandOf(l.line)))).toEqual([]);
    expect(new Set(lines.map((l) => commandOf(l.line)))).toEqual(new Set([...SERVICE_COMMANDS, ...OTHER_COMMANDS]));
    for (const s of SUBSTITUTIONS) expect(lines.some((l) => l.line.match(s.written)), `a substitution no page needs: ${s.why}`).toBe(true);
  });
});

describe.concurrent('service lines, in a formula repository against the emulator', () => {
  it.each(ofCommands(SERVICE_COMMANDS))('%s: %s', async (page, line) => {
    const h = await emulatorFor(line);
    try {
      const env = userEnv({ CALCKIT_BASE_URL: h.url, CALCKIT_DEVELOPER_TOKEN: h.developerToken, CALCKIT_SESSION_TOKEN: h.sessionToken });
      const importing = commandOf(line) === 'import';
      const dir = importing ? await newProject(h.url, env) : formulaRepository();
      prepareRepository(page, line, dir);
      const result = await runLine(substituted(line, h.url), { cwd: dir, env });
      expectRan(result, line);
      // Exit 1 is also a failed service call: the service answered each call of the line.
      expect(result.stderr, result.stderr).not.toMatch(/\bHTTP [45]\d\d\b/);
      expect(`${result.stdout}${result.stderr}`).not.toContain(h.developerToken);
      if (/\bpull 108\b/.test(line)) expect(readFileSync(join(dir, 'formulas/new-metric.calc'), 'utf8')).toContain('COUNT(`Order ID`)');
      if (importing) expect(result.code, result.stderr).toBe(0);
      if (importing) expect(Object.keys(projectCalculations(dir)).length, 'calculations imported').toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  }, 90_000);
});

describe.concurrent('login and logout lines, on a machine of its own', () => {
  it.each(ofCommands(new Set(['login', 'logout'])))('%s: %s', async (_page, line) => {
    const h = await startHarness();
    try {
      const dir = formulaRepository();
      const env = userEnv({ CALCKIT_BASE_URL: h.url });
      const credentials = credentialsPath(env);
      const token = line.includes('--session') ? h.sessionToken : h.developerToken;
      if (commandOf(line) === 'logout') {
        // What logout removes: a token stored before.
        const login = await runCalckit(['login'], { cwd: dir, env, input: `${h.developerToken}\n` });
        expect(login.code, login.stderr).toBe(0);
      }
      // The token on standard input, as the page says a user can give it (`printf … | calckit login`).
      const result = await runLine(substituted(line, h.url), { cwd: dir, env: { ...env, PASSWORD_STORE_TOKEN: token }, input: `${token}\n` });
      expectRan(result, line);
      expect(result.code, result.stderr).toBe(0);
      expect(`${result.stdout}${result.stderr}`).not.toContain(token);
      if (commandOf(line) === 'login') {
        expect(statSync(credentials).mode & 0o777).toBe(0o600);
        expect(readFileSync(credentials, 'utf8')).toContain(token);
        if (!line.includes('--session') && !line.includes('--base-url')) {
          // The stored token is what the next service command uses, with no token in the environment.
          const status = await runCalckit(['status'], { cwd: dir, env });
          expect([0, 1], status.stderr).toContain(status.code);
        }
      } else {
        expect(existsSync(credentials) ? readFileSync(credentials, 'utf8') : '').not.toContain(h.developerToken);
      }
    } finally {
      await h.close();
    }
  }, 60_000);
});

describe.concurrent('init lines, in an empty folder with calckit installed', () => {
  it.each(ofCommands(new Set(['init'])))('%s: %s', async (_page, line) => {
    const dir = tempDir('init');
    installCalckit(dir);
    const result = await runLine(line, { cwd: dir, env: userEnv() });
    expectRan(result, line);
    expect(result.code, result.stderr).toBe(0);
    const target = /npx calckit init (?!-)(\S+)/.exec(line)?.[1];
    expect(existsSync(join(dir, target ?? '.', 'calckit.json')), 'calckit.json written').toBe(true);
  }, 60_000);
});

/** A started `serve` line: the URL it printed, and how it ended once stopped. */
async function serveUntilStopped(command: string, cwd: string, env: Record<string, string>, stop: (url: string) => Promise<void>): Promise<{ url: string; code: number | null; signal: string | null; stderr: string }> {
  // Its own process group, so Ctrl-C reaches npx and the emulator under it as it would in a terminal.
  const child = spawn('sh', ['-c', `exec ${command}`], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL'); // nothing left running after a failed start
      reject(new Error(`no URL printed in 30 s: ${stdout}${stderr}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? (/^\{.*\}$/m.test(stdout) ? (JSON.parse(/^\{.*\}$/m.exec(stdout)![0]) as { url: string }).url : undefined);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void ended.then(() => reject(new Error(`serve ended before printing its URL: ${stdout}${stderr}`)));
  });
  try {
    await stop(url);
  } finally {
    process.kill(-child.pid!, 'SIGINT');
  }
  return { url, ...(await ended), stderr };
}

describe.concurrent('serve lines: start, answer, stop on Ctrl-C', () => {
  it.each(ofCommands(new Set(['serve'])))('%s: %s', async (_page, line) => {
    const env = userEnv();
    const dir = formulaRepository();
    if (line.includes('push')) {
      // "another terminal": a project against a running `calckit serve`, here the test's emulator.
      const h = await startHarness();
      try {
        const result = await runLine(substituted(line, h.url), { cwd: dir, env: { ...env, CALCKIT_DEVELOPER_TOKEN: h.developerToken } });
        expectRan(result, line);
      } finally {
        await h.close();
      }
      return;
    }
    const served = await serveUntilStopped(substituted(line, ''), dir, env, async (url) => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${url}/__emulator/health`);
      expect(health.status).toBe(200);
    });
    // npx ends as a terminal's Ctrl-C ends it (SIGINT, whatever its child exits with): the emulator's own clean stop
    // shows as its port closed and nothing on stderr but its request log.
    expect(served.signal ?? served.code, served.stderr).toBe('SIGINT');
    expect(served.stderr.split('\n').filter((l) => l !== '' && !/^GET \/__emulator\/health 200 /.test(l))).toEqual([]);
    await expect(fetch(`${served.url}/__emulator/health`)).rejects.toThrow();
    if (line.includes('--data')) expect(existsSync(join(dir, '.calckit/cache/emulator.db'))).toBe(true);
  }, 60_000);
});

describe.concurrent('demo lines, in the clone', () => {
  it.each(ofCommands(new Set(['demo'])))('%s: %s', async (_page, line) => {
    let cwd = REPO_ROOT; // "In a clone of calckit": the examples/ project, which the demo does not write
    if (line.includes('path/to/')) {
      // An installed calckit's project: the line as written, in a folder whose path/to/ holds a project and its fixtures.
      cwd = tempDir('demo');
      installCalckit(cwd);
      cpSync(EXAMPLES, join(cwd, 'path', 'to'), { recursive: true, filter: (source) => !source.includes(join(EXAMPLES, '.calckit')) });
      expect(existsSync(join(cwd, 'path/to/calckit.json')) && existsSync(join(cwd, 'path/to/fixtures.json'))).toBe(true);
    }
    const result = await runLine(line, { cwd, env: userEnv() });
    expectRan(result, line);
    expect(result.code, result.stderr).toBe(0);
  }, 90_000);
});
