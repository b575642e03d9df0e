// The emulator in a process of its own, with a file database, as `calckit serve --data` runs it: benchmarks measure
// a client or the CLI against it without sharing their process's CPU time with it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const EMULATOR = pathToFileURL(join(fileURLToPath(new URL('../..', import.meta.url)), 'packages/emulator/dist/index.js')).href;

/** Starts the emulator on a free loopback port; resolves with its URL and the child process. */
export function startEmulatorProcess(dataPath, fixturesPath, { developerToken, sessionToken = 's' }) {
  const script = `
    const { startEmulator } = await import(${JSON.stringify(EMULATOR)});
    const e = await startEmulator({ developerToken: ${JSON.stringify(developerToken)}, sessionToken: ${JSON.stringify(sessionToken)}, dataPath: ${JSON.stringify(dataPath)}, fixtures: ${JSON.stringify(fixturesPath)} });
    console.log(e.url);
    process.on('SIGTERM', () => e.close().then(() => process.exit(0)));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
    child.stdout.once('data', (d) => resolve({ url: d.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`emulator process exited with ${code}`)));
  });
}

/** Ends a child process with SIGTERM and waits for it. */
export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; undefined elsewhere). */
export function processCpuS(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}
