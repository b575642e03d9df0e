// The evaluator's compiler timed directly, in this process: `compileFormula` (parse, types, closures) and
// `evaluateValues` over three sets of formulas: the corpus (test/corpus/formulas.jsonl, over a schema of its columns
// with types guessed from their names), the evaluate bench's formulas (bench/evaluate.mjs) and long generated ones
// (flat chains of thousands of operators, a CASE of hundreds of branches, nesting hundreds deep, a wide CONCAT, windows
// and FIXED). CPU time (process.cpuUsage), medians of rounds after warm-up rounds; the values of every evaluation
// are hashed, so that two builds of the evaluator can be compared for speed and shown to give the same results.
//
// Usage: node bench/compile.mjs [--evaluate path/to/evaluate/dist/index.js] [--rounds N] [--rows N] [--sets corpus,bench,long]
// Prints one JSON object. To compare two builds, run it alternately against each (A B A B …) and compare medians.
import { createHash } from 'node:crypto';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { loadCorpus } from './lib/corpus.mjs';
import { median } from './lib/stats.mjs';
import { EVALUATE_FORMULAS } from './evaluate.mjs';
import { generateRows, SCHEMA } from '../test/evaluate/rows.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argument = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const evaluatePath = argument('evaluate', `${ROOT}packages/evaluate/dist/index.js`);
const ROUNDS = Number(argument('rounds', 5));
const WARMUP = 3;
const ROWS = Number(argument('rows', 10_000));
const NOW = '2026-11-24 12:00:00';
/** The sets to run (corpus, bench, long), all by default. */
const SETS = argument('sets', 'corpus,bench,long').split(',');

const { compileFormula, convertRows } = await import(pathToFileURL(evaluatePath).href);
if (typeof compileFormula !== 'function') throw new Error(`${evaluatePath} is not @calckit/evaluate's entry (no compileFormula)`);

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

// ─── The corpus, over a schema of its columns ─────────────────────────────────────────────────────────────────────

const columnType = (name) => (/date|_dt$/i.test(name) ? 'DATE' : /pennies|sales|price|revenue|amount|value|total|transactions|^col|^[abx]$|id$|^month$|year|quarter/i.test(name) ? 'DECIMAL' : 'STRING');

function corpusSet() {
  const formulas = loadCorpus().map((e) => e.formula);
  const names = new Set();
  for (const f of formulas) for (const m of f.matchAll(/`([^`]+)`/g)) names.add(m[1]);
  const schema = [...names].map((name) => ({ name, type: columnType(name) }));
  // Rows of the guessed types: a few distinct values each, NULLs included.
  const values = { DATE: ['2024-01-31', '2023-06-15', null, '2020-02-29'], DECIMAL: [1.25, -3, null, 1000.5, 0], STRING: ['East', 'M', 'F', '', null, 'Won'] };
  const rows = Array.from({ length: ROWS }, (_, r) => Object.fromEntries(schema.map((c, k) => [c.name, values[c.type][(r + k) % values[c.type].length]])));
  return { name: 'corpus', schema, table: convertRows(rows, schema), formulas: formulas.map((formula) => ({ formula })), compileRepeat: 10 };
}

// ─── Long generated formulas over the differential tests' columns ─────────────────────────────────────────────────

function longFormulas() {
  const n = (count, f) => Array.from({ length: count }, (_, k) => f(k));
  return [
    { name: 'arithmetic chain of 3,000', formula: n(3000, (k) => `${k === 0 ? '' : k % 2 ? ' + ' : ' - '}${k % 3 === 0 ? '`Sales`' : k % 3 === 1 ? '`Quantity` * 2' : k % 97}`).join('') },
    { name: 'AND chain of 1,000', formula: n(1000, (k) => `\`Quantity\` > ${k - 500}`).join(' AND ') },
    { name: 'OR chain of 1,000 comparisons of text', formula: n(1000, (k) => `\`Region\` = 'R${k}'`).join(' OR ') },
    { name: 'CASE of 300 branches', formula: `CASE ${n(300, (k) => `WHEN \`Sales\` > ${300 - k} * 10 THEN ${k}.5`).join(' ')} ELSE 0 END` },
    { name: 'simple CASE of 300 branches', formula: `CASE \`Customer\` ${n(300, (k) => `WHEN 'c${k}' THEN 'v${k}'`).join(' ')} ELSE \`Code\` END` },
    { name: 'IFNULL nested 150 deep', formula: `${'IFNULL('.repeat(150)}\`Discount\`${n(150, (k) => `, ${k})`).join('')}` },
    { name: 'parentheses 200 deep', formula: `${'('.repeat(200)}\`Ratio\`${n(200, (k) => (k % 2 ? ' + 1)' : ' * 2)')).join('')}` },
    { name: 'CONCAT of 60 arguments', formula: `CONCAT(${n(60, (k) => ['UPPER(`Region`)', "'-'", 'YEAR(`Order Date`)', '`Customer`', '`Quantity`', 'LEFT(`Code`, 2)'][k % 6]).join(', ')})` },
    { name: 'IN list of 500', formula: `\`N\` IN (${n(500, (k) => k - 250).join(', ')})` },
    { name: 'windows', formula: 'SUM(`Sales`) OVER (PARTITION BY `Region` ORDER BY `Order Date`) + RANK() OVER (ORDER BY `Quantity`) + LAG(`N`, 1, 0) OVER (PARTITION BY `Region` ORDER BY `Ship Date`)' },
    { name: 'FIXED', formula: 'SUM(`Sales`) FIXED (BY `Region`) / COUNT(*) FIXED ()' },
    { name: 'aggregates by Region, N', formula: n(40, (k) => ['SUM(`Sales`)', 'AVG(`Quantity`)', 'MAX(`Order Date`) IS NULL', 'COUNT(DISTINCT `Customer`)', 'MIN(`Ratio`)'][k % 5]).map((x, k) => (x.includes('IS NULL') ? `(CASE WHEN ${x} THEN 0 ELSE ${k} END)` : x)).join(' + '), groupBy: ['Region', 'N'] },
  ];
}

