// `calckit demo` (run by `npm start`): the example project end to end on the embedded emulator — start it on a free
// port with a temporary database, push the dataset schemas, lint, push and lock every formula, show the results.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@calckit/client';
import { DEFAULT_SERVICE_NAME, ProjectError, ProjectIndex, loadDatasetSchema, loadProject, recordPushes, serviceOrigin, type Project, type PushRecordInput } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { summarise, type CalculationSummary } from '../service/calculation-view.js';
import { pushFiles, type PushCommandResult } from '../service/push-files.js';
import { detailLines, progressLine } from '../service/push-report.js';
import { loadEmulator, sqliteProblem } from './serve.js';

/** examples/ at the repository root, found by walking up from this module (src/commands, dist/commands and the
 * bundled dist/calckit.js stand at different depths). */
export const EXAMPLES_PROJECT = findExamples(dirname(fileURLToPath(import.meta.url)));

function findExamples(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'examples', 'calckit.json');
    if (existsSync(candidate) || dirname(dir) === dir) return candidate;
  }
}

export interface DemoOptions {
  /** Project file or directory (default: the repository's examples/). */
  readonly project?: string;
  /** Fixtures file (default: fixtures.json beside the project file). */
  readonly fixtures?: string;
  /** Progress lines (human mode). */
  readonly log?: (line: string) => void;
}

export interface DemoResult {
  readonly url: string;
  readonly project: string;
  readonly schemas: ReadonlyArray<{ readonly dataset: string; readonly id: string; readonly columns: number; readonly error: string | null }>;
  readonly push: PushCommandResult;
  readonly calculations: ReadonlyArray<CalculationSummary & { readonly file: string }>;
  readonly exitCode: number;
}

