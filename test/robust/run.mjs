// `npm run test:robust`: the robustness suite. Fuzzes lexer, parser, analysis, formatter and linter (≥100,000
// inputs, and long shapes: 100,000-term chains, 10,000-WHEN CASEs, 100,000-value lists, megabyte literals, each checked
// for linear time), replays random edit streams against the language server, sends the emulator bad input, tries every escape
// route out of its code-function sandbox, and kills it during writes. Prints the counts (inputs tried, failures,
// writes lost); exits 1 on any failure or lost write.
// Usage: node test/robust/run.mjs [--quick] [--seed N] [--json] [--only core,lsp,emulator,escape,kill]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { killDuringWrites } from './emulator-kill.mjs';
import { fuzzEmulatorInput } from './emulator-bad-input.mjs';
import { escapeSuite } from './emulator-escape.mjs';
import { fuzzCore, fuzzLongShapes, replayRegressions } from './fuzz-core.mjs';
import { fuzzLanguageServer } from './lsp-edits.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const json = argv.includes('--json');
const seedAt = argv.indexOf('--seed');
const seed = seedAt === -1 ? 20261122 : Number(argv[seedAt + 1]);
const only = argv.find((a) => a.startsWith('--only='))?.split('=')[1].split(',');
const wanted = (name) => !only || only.includes(name);
const log = (m) => console.error(`[robust] ${m}`);

/** Sizes of each part: the full run, and the quick one CI runs (under about two minutes on a loaded 2-core box). */
const SIZES = quick
  ? { core: 4_000, valid: 1_000, chunk: 2_000, longScale: 0.05, streams: 2, edits: 150, badRequests: 300, killRounds: 2 }
  : { core: 100_000, valid: 20_000, chunk: 5_000, longScale: 1, streams: 20, edits: 400, badRequests: 5_000, killRounds: 10 };

const built = (rel) => existsSync(`${ROOT}${rel}`);
const results = { mode: quick ? 'quick' : 'full', seed };
const t0 = performance.now();

if (wanted('core')) {
  results.regressions = await replayRegressions();
  results.core = await fuzzCore({ runs: SIZES.core, validRuns: SIZES.valid, chunk: SIZES.chunk, seed, log });
  results.longShapes = await fuzzLongShapes({ scale: SIZES.longScale, seed, log });
}
if (wanted('lsp')) {
  results.languageServer = built('packages/language-server/dist/calckit-language-server.js')
    ? await fuzzLanguageServer({ streams: SIZES.streams, edits: SIZES.edits, seed, log })
    : { notAvailable: 'packages/language-server is not built', failures: [] };
}
if (wanted('emulator') || wanted('escape') || wanted('kill')) {
  if (!built('packages/cli/dist/main.js') || !built('packages/emulator/dist/index.js')) {
    results.emulator = { notAvailable: 'packages/emulator or packages/cli is not built', failures: [] };
  } else {
    if (wanted('emulator')) results.emulator = await fuzzEmulatorInput({ runs: SIZES.badRequests, seed, log });
    if (wanted('escape')) results.escape = await escapeSuite({ log });
    if (wanted('kill')) results.kill = await killDuringWrites({ rounds: SIZES.killRounds, seed, log });
  }
}
results.seconds = Math.round((performance.now() - t0) / 100) / 10;

const failures = [
  ...(results.regressions?.failures ?? []).map((f) => `regression: ${f.message} — input ${JSON.stringify(f.counterexample)}`),
  ...(results.core?.failures ?? []).map((f) => `core: ${f.message} — input ${JSON.stringify(f.counterexample)} (seed ${f.seed})`),
  ...(results.longShapes?.failures ?? []).map((f) => `long shapes: ${f.message} — input ${JSON.stringify(f.counterexample)} (seed ${f.seed})`),
  ...(results.languageServer?.failures ?? []).map((f) => `language server: ${f}`),
  ...(results.emulator?.failures ?? []).map((f) => `emulator: ${f}`),
  ...(results.escape?.failures ?? []).map((f) => `emulator escape: ${f}`),
  ...(results.kill?.failures ?? []).map((f) => `emulator kill: ${f}`),
];
const inputsTried = (results.regressions?.tried ?? 0) + (results.core?.tried ?? 0) + (results.longShapes?.tried ?? 0) + (results.languageServer?.edits ?? 0) + (results.languageServer?.requests ?? 0) + (results.emulator?.tried ?? 0) + (results.escape?.tried ?? 0);
const summary = { inputsTried, failures: failures.length, writesLost: results.kill?.writesLost ?? 0, acknowledgedWrites: results.kill?.acknowledged ?? 0 };
const notAvailable = Object.entries(results).filter(([, v]) => v?.notAvailable).map(([k, v]) => `${k}: ${v.notAvailable}`);

if (json) console.log(JSON.stringify({ ...summary, results, failureList: failures, notAvailable }, null, 2));
else {
  console.log(`robustness (${results.mode}, seed ${seed}, ${results.seconds} s)`);
  if (results.core) console.log(`  core fuzzing: ${results.core.tried} inputs (lex, parse, analysis, format, lint; ${results.core.validTried} of them grammar-generated valid formulas), ${results.core.formatted} formattings checked for meaning, ${results.core.fixed} lint-fixed; ${results.core.failures.length} failing; ${results.regressions.tried} regression cases replayed`);
  if (results.longShapes?.shapes?.length) {
    const slowest = results.longShapes.shapes.reduce((a, b) => (b.msPerKb > a.msPerKb ? b : a));
    console.log(`  long shapes: ${results.longShapes.tried} (chains of 100,000 terms, CASEs of 10,000 WHENs, lists of 100,000 values, megabyte literals and comments, limits${quick ? '; at 1/20 of that size' : ''}), largest ${Math.max(...results.longShapes.shapes.map((x) => x.kb))} KB, slowest ${slowest.msPerKb} ms/KB (${slowest.name}); ${results.longShapes.failures.length} failing`);
  }
  if (results.languageServer && !results.languageServer.notAvailable) console.log(`  language server: ${results.languageServer.edits} edits and ${results.languageServer.requests} requests over stdio; ${results.languageServer.failures.length} failures`);
  if (results.emulator && !results.emulator.notAvailable) console.log(`  emulator bad input: ${results.emulator.tried} requests refused as ${Object.entries(results.emulator.statuses).map(([s, n]) => `${s}×${n}`).join(' ')}; ${results.emulator.failures.length} failures`);
  if (results.escape) console.log(`  emulator escape suite: ${results.escape.tried} routes (${Object.entries(results.escape.outcomes).map(([r, o]) => `${r} ${o}`).join(', ')}); sandbox layers: ${results.escape.layers.join(', ')}; ${results.escape.failures.length} failures`);
  if (results.kill) console.log(`  emulator SIGKILL: ${results.kill.rounds} kills during ${results.kill.acknowledged} acknowledged writes; writes lost: ${results.kill.writesLost}`);
  for (const n of notAvailable) console.log(`  not available: ${n}`);
  console.log(`inputs tried: ${summary.inputsTried}, failures: ${summary.failures}, writes lost: ${summary.writesLost}`);
  for (const f of failures.slice(0, 30)) console.log(`  FAIL ${f.slice(0, 500)}`);
}
process.exitCode = failures.length > 0 || summary.writesLost > 0 ? 1 : 0;
