// docs/ci.md's recipes, run as written. "Trying the push workflow on the emulator": its `run:` block in bash, in a copy
// of examples/ (a git repository whose first commit holds the formulas the service had), with the base branch that
// commit, `npx calckit` this repository's CLI and the emulator on a free port instead of 8787. "The service's schemas,
// every night": its step's lines in a project imported from the emulator, before and after the service's schema moves.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, copyExamples, startHarness } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');

/** The workflow of the recipe: the first YAML block after its heading. */
function recipe(): { steps: Array<{ name?: string; run?: string; env?: Record<string, string> }> } {
  const doc = readFileSync(join(REPO_ROOT, 'docs/ci.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Trying the push workflow on the emulator'));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (yaml === undefined) throw new Error('docs/ci.md: no YAML block under "Trying the push workflow on the emulator"');
  const workflow = parse(yaml) as { jobs: Record<string, { steps: Array<{ name?: string; run?: string; env?: Record<string, string> }> }> };
  return Object.values(workflow.jobs)[0]!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("docs/ci.md's recipe for trying the push workflow on the emulator", () => {
  it('pushes the pull request\'s changes to an emulator seeded with the base branch, and status then says in sync', async () => {
    const step = recipe().steps.find((s) => s.name === 'push to the emulator');
    expect(step?.run).toBeDefined();
    expect(step?.env?.['BASE']).toBe('origin/${{ github.base_ref }}');
    const port = String(await freePort());
    const script = step!.run!.replaceAll('8787', port).replaceAll('npx calckit', `node ${MAIN}`);
    const dir = copyExamples();
    const runnerTemp = mkdtempSync(join(tmpdir(), 'calckit-recipe-'));
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', HOME: runnerTemp, BASE: 'HEAD~1', RUNNER_TEMP: runnerTemp },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).toMatch(/\[8\/8\]/); // push's progress: every calculation
    expect(run.stdout).toMatch(/8 updated/);
    expect(run.stdout).toMatch(/8 in-sync/);
    const fixtures = JSON.parse(readFileSync(join(runnerTemp, 'fixtures.json'), 'utf8')) as { calculations: Array<{ id: number }> };
    expect(fixtures.calculations.map((c) => c.id).sort()).toEqual([101, 102, 103, 104, 105, 106, 107, 201]);
  }, 150_000);
});

/** A process run without blocking this one (the emulator answers from this process's event loop). */
function runAsync(file: string, args: string[], options: { cwd: string; env: Record<string, string> }): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { ...options, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The workflow under a heading of docs/ci.md: the first YAML block after it. */
function workflowUnder(heading: string): { on: Record<string, unknown>; jobs: Record<string, { steps: Array<{ name?: string; run?: string; env?: Record<string, string> }> }> } {
  const doc = readFileSync(join(REPO_ROOT, 'docs/ci.md'), 'utf8');
  const at = doc.indexOf(heading);
  if (at < 0) throw new Error(`docs/ci.md: no heading "${heading}"`);
  const yaml = /```yaml\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
  if (yaml === undefined) throw new Error(`docs/ci.md: no YAML block under "${heading}"`);
  return parse(yaml) as ReturnType<typeof workflowUnder>;
}

describe("docs/ci.md's scheduled recipe for the service's schemas", () => {
  it("runs on a schedule and fails the job exactly when the service's schemas moved under the formulas", async () => {
    const workflow = workflowUnder("## The service's schemas, every night");
    expect((workflow.on['schedule'] as Array<{ cron: string }>)[0]?.cron).toMatch(/^\S+ \S+ \* \* \*$/);
    const step = Object.values(workflow.jobs)[0]!.steps.find((s) => s.name === 'compare the schemas with the service');
    expect(step?.run).toBeDefined();
    expect(step?.env?.['CALCKIT_DEVELOPER_TOKEN']).toBe('${{ secrets.CALCKIT_DEVELOPER_TOKEN }}');
    const script = step!.run!.replaceAll('npx calckit', `node ${MAIN}`);

    const columns = [
      { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
      { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 1 },
    ];
    const temp = mkdtempSync(join(tmpdir(), 'calckit-schema-recipe-'));
    const fixtures = join(temp, 'fixtures.json');
    writeFileSync(
      fixtures,
      JSON.stringify({
        datasets: [{ id: 'sales', name: 'Sales', columns }],
        calculations: [{ id: 801, name: 'Total', expression: 'SUM(`Sales`)', owner: 1, locked: false, datasetId: 'sales' }],
      }),
    );
    const h = await startHarness({ fixtures });
    try {
      const project = join(temp, 'formulas-repo');
      const env = { PATH: process.env['PATH'] ?? '', HOME: temp, CALCKIT_CONFIG_DIR: join(temp, '.config'), CALCKIT_DEVELOPER_TOKEN: h.developerToken };
      const cli = (args: string[], cwd = project) => runAsync(process.execPath, [MAIN, ...args], { cwd, env });
      expect((await cli(['init', project, '--base-url', h.url], temp)).status).toBe(0);
      const imported = await cli(['import', '--dataset', 'sales']);
      expect(imported.status, imported.stdout + imported.stderr).toBe(0);
      const runRecipe = async () => {
        const summary = join(temp, `summary-${Math.random().toString(36).slice(2)}.md`);
        const run = await runAsync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
          cwd: project,
          env: { ...env, RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: summary },
        });
        let written = '';
        try {
          written = readFileSync(summary, 'utf8');
        } catch {
          // no summary: the assertions below show the run's output
        }
        return { ...run, summary: written };
      };
      const same = await runRecipe();
      expect(same.status, `${same.stdout}\n${same.stderr}`).toBe(0);
      expect(same.summary).toContain('same as the service');
      await h.client().setDatasetSchema('sales', [{ ...columns[0]!, name: 'Territory' }]); // a rename and a drop
      const moved = await runRecipe();
      expect(moved.status, moved.stdout + moved.stderr).toBe(1);
      expect(moved.summary).toContain('renamed   `Region` → `Territory` (id region)');
      expect(moved.summary).toContain('removed   `Sales`');
      expect(moved.summary).toBe(`### calckit schema diff\n~~~\n${moved.stdout}~~~\n`);
    } finally {
      await h.close();
    }
  }, 120_000);
});