function sets() {
  const rows = generateRows(ROWS);
  const table = convertRows(rows, SCHEMA);
  return [
    corpusSet(),
    { name: 'bench', schema: SCHEMA, table, formulas: EVALUATE_FORMULAS, compileRepeat: 100 },
    { name: 'long', schema: SCHEMA, table, formulas: longFormulas(), compileRepeat: 1 },
  ];
}

const compileOne = (set) => (f) => {
  try {
    return compileFormula(f.formula, { schema: set.schema, groupBy: f.groupBy, now: NOW, seed: 1 });
  } catch (caught) {
    return { error: `${caught.code ?? caught.name}: ${caught.message}` };
  }
};

/** One round over a set: CPU ms of compiling every formula (`compileRepeat` times, the last kept), CPU ms of
 * evaluating them, and their values. */
function round(set) {
  let compiled = [];
  const t0 = cpuMs();
  for (let repeat = 0; repeat < set.compileRepeat; repeat++) compiled = set.formulas.map(compileOne(set));
  const t1 = cpuMs();
  const outcomes = [];
  for (const c of compiled) {
    if (c.error) {
      outcomes.push(c.error);
      continue;
    }
    try {
      outcomes.push(c.evaluateValues(set.table));
    } catch (caught) {
      outcomes.push(`${caught.code ?? caught.name}: ${caught.message}`);
    }
  }
  const t2 = cpuMs();
  return { compileMs: t1 - t0, evaluateMs: t2 - t1, outcomes };
}

const result = { evaluate: evaluatePath, rows: ROWS, rounds: ROUNDS, warmup: WARMUP, sets: {} };
for (const set of sets().filter((s) => SETS.includes(s.name))) {
  const compileMs = [];
  const evaluateMs = [];
  let outcomes;
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    const one = round(set);
    if (r >= WARMUP) {
      compileMs.push(one.compileMs);
      evaluateMs.push(one.evaluateMs);
    }
    outcomes = one.outcomes;
  }
  const errors = outcomes.filter((o) => typeof o === 'string').length;
  const digest = createHash('sha256').update(JSON.stringify(outcomes)).digest('hex').slice(0, 16);
  result.sets[set.name] = { formulas: set.formulas.length, compileRepeat: set.compileRepeat, errors, compileMs: median(compileMs), evaluateMs: median(evaluateMs), compileMsAll: compileMs.map(Math.round), evaluateMsAll: evaluateMs.map(Math.round), digest };
}
console.log(JSON.stringify(result));
