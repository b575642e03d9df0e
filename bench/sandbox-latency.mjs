// Latency of a trivial code-function call through the emulator's HTTP API (the sandbox's cost: a process per call,
// started ahead, with the engine loaded in it). Usage, after `npm run build`:
//   node bench/sandbox-latency.mjs [--gap <ms between calls>] [--calls 30] [--at-once 20]
// Prints the median, p90 and fastest of the calls one after another, and the time of a burst of calls at once.
import { parseArgs } from 'node:util';
import { startEmulator } from '@calckit/emulator';
import { functionPath } from '@calckit/protocol';

const { values } = parseArgs({ options: { gap: { type: 'string', default: '0' }, calls: { type: 'string', default: '30' }, 'at-once': { type: 'string', default: '20' } } });
const gapMs = Number(values.gap);
const PKG = '0b6e7f3c-1d2a-4c5b-9e8f-7a6b5c4d3e2f';
const TOKEN = 'bench-developer-token';

const emulator = await startEmulator({
  port: 0,
  developerToken: TOKEN,
  sessionToken: 'bench-session-token',
  fixtures: { codePackages: [{ id: PKG, version: '1.0.0', functions: [{ name: 'add', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'return 1 + 2;' }] }] },
});

async function call() {
  const started = performance.now();
  const response = await fetch(emulator.url + functionPath(PKG, '1.0.0', 'add'), { method: 'POST', headers: { 'X-SVC-Developer-Token': TOKEN, 'content-type': 'application/json' }, body: '{}' });
  const body = await response.json();
  if (body.status !== 'SUCCESS') throw new Error(`the call ended ${body.status}: ${JSON.stringify(body.errorInformation)}`);
  return performance.now() - started;
}

try {
  await call(); // The first call starts the process started ahead of the next ones.
  const times = [];
  for (let i = 0; i < Number(values.calls); i++) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    times.push(await call());
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(`${times.length} calls, ${gapMs} ms apart: median ${at(0.5)} ms, p90 ${at(0.9)} ms, fastest ${at(0)} ms`);
  const burst = performance.now();
  await Promise.all(Array.from({ length: Number(values['at-once']) }, call));
  console.log(`${values['at-once']} calls at once: ${(performance.now() - burst).toFixed(0)} ms`);
} finally {
  await emulator.close();
}
