// The packages as a user gets them: `npm run pack`'s tarballs installed with plain npm into a project outside this
// repository (under os.tmpdir()), as docs/install.md says. The build must exist (`npm test` builds first).
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The environment without npm's own variables (`npm test` sets npm_config_* that must not reach a user's npm). */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== 'FORCE_COLOR') env[key] = value;
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_loglevel: 'error', ...extra };
}

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function run(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string; timeout?: number }): Run {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? userEnv(),
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: options.timeout ?? 60_000,
    shell: process.platform === 'win32',
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export const npm = (args: readonly string[], cwd: string, timeout = 240_000): Run => run(NPM, args, { cwd, timeout });

/** Flags for installs in tests: the cache is warm from this repository's `npm ci`, so the registry is asked rarely. */
export const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

export interface PackedTarball {
  readonly name: string;
  readonly version: string;
  readonly file: string;
}

/** Runs `node scripts/pack.mjs --no-build` into `out`: the tarballs of every publishable package. */
export function pack(out: string): { version: string; tarballs: PackedTarball[] } {
  if (!existsSync(join(ROOT, 'packages/cli/dist/calckit.js'))) throw new Error('packages/cli/dist/calckit.js is missing: run `npm run build` first');
  const result = run(process.execPath, [join(ROOT, 'scripts/pack.mjs'), '--no-build', '--json', '--out', out], { cwd: ROOT, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm run pack failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as { version: string; tarballs: PackedTarball[] };
}

export interface InstalledProject {
  /** The temporary folder holding everything (remove it when done). */
  readonly dir: string;
  /** The formula repository: package.json, node_modules, vendor/calckit/*.tgz. */
  readonly project: string;
  readonly version: string;
  readonly tarballs: PackedTarball[];
  /** The path of an installed bin (node_modules/.bin/<name>). */
  bin(name: string): string;
}

/**
 * A formula repository in a new temporary folder with calckit installed from the tarballs, the way docs/install.md
 * says: the tarballs copied to vendor/calckit/ and `npm install --save-dev vendor/calckit/*.tgz`.
 */
export function installFromTarballs(prefix: string): InstalledProject {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const project = join(dir, 'formulas-repo');
  const vendor = join(project, 'vendor', 'calckit');
  mkdirSync(vendor, { recursive: true });
  const { version, tarballs } = pack(vendor);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'formulas-repo', private: true }, null, 2)}\n`);
  const files = readdirSync(vendor).filter((f) => f.endsWith('.tgz')).map((f) => `./vendor/calckit/${f}`);
  const install = npm(['install', '--save-dev', ...INSTALL_FLAGS, ...files], project);
  if (install.status !== 0) throw new Error(`npm install of the tarballs failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
  const binDir = join(project, 'node_modules', '.bin');
  return { dir, project, version, tarballs, bin: (name) => join(binDir, process.platform === 'win32' ? `${name}.cmd` : name) };
}

/** Starts a language server and answers whether it replied to `initialize` (its result) within the time-out. */
export function lspInitialize(command: string, args: readonly string[], cwd: string, timeoutMs = 20_000): Promise<{ serverInfo?: { name: string; version: string }; capabilities: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd, env: userEnv(), stdio: ['pipe', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let out = Buffer.alloc(0);
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no answer to initialize in ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out = Buffer.concat([out, d]);
      // Messages are `Content-Length: n\r\n\r\n` + n bytes of JSON; the server may log before it answers.
      for (;;) {
        const headerEnd = out.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(out.subarray(0, headerEnd).toString('ascii'))?.[1]);
        if (out.length < headerEnd + 4 + length) return;
        const message = JSON.parse(out.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as { id?: number; result?: never };
        out = out.subarray(headerEnd + 4 + length);
        if (message.id === 1) {
          clearTimeout(timer);
          child.kill();
          resolve(message.result!);
          return;
        }
      }
    });
    child.on('error', reject);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}
