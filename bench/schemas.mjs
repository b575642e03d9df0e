// Schema commands at scale: a project of 10,000 calculations over 50 datasets (bench/lib/schema-project.mjs: real
// formulas over typed columns) served by the emulator, and, side by side in the same run, each as the whole command
// a user runs (a new process, start-up included): `calckit lint` on the project (the reference), `calckit schema pull`
// (every dataset; the refresh of schema files already pulled, nothing changed), `calckit schema diff` (every dataset,
// after columns changed in the service), `calckit schema impact` (every dataset, what those changes break; and of one
// dataset against a proposed schema file that renames its most-read column: the impact of a rename) and `calckit schema
// rename` (that column, in every formula that reads it and in its schema file). The
// service's changes, on one dataset in five: its most-read column renamed (same id), the next one dropped, the next
// one's type changed. Rounds run every command once, in that order; the changes are made before `diff` and undone
// after `rename`, and each rename is renamed back (untimed), so every round starts from the same project. Figures:
// medians of the CPU seconds each command costs, its process's (getrusage) plus the emulator's while it runs (from
// /proc: the service's share of pull, diff and impact), compared with lint's (which calls no service), as the other
// CLI figures compare CPU time on this shared machine; and of wall-clock seconds, shown beside. Every command is
// first run once (untimed) and its output checked: a command that fails or does not find the changes is reported as
// not available (with why), not timed; so is a subcommand this build does not have yet.
// Usage: node bench/schemas.mjs [--calculations N] [--datasets N] [--rounds N] [--json]
// (build first: npm run build; CALCKIT_BENCH_SCHEMA_CALCULATIONS=N sets the size for `npm run bench` too)
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processCpuS, startEmulatorProcess, stopProcess } from './lib/emulator-process.mjs';
import { measureProcess } from './lib/process.mjs';
import { fixturesOf, generateSchemaProject, writeProject } from './lib/schema-project.mjs';
import { median, ratio } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CALCKIT = join(ROOT, 'packages/cli/dist/calckit.js');
const CLIENT = pathToFileURL(join(ROOT, 'packages/client/dist/index.js')).href;
const DEVELOPER_TOKEN = 'bench-schemas-developer';
const SESSION_TOKEN = 'bench-schemas-session';

/**
 * The commands compared with lint, in the order a round runs them, each with the `calckit schema` subcommand it runs:
 * `impact` against the service's changed schemas, `impactOfRename` of a proposed schema file renaming one column.
 */
export const SCHEMA_COMMANDS = { pull: 'pull', diff: 'diff', impact: 'impact', impactOfRename: 'impact', rename: 'rename' };

/** Size from the environment (CALCKIT_BENCH_SCHEMA_CALCULATIONS), else the issue's 10,000 over 50 datasets. */
export function schemaBenchSize(quick) {
  const fromEnv = Number(process.env.CALCKIT_BENCH_SCHEMA_CALCULATIONS);
  const calculations = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : quick ? 2000 : 10_000;
  return { calculations, datasets: Math.max(1, Math.min(50, Math.round(calculations / 200))) };
}

