// A large project for the schema benchmark: `datasets` datasets with typed column schemas and `calculations`
// calculations spread over them, as emulator fixtures and as the calckit project a team would have after adopting
// (calckit.json, one .calc file per calculation, no schema files yet: `calckit schema pull` writes them).
// Formulas are real ones (test/corpus/published.jsonl's valid formulas, with the columns their page names, and
// test/corpus/formulas.jsonl), numbers re-drawn with a fixed seed; each formula's columns are columns of its dataset,
// typed from the page's schema or, where the page gives none, from the column's name. A formula is kept only when
// calckit lints it without an error against those types (warnings stay, as in a real project). One calculation in 50
// nests another of its dataset (`SVC_BEAST_MODE(id)`), one level deep as the service allows.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCorpus } from './corpus.mjs';
import { mulberry32 } from './prng.mjs';

const PUBLISHED = fileURLToPath(new URL('../../test/corpus/published.jsonl', import.meta.url));
const LINT = pathToFileURL(fileURLToPath(new URL('../../packages/lint/dist/index.js', import.meta.url))).href;

/** A column's type guessed from its name, for formulas whose page names no schema. */
function typeFromName(name) {
  if (/unix|seconds|year|^id$|zip/i.test(name)) return 'LONG';
  if (/time|_at$/i.test(name)) return 'DATETIME';
  if (/date|month|lastmod/i.test(name)) return 'DATE';
  if (/amount|sales|budget|income|value|price|revenue|pennies|customers|transactions|total|daily|^[abx]$|^col$/i.test(name)) return 'DECIMAL';
  return 'STRING';
}

const columnsOf = (formula) => [...new Set([...formula.matchAll(/`([^`]+)`/g)].map((m) => m[1]))];

/** Formulas with the type of each column they read: { formula, types: Map<name, type> }, kept when lint finds no error. */
async function formulaPool() {
  const { lintText } = await import(LINT);
  const published = readFileSync(PUBLISHED, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const candidates = [
    ...published.filter((e) => e.verdict === 'valid').map((e) => ({ formula: e.formula, schema: e.schema })),
    ...loadCorpus().filter((e) => e.expect !== 'invalid').map((e) => ({ formula: e.formula, schema: undefined })),
  ];
  const pool = [];
  for (const { formula, schema } of candidates) {
    const names = columnsOf(formula);
    if (names.length === 0) continue; // a formula that reads no column tells nothing about a schema
    const types = new Map(names.map((name) => [name, schema?.find((c) => c.name === name)?.type ?? typeFromName(name)]));
    const columns = [...types].map(([name, type], order) => ({ name, id: `c${order}`, type, visible: true, order }));
    if (lintText(formula, { schema: columns }).errorCount === 0) pool.push({ formula, types });
  }
  return pool;
}

/** Numbers re-drawn, so that the calculations of a dataset are not copies of each other. */
function redrawNumbers(formula, random) {
  // Only numbers outside quotes and backticks: a date format or a column name stays as it is.
  return formula.replace(/('[^']*'|"[^"]*"|`[^`]*`)|\b\d+(\.\d+)?\b/g, (m, quoted) => quoted ?? (m.includes('.') ? (random() * 100).toFixed(2) : String(1 + Math.floor(random() * 90))));
}

const FILLER_TYPES = ['STRING', 'LONG', 'DECIMAL', 'DOUBLE', 'DATE', 'DATETIME'];

/**
 * The datasets and calculations: { datasets: [{ key, id, name, columns }], calculations: [{ id, key, file, name,
 * expression }] }. Each dataset has the columns its formulas read (a name read with two types becomes two columns,
 * `Name` and `Name 2`) and unused ones up to `minColumns`; ids are stable (`col_<n>`), as the service's are.
 */
export async function generateSchemaProject({ calculations, datasets, seed = 33, minColumns = 30 }) {
  const random = mulberry32(seed);
  const { lintText } = await import(LINT);
  const pool = await formulaPool();
  const perDataset = Math.ceil(calculations / datasets);
  const outDatasets = [];
  const outCalculations = [];
  let nextId = 100_001;
  for (let d = 0; d < datasets && outCalculations.length < calculations; d++) {
    const key = `d${String(d + 1).padStart(2, '0')}`;
    const columns = new Map(); // name → { name, id, type }
    const column = (name, type) => {
      for (let n = 1; ; n++) {
        const candidate = n === 1 ? name : `${name} ${n}`;
        const existing = columns.get(candidate);
        if (!existing) {
          columns.set(candidate, { name: candidate, id: `col_${columns.size + 1}`, type });
          return candidate;
        }
        if (existing.type === type) return candidate;
      }
    };
    const plain = [];
    const count = Math.min(perDataset, calculations - outCalculations.length);
    for (let i = 0; i < count; i++) {
      const id = nextId++;
      const file = `formulas/${key}/m${String(i + 1).padStart(4, '0')}.calc`;
      let expression;
      if (i % 50 === 49 && plain.length > 0) {
        const target = plain[Math.floor(random() * plain.length)];
        expression = `SVC_BEAST_MODE(${target}) * ${1 + Math.floor(random() * 9)}`;
      } else {
        const entry = pool[Math.floor(random() * pool.length)];
        const renames = new Map([...entry.types].map(([name, type]) => [name, column(name, type)]));
        const withColumns = (text) => text.replace(/`([^`]+)`/g, (_, name) => `\`${renames.get(name) ?? name}\``);
        const types = [...entry.types].map(([name, type], order) => ({ name, id: `c${order}`, type, visible: true, order }));
        // Numbers re-drawn, unless that breaks the formula (a WEEK mode, a DAYOFWEEK value out of range).
        const redrawn = redrawNumbers(entry.formula, random);
        expression = withColumns(lintText(redrawn, { schema: types }).errorCount === 0 ? redrawn : entry.formula);
        plain.push(id);
      }
      outCalculations.push({ id, key, file, name: `${key} metric ${i + 1}`, expression });
    }
    for (let n = 1; columns.size < minColumns; n++) column(`Attribute ${n}`, FILLER_TYPES[n % FILLER_TYPES.length]);
    outDatasets.push({
      key,
      id: `bench-${key}`,
      name: `Bench dataset ${d + 1}`,
      columns: [...columns.values()].map((c, order) => ({ name: c.name, id: c.id, type: c.type, visible: true, order })),
    });
  }
  return { datasets: outDatasets, calculations: outCalculations, poolSize: pool.length };
}

/** The emulator's fixtures for a generated project. */
export function fixturesOf(project) {
  return {
    description: 'calckit schema benchmark (bench/schemas.mjs)',
    datasets: project.datasets.map((d) => ({ id: d.id, name: d.name, columns: d.columns })),
    calculations: project.calculations.map((c) => ({ id: c.id, name: c.name, owner: 1, expression: c.expression, locked: false, datasetId: `bench-${c.key}` })),
  };
}

/** Writes the calckit project (calckit.json and the formula files, no schema files) into `dir`. */
export function writeProject(dir, project, baseUrl) {
  const config = {
    service: { name: 'SVC', baseUrl },
    datasets: Object.fromEntries(project.datasets.map((d) => [d.key, { id: d.id }])),
    calculations: Object.fromEntries(project.calculations.map((c) => [c.file, { id: c.id, dataset: c.key, name: c.name }])),
  };
  for (const d of project.datasets) mkdirSync(join(dir, 'formulas', d.key), { recursive: true });
  for (const c of project.calculations) writeFileSync(join(dir, c.file), `${c.expression}\n`);
  writeFileSync(join(dir, 'calckit.json'), `${JSON.stringify(config, null, 2)}\n`);
}
