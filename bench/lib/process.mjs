// Runs a whole process under bench/lib/rusage.py and returns wall time, CPU time (user+system) and peak RSS.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUSAGE = fileURLToPath(new URL('./rusage.py', import.meta.url));

/** { exitCode, wallS, cpuS, maxRssKb, stderr } of `command args` run in `cwd`. */
export function measureProcess(command, args, { cwd, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [RUSAGE, command, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', () => {
      const lines = stderr.trimEnd().split('\n');
      try {
        resolve({ ...JSON.parse(lines.at(-1)), stderr: lines.slice(0, -1).join('\n') });
      } catch {
        reject(new Error(`could not measure ${command}: ${stderr.slice(-500)}`));
      }
    });
  });
}