/** How many formulas of each column name of a dataset read it (backticks only: enough to choose columns to change). */
function readers(project, key) {
  const count = new Map();
  for (const c of project.calculations) {
    if (c.key !== key) continue;
    for (const name of new Set([...c.expression.matchAll(/`([^`]+)`/g)].map((m) => m[1]))) count.set(name, (count.get(name) ?? 0) + 1);
  }
  return count;
}

/** The service's change to one dataset: its most-read column renamed, the next dropped, the next one's type changed. */
function changedColumns(dataset, readCount) {
  const byUse = [...dataset.columns].sort((a, b) => (readCount.get(b.name) ?? 0) - (readCount.get(a.name) ?? 0));
  const [renamed, dropped, retyped] = byUse;
  const otherType = (type) => (type === 'STRING' ? 'LONG' : 'STRING');
  const columns = dataset.columns
    .filter((c) => c !== dropped)
    .map((c) => (c === renamed ? { ...c, name: `${c.name} (renamed)` } : c === retyped ? { ...c, type: otherType(c.type) } : c));
  return { columns, renamed: renamed.name, dropped: dropped?.name, retyped: retyped?.name };
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

export async function benchSchemas({ calculations = 10_000, datasets = 50, rounds = 3, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-schemas-'));
  const projectDir = join(dir, 'project');
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    CALCKIT_CONFIG_DIR: join(dir, '.no-config'),
    CALCKIT_DEVELOPER_TOKEN: DEVELOPER_TOKEN,
    CALCKIT_SESSION_TOKEN: SESSION_TOKEN,
  };
  /** The command run once with its output kept (the untimed runs that check what it did). */
  const run = (args) =>
    new Promise((resolve, reject) => {
      execFile(process.execPath, [CALCKIT, ...args], { cwd: projectDir, env, maxBuffer: 512 << 20 }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? error.code : 0, stdout, stderr });
      });
    });
  /** The command run as a measured whole process (stdout discarded). */
  const measured = (args) => measureProcess(process.execPath, [CALCKIT, ...args], { cwd: projectDir, env });
  const fail = (what, result) => {
    throw new Error(`${what} exited ${result.code}: ${(result.stderr || result.stdout).slice(0, 400)}`);
  };
  const parse = (what, result) => {
    try {
      return JSON.parse(result.stdout);
    } catch {
      return fail(`${what} (not JSON)`, result);
    }
  };

  log(`  schemas: generating ${calculations.toLocaleString('en')} calculations over ${datasets} datasets`);
  const project = await generateSchemaProject({ calculations, datasets });
  const fixturesPath = join(dir, 'fixtures.json');
  writeFileSync(fixturesPath, JSON.stringify(fixturesOf(project)));
  const emulatorStarted = performance.now();
  const emulator = await startEmulatorProcess(join(dir, 'bench.sqlite'), fixturesPath, { developerToken: DEVELOPER_TOKEN, sessionToken: SESSION_TOKEN });
  const emulatorStartS = (performance.now() - emulatorStarted) / 1000;
  try {
    mkdirSync(projectDir);
    writeProject(projectDir, project, emulator.url);
    const { createClient } = await import(CLIENT);
    const client = createClient({ baseUrl: emulator.url, developerToken: DEVELOPER_TOKEN, sessionToken: SESSION_TOKEN, retries: 0, timeoutMs: 60_000 });

    // The service's changes (made before each diff, undone after each rename) and the column renamed locally.
    const changed = project.datasets.filter((_, i) => i % 5 === 0);
    const changes = changed.map((d) => ({ dataset: d, ...changedColumns(d, readers(project, d.key)) }));
    const first = project.datasets[0];
    const firstReaders = readers(project, first.key);
    const renameColumn = [...firstReaders].sort((a, b) => b[1] - a[1])[0][0];
    const renameArgs = (from, to) => ['schema', 'rename', first.key, from, to, '--json'];
    const renamedTo = `${renameColumn} renamed`;
    const impactOfRenameArgs = ['schema', 'impact', first.key, '--schema', join('proposed', `${first.key}.json`), '--format', 'json'];
    const changeService = () => Promise.all(changes.map((c) => client.setDatasetSchema(c.dataset.id, c.columns)));
    const restoreService = () => Promise.all(changes.map((c) => client.setDatasetSchema(c.dataset.id, c.dataset.columns)));

    // A subcommand this build does not have is reported as not available; its row is ready for when it lands.
    const help = await run(['schema', '--help']);
    const notAvailable = {};
    for (const [name, sub] of Object.entries(SCHEMA_COMMANDS)) {
      if (!new RegExp(`^\\s+${sub}\\b`, 'm').test(help.stdout)) notAvailable[name] = `\`calckit schema ${sub}\` is not in this build`;
    }
    const available = (name) => notAvailable[name] === undefined;

    // The first pull creates every schema file and maps it in calckit.json (timed once: it happens once). Without
    // it no other schema command has local schemas to work on.
    let pullFirst;
    if (available('pull')) {
      log('  schemas: first `calckit schema pull` (creates the schema files)');
      const service = processCpuS(emulator.child.pid);
      const m = await measured(['schema', 'pull']);
      const serviceCpuS = service === undefined ? 0 : processCpuS(emulator.child.pid) - service;
      const config = JSON.parse(readFileSync(join(projectDir, 'calckit.json'), 'utf8'));
      const mapped = Object.values(config.datasets).filter((d) => d.schema && existsSync(join(projectDir, d.schema))).length;
      if (m.exitCode !== 0 || mapped !== project.datasets.length) {
        const why = `the first calckit schema pull exited ${m.exitCode} and mapped ${mapped} of ${project.datasets.length} schema files: ${m.stderr.slice(0, 300)}`;
        for (const name of Object.keys(SCHEMA_COMMANDS)) notAvailable[name] ??= why;
      } else pullFirst = { wallS: m.wallS, cpuS: m.cpuS, serviceCpuS, totalCpuS: m.cpuS + serviceCpuS };
    } else for (const name of Object.keys(SCHEMA_COMMANDS)) notAvailable[name] ??= 'no schema files: `calckit schema pull` is not in this build';

    // One untimed run of each command, its outcome checked (a command that fails, or does not see the changes, is
    // not timed); it also warms the file cache.
    log('  schemas: checking each command once');
    const lintCheck = await run(['lint', '--format', 'json']);
    if (lintCheck.code > 1) fail('calckit lint', lintCheck);
    const lintFiles = parse('calckit lint', lintCheck);
    const lintProblems = lintFiles.reduce((n, f) => n + f.messages.length, 0);
    if (lintFiles.length !== project.calculations.length) throw new Error(`calckit lint reported ${lintFiles.length} files, expected ${project.calculations.length}`);
    const checks = { changedDatasets: changes.length };
    const checked = async (name, check) => {
      if (!available(name)) return;
      try {
        await check();
      } catch (error) {
        notAvailable[name] = error instanceof Error ? error.message : String(error);
      }
    };
    await checked('pull', async () => {
      const again = await run(['schema', 'pull', '--json']);
      if (again.code !== 0) fail('calckit schema pull (again)', again);
    });
    await changeService();
    await checked('diff', async () => {
      const diff = await run(['schema', 'diff', '--json']);
      if (diff.code !== 1) fail('calckit schema diff (expected 1: schemas differ)', diff);
      checks.diffFoundChanges = changes.filter((c) => diff.stdout.includes(c.renamed) && (!c.dropped || diff.stdout.includes(c.dropped))).length;
      if (checks.diffFoundChanges !== changes.length) throw new Error(`calckit schema diff reported the changes of ${checks.diffFoundChanges} of ${changes.length} changed datasets`);
    });
    await checked('impact', async () => {
      const impact = await run(['schema', 'impact', '--format', 'json']);
      if (impact.code !== 1) fail('calckit schema impact (expected 1: formulas break)', impact);
      checks.impact = impactSize(parse('calckit schema impact', impact));
      if (checks.impact.formulas === 0) throw new Error('calckit schema impact found no formula broken by the changes');
    });
    await checked('rename', async () => {
      const rename = await run(renameArgs(renameColumn, renamedTo));
      if (rename.code !== 0) fail('calckit schema rename', rename);
      const rewritten = project.calculations.filter((c) => c.key === first.key && readFileSync(join(projectDir, c.file), 'utf8').includes(`\`${renamedTo}\``)).length;
      const back = await run(renameArgs(renamedTo, renameColumn));
      if (back.code !== 0) fail('calckit schema rename (back)', back);
      if (rewritten !== firstReaders.get(renameColumn)) throw new Error(`calckit schema rename rewrote ${rewritten} files, expected ${firstReaders.get(renameColumn)}`);
      checks.renamed = { dataset: first.key, column: renameColumn, formulas: rewritten };
    });
    // The impact of a rename before making it: d01's schema file with its most-read column renamed (same id).
    const proposed = join(projectDir, 'proposed', `${first.key}.json`);
    await checked('impactOfRename', async () => {
      const schemaFile = JSON.parse(readFileSync(join(projectDir, 'calckit.json'), 'utf8')).datasets[first.key].schema;
      const columns = JSON.parse(readFileSync(join(projectDir, schemaFile), 'utf8'));
      mkdirSync(join(projectDir, 'proposed'), { recursive: true });
      writeFileSync(proposed, `${JSON.stringify(columns.map((c) => (c.name === renameColumn ? { ...c, name: renamedTo } : c)), null, 2)}\n`);
      const impact = await run(impactOfRenameArgs);
      if (impact.code !== 1) fail('calckit schema impact --schema (expected 1: formulas break)', impact);
      checks.impactOfRename = impactSize(parse('calckit schema impact --schema', impact));
      if (checks.impactOfRename.formulas < firstReaders.get(renameColumn)) {
        throw new Error(`calckit schema impact --schema listed ${checks.impactOfRename.formulas} formulas, expected at least the ${firstReaders.get(renameColumn)} that read \`${renameColumn}\``);
      }
    });
    await restoreService();

    const timed = ['lint', ...Object.keys(SCHEMA_COMMANDS).filter(available)];
    const perRound = [];
    for (let r = 0; r < rounds; r++) {
      log(`  schemas: round ${r + 1} of ${rounds}`);
      const round = {};
      const time = async (name, args, exitCodes) => {
        if (!timed.includes(name)) return;
        const service = processCpuS(emulator.child.pid);
        const m = await measured(args);
        const serviceCpuS = service === undefined ? 0 : processCpuS(emulator.child.pid) - service;
        if (!exitCodes.includes(m.exitCode)) throw new Error(`calckit ${name} exited ${m.exitCode} in round ${r + 1}: ${m.stderr.slice(0, 400)}`);
        round[name] = { wallS: m.wallS, cpuS: m.cpuS, serviceCpuS, totalCpuS: m.cpuS + serviceCpuS, maxRssMb: m.maxRssKb / 1024 };
      };
      await time('lint', ['lint'], [0, 1]);
      await time('pull', ['schema', 'pull'], [0]);
      await changeService();
      await time('diff', ['schema', 'diff'], [1]);
      await time('impact', ['schema', 'impact'], [1]);
      await time('impactOfRename', impactOfRenameArgs, [1]);
      await time('rename', renameArgs(renameColumn, renamedTo), [0]);
      if (timed.includes('rename')) {
        const undo = await run(renameArgs(renamedTo, renameColumn));
        if (undo.code !== 0) fail('calckit schema rename (back)', undo);
      }
      await restoreService();
      perRound.push(round);
    }
    const summary = (name) => ({
      wallS: median(perRound.map((r) => r[name].wallS)),
      cpuS: median(perRound.map((r) => r[name].cpuS)),
      serviceCpuS: median(perRound.map((r) => r[name].serviceCpuS)),
      totalCpuS: median(perRound.map((r) => r[name].totalCpuS)),
      maxRssMb: Math.max(...perRound.map((r) => r[name].maxRssMb)),
    });
    const lint = summary('lint');
    const commands = Object.fromEntries(
      Object.keys(SCHEMA_COMMANDS).map((name) => {
        if (!available(name)) return [name, { notAvailable: notAvailable[name] }];
        const s = summary(name);
        return [name, { ...s, overLintWall: ratio(s.wallS, lint.wallS), overLintCpu: ratio(s.totalCpuS, lint.totalCpuS) }];
      }),
    );
    return {
      calculations: project.calculations.length,
      datasets: project.datasets.length,
      columns: project.datasets.reduce((n, d) => n + d.columns.length, 0),
      formulaPool: project.poolSize,
      rounds,
      emulatorStartS,
      lint: { ...lint, problems: lintProblems },
      pullFirst: pullFirst && { ...pullFirst, overLintWall: ratio(pullFirst.wallS, lint.wallS), overLintCpu: ratio(pullFirst.totalCpuS, lint.totalCpuS) },
      commands,
      checks,
      perRound,
    };
  } finally {
    await stopProcess(emulator.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many findings the impact's JSON report lists, and in how many formula files. */
function impactSize(report) {
  const findings = Array.isArray(report.findings) ? report.findings : [];
  return { findings: findings.length, formulas: new Set(findings.map((f) => f.file)).size };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = schemaBenchSize(false);
  const result = await benchSchemas({
    calculations: arg('calculations', size.calculations),
    datasets: arg('datasets', size.datasets),
    rounds: arg('rounds', 3),
    log: (m) => console.error(m),
  });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    const f = (x) => (typeof x === 'number' ? x.toFixed(2) : '?');
    console.log(`${result.calculations} calculations over ${result.datasets} datasets (${result.columns} columns); medians of ${result.rounds} rounds:`);
    console.log(`  calckit lint            ${f(result.lint.wallS)} s (CPU ${f(result.lint.cpuS)} s), ${result.lint.problems} problems`);
    if (result.pullFirst) console.log(`  calckit schema pull, first ${f(result.pullFirst.wallS)} s (CPU ${f(result.pullFirst.cpuS)} s + service ${f(result.pullFirst.serviceCpuS)} s): ${f(result.pullFirst.overLintCpu)}× lint's CPU`);
    for (const [name, c] of Object.entries(result.commands)) {
      console.log(`  calckit schema ${name.padEnd(8)} ${c.notAvailable ? `not available: ${c.notAvailable}` : `${f(c.wallS)} s (CPU ${f(c.cpuS)} s + service ${f(c.serviceCpuS)} s): ${f(c.overLintCpu)}× lint's CPU, ${f(c.overLintWall)}× its wall`}`);
    }
    console.log(`  checks: ${JSON.stringify(result.checks)}`);
  }
}
