// docs/ci.md's recipe "Trying the push workflow on the emulator", run as written: its `run:` block in bash, in a copy
// of examples/ (a git repository whose first commit holds the formulas the service had), with the base branch that
// commit, `npx calckit` this repository's CLI and the emulator on a free port instead of 8787.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, copyExamples } from './harness.js';

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
