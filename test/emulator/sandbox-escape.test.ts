// The escape suite: code functions that try every known way out of the sandbox (constructor chains, host-realm errors,
// import(), require, process.binding, env tokens, files, processes, the network, killing the emulator) or to exhaust
// it (endless loops at definition, Atomics.wait, microtask floods, huge ArrayBuffers, huge outputs). Each call must end
// FAILED, TIMED_OUT or OUT_OF_MEMORY (or succeed having found nothing), leak no token, write no file, leave no
// process behind, and the emulator must keep answering.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionExecutionSchema, functionPath } from '@calckit/protocol';
import type { CodeFunctionDefinition } from '@calckit/emulator';
import { DEV, PKG as TEST_PKG, SES, startTestEmulator, type TestEmulator } from './helpers.js';
import { startServe } from './process.js';
import { escapeRoutes, POLLUTION_CHECK_BODY, POLLUTION_CHECK_RESULT } from '../robust/emulator-escape-routes.mjs';
import { escapeChainRoutes } from '../robust/emulator-escape-chain.mjs';

const PKG = '5a0c3f1e-7d2b-4e6a-9c8d-1f2e3d4c5b6a';
/** An unusual heap limit: it marks this suite's sandbox processes on the command line (--max-old-space-size=37). */
const MEMORY_MB = 37;
const CANARY = `canary-${process.pid}-${Date.now()}`;
const TARGET = join(tmpdir(), `calckit-escape-${process.pid}-${Date.now()}`);

const ROUTES: Record<string, { body: string; expect: readonly string[]; timeoutMs?: number }> = escapeRoutes({ target: TARGET });

/** Host Unix sockets anyone on this machine may connect to (as many services' are), in a folder made for the suite:
 * `host.sock` for the chain's connection step, `process.sock` connected to only by code that met `process`. */
const SOCKET_DIR = mkdtempSync(join(tmpdir(), 'calckit-escape-sockets-'));
const SOCKETS = { host: join(SOCKET_DIR, 'host.sock'), process: join(SOCKET_DIR, 'process.sock') };
/** Where the chain tries to bind a socket of its own (in /tmp, where the host would see it). */
const BIND_PATH = join('/tmp', `calckit-escape-bind-${process.pid}-${Date.now()}`);
const CHAIN: Record<string, string> = escapeChainRoutes({ socketPath: SOCKETS.host, processSocketPath: SOCKETS.process, bindPath: BIND_PATH });
const connections = { host: 0, process: 0 };
const socketServers: Server[] = [];

