// Emulator benchmark: update-formula throughput and latency under 16 concurrent clients over loopback HTTP,
// with the state in a database file (WAL, each update fsynced before it is answered: every acknowledged update is on disk).
// Several rounds, each against a fresh emulator process; the median round is reported with the machine's load.
// Usage: node bench/emulator.mjs [--seconds N] [--clients N] [--rounds N] [--node-http] [--json] [--profile]   (build first: npx tsc -b)
// --profile runs one round with the emulator under `node --cpu-prof` and prints where its time goes
// (--profile-out FILE keeps the .cpuprofile, for Chrome's DevTools).
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { closeSync, fdatasync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
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
    process.on('SIGUSR2', () => { const u = process.cpuUsage(); console.log('cpu ' + (u.user + u.system)); });
    process.on('SIGTERM', () => e.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () => new Promise((resolve) => waiting.push(resolve));
  /** The emulator process's CPU time so far (user + system, µs), asked for with SIGUSR2. */
  const cpuMicros = async () => {
    const line = nextLine();
    child.kill('SIGUSR2');
    return Number((await line).slice('cpu '.length));
  };
  return new Promise((resolve, reject) => {
    nextLine().then((url) => resolve({ url: url.trim(), child, cpuMicros }));
    child.once('exit', (code) => reject(new Error(`emulator process exited with ${code}`)));
  });
}

/**
 * One kept-alive HTTP/1.1 connection sending one request at a time, written as bytes, and reading the answer by its
 * Content-Length (the emulator always sends one). The load generator shares the 2 cores with the emulator: Node's
 * http client costs about half as much CPU per request as the emulator itself, which would be measured as the
 * emulator's latency. This one costs a fraction of that; `--node-http` uses Node's client instead.
 */
class LeanConnection {
  constructor(host, port) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.chunks = [];
    this.size = 0;
    this.pending = undefined;
    this.socket.on('data', (chunk) => this.onData(chunk));
    const fail = (error) => {
      this.pending?.reject(error ?? new Error('connection closed by the emulator'));
      this.pending = undefined;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail());
  }

  request(text) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, status: 0, headerEnd: -1, total: -1 };
      this.socket.write(text);
    });
  }

  onData(chunk) {
    const p = this.pending;
    if (!p) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (p.total === -1) {
      const head = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      const headers = head.toString('latin1', 0, end);
      p.status = Number(headers.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
      if (!length) {
        this.pending = undefined;
        p.reject(new Error(`response without Content-Length: ${headers.split('\r\n')[0]}`));
        return;
      }
      p.total = end + 4 + Number(length[1]);
    }
    if (this.size < p.total) return;
    if (this.size > p.total) p.reject(new Error('more bytes than one response: the client sends one request at a time'));
    else p.resolve(p.status);
    this.pending = undefined;
    this.chunks = [];
    this.size = 0;
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * The disk's own fsync latency where the round's database lives, measured just before the round: 200 overwrites of
 * 4 KB each followed by fdatasync, as the emulator does for each group commit. No acknowledged (durable) update can
 * be faster than this; it says how much of the round's latency is the disk's, on a machine whose disk others share.
 */
async function diskFsyncMs(dir) {
  const path = join(dir, 'fsync-probe');
  const fd = openSync(path, 'w');
  const page = Buffer.alloc(4096, 7);
  const times = [];
  try {
    for (let i = 0; i < 200; i++) {
      writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      const t = performance.now();
      await new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
      times.push(performance.now() - t);
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Number(percentile(times, 50).toFixed(2)), p99Ms: Number(percentile(times, 99).toFixed(2)) };
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One round: a fresh emulator process, `clients` clients updating for `warmupSeconds` (not counted), then for `seconds`; returns { clients, httpClient, seconds, updates, updatesPerSecond, p50Ms, p99Ms, emulatorCpuMsPerUpdate, clientCpuMsPerUpdate, diskFsyncP50Ms, diskFsyncP99Ms, loadAverage1m, errors }. */
async function round({ clients, seconds, calculations, warmupSeconds = 1, httpClient = 'lean', nodeArgs = [] }) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-'));
  const fixtures = {
    datasets: [{ id: 'sales', name: 'Sales', columns: [
      { name: 'Sales', id: 's', type: 'DECIMAL', order: 0 }, { name: 'Cost', id: 'c', type: 'DECIMAL', order: 1 }, { name: 'Region', id: 'r', type: 'STRING', order: 2 },
    ] }],
    calculations: Array.from({ length: calculations }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, owner: 1, expression: 'SUM(`Sales`)', locked: false, datasetId: 'sales' })),
  };
  const fixturesPath = join(dir, 'fixtures.json');
  writeFileSync(fixturesPath, JSON.stringify(fixtures));
  const diskFsync = process.env.BENCH_MEMORY ? undefined : await diskFsyncMs(dir);
  const emulator = await startEmulatorProcess(process.env.BENCH_MEMORY ? ':memory:' : join(dir, 'bench.sqlite'), fixturesPath, nodeArgs);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(emulator.url);
  const connections = [];
  /** Client `client`'s update of calculation `id`: resolves with the response's status once the whole body is read. */
  const update = (client, id, expression) => {
    const body = JSON.stringify({ expression });
    const path = `/api/query/v1/functions/template/${id}?strict=false`;
    if (httpClient === 'lean') {
      connections[client] ??= new LeanConnection(target.hostname, Number(target.port));
      return connections[client].request(
        `POST ${path} HTTP/1.1\r\nHost: ${target.host}\r\nX-SVC-Developer-Token: bench\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    return new Promise((resolve, reject) => {
      const req = http.request(`${emulator.url}${path}`, {
        method: 'POST', agent, headers: { 'X-SVC-Developer-Token': 'bench', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end(body);
    });
  };
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
        const status = await update(client, id, `CASE WHEN SUM(\`Sales\`) > ${n} THEN SUM(\`Sales\`) - SUM(\`Cost\`) ELSE ${client} END`);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }));
  };
  // Warm-up, not counted: the same load for `warmupSeconds`, so the figures are those of a running emulator (code
  // compiled by the JIT, connections open), as for the editor's latencies, and not of its first second.
  await load(warmupSeconds * 1000);
  latencies = [];
  const emulatorCpuBefore = await emulator.cpuMicros();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await load(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const emulatorCpu = (await emulator.cpuMicros()) - emulatorCpuBefore;
  agent.destroy();
  for (const c of connections) c?.close();
  await new Promise((resolve) => {
    emulator.child.once('exit', resolve);
    emulator.child.kill('SIGTERM');
  });
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    clients,
    httpClient,
    seconds: Number(elapsed.toFixed(2)),
    updates: latencies.length,
    updatesPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    // CPU time per update, which the machine's load changes far less than wall-clock latency.
    emulatorCpuMsPerUpdate: Number((emulatorCpu / 1000 / latencies.length).toFixed(3)),
    clientCpuMsPerUpdate: Number(((clientCpu.user + clientCpu.system) / 1000 / latencies.length).toFixed(3)),
    ...(diskFsync ? { diskFsyncP50Ms: diskFsync.p50Ms, diskFsyncP99Ms: diskFsync.p99Ms } : {}),
    loadAverage1m: machine().loadAverage1m,
    errors,
  };
}

