// Builds the workbench page into the static folder dist/site/: index.html, workbench.css, main.js (the page and the
// editor, an ES module) and worker.js (calckit's language server, a classic worker script), with the repository's
// examples embedded. Every URL in it is relative, so any static host or sub-path serves it. Prints each file's size
// minified and compressed (gzip, brotli), the page's JavaScript budget.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { parse as parseYaml } from 'yaml';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(PACKAGE, '../..');
const EXAMPLES = join(ROOT, 'examples');
export const SITE = join(PACKAGE, 'dist/site');

/** The first group-by a formula's test file uses (a sensible default for the page's picker), if any. */
function groupByOfTests(formulaFile) {
  for (const suffix of ['.test.json', '.test.yaml', '.test.yml']) {
    let text;
    try {
      text = readFileSync(formulaFile + suffix, 'utf8');
    } catch {
      continue;
    }
    const tests = (suffix === '.test.json' ? JSON.parse(text) : parseYaml(text))?.tests ?? [];
    const grouped = tests.find((t) => Array.isArray(t.groupBy) && t.groupBy.length > 0);
    return grouped ? grouped.groupBy : undefined;
  }
  return undefined;
}

/** examples/: schemas, the formulas the project maps with their dataset, and the rows of the sales dataset. */
function readExamples() {
  const project = JSON.parse(readFileSync(join(EXAMPLES, 'calckit.json'), 'utf8'));
  const schemaNames = new Map(Object.entries(project.datasets).map(([name, d]) => [d.schema, name]));
  const schemas = readdirSync(join(EXAMPLES, 'schemas')).filter((f) => f.endsWith('.json')).sort().map((file) => ({
    name: schemaNames.get(`schemas/${file}`) ?? basename(file, '.json'),
    text: readFileSync(join(EXAMPLES, 'schemas', file), 'utf8').trim(),
  }));
  // Rows for a dataset: examples/data/orders.csv holds the sales dataset's.
  const rowsOf = { sales: readFileSync(join(EXAMPLES, 'data/orders.csv'), 'utf8') };
  const formulas = Object.entries(project.calculations).map(([file, c]) => {
    const path = join(EXAMPLES, file);
    const groupBy = groupByOfTests(path);
    return {
      name: basename(file, '.calc'),
      title: c.name ?? basename(file, '.calc'),
      text: readFileSync(path, 'utf8').replace(/\s+$/u, ''),
      schema: c.dataset,
      ...(rowsOf[c.dataset] ? { csv: rowsOf[c.dataset] } : {}),
      ...(groupBy ? { groupBy } : {}),
    };
  });
  return { schemas, formulas };
}

export async function buildSite({ quiet = false } = {}) {
  rmSync(SITE, { recursive: true, force: true });
  mkdirSync(SITE, { recursive: true });
  const common = { conditions: ['source'], bundle: true, minify: true, platform: 'browser', target: 'es2022', absWorkingDir: PACKAGE, logLevel: 'warning', legalComments: 'none' };
  await build({
    ...common,
    entryPoints: { main: 'src/main.ts' },
    outdir: SITE,
    format: 'esm',
    define: { __WORKBENCH_EXAMPLES__: JSON.stringify(readExamples()) },
  });
  // A classic worker script: `new Worker(url)` without `type: 'module'` runs in every browser that has workers.
  await build({ ...common, entryPoints: { worker: 'src/worker.ts' }, outdir: SITE, format: 'iife' });
  for (const file of ['index.html', 'workbench.css']) copyFileSync(join(PACKAGE, 'src', file), join(SITE, file));
  const sizes = readdirSync(SITE).sort().map((file) => {
    const bytes = readFileSync(join(SITE, file));
    return {
      file,
      bytes: statSync(join(SITE, file)).size,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  if (!quiet) {
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    for (const s of sizes) console.log(`  ${s.file.padEnd(14)} ${kib(s.bytes).padStart(10)}  gzip ${kib(s.gzip).padStart(9)}  brotli ${kib(s.brotli).padStart(9)}`);
    console.log(`workbench: wrote ${SITE}`);
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await buildSite();
  } catch (error) {
    console.error(`workbench build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
