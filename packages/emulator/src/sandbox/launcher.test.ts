// The layers under the JS sandbox, tested as if a function had escaped it completely: code run directly in a call's
// process (its host realm, with require) still cannot read or write files, start processes or workers, reach the
// network, see a token, signal the emulator or get memory past the limit. Each layer is checked when it is on here
// (all of them on Linux as root, as in CI).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchCommand, launchPlan, type LaunchPlan } from './launcher.js';

const TARGET = join(tmpdir(), `calckit-layer-${process.pid}-${Date.now()}`);

/** Runs `source` (CommonJS, `require` available) in a call's process; its stdout is one JSON line. */
function runEscaped(plan: LaunchPlan, source: string, memoryMb = 64): Promise<{ out: Record<string, string>; code: number | null; stderr: string }> {
  const { file, args } = launchCommand(plan, { memoryMb, timeoutMs: 2000 }, source);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: {}, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        resolve({ out: JSON.parse(stdout) as Record<string, string>, code, stderr });
      } catch {
        reject(new Error(`no JSON from the process (exit ${code}): ${stdout.slice(0, 300)} ${stderr.slice(0, 300)}`));
      }
    });
  });
}

const PROLOGUE = `
'use strict';
const out = {};
const t = (k, f) => { try { out[k] = 'allowed: ' + String(f()).slice(0, 100); } catch (e) { out[k] = 'refused: ' + (e.code || e.message); } };
`;

let plan: LaunchPlan;
let server: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  plan = await launchPlan();
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const on = (layer: string): boolean => plan.layers.includes(layer as never);

