// Import benchmark: `calckit import --dataset` of 1,000 calculations from the emulator (the search, the reads in
// batches of 100 through the community-documented read of several calculations, `POST …/functions/list/id`, with a
// bounded number of requests in flight, each calculation checked, 1,000 new files created atomically, the push records
// and calckit.json) against reading the same 1,000 calculations one at a time with the client's documented read
// (`GET …/functions/template/{id}` in a loop), in the same run. The import is measured twice: as a function in this
// process (`runImport`, beside the one-at-a-time reads: the same warm client code on both sides) and as the command a
// user runs (a new process, start-up included). The emulator runs in its own process with a file database, as
// `calckit serve --data` does. Rounds alternate the sides; medians of wall-clock times are reported, with the CPU time
// of this process and of the emulator's for the in-process sides. Each round also times creating 1,000 new files the
// way the import does (`createFormulaFileSync`), with no service at all: the part of the import no read can save.
// Two scenarios: over loopback (both sides bound by the CPU of this machine) and through a proxy that adds a round-trip
// time (10 ms by default: a service in the same region), where fewer requests count most.
// Usage: node bench/import.mjs [--calculations N] [--rounds N] [--concurrency N] [--latency MS] [--json]
// (build first: npm run build)
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateFormulas } from './lib/corpus.mjs';
import { processCpuS, startEmulatorProcess, stopProcess } from './lib/emulator-process.mjs';
import { machine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CALCKIT = join(ROOT, 'packages/cli/dist/calckit.js');
const CLIENT = pathToFileURL(join(ROOT, 'packages/client/dist/index.js')).href;
const IMPORT = pathToFileURL(join(ROOT, 'packages/cli/dist/commands/import.js')).href;
const CREATE_FILE = pathToFileURL(join(ROOT, 'packages/cli/dist/service/create-file.js')).href;
const TOKEN = 'bench-import';

function run(args, cwd) {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, HOME: cwd, CALCKIT_CONFIG_DIR: join(cwd, '.no-config'), CALCKIT_DEVELOPER_TOKEN: TOKEN };
    execFile(process.execPath, [CALCKIT, ...args], { cwd, env, maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/**
 * A TCP proxy in its own process that holds every chunk `oneWayMs` in each direction, so that a request/answer pair
 * takes 2 × oneWayMs more, as to a service over a network. Resolves with its URL and the child.
 */
function startLatencyProxy(target, oneWayMs) {
  const { hostname, port } = new URL(target);
  const script = `
    const net = await import('node:net');
    const server = net.createServer((client) => {
      const upstream = net.connect(${Number(port)}, ${JSON.stringify(hostname)});
      const relay = (from, to) => {
        from.on('data', (chunk) => setTimeout(() => to.write(chunk), ${oneWayMs}));
        from.on('end', () => setTimeout(() => to.end(), ${oneWayMs}));
        from.on('error', () => to.destroy());
      };
      relay(client, upstream);
      relay(upstream, client);
    });
    server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
    process.on('SIGTERM', () => process.exit(0));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
    child.stdout.once('data', (d) => resolve({ url: d.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`latency proxy exited with ${code}`)));
  });
}

/**
 * Two scenarios against the same emulator: over loopback, and through a proxy adding `latencyMs` per round trip (a
 * service in the same region). Each returns { oneAtATimeS, importS, importProcessS, ratio, processRatio, CPU times,
 * filesOnlyS, perRound }: medians of wall-clock seconds; ratio = one-at-a-time reads / import (> 1: the import is
 * faster). `concurrency` is the import's (requests in flight), its default when undefined.
 */
export async function benchImport({ calculations = 1000, rounds = 3, concurrency, latencyMs = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-import-'));
  const formulas = generateFormulas(calculations, 11);
  // The dataset imported, and a second one of the same size the search must leave out.
  const fixtures = {
    datasets: [{ id: 'bench', name: 'Bench', columns: [] }, { id: 'other', name: 'Other', columns: [] }],
    calculations: [
      ...formulas.map((expression, i) => ({ id: 10_001 + i, name: `Metric ${i % 700} / ${['Sales', 'Cost', 'Margin'][i % 3]}`, owner: 1, expression, locked: i % 4 === 0, datasetId: 'bench' })),
      ...formulas.map((expression, i) => ({ id: 50_001 + i, name: `Other ${i}`, owner: 1, expression, locked: false, datasetId: 'other' })),
    ],
  };
  const fixturesPath = join(dir, 'fixtures.json');
  writeFileSync(fixturesPath, JSON.stringify(fixtures));
  const emulator = await startEmulatorProcess(join(dir, 'bench.sqlite'), fixturesPath, { developerToken: TOKEN });
  const proxy = await startLatencyProxy(emulator.url, latencyMs / 2);
  const { createClient } = await import(CLIENT);
  const { runImport, DEFAULT_IMPORT_CONCURRENCY, IMPORT_BATCH_SIZE } = await import(IMPORT);
  const { createFormulaFileSync } = await import(CREATE_FILE);
  concurrency ??= DEFAULT_IMPORT_CONCURRENCY;
  const ids = fixtures.calculations.filter((c) => c.datasetId === 'bench').map((c) => c.id);
  const cpuS = (from) => {
    const u = process.cpuUsage(from);
    return (u.user + u.system) / 1e6;
  };
  const emulatorCpu = () => processCpuS(emulator.child.pid);
  const emulatorSince = (from) => {
    const now = emulatorCpu();
    return now === undefined || from === undefined ? undefined : Number((now - from).toFixed(2));
  };

  const scenario = async (url, name) => {
    const client = createClient({ baseUrl: url, developerToken: TOKEN, retries: 0, timeoutMs: 30_000 });
    const oneAtATime = async () => {
      const cpu = process.cpuUsage();
      const emu = emulatorCpu();
      const t = performance.now();
      for (const id of ids) await client.readCalculation(id);
      return { s: (performance.now() - t) / 1000, cpuS: cpuS(cpu), emulatorCpuS: emulatorSince(emu) };
    };
    const newProject = async (label) => {
      const project = join(dir, `${name}-${label}`);
      mkdirSync(project);
      const init = await run(['init', '--base-url', url], project);
      if (init.code !== 0) throw new Error(`calckit init failed: ${init.stderr}`);
      return project;
    };
    const check = (project, written) => {
      const files = readdirSync(join(project, 'formulas')).filter((f) => f.endsWith('.calc')).length;
      if (written !== calculations || files !== calculations) throw new Error(`import wrote ${written} (${files} files), expected ${calculations}`);
      rmSync(project, { recursive: true, force: true });
    };
    const importInProcess = async (label) => {
      const project = await newProject(`fn-${label}`);
      const cpu = process.cpuUsage();
      const emu = emulatorCpu();
      const t = performance.now();
      const result = await runImport(
        { dataset: ['bench'], concurrency: String(concurrency) },
        { cwd: project, env: { CALCKIT_DEVELOPER_TOKEN: TOKEN, CALCKIT_CONFIG_DIR: join(project, '.no-config') } },
      );
      const seconds = (performance.now() - t) / 1000;
      const out = { s: seconds, cpuS: cpuS(cpu), emulatorCpuS: emulatorSince(emu) };
      if (result.exitCode !== 0) throw new Error(`runImport exited ${result.exitCode}`);
      if (result.batchRead !== 'available') throw new Error(`runImport read the calculations one at a time (batch read ${result.batchRead})`);
      check(project, result.summary.written);
      return out;
    };
    /** Creating the import's new files alone (same texts, same folder layout), with no service: the floor of the import. */
    const filesOnly = (label) => {
      const folder = join(dir, `${name}-files-${label}`);
      mkdirSync(folder);
      const texts = formulas.map((f) => `${f}\n`);
      const t = performance.now();
      texts.forEach((text, i) => createFormulaFileSync(join(folder, `Metric ${i}.calc`), text));
      const seconds = (performance.now() - t) / 1000;
      rmSync(folder, { recursive: true, force: true });
      return seconds;
    };
    const importProcess = async (label) => {
      const project = await newProject(`cli-${label}`);
      const t = performance.now();
      const result = await run(['import', '--dataset', 'bench', '--concurrency', String(concurrency), '--json'], project);
      const seconds = (performance.now() - t) / 1000;
      if (result.code !== 0) throw new Error(`calckit import exited ${result.code}: ${result.stderr.slice(0, 500)}`);
      check(project, JSON.parse(result.stdout).summary.written);
      return { s: seconds };
    };

    // Warm-up: one of each (file caches, the emulator's statements, the client's connections, the JIT).
    await oneAtATime();
    await importInProcess('warm-up');
    await importProcess('warm-up');
    filesOnly('warm-up');
    const perRound = [];
    for (let r = 0; r < rounds; r++) {
      const reads = await oneAtATime();
      const fn = await importInProcess(r);
      const cli = await importProcess(r);
      const files = filesOnly(r);
      perRound.push({
        oneAtATimeS: Number(reads.s.toFixed(3)),
        oneAtATimeCpuS: Number(reads.cpuS.toFixed(3)),
        oneAtATimeEmulatorCpuS: reads.emulatorCpuS,
        importS: Number(fn.s.toFixed(3)),
        importCpuS: Number(fn.cpuS.toFixed(3)),
        importEmulatorCpuS: fn.emulatorCpuS,
        importProcessS: Number(cli.s.toFixed(3)),
        filesOnlyS: Number(files.toFixed(3)),
      });
    }
    const med = (key) => (perRound.every((r) => typeof r[key] === 'number') ? median(perRound.map((r) => r[key])) : undefined);
    const oneAtATimeS = med('oneAtATimeS');
    const importS = med('importS');
    const importProcessS = med('importProcessS');
    return {
      oneAtATimeS,
      oneAtATimeCpuS: med('oneAtATimeCpuS'),
      oneAtATimeEmulatorCpuS: med('oneAtATimeEmulatorCpuS'),
      importS,
      importCpuS: med('importCpuS'),
      importEmulatorCpuS: med('importEmulatorCpuS'),
      importProcessS,
      filesOnlyS: med('filesOnlyS'),
      ratio: Number((oneAtATimeS / importS).toFixed(2)),
      processRatio: Number((oneAtATimeS / importProcessS).toFixed(2)),
      perRound,
    };
  };

  try {
    const loopback = await scenario(emulator.url, 'loopback');
    const latency = await scenario(proxy.url, 'latency');
    return { calculations, rounds, concurrency, batchSize: IMPORT_BATCH_SIZE, latencyMs, loopback, latency, machine: machine() };
  } finally {
    await stopProcess(proxy.child);
    await stopProcess(emulator.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchImport({ calculations: arg('calculations', 1000), rounds: arg('rounds', 3), concurrency: arg('concurrency', undefined), latencyMs: arg('latency', 10) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    const f = (x) => (typeof x === 'number' ? x.toFixed(2) : '?');
    for (const [name, r] of [['loopback', result.loopback], [`${result.latencyMs} ms round trip`, result.latency]]) {
      console.log(
        `import of ${result.calculations} calculations, ${name} (batches of ${result.batchSize}, ${result.concurrency} requests at once): ${f(r.importS)} s in process (CPU ${f(r.importCpuS)} s, emulator ${f(r.importEmulatorCpuS)} s), ` +
          `${f(r.importProcessS)} s as a command; one at a time with the client: ${f(r.oneAtATimeS)} s (CPU ${f(r.oneAtATimeCpuS)} s, emulator ${f(r.oneAtATimeEmulatorCpuS)} s); ` +
          `${r.ratio}× in process, ${r.processRatio}× as a command; creating the ${result.calculations} files alone: ${f(r.filesOnlyS)} s`,
      );
    }
    console.log(`${result.machine.cores} cores, load ${result.machine.loadAverage1m}`);
  }
}
