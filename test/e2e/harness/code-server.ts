// Runs code-server (VS Code 1.100.3 with its real Node extension host): installs a .vsix, serves a workspace on a free
// loopback port, and stops by PID. Every state folder is temporary, so nothing is written to ~/.config or ~/.local.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { CODE_SERVER_ENTRY } from './paths.js';

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** Everything code-server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stateArgs(home: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const args = ['--config', join(home, 'config.yaml'), '--user-data-dir', join(home, 'user-data'), '--extensions-dir', join(home, 'extensions')];
  return { args, env: { XDG_CONFIG_HOME: join(home, 'xdg-config'), XDG_DATA_HOME: join(home, 'xdg-data') } };
}

export function installExtension(home: string, vsix: string): string {
  mkdirSync(home, { recursive: true });
  const { args, env } = stateArgs(home);
  const result = spawnSync(process.execPath, [CODE_SERVER_ENTRY, ...args, '--install-extension', vsix], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`--install-extension failed (${result.status}): ${output}`);
  return output;
}

export async function startCodeServer(options: {
  home: string;
  workspace: string;
  env?: Record<string, string>;
  userSettings?: Record<string, unknown>;
  /** Workspace trust on, as VS Code ships it (the folder opens in Restricted Mode until trusted); off by default. */
  workspaceTrust?: boolean;
}): Promise<CodeServer> {
  const { home, workspace } = options;
  const port = await freePort();
  const { args, env } = stateArgs(home);
  // User settings: no welcome page, no trust prompt, no telemetry; tests may add their own.
  const userDir = join(home, 'user-data', 'User');
  mkdirSync(userDir, { recursive: true });
  writeFileSync(
    join(userDir, 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': options.workspaceTrust === true,
        'telemetry.telemetryLevel': 'off',
        'extensions.autoUpdate': false,
        'extensions.autoCheckUpdates': false,
        'update.mode': 'none',
        'editor.quickSuggestionsDelay': 50,
        'workbench.colorTheme': 'Default Dark Modern',
        ...options.userSettings,
      },
      null,
      2,
    ),
  );
  const child = spawn(
    process.execPath,
    [
      CODE_SERVER_ENTRY,
      ...args,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      workspace,
    ],
    // Its own process group, so stopping it stops every helper it forked (file watcher, extension host, pty host).
    { env: { ...process.env, ...env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}: ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`code-server did not answer /healthz within 60 s: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    stop: async () => {
      const group = child.pid;
      if (group === undefined) return;
      const signalGroup = (signal: NodeJS.Signals): void => {
        try {
          process.kill(-group, signal);
        } catch {
          // The group is gone already.
        }
      };
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        signalGroup('SIGTERM');
        const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      // Helpers that outlived code-server itself.
      await new Promise((r) => setTimeout(r, 500));
      signalGroup('SIGKILL');
    },
  };
}
