// A reader that closes its end early (`calckit lint --format sarif | head -c 100`): the command neither prints an
// EPIPE stack trace nor changes its exit code; what it writes to files is still written whole.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'packages/cli/dist/calckit.js');
const sandbox = mkdtempSync(join(tmpdir(), 'calckit-pipe-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Runs calckit with its stdout's reader gone before the first byte: every write meets EPIPE. */
function runWithClosedStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd, env: { PATH: process.env['PATH'], NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** A project of 60 formulas, each with a problem `--fix` mends (`= NULL`, a warning), an error (ABS() lacks its
 * argument) and an unformatted layout. */
function project(): string {
  const dir = mkdtempSync(join(sandbox, 'project-'));
  writeFileSync(join(dir, 'calckit.json'), '{}\n');
  for (let i = 0; i < 60; i++) writeFileSync(join(dir, `f${i}.calc`), 'CASE WHEN `Region` = NULL   THEN ABS() ELSE 0 END\n');
  return dir;
}

describe('a closed standard output', () => {
  it.each([
    ['lint --format sarif', ['lint', '--format', 'sarif'], 1],
    ['rules --json', ['rules', '--json'], 0],
    ['format --check', ['format', '--check', '.'], 1],
  ])('%s: no stack trace, the exit code is the command’s', async (_name, args, code) => {
    const run = await runWithClosedStdout(args, project());
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.code).toBe(code);
  });

  it('lint --fix still writes every fix', async () => {
    const dir = project();
    const run = await runWithClosedStdout(['lint', '--fix'], dir);
    expect(run.stderr).not.toContain('EPIPE');
    for (let i = 0; i < 60; i++) expect(readFileSync(join(dir, `f${i}.calc`), 'utf8')).toContain('IS NULL');
  });
});
