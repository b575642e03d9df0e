// `calckit eval` over a CSV file against the same rows in JSON, as users meet it: 100,000 generated rows
// (test/evaluate/rows.mjs, the differential tests' columns: numbers, text with quotes and commas, dates, NULLs in every
// column) written once as CSV (the quoting a spreadsheet export uses, NULL as an empty cell) and once as a JSON array
// of row objects; each formula evaluated by the whole command (a new process, start-up included), with the dataset
// schema (`--schema`) and without it (types read from the cells), the CSV and the JSON run in turn in each round.
// Figures: CPU time (user+system, getrusage) and peak RSS of each process, medians over the rounds, and the median
// of the CSV/JSON ratios pair by pair (a pair runs back to back, so the machine's drift cancels).
// Memory: heap growth per row of the CSV read as calckit eval reads it (readCsvColumns, then convertColumns by the
// schema: the cells and the evaluator's table held), in this process, at 100,000 rows and at 4× that.
//
// Alone: node bench/csv.mjs [--rows N] [--rounds N] (build first: npm run build); prints the result as JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateRows, SCHEMA } from '../test/evaluate/rows.mjs';
import { measureProcess } from './lib/process.mjs';
import { median } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CALCKIT = join(ROOT, 'packages/cli/dist/calckit.js');
const EVALUATE = pathToFileURL(join(ROOT, 'packages/evaluate/dist/index.js')).href;

/** Row-level formulas (one value per row printed) and aggregates (over the whole table, and by group). */
export const CSV_FORMULAS = [
  { name: 'arithmetic', formula: '`Sales` * (1 - IFNULL(`Discount`, 0))' },
  { name: 'strings and dates', formula: "CONCAT(UPPER(`Region`), '-', YEAR(`Order Date`))" },
  { name: 'SUM', formula: 'SUM(`Sales` * (1 - IFNULL(`Discount`, 0)))' },
  { name: 'COUNT DISTINCT by Region', formula: 'COUNT(DISTINCT `Customer`)', groupBy: ['Region'] },
];

/** A cell as a CSV export writes it: NULL as nothing, text with a comma, quote or line break (or empty) quoted. */
const csvCell = (v) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return s === '' || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Rows as a CSV file: a header of `names` (default: the generated rows' columns), then a line per row. */
export function csvText(rows, names = SCHEMA.map((c) => c.name), lineEnd = '\n') {
  const lines = [names.map(csvCell).join(',')];
  for (const row of rows) lines.push(names.map((n) => csvCell(row[n])).join(','));
  return `${lines.join(lineEnd)}${lineEnd}`;
}

/** The dataset schema file (`--schema`): the rows' columns with the fields a schema file holds. */
export const schemaFile = () => JSON.stringify(SCHEMA.map((c, i) => ({ id: `c${i}`, name: c.name, type: c.type, visible: true, order: i })));

/** A garbage collection on demand (the flag set at run time, the function from a fresh context). */
let gcFn;
function heapAfterGc() {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc');
  }
  gcFn();
  gcFn();
  return process.memoryUsage().heapUsed;
}

/** Heap bytes per row held by the CSV's cells and its typed table, read as calckit eval reads them. */
async function memoryPerRow(rows) {
  const { readCsvColumns, convertColumns } = await import(EVALUATE);
  let text = csvText(generateRows(rows));
  const before = heapAfterGc();
  const cells = readCsvColumns(text);
  const table = convertColumns(cells, SCHEMA);
  text = undefined;
  const held = heapAfterGc() - before;
  if (table.length !== rows || cells.length !== rows) throw new Error(`read ${table.length} rows of ${rows}`);
  return { rows, bytesPerRow: held / rows, heapMb: held / 2 ** 20 };
}

export async function benchCsv({ rows = 100_000, rounds = 3, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-csv-'));
  try {
    const generated = generateRows(rows);
    writeFileSync(join(dir, 'rows.csv'), csvText(generated));
    writeFileSync(join(dir, 'rows.json'), JSON.stringify(generated));
    writeFileSync(join(dir, 'schema.json'), schemaFile());
    const cases = [];
    for (const f of CSV_FORMULAS) {
      writeFileSync(join(dir, `${f.name}.calc`), `${f.formula}\n`);
      for (const schema of [true, false]) cases.push({ ...f, schema });
    }
    const args = (c, data) => ['eval', `${c.name}.calc`, '--data', data, ...(c.schema ? ['--schema', 'schema.json'] : []), ...(c.groupBy ? ['--group-by', ...c.groupBy] : [])];
    const measure = async (c, data) => {
      const m = await measureProcess(process.execPath, [CALCKIT, ...args(c, data)], { cwd: dir });
      if (m.exitCode !== 0) throw new Error(`calckit ${args(c, data).join(' ')} exited with ${m.exitCode}: ${m.stderr.slice(-300)}`);
      return m;
    };
    const formulas = [];
    for (const c of cases) {
      // One untimed pair first (the file cache, V8's code cache of the bundle).
      await measure(c, 'rows.csv');
      await measure(c, 'rows.json');
      const csv = [];
      const json = [];
      for (let round = 0; round < rounds; round++) {
        csv.push(await measure(c, 'rows.csv'));
        json.push(await measure(c, 'rows.json'));
      }
      const ratios = csv.map((m, i) => m.cpuS / json[i].cpuS);
      const entry = {
        name: c.name,
        formula: c.formula,
        ...(c.groupBy ? { groupBy: c.groupBy } : {}),
        schema: c.schema,
        csvCpuS: median(csv.map((m) => m.cpuS)),
        jsonCpuS: median(json.map((m) => m.cpuS)),
        csvOverJson: median(ratios),
        csvMaxRssMb: median(csv.map((m) => m.maxRssKb / 1024)),
        jsonMaxRssMb: median(json.map((m) => m.maxRssKb / 1024)),
      };
      log(`csv: ${c.name}${c.schema ? ' (schema)' : ''}: CSV ${entry.csvCpuS.toFixed(2)} s, JSON ${entry.jsonCpuS.toFixed(2)} s CPU, ${entry.csvOverJson.toFixed(2)}×`);
      formulas.push(entry);
    }
    const memory = [await memoryPerRow(rows), await memoryPerRow(rows * 4)];
    return {
      rows,
      rounds,
      csvMb: Buffer.byteLength(csvText(generated)) / 2 ** 20,
      formulas,
      maxCsvOverJson: Math.max(...formulas.map((f) => f.csvOverJson)),
      memory,
      memoryGrowth: memory[1].bytesPerRow / memory[0].bytesPerRow,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await benchCsv({ rows: flag('--rows', 100_000), rounds: flag('--rounds', 3), log: (m) => console.error(`[bench] ${m}`) });
  console.log(JSON.stringify(result, null, 2));
}
