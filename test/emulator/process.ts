// Runs `calckit serve` as a child process (the built CLI) and reads the start-up line it prints with --json.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly info: { url: string; port: number; dataPath: string; fixturesLoaded: boolean; developerToken?: string; sessionToken?: string };
  readonly stderr: () => string;
  /** Resolves with the exit code or signal. */
  readonly exited: Promise<number | string>;
}

export async function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` before the process tests`);
  const child = spawn(process.execPath, [CLI, 'serve', '--json', ...args], {
    env: { ...process.env, CALCKIT_DEVELOPER_TOKEN: '', CALCKIT_SESSION_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const info = await new Promise<ServeProcess['info']>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed nothing in 15 s; stderr: ${err}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as ServeProcess['info']);
        } catch {
          reject(new Error(`serve printed no JSON: ${line}`));
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening: ${err}`));
    });
  });
  return { child, info, stderr: () => err, exited };
}
