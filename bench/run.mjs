// `npm run bench`: one command, one run. Installs the Debian peers when missing (scripts/bench/install.sh), runs
// every section (parse, CLI lint, lint time per KB from 1 KB to 1 MB, editor latency, memory, emulator, import, schema
// commands at scale, calckit eval over CSV against JSON, the workbench page in headless Chromium) and writes
// bench/results/latest.json and latest.md, and pastes the results into docs/benchmarks.md. A part not built yet
// is reported as "not available". Usage: node bench/run.mjs [--only parse,lint,scale,editor,emulator,import,schemas,evaluate,csv,workbench] [--quick] [--no-docs]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchEmulator } from './emulator.mjs';
import { benchImport } from './import.mjs';
import { benchLintCli } from './lint-cli.mjs';
import { benchEditorSideBySide } from './lsp-side-by-side.mjs';
import { benchParse } from './parse.mjs';
import { benchScale } from './scale.mjs';
import { benchSchemas, schemaBenchSize } from './schemas.mjs';
import { benchWorkbench } from './workbench.mjs';
import { machine, peerVersions } from './lib/machine.mjs';
import { benchOurLsp } from './lib/ours-lsp.mjs';
import { RESULTS_PAGE, pasteLatestResults } from './lib/results-page.mjs';
import { goals, renderMarkdown } from './lib/report.mjs';
import { section } from './lib/sections.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (m) => console.error(`[bench] ${m}`);
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const only = onlyArg ? new Set(onlyArg.split(',')) : undefined;
const quick = process.argv.includes('--quick');
const wanted = (name) => !only || only.has(name);

const install = spawnSync('bash', [`${ROOT}scripts/bench/install.sh`], { stdio: 'inherit' });
if (install.status !== 0) log('scripts/bench/install.sh failed: sections that need sqlfluff will say "not available"');

const skipped = { notAvailable: 'not run (--only)' };