export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const log = options.log ?? (() => {});
  const project = openProject(options.project);
  const fixtures = options.fixtures ?? join(project.root, 'fixtures.json');
  if (!existsSync(fixtures)) throw new CliExit(EXIT_USAGE, `calckit demo: no fixtures file at ${fixtures} (give one with --fixtures)`);
  const temp = mkdtempSync(join(tmpdir(), 'calckit-demo-'));
  const tokens = { developerToken: randomBytes(24).toString('base64url'), sessionToken: randomBytes(24).toString('base64url') };
  const serviceName = project.service?.name ?? DEFAULT_SERVICE_NAME;
  // Loaded only when the demo runs (native SQLite): see commands/index.ts.
  const emulator = await loadEmulator()
    .then(({ startEmulator }) => startEmulator({ port: 0, dataPath: join(temp, 'emulator.db'), fixtures, serviceName, ...tokens }))
    .catch((error: unknown) => {
      rmSync(temp, { recursive: true, force: true });
      const sqlite = sqliteProblem(error);
      throw sqlite ? new CliExit(EXIT_USAGE, `calckit demo: ${sqlite}`) : error;
    });
  try {
    log(`emulator listening on ${emulator.url} (temporary database in ${temp})`);
    const client = createClient({ baseUrl: emulator.url, serviceName, ...tokens, retries: 2, timeoutMs: 15_000 });

    const schemas: Array<DemoResult['schemas'][number]> = [];
    for (const [key, dataset] of Object.entries(project.datasets)) {
      if (dataset.schemaPath === undefined) continue;
      try {
        const columns = loadDatasetSchema(project, key);
        await client.setDatasetSchema(dataset.id, columns);
        schemas.push({ dataset: key, id: dataset.id, columns: columns.length, error: null });
        log(`schema push ${key} (${dataset.id}): ${columns.length} columns`);
      } catch (error) {
        schemas.push({ dataset: key, id: dataset.id, columns: 0, error: (error as Error).message });
        log(`schema push ${key} (${dataset.id}): FAILED ${(error as Error).message}`);
      }
    }

    // The demo seeded this emulator itself, so the formulas it holds now count as pushed from here (as after
    // `calckit import`): the push replaces them without a conflict, and any other change would still be one.
    const statePath = join(temp, 'state.json'); // the repository's state file is left alone
    const seeded: PushRecordInput[] = [];
    for (const calc of project.calculations) {
      const remote = await client.readCalculation(calc.id).catch(() => undefined);
      if (remote !== undefined) seeded.push({ id: calc.id, checkSum: remote.checkSum, file: calc.path });
    }
    recordPushes(statePath, serviceOrigin(emulator.url), seeded);

    log(`lint, push and lock ${project.calculations.length} formulas:`);
    const push = await pushFiles({
      project,
      client,
      serviceName,
      paths: [],
      lockAfter: true,
      statePath,
      cwd: project.root,
      onResult: (r, done, total) => {
        log(`  ${progressLine(r, done, total)}`);
        for (const line of detailLines(r)) log(`  ${line}`);
      },
    });

    const problems = push.results.flatMap((r) => r.problems);
    log(`lint: ${push.results.length} files, ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warning').length} warnings`);

    const calculations: Array<DemoResult['calculations'][number]> = [];
    for (const calc of project.calculations) {
      try {
        calculations.push({ ...summarise(await client.readCalculation(calc.id)), file: calc.path });
      } catch (error) {
        log(`  cannot read calculation ${calc.id}: ${(error as Error).message}`);
      }
    }
    const ok = push.exitCode === EXIT_OK && schemas.every((s) => s.error === null) && calculations.length === project.calculations.length;
    return { url: emulator.url, project: project.file, schemas, push, calculations, exitCode: ok ? EXIT_OK : EXIT_FINDINGS };
  } finally {
    await emulator.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

function openProject(path: string | undefined): Project {
  try {
    if (path === undefined) {
      // An installed calckit has no examples/: say what to give instead of a missing file's path.
      if (!existsSync(EXAMPLES_PROJECT)) {
        throw new CliExit(EXIT_USAGE, 'calckit demo: the examples live in a clone of calckit; give your project with --project <dir|calckit.json> (and --fixtures FILE)');
      }
      return loadProject(EXAMPLES_PROJECT);
    }
    const found = path.endsWith('.json') ? loadProject(path) : new ProjectIndex().projectIn(path)?.project;
    if (found === undefined) throw new CliExit(EXIT_USAGE, `calckit demo: no calckit.json at ${path}`);
    return found;
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit demo: ${error.message}`);
    throw error;
  }
}

export function formatCalculations(result: DemoResult): string {
  const rows = result.calculations.map((c) => [String(c.id), c.name, c.checkSum.slice(0, 12), c.dataType, c.status, c.locked ? 'yes' : 'no', c.functions.join(' ')]);
  const head = ['id', 'name', 'checkSum', 'dataType', 'status', 'locked', 'functions'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join('  ');
  const verdict =
    result.exitCode === EXIT_OK
      ? `All ${result.calculations.length} example formulas pushed and locked; the service's analysis matches calckit's.`
      : 'Some steps failed: see above.';
  return [`Calculations in the emulator (${relative(process.cwd(), result.project) || result.project}):`, line(head), ...rows.map(line), '', verdict].join('\n');
}

export function register(program: Command): void {
  program
    .command('demo')
    .description('run the example project on a temporary local emulator: push schemas, lint, push and lock every formula, show the results')
    .option('--project <path>', 'project file or directory (default: the repository\'s examples/)')
    .option('--fixtures <file>', 'emulator fixtures (default: fixtures.json beside the project file)')
    .option('--json', 'print one JSON document on stdout instead of text')
    .action(async (options: { project?: string; fixtures?: string; json?: boolean }) => {
      const result = await runDemo({
        ...(options.project !== undefined ? { project: options.project } : {}),
        ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}),
        ...(options.json ? {} : { log: (line: string) => process.stdout.write(`${line}\n`) }),
      });
      process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `\n${formatCalculations(result)}\n`);
      if (result.exitCode !== 0) throw new CliExit(result.exitCode);
    });
}
