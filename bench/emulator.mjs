// Emulator benchmark: update-formula throughput and latency under 16 concurrent clients over loopback HTTP,
// with the state in a database file (WAL, each update fsynced before it is answered: every acknowledged update is on disk).
// Several rounds, each against a fresh emulator process; the median round is reported with the machine's load.
// Usage: node bench/emulator.mjs [--seconds N] [--clients N] [--rounds N] [--json] [--profile]   (build first: npx tsc -b)
// --profile runs one round with the emulator under `node --cpu-prof` and prints where its time goes
// (--profile-out FILE keeps the .cpuprofile, for Chrome's DevTools).
import http from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const EMULATOR = new URL('../packages/emulator/dist/index.js', import.meta.url).href;

/** Starts the emulator in its own process (as `calckit serve` runs it), so the clients do not share its CPU. */
function startEmulatorProcess(dataPath, fixturesPath, nodeArgs = []) {
  const script = `
    const { startEmulator } = await import(${JSON.stringify(EMULATOR)});
    const e = await startEmulator({ developerToken: 'bench', sessionToken: 'bench', dataPath: ${JSON.stringify(dataPath)}, fixtures: ${JSON.stringify(fixturesPath)} });
    console.log(e.url);
    process.on('SIGTERM', () => e.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve({ url: d.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`emulator process exited with ${code}`)));
  });
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One round: a fresh emulator process, `clients` clients updating for `warmupSeconds` (not counted), then for `seconds`; returns { clients, seconds, updates, updatesPerSecond, p50Ms, p99Ms, errors }. */
async function round({ clients, seconds, calculations, warmupSeconds = 1, nodeArgs = [] }) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-'));
  const fixtures = {
    datasets: [{ id: 'sales', name: 'Sales', columns: [
      { name: 'Sales', id: 's', type: 'DECIMAL', order: 0 }, { name: 'Cost', id: 'c', type: 'DECIMAL', order: 1 }, { name: 'Region', id: 'r', type: 'STRING', order: 2 },
    ] }],
    calculations: Array.from({ length: calculations }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, owner: 1, expression: 'SUM(`Sales`)', locked: false, datasetId: 'sales' })),
  };
  const fixturesPath = join(dir, 'fixtures.json');
  writeFileSync(fixturesPath, JSON.stringify(fixtures));
  const emulator = await startEmulatorProcess(process.env.BENCH_MEMORY ? ':memory:' : join(dir, 'bench.sqlite'), fixturesPath, nodeArgs);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const update = (id, expression) => new Promise((resolve, reject) => {
    const body = JSON.stringify({ expression });
    const req = http.request(`${emulator.url}/api/query/v1/functions/template/${id}?strict=false`, {
      method: 'POST', agent, headers: { 'X-SVC-Developer-Token': 'bench', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
  let latencies = [];
  let errors = 0;
  /** `clients` loops updating for `ms`; each records its latencies in `latencies`. */
  const load = (ms) => {
    const deadline = performance.now() + ms;
    return Promise.all(Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        // Half the clients share calculation 1 (contention), the others spread over the rest.
        const id = client % 2 === 0 ? 1 : 2 + ((client * 7 + n) % (calculations - 1));
        const t = performance.now();
        const status = await update(id, `CASE WHEN SUM(\`Sales\`) > ${n} THEN SUM(\`Sales\`) - SUM(\`Cost\`) ELSE ${client} END`);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }));
  };
  // Warm-up, not counted: the same load for `warmupSeconds`, so the figures are those of a running emulator (code
  // compiled by the JIT, connections open), as for the editor's latencies, and not of its first second.
  await load(warmupSeconds * 1000);
  latencies = [];
  const started = performance.now();
  await load(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  await new Promise((resolve) => {
    emulator.child.once('exit', resolve);
    emulator.child.kill('SIGTERM');
  });
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    clients,
    seconds: Number(elapsed.toFixed(2)),
    updates: latencies.length,
    updatesPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    errors,
  };
}

/** Runs `rounds` rounds; returns the median round's figures, every round's, and the machine. */
export async function benchEmulator({ clients = 16, seconds = 5, rounds = 3, calculations = 32 } = {}) {
  const results = [];
  for (let i = 0; i < rounds; i++) results.push(await round({ clients, seconds, calculations }));
  const byRate = [...results].sort((a, b) => a.updatesPerSecond - b.updatesPerSecond);
  const mid = byRate[Math.floor((byRate.length - 1) / 2)];
  return { ...mid, rounds: results.map((r) => ({ updatesPerSecond: r.updatesPerSecond, p99Ms: r.p99Ms })), medianP99Ms: median(results.map((r) => r.p99Ms)), machine: machine() };
}

/** One round with the emulator under `node --cpu-prof`: where its time goes under this load (self time by function and by package). */
export async function profileEmulator({ clients = 16, seconds = 5, calculations = 32, out } = {}) {
  const { summarise, byOwner } = await import('./profile.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'calckit-emulator-prof-'));
  try {
    const result = await round({ clients, seconds, calculations, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    const text = readFileSync(join(dir, file), 'utf8');
    if (out) writeFileSync(out, text);
    const profile = JSON.parse(text);
    return { result, top: summarise(profile, 30), owners: byOwner(profile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--profile')) {
  const outAt = process.argv.indexOf('--profile-out');
  const out = outAt === -1 ? undefined : process.argv[outAt + 1];
  const { result, top, owners } = await profileEmulator({ clients: arg('clients', 16), seconds: arg('seconds', 5), out });
  console.log(`profiled round: ${result.updatesPerSecond} updates/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
  console.log('emulator self time by owner: ' + owners.map((o) => `${o.owner} ${o.share}%`).join(', '));
  for (const r of top) console.log(`${String(r.share).padStart(5)}%  ${String(r.selfMs).padStart(6)} ms  ${r.fn}`);
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchEmulator({ clients: arg('clients', 16), seconds: arg('seconds', 5), rounds: arg('rounds', 3) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else console.log(`emulator: ${result.updatesPerSecond} updates/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (${result.clients} clients, ${result.updates} updates in ${result.seconds} s, ${result.errors} errors, ${process.env.BENCH_MEMORY ? 'in-memory database' : 'file database, each update fsynced before its answer'}; median of ${result.rounds.length} rounds: ${result.rounds.map((r) => r.updatesPerSecond).join(', ')} updates/s; ${result.machine.cores} cores, load ${result.machine.loadAverage1m})`);
}
