// Evaluation speed against MariaDB, same rows, same run: 1,000,000 generated rows (test/evaluate/rows.mjs, the
// differential tests' columns) evaluated by `compileFormula` in this process, and the equivalent SELECT run by a
// private MariaDB 10.11 (scripts/mariadb/server.mjs) over the same rows loaded into an InnoDB table held in its
// buffer pool. Both sides are timed in CPU time: ours with process.cpuUsage around the evaluation; MariaDB's as the
// server process's utime+stime from /proc/<mariadbd pid>/stat before and after the query (the client reads the
// result in this process, which is not counted). Medians of 3 runs after a warm-up run of each.
// Memory: the heap growth per row (the typed table and the results held), at 100,000 rows and at the full size.
// Like for like: convertRows (not counted, as MariaDB's LOAD DATA is not) also keeps low-cardinality text and date
// columns as dictionaries, as a column store's load does; everything an evaluation derives from them (an expression's
// value per distinct value, the deduplication of result strings) starts again in each timed run, and every run
// returns one value per row.
//
// Alone: node bench/run.mjs --only=evaluate --no-docs (or node bench/evaluate.mjs [rows]).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { connectMariadb, mariadbVersion, startMariadb } from '../scripts/mariadb/server.mjs';
import { generateRows, loadRows, SCHEMA } from '../test/evaluate/rows.mjs';
import { median } from './lib/stats.mjs';

/** The formulas: row-level ones (one value per row) and aggregates, over the whole table or grouped. */
export const EVALUATE_FORMULAS = [
  { name: 'arithmetic', formula: '`Sales` * (1 - IFNULL(`Discount`, 0))' },
  { name: 'CASE', formula: "CASE WHEN `Sales` >= 100000 THEN 'Large' WHEN `Sales` >= 1000 THEN 'Medium' WHEN `Sales` > 0 THEN 'Small' ELSE 'None' END" },
  { name: 'dates', formula: 'DATEDIFF(`Ship Date`, `Order Date`)' },
  { name: 'strings', formula: "CONCAT(UPPER(`Region`), '-', YEAR(`Order Date`))" },
  { name: 'SUM', formula: 'SUM(`Sales` * (1 - IFNULL(`Discount`, 0)))' },
  { name: 'ratio of sums', formula: '(SUM(`Sales`) - SUM(`Ratio`)) / NULLIF(SUM(`Sales`), 0)' },
  { name: 'SUM by Region', formula: 'SUM(`Sales` * (1 - IFNULL(`Discount`, 0)))', groupBy: ['Region'] },
  { name: 'AVG, COUNT by Region, N', formula: 'AVG(`Quantity`) + COUNT(`Order Date`)', groupBy: ['Region', 'N'] },
  { name: 'COUNT DISTINCT by Region', formula: 'COUNT(DISTINCT `Customer`)', groupBy: ['Region'] },
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 3;

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A garbage collection on demand (the flag set at run time, the function from a fresh context). */
let gcFn;
function gc() {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc');
  }
  gcFn();
}

function heapAfterGc() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The server's CPU time so far (user + system), in ms, from /proc/<pid>/stat. */
function serverCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command name and state.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

const quote = (c) => `\`${c.replace(/`/g, '``')}\``;

/** Our side: CPU ms to evaluate over the converted table (median of RUNS after one warm-up). */
function ours(compiled, table) {
  const times = [];
  let values;
  for (let i = 0; i <= RUNS; i++) {
    const t0 = cpuMs();
    values = compiled.evaluateValues(table);
    const t = cpuMs() - t0;
    if (i > 0) times.push(t);
  }
  return { cpuMs: median(times), values: values.length };
}

/** MariaDB's side: server CPU ms for the SELECT, its rows read and discarded by the client (median of RUNS after a warm-up). */
async function theirs(conn, pid, sql) {
  const times = [];
  let rows = 0;
  for (let i = 0; i <= RUNS; i++) {
    const before = serverCpuMs(pid);
    rows = 0;
    const stream = conn.queryStream({ sql, rowsAsArray: true });
    for await (const _ of stream) rows++;
    const t = serverCpuMs(pid) - before;
    if (i > 0) times.push(t);
  }
  return { cpuMs: median(times), rows };
}