describe('sandbox layers under an escaped function', () => {
  it('the probe finds every layer on Linux as root with util-linux (as in CI)', () => {
    expect(plan.layers).toEqual(expect.arrayContaining(['process', 'node-permissions']));
    const linuxRoot = process.platform === 'linux' && process.getuid?.() === 0;
    const { unshare, prlimit, setpriv, sh, mount, umount, pivot_root: pivotRoot } = plan.tools;
    if (linuxRoot && unshare && prlimit && setpriv && sh && mount && umount && pivotRoot) {
      expect(plan.layers).toEqual(['process', 'node-permissions', 'rlimits', 'network-namespace', 'pid-namespace', 'mount-namespace', 'unprivileged-user', 'parent-death-signal']);
      expect(plan.missing).toEqual([]);
    }
  });

  it('Node permissions: no file read or write, no child process, worker, addon, binding or inspector; empty environment', async () => {
    const { out } = await runEscaped(plan, `${PROLOGUE}
      t('readFile', () => require('node:fs').readFileSync('/etc/passwd', 'utf8'));
      t('readDir', () => require('node:fs').readdirSync('/'));
      t('writeFile', () => require('node:fs').writeFileSync(${JSON.stringify(TARGET)}, 'x'));
      t('spawn', () => require('node:child_process').execFileSync('/usr/bin/id'));
      t('worker', () => new (require('node:worker_threads').Worker)('1', { eval: true }));
      t('binding', () => process.binding('spawn_sync'));
      t('addon', () => process.dlopen({ exports: {} }, '/nonexistent.node'));
      t('inspector', () => require('node:inspector').open(0));
      t('codeFromStrings', () => new Function('return 1')());
      out.env = JSON.stringify(process.env);
      process.stdout.write(JSON.stringify(out));
    `);
    for (const key of ['readFile', 'readDir', 'writeFile', 'spawn', 'worker', 'binding', 'addon', 'inspector', 'codeFromStrings']) {
      expect(out[key], key).toMatch(/^refused/);
    }
    expect(out.env).toBe('{}');
    expect(existsSync(TARGET)).toBe(false);
  }, 30_000);

  it('network namespace: no connection reaches a port of this machine', async () => {
    if (!on('network-namespace')) return;
    const before = connections;
    const { out } = await runEscaped(plan, `${PROLOGUE}
      const s = require('node:net').connect(${port}, '127.0.0.1');
      s.on('connect', () => { out.connect = 'allowed: connected'; process.stdout.write(JSON.stringify(out)); process.exit(0); });
      s.on('error', (e) => { out.connect = 'refused: ' + e.code; process.stdout.write(JSON.stringify(out)); process.exit(0); });
    `);
    expect(out.connect).toMatch(/^refused: (ENETUNREACH|ECONNREFUSED|EACCES)/);
    expect(connections).toBe(before);
  }, 30_000);

  it('mount namespace: no Unix socket of the host can be reached, none can be bound where the host sees it', async () => {
    if (!on('mount-namespace')) return;
    // A socket anyone on this machine may connect to (the network namespace does not cover sockets on the filesystem).
    const dir = mkdtempSync(join(tmpdir(), 'calckit-layer-socket-'));
    chmodSync(dir, 0o755);
    const socketPath = join(dir, 'host.sock');
    let reached = 0;
    const unix = createServer((socket) => {
      reached++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => unix.listen(socketPath, resolve));
    chmodSync(socketPath, 0o777);
    const bindPath = join('/tmp', `calckit-layer-bind-${process.pid}`);
    try {
      const { out } = await runEscaped(plan, `${PROLOGUE}
        const net = require('node:net');
        const tries = [
          ['connect', (done) => { const s = net.connect(${JSON.stringify(socketPath)}); s.on('connect', () => done('allowed: connected')); s.on('error', (e) => done('refused: ' + e.code)); }],
          ['bind', (done) => { const srv = net.createServer(); srv.on('error', (e) => done('refused: ' + e.code)); srv.listen(${JSON.stringify(bindPath)}, () => done('allowed: bound')); }],
        ];
        (async () => {
          for (const [name, attempt] of tries) out[name] = await new Promise(attempt);
          process.stdout.write(JSON.stringify(out));
          process.exit(0);
        })();
      `);
      expect(out.connect).toMatch(/^refused: (ENOENT|EACCES)/);
      expect(out.bind).toMatch(/^refused: (EROFS|EACCES|ENOENT)/);
      expect(reached).toBe(0);
      expect(existsSync(bindPath)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => unix.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
      rmSync(bindPath, { force: true });
    }
  }, 30_000);

  it('PID namespace and user: the emulator cannot be signalled', async () => {
    if (!on('pid-namespace') && !on('unprivileged-user')) return;
    // Signal 0 only asks whether a signal could be sent: nothing is sent even if the answer were yes.
    const { out } = await runEscaped(plan, `${PROLOGUE}
      t('signalEmulator', () => process.kill(${process.pid}, 0));
      out.uid = String(process.getuid());
      out.pid = String(process.pid);
      process.stdout.write(JSON.stringify(out));
    `);
    expect(out.signalEmulator).toMatch(/^refused: (ESRCH|EPERM)/);
    if (on('pid-namespace')) expect(out.pid).toBe('1');
    if (on('unprivileged-user')) expect(out.uid).toBe('65534');
  }, 30_000);

  it('resource limits: ArrayBuffers count against the memory limit; no core file, no file size', async () => {
    if (!on('rlimits')) return;
    const { out } = await runEscaped(plan, `${PROLOGUE}
      const kept = [];
      t('arrayBuffers', () => { for (let i = 0; i < 3; i++) kept.push(new ArrayBuffer(700 * 1024 * 1024)); return kept.length; });
      let n = 0;
      try { for (;;) { kept.push(new Uint8Array(8 * 1024 * 1024).fill(1)); n += 8; } } catch {}
      out.filledMb = String(n);
      process.stdout.write(JSON.stringify(out));
    `, 32);
    expect(out.arrayBuffers).toMatch(/^refused/);
    // 32 MB of V8 heap + 32 MB of engine memory + 128 MB for the whole process: well under 3 × 700 MB.
    expect(Number(out.filledMb)).toBeLessThan(192);
  }, 30_000);
});
