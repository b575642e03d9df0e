// How a code-function call's process is started: Node with its permission model and no grants, wrapped (on Linux,
// when util-linux's tools work here) in resource limits, fresh network, PID and mount namespaces (a root of its own),
// an unprivileged user and parent-death signals. These are the outer walls: the function's code itself runs in a
// JavaScript engine compiled to WebAssembly inside that process (child-source.ts). Which layers this machine allows is
// probed once per process, strongest first.
import { spawn } from 'node:child_process';
import { accessSync, constants, lstatSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { CHILD_SOURCE } from './child-source.js';

/** One protection a call's process runs under (listed by the health endpoint, documented in the package README, "The sandbox"). */
export type IsolationLayer =
  /** A Node process of its own per call, empty environment, killed with SIGKILL (its whole process group). */
  | 'process'
  /** Node's permission model with no grant: no file read or write, no child process, no worker, no addon, no WASI. */
  | 'node-permissions'
  /** RLIMIT_DATA (heap + ArrayBuffers + Node), RLIMIT_CPU, no core files, no file writes (RLIMIT_FSIZE 0), 64 fds. */
  | 'rlimits'
  /** Fresh network namespace (no interface up: no connection anywhere, the emulator's port included). */
  | 'network-namespace'
  /** Fresh PID namespace: no other process can be seen or signalled; all die with the call's process. */
  | 'pid-namespace'
  /** Fresh mount namespace and a root of its own: the system's programs and libraries (/usr, read-only), a few devices
   * and its own /proc; no other file or filesystem socket of the host (/tmp, /run, /home, the project, its data). */
  | 'mount-namespace'
  /** Runs as user 65534 (nobody), when the emulator runs as root. */
  | 'unprivileged-user'
  /** The call's processes get SIGKILL when the emulator's process dies. */
  | 'parent-death-signal';

export interface LaunchPlan {
  readonly layers: readonly IsolationLayer[];
  /** Tools used, by name (absolute paths). */
  readonly tools: Readonly<Partial<Record<Tool, string>>>;
  readonly root: boolean;
  /** The namespaces are made inside a new user namespace (not root; or root without the capability to make them). */
  readonly userNamespace: boolean;
  /** Why layers are missing (empty when every layer is on). */
  readonly missing: readonly string[];
}

/** The programs the layers use (util-linux, and a POSIX shell for the mount namespace's setup). */
type Tool = 'setpriv' | 'prlimit' | 'unshare' | 'sh' | 'mount' | 'umount' | 'pivot_root';

export interface LaunchLimits {
  readonly memoryMb: number;
  readonly timeoutMs: number;
}

/** Writable memory allowed to the whole process above the V8 heap limit: Node itself (~25 MB), ArrayBuffers, stacks. */
export const PROCESS_MEMORY_ALLOWANCE_MB = 128;
const NOBODY = 65534;

/** The permission flag: `--permission` from Node 22.13/23.5, `--experimental-permission` before. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

function nodeArgs(memoryMb: number, source: string): string[] {
  return [
    PERMISSION_FLAG,
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${memoryMb}`,
    // Twice V8's default stack (the OS gives the main thread 8 MB): room for the engine's WebAssembly frames under
    // its own stack limit (runner.ts), so deep recursion ends as the engine's "stack overflow".
    '--stack-size=2000',
    '--v8-pool-size=1',
    '--no-warnings',
    '-e',
    source,
  ];
}

/** The command (file and arguments) that runs one call under `plan` with `limits`. */
export function launchCommand(plan: LaunchPlan, limits: LaunchLimits, source = CHILD_SOURCE): { file: string; args: string[] } {
  const chain: string[] = [];
  const { setpriv, prlimit, unshare } = plan.tools;
  const on = (layer: IsolationLayer): boolean => plan.layers.includes(layer);
  if (on('parent-death-signal') && setpriv) chain.push(setpriv, '--pdeathsig', 'KILL', '--');
  if (on('rlimits') && prlimit) {
    // The V8 heap (the Node side) and the engine's WebAssembly memory each get the limit, plus Node itself.
    const dataBytes = (2 * limits.memoryMb + PROCESS_MEMORY_ALLOWANCE_MB) * 1024 * 1024;
    // A backstop only (the parent kills at the time limit): CPU seconds of all threads, so twice the wall time.
    const cpu = Math.ceil((2 * limits.timeoutMs) / 1000) + 10;
    chain.push(prlimit, `--data=${dataBytes}`, `--cpu=${cpu}:${cpu + 1}`, '--core=0', '--fsize=0', '--nofile=64', '--');
  }
  if (on('network-namespace') && unshare) {
    const mounts = on('mount-namespace') ? ['--mount', '--propagation', 'private'] : [];
    chain.push(unshare, ...(plan.userNamespace ? ['--user', '--map-root-user'] : []), '--net', '--pid', ...mounts, '--fork', '--kill-child=SIGKILL', '--');
    if (on('mount-namespace') && plan.tools.sh) chain.push(plan.tools.sh, '-c', newRootScript(plan.tools), 'sh');
  }
  // Changing user clears the parent-death signal set by unshare: setpriv sets it again after the change. (Inside a user
  // namespace only root is mapped: no change of user there.)
  if (on('unprivileged-user') && setpriv && !(plan.userNamespace && on('network-namespace'))) {
    chain.push(setpriv, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--no-new-privs', '--pdeathsig=KILL', '--');
  }
  const args = [...chain.slice(1), process.execPath, ...nodeArgs(limits.memoryMb, source)];
  return chain.length === 0 ? { file: process.execPath, args: nodeArgs(limits.memoryMb, source) } : { file: chain[0]!, args };
}

/**
 * Shell commands run inside the fresh mount namespace, then `exec "$@"` (the rest of the chain, then Node): a new root
 * on a small tmpfs mounted over /tmp, holding a read-only bind of /usr, the top-level library and program folders
 * (copied as the symlinks they are on merged-/usr systems, bound read-only otherwise), Node's binary when it lives
 * elsewhere, and a fresh /proc (of the call's PID namespace); pivot_root into it and the old root unmounted, so no
 * other path of the host exists there: no /tmp, /run, /home, /etc, /dev, no project. Few commands: each is a start.
 */
function newRootScript(tools: LaunchPlan['tools']): string {
  const q = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
  const mount = q(tools.mount ?? 'mount');
  const links: string[] = [];
  const folders: string[] = [];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    try {
      if (lstatSync(dir).isSymbolicLink()) links.push(dir);
      else if (lstatSync(dir).isDirectory()) folders.push(dir);
    } catch {
      // Not on this system.
    }
  }
  const node = realpathSync(process.execPath);
  const bindReadOnly = (from: string, to: string): string => `${mount} --bind ${q(from)} ${to} && ${mount} -o remount,bind,ro ${to}`;
  return [
    'set -e',
    // For mkdir and cp (the environment is empty); not exported, and unset before Node starts.
    'PATH=/usr/sbin:/usr/bin:/sbin:/bin',
    `${mount} -t tmpfs -o mode=0755,size=64k calckit-root /tmp`,
    'cd /tmp',
    `mkdir -p usr proc .old${folders.map((d) => ` ${q(d.slice(1))}`).join('')}`,
    bindReadOnly('/usr', 'usr'),
    ...folders.map((d) => bindReadOnly(d, q(d.slice(1)))),
    ...(links.length > 0 ? [`cp -d ${links.map(q).join(' ')} .`] : []),
    // Node's binary, when it lives outside the folders above (bound in as a file).
    `if [ ! -e ${q(`.${node}`)} ]; then mkdir -p ${q(`.${dirname(node)}`)}; : > ${q(`.${node}`)}; ${bindReadOnly(node, q(`.${node}`))}; fi`,
    // Read-only from here (before pivot_root: inside a user namespace, the root cannot be remounted after it).
    `${mount} -o remount,bind,ro /tmp`,
    `${q(tools.pivot_root ?? 'pivot_root')} . .old`,
    // umount reads /proc/self/mountinfo: the new /proc first.
    `${mount} -t proc proc /proc`,
    `${q(tools.umount ?? 'umount')} -l /.old`,
    // The shell exports these; the call's process gets an empty environment.
    'unset PWD OLDPWD PATH',
    'exec "$@"',
  ].join('\n');
}

function findTool(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin', '/usr/sbin', '/sbin'].filter((d) => d.startsWith('/'));
  for (const dir of dirs) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not there.
    }
  }
  return undefined;
}

