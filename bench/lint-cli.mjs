// Lint from the command line, whole processes: `calckit lint` against sqlfluff (--dialect mysql) and sqlint on
// 1,000 and 10,000 generated formula files (ours as .calc, theirs wrapped as `SELECT <formula> AS x FROM t` in
// .sql), plus `calckit --version` start-up and the lint of one file. CPU time (user+system of the process and its
// threads, via getrusage) is the figure compared; wall time is shown beside it. sqlfluff is sampled on 1 file
// (start-up) and 32 files and extrapolated linearly (start-up + per-file cost). Usage: node bench/lint-cli.mjs [--json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateFormulas } from './lib/corpus.mjs';
import { measureProcess } from './lib/process.mjs';
import { median, ratio, round } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const CLI = fileURLToPath(new URL('../packages/cli/dist/calckit.js', import.meta.url));
const SIZES = [1000, 10000];
const SQLFLUFF_SAMPLES = [1, 32];

function writeSet(dir, formulas, ext, wrap) {
  mkdirSync(dir, { recursive: true });
  formulas.forEach((f, i) => writeFileSync(join(dir, `f${String(i).padStart(5, '0')}.${ext}`), `${wrap(f)}\n`));
  return dir;
}

function hasCommand(command) {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Median CPU and wall seconds (and the largest peak RSS) of `runs` runs of a command. */
async function repeated(runs, command, args, options) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureProcess(command, args, options));
  return {
    runs,
    cpuS: median(results.map((r) => r.cpuS)),
    wallS: median(results.map((r) => r.wallS)),
    maxRssMb: Math.max(...results.map((r) => r.maxRssKb)) / 1024,
    exitCode: results[0].exitCode,
  };
}

/** How many of sqlfluff's sample files parse (no PRS violation), from its JSON report. */
function sqlfluffAccepted(dir) {
  const out = spawnSync('sqlfluff', ['lint', '--dialect', 'mysql', '--format', 'json', '--nofail', dir], { encoding: 'utf8', maxBuffer: 1 << 28 });
  try {
    const files = JSON.parse(out.stdout);
    return { accepted: files.filter((f) => !f.violations.some((v) => v.code === 'PRS')).length, of: files.length };
  } catch {
    return undefined;
  }
}

export async function benchLintCli({ log = () => {}, sizes = SIZES } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-lint-'));
  const largest = Math.max(...sizes);
  const formulas = generateFormulas(largest);
  const result = { method: 'whole-process; CPU = user+system seconds (getrusage of the child), median of repeated runs where stated; wall beside it', sizes: {}, startup: {} };
  try {
    // Start-up and one file.
    const one = writeSet(join(dir, 'one'), formulas.slice(0, 1), 'calc', (f) => f);
    log('  lint: calckit --version and one file');
    result.startup.version = await repeated(5, process.execPath, [CLI, '--version']);
    result.startup.lintOneFile = await repeated(5, process.execPath, [CLI, 'lint', join(one, 'f00000.calc')]);
    result.startup.nodeEmpty = await repeated(5, process.execPath, ['-e', '0']);

    const sqlint = (() => {
      try {
        return join(require.resolve('sqlint/package.json'), '..', 'bin', 'cli.js');
      } catch {
        return undefined;
      }
    })();
    const sqlfluff = hasCommand('sqlfluff');
    for (const n of sizes) {
      const calc = writeSet(join(dir, `calc${n}`), formulas.slice(0, n), 'calc', (f) => f);
      const sql = writeSet(join(dir, `sql${n}`), formulas.slice(0, n), 'sql', (f) => `SELECT ${f} AS x FROM t`);
      const row = { files: n };
      log(`  lint: calckit lint on ${n} files`);
      row.calckit = await repeated(n >= 10000 ? 1 : 3, process.execPath, [CLI, 'lint', '--no-color', calc]);
      if (sqlint) {
        log(`  lint: sqlint on ${n} files`);
        row.sqlint = await repeated(1, process.execPath, [sqlint, sql]);
      } else row.sqlint = { notAvailable: 'sqlint (npm, a dependency of sql-language-server) is not installed' };
      result.sizes[n] = row;
    }
    if (sqlfluff) {
      const samples = [];
      for (const k of SQLFLUFF_SAMPLES) {
        const sample = writeSet(join(dir, `fluff${k}`), formulas.slice(0, k), 'sql', (f) => `SELECT ${f} AS x FROM t`);
        log(`  lint: sqlfluff on a sample of ${k} files`);
        // The one-file run (mostly start-up) is repeated: it sets the intercept of the extrapolation.
        samples.push({ files: k, ...(await repeated(k === 1 ? 3 : 1, 'sqlfluff', ['lint', '--dialect', 'mysql', '--processes', '1', sample])) });
      }
      const [a, b] = samples;
      const perFileCpu = (b.cpuS - a.cpuS) / (b.files - a.files);
      const fixedCpu = Math.max(0, a.cpuS - perFileCpu * a.files);
      const perFileWall = (b.wallS - a.wallS) / (b.files - a.files);
      const fixedWall = Math.max(0, a.wallS - perFileWall * a.files);
      const accepted = sqlfluffAccepted(join(dir, `fluff${SQLFLUFF_SAMPLES.at(-1)}`));
      result.sqlfluff = { samples, perFileCpuS: perFileCpu, startupCpuS: fixedCpu, accepted, extrapolated: true };
      for (const n of sizes) {
        result.sizes[n].sqlfluff = { extrapolated: true, cpuS: fixedCpu + perFileCpu * n, wallS: fixedWall + perFileWall * n };
      }
    } else result.sqlfluff = { notAvailable: 'sqlfluff not found (scripts/bench/install.sh installs it from Debian)' };
    for (const n of sizes) {
      const row = result.sizes[n];
      row.calckitOverSqlfluff = ratio(row.sqlfluff?.cpuS, row.calckit.cpuS);
      row.calckitOverSqlint = ratio(row.sqlint?.cpuS, row.calckit.cpuS);
      row.calckitFilesPerCpuS = n / row.calckit.cpuS;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv.includes('--small') ? [200] : SIZES;
  const result = await benchLintCli({ log: (m) => console.error(m), sizes });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    for (const [n, row] of Object.entries(result.sizes)) {
      console.log(`${n} files: calckit ${round(row.calckit.cpuS)} s CPU (${round(row.calckit.wallS)} s wall, ${round(row.calckit.maxRssMb, 0)} MB); sqlfluff ${round(row.sqlfluff?.cpuS)} s CPU (extrapolated) → ${round(row.calckitOverSqlfluff, 0)}×; sqlint ${round(row.sqlint?.cpuS)} s → ${round(row.calckitOverSqlint, 1)}×`);
    }
    console.log(`start-up: --version ${round(result.startup.version.cpuS, 3)} s CPU; one file ${round(result.startup.lintOneFile.cpuS, 3)} s CPU; empty node ${round(result.startup.nodeEmpty.cpuS, 3)} s`);
  }
}