/** Runs `rounds` rounds; returns the median round's figures, every round's, and the machine. */
export async function benchEmulator({ clients = 16, seconds = 5, rounds = 3, calculations = 32, httpClient = 'lean' } = {}) {
  const results = [];
  for (let i = 0; i < rounds; i++) results.push(await round({ clients, seconds, calculations, httpClient }));
  const byRate = [...results].sort((a, b) => a.updatesPerSecond - b.updatesPerSecond);
  const mid = byRate[Math.floor((byRate.length - 1) / 2)];
  return { ...mid, rounds: results.map((r) => ({ updatesPerSecond: r.updatesPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms, emulatorCpuMsPerUpdate: r.emulatorCpuMsPerUpdate, diskFsyncP99Ms: r.diskFsyncP99Ms, loadAverage1m: r.loadAverage1m })), medianP99Ms: median(results.map((r) => r.p99Ms)), machine: machine() };
}

/** One round with the emulator under `node --cpu-prof`: where its time goes under this load (self time by function and by package). */
export async function profileEmulator({ clients = 16, seconds = 5, calculations = 32, httpClient = 'lean', out } = {}) {
  const { summarise, byOwner } = await import('./profile.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'calckit-emulator-prof-'));
  try {
    const result = await round({ clients, seconds, calculations, httpClient, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
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
  const result = await benchEmulator({ clients: arg('clients', 16), seconds: arg('seconds', 5), rounds: arg('rounds', 3), httpClient: process.argv.includes('--node-http') ? 'node-http' : 'lean' });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else console.log(`emulator: ${result.updatesPerSecond} updates/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (${result.clients} clients, ${result.updates} updates in ${result.seconds} s, ${result.errors} errors, ${process.env.BENCH_MEMORY ? 'in-memory database' : 'file database, each update fsynced before its answer'}; median of ${result.rounds.length} rounds: ${result.rounds.map((r) => `${r.updatesPerSecond}/s p99 ${r.p99Ms} ms`).join(', ')}; emulator CPU ${result.emulatorCpuMsPerUpdate} ms per update, client ${result.clientCpuMsPerUpdate} ms${result.diskFsyncP99Ms === undefined ? '' : `; the disk's own fdatasync p50 ${result.diskFsyncP50Ms} ms, p99 ${result.diskFsyncP99Ms} ms`}; ${result.machine.cores} cores, load ${result.machine.loadAverage1m})`);
}