/** Runs a tiny program under `plan`; true when it starts and answers as expected within 15 s. */
function works(plan: LaunchPlan): Promise<boolean> {
  const probe = "process.stdout.write('ok')";
  const { file, args } = launchCommand(plan, { memoryMb: 64, timeoutMs: 2000 }, probe);
  return new Promise((resolve) => {
    let out = '';
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(file, args, { env: {}, cwd: '/', stdio: ['ignore', 'pipe', 'ignore'], detached: process.platform !== 'win32' });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && out === 'ok');
    });
  });
}

/** The strongest plan this machine allows (probed once per process and cached). */
let probed: Promise<LaunchPlan> | undefined;
export function launchPlan(): Promise<LaunchPlan> {
  probed ??= probe();
  return probed;
}

async function probe(): Promise<LaunchPlan> {
  const root = process.platform !== 'win32' && process.getuid?.() === 0;
  const base: IsolationLayer[] = ['process', 'node-permissions'];
  if (process.platform !== 'linux') {
    return { layers: base, tools: {}, root, userNamespace: false, missing: [`${process.platform} is not Linux: no resource limits or namespaces (the memory limit does not count ArrayBuffers)`] };
  }
  const tools = { setpriv: findTool('setpriv'), prlimit: findTool('prlimit'), unshare: findTool('unshare') };
  const mountTools = { sh: findTool('sh'), mount: findTool('mount'), umount: findTool('umount'), pivot_root: findTool('pivot_root') };
  const found = Object.fromEntries(Object.entries({ ...tools, ...mountTools }).filter(([, v]) => v !== undefined)) as LaunchPlan['tools'];
  const missing: string[] = Object.entries({ ...tools, ...mountTools }).filter(([, v]) => v === undefined).map(([k]) => `${k} (${k === 'sh' ? 'a POSIX shell' : 'util-linux'}) not found`);
  const want = (layer: IsolationLayer, tool: keyof typeof tools): IsolationLayer[] => (tools[tool] ? [layer] : []);
  const rlimits = want('rlimits', 'prlimit');
  const pdeath = want('parent-death-signal', 'setpriv');
  const user = root ? want('unprivileged-user', 'setpriv') : [];
  const ns: IsolationLayer[] = tools.unshare ? ['network-namespace', 'pid-namespace'] : [];
  const mountNs: IsolationLayer[] = tools.unshare && Object.values(mountTools).every((t) => t !== undefined) ? ['mount-namespace'] : [];
  // Strongest first. Root makes namespaces directly; without the capability (a container), through a user namespace,
  // where the change to nobody is not possible. A machine that refuses the mount namespace (or the mounts in it) keeps
  // the others.
  const candidates: { layers: IsolationLayer[]; userNamespace: boolean }[] = [
    { layers: [...base, ...rlimits, ...ns, ...mountNs, ...user, ...pdeath], userNamespace: !root },
    ...(root && tools.unshare ? [{ layers: [...base, ...rlimits, ...ns, ...mountNs, ...pdeath], userNamespace: true }] : []),
    { layers: [...base, ...rlimits, ...ns, ...user, ...pdeath], userNamespace: !root },
    ...(root && tools.unshare ? [{ layers: [...base, ...rlimits, ...ns, ...pdeath], userNamespace: true }] : []),
    { layers: [...base, ...rlimits, ...user, ...pdeath], userNamespace: false },
    { layers: [...base, ...rlimits, ...pdeath], userNamespace: false },
    { layers: [...base, ...rlimits], userNamespace: false },
    { layers: base, userNamespace: false },
  ];
  const tried = new Set<string>();
  for (const { layers, userNamespace } of candidates) {
    const key = `${layers.join(',')}/${userNamespace}`;
    if (tried.has(key)) continue;
    tried.add(key);
    const plan: LaunchPlan = { layers, tools: found, root, userNamespace, missing: [] };
    if (await works(plan)) {
      const all = candidates[0]!.layers;
      const lost = all.filter((l) => !layers.includes(l)).map((l) => `${l} unavailable here`);
      return { ...plan, missing: [...missing, ...lost] };
    }
  }
  // Even a plain Node process failed: calls will fail and say why.
  return { layers: base, tools: {}, root, userNamespace: false, missing: [...missing, 'a Node process with the permission model did not start'] };
}