async function listenOnUnixSocket(path: string, onConnection: () => void): Promise<void> {
  const server = createServer((socket) => {
    onConnection();
    socket.on('error', () => {
      // The caller may be killed mid-answer.
    });
    socket.end('hello from the host\n');
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o777);
  socketServers.push(server);
}

const fixtureFunction = (name: string, body: string, timeoutMs?: number): CodeFunctionDefinition => ({
  name,
  inputs: [],
  output: { type: 'ANY', isList: false, allowNull: true },
  body,
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});

/** Route → outcome, printed at the end (the issue's closing note quotes it). */
const outcomes: string[] = [];
let emu: TestEmulator;
let isolation: { layers: string[]; missing: string[] };
const run = (fn: string) => emu.call('POST', functionPath(PKG, '1.0.0', fn), { settings: { getLogs: true } });

/** Processes of this suite's sandboxes still alive (Linux: /proc). */
function sandboxProcesses(): number[] {
  if (process.platform !== 'linux') return [];
  const marker = `--max-old-space-size=${MEMORY_MB}`;
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

async function noSandboxProcessLeft(): Promise<number[]> {
  for (let i = 0; i < 40; i++) {
    const left = sandboxProcesses();
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return sandboxProcesses();
}

beforeAll(async () => {
  process.env.CALCKIT_ESCAPE_CANARY = CANARY;
  chmodSync(SOCKET_DIR, 0o755);
  await listenOnUnixSocket(SOCKETS.host, () => connections.host++);
  await listenOnUnixSocket(SOCKETS.process, () => connections.process++);
  emu = await startTestEmulator({
    functionLimits: { memoryMb: MEMORY_MB, timeoutMs: 2000 },
    // No process started ahead, so that any process with this suite's marker left after a call is a leak.
    functionSpareProcess: false,
    fixtures: {
      codePackages: [{
        id: PKG,
        version: '1.0.0',
        functions: [
          ...Object.entries(ROUTES).map(([name, r]) => fixtureFunction(name, r.body, r.timeoutMs)),
          fixtureFunction('pollutionCheck', POLLUTION_CHECK_BODY),
          ...Object.entries(CHAIN).map(([name, body]) => fixtureFunction(name, body)),
          fixtureFunction('add', 'return 1 + 2;'),
        ],
      }],
    },
  });
  const health = await emu.call('GET', '/__emulator/health');
  isolation = health.body.functionSandbox;
}, 60_000);

afterAll(async () => {
  if (outcomes.length > 0) console.log(`escape suite outcomes:\n${outcomes.join('\n')}`);
  delete process.env.CALCKIT_ESCAPE_CANARY;
  await emu.close();
  await Promise.all(socketServers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  rmSync(SOCKET_DIR, { recursive: true, force: true });
  const bound = existsSync(BIND_PATH);
  rmSync(BIND_PATH, { force: true });
  expect(existsSync(TARGET)).toBe(false);
  expect(bound).toBe(false);
});

describe('sandbox escape suite', () => {
  it('the health endpoint says which isolation layers are on', () => {
    expect(isolation.layers).toEqual(expect.arrayContaining(['process', 'node-permissions']));
    if (process.platform === 'linux') {
      // CI runs on Linux as root with util-linux: every layer is on there (packages/emulator/README.md lists what each needs).
      console.log(`sandbox layers: ${isolation.layers.join(', ')}${isolation.missing.length ? `; missing: ${isolation.missing.join('; ')}` : ''}`);
    }
  });

  it.each(Object.entries(ROUTES))('%s ends as it must, leaks nothing, and the emulator keeps answering', async (name, route) => {
    const started = Date.now();
    const r = await run(name);
    const text = JSON.stringify(r.body);
    const said = r.body.errorInformation?.errorMessages?.[0] ?? JSON.stringify(r.body.result);
    outcomes.push(`  ${name}: ${r.body.status} (${String(said).slice(0, 110)}) in ${Date.now() - started} ms`);
    expect(r.status, text.slice(0, 500)).toBe(200);
    expect(FunctionExecutionSchema.safeParse(r.body).success).toBe(true);
    expect(route.expect, `${name}: ${r.body.status} ${text.slice(0, 500)}`).toContain(r.body.status);
    expect(text).not.toMatch(/ESCAPED/);
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(DEV);
    expect(text).not.toContain(SES);
    expect(text).not.toMatch(/root:x:0:0/);
    // Time limits hold: a call ends within its limit plus the start of a process (slow on a loaded machine).
    expect(Date.now() - started).toBeLessThan((route.timeoutMs ?? 2000) + 15_000);
    // Answers stay small: logs and messages are capped.
    expect(text.length).toBeLessThan(400_000);
    expect(await noSandboxProcessLeft()).toEqual([]);
    const health = await emu.call('GET', '/__emulator/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(existsSync(TARGET)).toBe(false);
  }, 60_000);

  it('logs are capped per execution: 100,000 characters in all, then a truncation mark', async () => {
    const r = await run('consoleFlood');
    const lines: string[] = r.body.stdout.log;
    expect(lines.at(-1)).toBe('[log truncated]');
    expect(lines.slice(0, -1).reduce((n, l) => n + l.length, 0)).toBeLessThanOrEqual(100_000);
  });

  it('what one call does to its globals is gone in the next call', async () => {
    expect((await run('pollute')).body.status).toBe('SUCCESS');
    const r = await run('pollutionCheck');
    expect(r.body).toMatchObject({ status: 'SUCCESS', result: POLLUTION_CHECK_RESULT });
  });

  it('calls running at once, failing every way, do not stop the others', async () => {
    const names = ['endlessLoop', 'hugeArrayBuffers', 'atomicsWaitForever', 'heapHog', 'add', 'globalConstructorChain', 'add', 'consoleFloodForever'];
    const results = await Promise.all(names.map((n) => run(n)));
    results.forEach((r, i) => expect(names[i] === 'add' ? ['SUCCESS'] : ROUTES[names[i]!]!.expect, names[i]).toContain(r.body.status));
    expect(await noSandboxProcessLeft()).toEqual([]);
  }, 60_000);
});

// Issue 32, item 1: under the Node `vm` sandbox every step of this chain worked (test/robust/emulator-escape-chain.mjs
// says how). Each step is a function created and run through the emulator's API; it must end as what the function
// itself did, having touched nothing outside its call.
describe('the escape chain: each step, against the running emulator', () => {
  const runChain = async (name: string) => {
    const r = await run(name);
    const text = JSON.stringify(r.body);
    outcomes.push(`  ${name}: ${r.body.status} (${String(r.body.errorInformation?.errorMessages?.[0] ?? JSON.stringify(r.body.result)).slice(0, 110)})`);
    expect(r.status, text.slice(0, 500)).toBe(200);
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('hello from the host');
    return r.body;
  };

  it("import() rejects with an error of the function's own realm; its prototype chain ends at the function's own Object.prototype", async () => {
    const body = await runChain('importErrorRealm');
    expect(body).toMatchObject({ status: 'SUCCESS', result: { errorOfThisRealm: true, rootIsThisRealmsObjectPrototype: true } });
  });

  it.each([['forgeOutOfMemory'], ['forgeResult']])('setters for handle and callback fire nowhere outside the function: %s does not forge the outcome', async (name) => {
    const body = await runChain(name);
    expect(body).toMatchObject({ status: 'SUCCESS', result: 'own result', errorInformation: null });
  });

  it('an error made to look like the engine\'s out-of-memory error, thrown with memory to spare, is FAILED', async () => {
    const body = await runChain('forgeOutOfMemoryByThrowing');
    expect(body.status).toBe('FAILED');
    expect(body.errorInformation.errorMessages[0]).toMatch(/threw: out of memory/);
  });

  it('a hooked EventEmitter.prototype.emit never meets the real process', async () => {
    const body = await runChain('reachProcess');
    await new Promise((r) => setTimeout(r, 200));
    expect(connections.process, 'connections made by code that met process').toBe(0);
    expect(body).toMatchObject({ status: 'SUCCESS', result: 'own result' });
  });

  it('a Unix socket of the host (made by this test, open to anyone) is not reached', async () => {
    const body = await runChain('connectHostUnixSocket');
    expect(body).toMatchObject({ status: 'SUCCESS', result: 'own result' });
    await new Promise((r) => setTimeout(r, 200));
    expect(connections.host).toBe(0);
  });

  it('no socket is bound in /tmp, during or after the call', async () => {
    const body = await runChain('bindSocketInTmp');
    expect(body).toMatchObject({ status: 'SUCCESS', result: 'own result' });
    expect(existsSync(BIND_PATH)).toBe(false);
  });

  it("a returned stack shows the function's own frames only", async () => {
    const body = await runChain('stackFrames');
    expect(body.status).toBe('SUCCESS');
    const lines = String(body.result).split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line, String(body.result)).toMatch(/\(function\.js:\d+(:\d+)?\)$/);
    expect(body.result).not.toMatch(/node:|prelude|call\.js|\[eval\]|quickjs/);
  });
});

/** Every process below `root` (Linux: parent pids from /proc/<pid>/stat). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'latin1');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const [child, ppid] of parent) if (ppid === pid) { found.push(child); walk(child); }
  };
  walk(root);
  return found;
}

const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/\) Z /.test(stat); // a zombie is dead, only not yet reaped
  } catch {
    return false;
  }
};

describe.runIf(process.platform === 'linux')('a call\'s processes do not outlive the emulator', () => {
  it('closing the emulator kills the process started ahead', async () => {
    const marker = 41;
    const own = await startTestEmulator({ functionLimits: { memoryMb: marker } });
    const r = await own.call('POST', functionPath(TEST_PKG, '1.2.0', 'add'), { inputVariables: { a: 1, b: 2 } });
    expect(r.body.status).toBe('SUCCESS');
    const marked = (): number[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').includes(`--max-old-space-size=${marker}`);
      } catch {
        return false;
      }
    }).map(Number).filter(alive);
    // The spare is started after the call's answer, asynchronously: wait for it (a loaded machine starts it late).
    let spare = marked();
    for (let i = 0; i < 200 && spare.length === 0; i++) {
      await new Promise((res) => setTimeout(res, 50));
      spare = marked();
    }
    expect(spare.length).toBeGreaterThan(0);
    await own.close();
    let left = marked();
    for (let i = 0; i < 200 && left.length > 0; i++) {
      await new Promise((res) => setTimeout(res, 50));
      left = marked();
    }
    expect(left).toEqual([]);
  }, 60_000);

  it('killing `calckit serve` (SIGKILL) during a call kills the call\'s processes too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-escape-serve-'));
    try {
      const fixtures = join(dir, 'fixtures.json');
      writeFileSync(fixtures, JSON.stringify({
        codePackages: [{ id: PKG, version: '1.0.0', functions: [fixtureFunction('wait', 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);', 60_000)] }],
      }));
      const serve = await startServe(['--port', '0', '--quiet', '--fixtures', fixtures]);
      const call = fetch(serve.info.url + functionPath(PKG, '1.0.0', 'wait'), {
        method: 'POST',
        headers: { 'X-SVC-Developer-Token': serve.info.developerToken!, 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
      let below: number[] = [];
      for (let i = 0; i < 200 && below.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        below = descendants(serve.child.pid!);
      }
      expect(below.length).toBeGreaterThan(0);
      // The launcher's chain is a few execs and a fork: let it reach Node before listing it.
      await new Promise((r) => setTimeout(r, 500));
      below = descendants(serve.child.pid!);
      expect(below.length).toBeGreaterThanOrEqual(process.getuid?.() === 0 ? 2 : 1);
      serve.child.kill('SIGKILL');
      await serve.exited;
      await call;
      let left = below;
      for (let i = 0; i < 60 && left.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        left = below.filter(alive);
      }
      expect(left).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
