// Our language server's latency and memory, from bench/lsp-latency.mjs (the language server's own benchmark,
// run as a child process with --json so its stdio client and temporary project stay its own).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../lsp-latency.mjs', import.meta.url));

export function benchOurLsp({ iterations = 100, documents = 1000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, '--json', `--iterations=${iterations}`, `--documents=${documents}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`bench/lsp-latency.mjs exited with ${code}: ${err.slice(-400)}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`bench/lsp-latency.mjs printed no JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}
