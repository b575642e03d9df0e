// Starts `calckit serve --json` (the built CLI) as a child process and reads the start-up line; used by the
// emulator robustness checks, which need a real process they can kill.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
export const TOKENS = { developer: 'robust-dev-token', session: 'robust-session-token' };

export function startServe(args, env = {}) {
  const child = spawn(process.execPath, [CLI, 'serve', '--json', '--quiet', '--port', '0', ...args], {
    env: { ...process.env, CALCKIT_DEVELOPER_TOKEN: TOKENS.developer, CALCKIT_SESSION_TOKEN: TOKENS.session, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed nothing in 30 s: ${err}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      try {
        resolve({ child, info: JSON.parse(out.split('\n')[0]), exited, stderr: () => err });
      } catch {
        reject(new Error(`serve printed no JSON: ${out.slice(0, 200)}`));
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening: ${err}`));
    });
  });
}

export async function stopServe(serve) {
  if (serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  serve.child.kill('SIGTERM');
  await Promise.race([serve.exited, new Promise((r) => setTimeout(r, 5000))]);
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
}