/** bench/evaluate.mjs run as a child process (its log on our stderr, its result as JSON on its stdout). */
function benchEvaluateInChild(rows) {
  const child = spawnSync(process.execPath, [`${ROOT}bench/evaluate.mjs`, String(rows)], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (child.status !== 0) throw new Error(`bench/evaluate.mjs exited with ${child.status ?? child.signal}`);
  return JSON.parse(child.stdout);
}
/** bench/csv.mjs run as a child process, as bench/evaluate.mjs (its heap figure wants a heap of its own). */
function benchCsvInChild(rounds) {
  const child = spawnSync(process.execPath, [`${ROOT}bench/csv.mjs`, '--rounds', String(rounds)], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (child.status !== 0) throw new Error(`bench/csv.mjs exited with ${child.status ?? child.signal}`);
  return JSON.parse(child.stdout);
}
const results = {
  startedAt: new Date().toISOString(),
  machine: machine(),
  versions: peerVersions(),
  method:
    `This machine's ${machine().cores} cores also run other processes (the load average at the start is given above), so wall-clock figures vary from run to run: throughput and CLI figures compare CPU time (user+system, process.cpuUsage in-process, getrusage for whole processes), as medians of repeated runs after warm-up (the parse comparisons warm each parser up until V8's compiled code has stopped growing for a second, so that no figure includes the compiler threads' time of its first seconds). Editor change→diagnostics is wall-clock: both language servers run at once, each in its own process started by one benchmark process over stdio, and are edited in turn, one edit each at a time, the first of the pair alternating; each gets a document of 5,000 characters (ours a formula mapped to a dataset schema, sql-language-server two SELECT statements that its parser accepts and its linter lints whole), the same edits (first a digit typed into a number near the middle and deleted again, a token changed that both servers parse and lint again; then a space typed after a space near the middle and deleted again, which ours moves its diagnostics over without parsing), sent as the whole text (full sync, as sql-language-server declares) with no debounce on either side, timed from sending the change to the diagnostics of that change; percentiles over 200 edits each after 20 warm-up edits each, in 3 rounds with fresh server processes, every figure (the goal's ratio of our p99 to their p50 too) the median over the rounds. Each server runs with its defaults: ours warms up its keystroke path while idle after start-up (see docs/language-server.md), here during sql-language-server's start-up. Completion, our server's memory and its 100 KB figures come from bench/lsp-latency.mjs, run on its own. The emulator figure is wall-clock over a 5 s run after a 1 s warm-up (the median of 3 rounds, each a fresh emulator process and file database); its 16 clients are a lean kept-alive HTTP/1.1 client in another process, so that the load generator takes little of the CPU the emulator runs on, and the disk's own fsync latency is measured in the same run (no durable update can be faster); the import figures are wall-clock medians of 3 rounds, over loopback and through a proxy adding a 10 ms round trip. The schema commands (pull, diff, impact, rename) and lint run as whole processes, one after another in each of 3 rounds, on one generated project against an emulator process; their figures are medians of CPU time, the command's (getrusage) plus the emulator process's while it runs (from /proc), against lint's (which calls no service), with wall-clock time beside. Generated corpora come from test/corpus/formulas.jsonl with a fixed seed. \`calckit eval\` over CSV against JSON runs whole processes on the same 100,000 generated rows in each format (CPU time from getrusage), CSV and JSON in turn in each of 3 rounds after an untimed pair; its figure is the median of the pairs' ratios. The workbench page (its site as \`npm run build\` writes it) runs in headless Chromium, loaded with \`?diagnosticsDelay=0\` (no debounce) unless said otherwise, against the Node server over stdio fed the very messages the page's client posted to its worker (the same initialize options and schema setting, the same one-character incremental changes and requests, in the same order around each keystroke's diagnostics): load to first diagnostics from navigation start, a fresh browser context each (median of 5), against the Node server from spawn (median of 5); keystroke to diagnostics from the page's keydown, 100 characters typed after 20 warm-up ones at the start of a line near the middle of the 5,000-character formula, against the Node server from sending the change, once as typed (the page without the query, so both with the server's default debounce) and once with no debounce (with the page's worker script alone in a blank document fed the same messages, and the page in a Chromium launched with DeferRendererTasksAfterInput disabled, which tell the server's and the browser's shares), in 3 rounds with a fresh page and server each, the medians over the rounds; its size is the page's HTML, CSS and JavaScript compressed (gzip 9, brotli 11) against a minimal CodeMirror editor with @codemirror/lsp-client bundled the same way (packages/workbench/scripts/editor-sizes.mjs).`,
};
const FORMULA = 'packages/formula/dist/index.js';
results.parse = wanted('parse') ? await section('parse throughput', [FORMULA], () => benchParse({ log }), log) : skipped;
results.lint = wanted('lint')
  ? await section('CLI lint', ['packages/cli/dist/calckit.js', 'packages/lint/dist/index.js'], () => benchLintCli({ log, sizes: quick ? [200, 1000] : [1000, 10000] }), log)
  : skipped;
// Lint time per KB of one formula, 1 KB to 1 MB (part of the lint figures; `--only=scale` runs it alone).
results.scale = wanted('scale') || wanted('lint')
  ? await section('lint time per KB (1 KB to 1 MB)', ['packages/lint/dist/index.js', FORMULA], () => benchScale({ quick, log }), log)
  : skipped;
// Editor: ours against sql-language-server edit by edit (the change→diagnostics comparison), then our server alone
// (completion, memory, a 100 KB formula).
results.editor = wanted('editor')
  ? {
      sideBySide: await section('editor latency side by side (ours, sql-language-server)', ['packages/language-server/dist/calckit-language-server.js'], () => benchEditorSideBySide({ iterations: 200 }), log),
      ours: await section('editor latency (ours alone) and memory', ['packages/language-server/dist/calckit-language-server.js'], () => benchOurLsp({ iterations: 100, documents: quick ? 200 : 1000 }), log),
    }
  : { sideBySide: skipped, ours: skipped };
results.emulator = wanted('emulator')
  ? await section('emulator', ['packages/emulator/dist/index.js'], () => benchEmulator({ clients: 16, seconds: quick ? 2 : 5 }), log)
  : skipped;
results.import = wanted('import')
  ? await section(
      'import',
      ['packages/cli/dist/calckit.js', 'packages/cli/dist/commands/import.js', 'packages/client/dist/index.js', 'packages/emulator/dist/index.js'],
      () => benchImport({ calculations: 1000, rounds: quick ? 1 : 3 }),
      log,
    )
  : skipped;
// Schema commands at scale: pull, diff, impact and rename of a project of 10,000 calculations over 50 datasets (2,000
// over 10 with --quick; CALCKIT_BENCH_SCHEMA_CALCULATIONS=N for another size), against lint on the same project.
results.schemas = wanted('schemas')
  ? await section(
      'schema commands at scale',
      ['packages/cli/dist/calckit.js', 'packages/client/dist/index.js', 'packages/emulator/dist/index.js', 'packages/lint/dist/index.js'],
      () => benchSchemas({ ...schemaBenchSize(quick), rounds: quick ? 1 : 3, log }),
      log,
    )
  : skipped;
// Evaluation against MariaDB over the same 1,000,000 rows (100,000 with --quick), CPU time; memory per row. In a
// process of its own, as the parse comparisons: a heap holding the earlier sections' leftovers made the garbage
// collector's share of one formula vary twofold from run to run.
results.evaluate = wanted('evaluate')
  ? await section('evaluate vs MariaDB', ['packages/evaluate/dist/index.js'], () => benchEvaluateInChild(quick ? 100_000 : 1_000_000), log)
  : skipped;
// `calckit eval` over 100,000 rows in CSV against the same rows in JSON, whole processes, with and without a schema.
results.csv = wanted('csv')
  ? await section('calckit eval over CSV vs JSON', ['packages/cli/dist/calckit.js', 'packages/evaluate/dist/index.js'], () => benchCsvInChild(quick ? 1 : 3), log)
  : skipped;
// The workbench page in headless Chromium against the Node server over stdio (load, keystrokes) and against the editor
// alone (size); the site is built first when missing.
results.workbench = wanted('workbench')
  ? await section(
      'workbench page',
      ['packages/language-server/dist/browser/calckit-language-server.js', 'packages/language-server/dist/calckit-language-server.js'],
      () => benchWorkbench({ rounds: quick ? 1 : 3, loads: quick ? 3 : 5, log }),
      log,
    )
  : skipped;
results.finishedAt = new Date().toISOString();
results.goals = goals(results);

const markdown = renderMarkdown(results);
mkdirSync(`${ROOT}bench/results`, { recursive: true });
writeFileSync(`${ROOT}bench/results/latest.json`, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(`${ROOT}bench/results/latest.md`, `${markdown}\n`);
// --no-readme: the flag's earlier name, from when the results were pasted into the README.
const pasteResults = !process.argv.includes('--no-docs') && !process.argv.includes('--no-readme');
if (pasteResults && !only && !quick) {
  if (!pasteLatestResults(`${ROOT}${RESULTS_PAGE}`, markdown)) log(`${RESULTS_PAGE} has no bench markers: results not pasted`);
}
console.log(markdown);