export async function benchEvaluate({ rows = 1_000_000, log = () => {} } = {}) {
  if (!mariadbVersion()) {
    const install = spawnSync('bash', [`${ROOT}scripts/mariadb/install.sh`], { stdio: 'inherit' });
    if (install.status !== 0) throw new Error('MariaDB is not installed and scripts/mariadb/install.sh failed');
  }
  const evaluate = await import(`${ROOT}packages/evaluate/dist/index.js`);
  const { compileFormula, convertRows } = evaluate;
  log(`evaluate: generating ${rows.toLocaleString('en')} rows`);
  let data = generateRows(rows);

  // Memory: heap growth per row of the typed table plus the results of every formula held at once, at 100k rows
  // and at the full size (linear memory: the same bytes per row).
  const memory = [];
  for (const n of [...new Set([Math.min(100_000, rows), rows])]) {
    const slice = n === rows ? data : data.slice(0, n);
    const before = heapAfterGc();
    const table = convertRows(slice, SCHEMA);
    const held = EVALUATE_FORMULAS.map((f) => compileFormula(f.formula, { schema: SCHEMA, groupBy: f.groupBy }).evaluateValues(table));
    const after = heapAfterGc();
    memory.push({ rows: n, heapMb: (after - before) / 2 ** 20, bytesPerRow: (after - before) / n, held: held.length });
  }

  const t0 = cpuMs();
  const table = convertRows(data, SCHEMA);
  const convertMs = cpuMs() - t0;

  log('evaluate: starting MariaDB and loading the rows');
  const server = await startMariadb({ bufferPoolMb: 2048 });
  const results = [];
  try {
    const conn = await connectMariadb(server.socket);
    const loadStart = performance.now();
    await loadRows(conn, { rows: data, files: server.files });
    const loadS = (performance.now() - loadStart) / 1000;
    // The generated row objects are in MariaDB's table and in ours (typed) now: dropped, so that the garbage collector
    // does not trace a million objects that neither side uses during every timed run.
    data = undefined;
    await conn.query('ANALYZE TABLE t');
    // Warm the buffer pool: every page of the table read once.
    await conn.query('SELECT COUNT(*), SUM(LENGTH(`Customer`)), MAX(`Ship Date`) FROM t');
    for (const f of EVALUATE_FORMULAS) {
      const compiled = compileFormula(f.formula, { schema: SCHEMA, groupBy: f.groupBy, now: '2026-11-24 12:00:00' });
      const keys = f.groupBy?.map(quote).join(', ');
      const sql = keys ? `SELECT ${keys}, ${f.formula} FROM t GROUP BY ${keys}` : `SELECT ${f.formula} FROM t`;
      const our = ours(compiled, table);
      const their = await theirs(conn, server.pid, sql);
      const ourRowsPerS = rows / (our.cpuMs / 1000);
      const theirRowsPerS = their.cpuMs > 0 ? rows / (their.cpuMs / 1000) : undefined;
      const ratio = theirRowsPerS ? ourRowsPerS / theirRowsPerS : undefined;
      log(`evaluate: ${f.name}: ours ${our.cpuMs.toFixed(0)} ms, MariaDB ${their.cpuMs.toFixed(0)} ms${ratio ? ` (${ratio.toFixed(2)}×)` : ''}`);
      results.push({ ...f, sql, kind: compiled.aggregated ? 'aggregate' : 'row', values: our.values, mariadbRows: their.rows, oursCpuMs: our.cpuMs, mariadbCpuMs: their.cpuMs, oursRowsPerS: ourRowsPerS, mariadbRowsPerS: theirRowsPerS, oursOverMariadb: ratio });
    }
    await conn.end();
    // The geometric mean of the ratios: each formula counts alike, whatever its absolute time.
    const ratios = results.map((r) => r.oursOverMariadb).filter((x) => typeof x === 'number' && x > 0);
    const geomean = ratios.length > 0 ? Math.exp(ratios.reduce((a, x) => a + Math.log(x), 0) / ratios.length) : undefined;
    const min = ratios.length > 0 ? Math.min(...ratios) : undefined;
    const first = memory[0];
    const last = memory[memory.length - 1];
    return {
      rows,
      mariadb: mariadbVersion(),
      method: `CPU time, medians of ${RUNS} runs after a warm-up: ours = process.cpuUsage around compileFormula(…).evaluateValues(table) over the rows already converted by convertRows (once, ${Math.round(convertMs)} ms for ${rows.toLocaleString('en')} rows, not counted); MariaDB = the mariadbd process's utime+stime (/proc/<pid>/stat, 10 ms ticks) around the SELECT, its result streamed to this process and discarded, over an InnoDB table of the same rows (LOAD DATA, ${loadS.toFixed(1)} s) in a warmed 2 GB buffer pool`,
      convertMs,
      loadS,
      formulas: results,
      geomeanOursOverMariadb: geomean,
      minOursOverMariadb: min,
      memory,
      memoryGrowth: first && last && first.rows !== last.rows ? last.bytesPerRow / first.bytesPerRow : undefined,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = Number(process.argv[2] ?? 100_000);
  const result = await benchEvaluate({ rows, log: (m) => console.error(`[bench] ${m}`) });
  console.log(JSON.stringify(result, null, 2));
}
