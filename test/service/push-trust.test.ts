// Push you can trust, scenario by scenario (issue "Push you can trust"): the CLI as a process against the emulator, in
// git repositories made here the way teams and CI use them (state committed, state ignored, fresh CI clones in turn),
// with the emulator's fault injection for lost answers and failed steps.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@calckit/client';
import { REPO_ROOT, copyExamples, git, startHarness, type Harness } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');
const NET_REVENUE = 'formulas/net-revenue.calc';
const NET_REVENUE_ID = 106;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let h: Harness;
let client: Client;
beforeEach(async () => {
  h = await startHarness();
  client = h.client();
});
afterEach(async () => {
  await h.close();
});

function calckit(cwd: string, ...args: string[]): Promise<Run> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    CALCKIT_BASE_URL: h.url,
    CALCKIT_DEVELOPER_TOKEN: h.developerToken,
    CALCKIT_CONFIG_DIR: join(cwd, '..', 'no-config'),
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The team's repository: the examples with their history (import, then edits); `state` decides if .calckit/ is committed. */
function upstream(state: 'committed' | 'ignored'): string {
  const dir = copyExamples();
  if (state === 'ignored') {
    writeFileSync(join(dir, '.gitignore'), '.calckit/\n');
    git(dir, 'add', '.gitignore');
    git(dir, 'commit', '-q', '-m', 'ignore calckit state');
  }
  return dir;
}

/** A fresh CI checkout of the repository (full history, as actions/checkout with fetch-depth: 0). */
function ciClone(repo: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'calckit-ci-')), 'checkout');
  git(tmpdir(), 'clone', '-q', repo, dir);
  return dir;
}

function mergeChange(repo: string, file: string, text: string): void {
  writeFileSync(join(repo, file), text);
  git(repo, 'commit', '-q', '-a', '-m', `change ${file}`);
}

/** An analyst's edit in the service's web editor (the calculation is locked: unlock, update, lock). */
async function editInService(id: number, expression: string): Promise<void> {
  await client.unlock(id);
  await client.updateFormula(id, expression);
  await client.lock(id);
}

const remoteExpression = async (id: number): Promise<string> => (await client.readCalculation(id)).expression;
const noStackTrace = (run: Run): void => {
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  expect(`${run.stdout}${run.stderr}`).not.toContain('internal error');
};

describe('conflicts judged from git', () => {
  it('state committed, CI cannot commit it back: the next CI run sees no false conflict', async () => {
    const repo = upstream('committed');
    // The team pushed once from a laptop and committed the state (as docs/service.md, "What to commit", says).
    expect((await calckit(repo, 'push')).code).toBe(0);
    git(repo, 'add', '.calckit/state.json');
    git(repo, 'commit', '-q', '-m', 'record the push');

    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 0.9\n');
    const run1 = await calckit(ciClone(repo), 'push', '--json');
    expect(run1.code).toBe(0);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe('SUM(`Revenue`) * 0.9');
    // Run 1's state is thrown away with its checkout. The next merge goes through a new checkout whose committed
    // state still records the laptop's push: the remote (run 1's push) is a version git knows, so no conflict.
    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 0.8\n');
    const run2 = await calckit(ciClone(repo), 'push', '--json');
    expect(run2.stderr).toBe('');
    expect(run2.code).toBe(0);
    const result = JSON.parse(run2.stdout) as { results: Array<{ id: number; outcome: string; steps: Array<{ step: string; detail: string }> }> };
    const net = result.results.find((r) => r.id === NET_REVENUE_ID);
    expect(net?.outcome).toBe('updated');
    expect(net?.steps.find((s) => s.step === 'check')?.detail).toMatch(/remote holds a version of this file from commit [0-9a-f]{10}/);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe('SUM(`Revenue`) * 0.8');
  });

  it('state ignored (fresh CI checkouts): pushes what was merged, never overwrites a change made in the service', async () => {
    const repo = upstream('ignored');
    const first = await calckit(ciClone(repo), 'push');
    expect(first.code).toBe(0);

    // Someone edits calculation 106 in the service's web editor; meanwhile a change to another formula is merged.
    await editInService(NET_REVENUE_ID, 'SUM(`Revenue`) - 1');
    mergeChange(repo, 'formulas/gross-margin.calc', '(SUM(`Revenue`) - SUM(`Cost`)) / NULLIF(SUM(`Revenue`), 0) * 100\n');
    const checkout = ciClone(repo);
    const run = await calckit(checkout, 'push');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/formulas\/net-revenue\.calc #106: CONFLICT/);
    expect(run.stderr).toContain('not ours: no push to this service is recorded here, and it is none of the');
    expect(run.stderr).toContain('    -SUM(`Revenue`) - 1');
    expect(run.stderr).toMatch(/ {4}\+SUM\(`Revenue`/);
    expect(run.stderr).toMatch(/formulas\/gross-margin\.calc #101: updated/);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe('SUM(`Revenue`) - 1');
    noStackTrace(run);

    const forced = await calckit(checkout, 'push', '--force', NET_REVENUE);
    expect(forced.code).toBe(0);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe(readFileSync(join(checkout, NET_REVENUE), 'utf8').trimEnd());
  });

  it('two CI checkouts in turn, no state at all: the second pushes over the first without a conflict', async () => {
    const repo = upstream('ignored');
    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 2\n');
    expect((await calckit(ciClone(repo), 'push')).code).toBe(0);
    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 3\n');
    const second = await calckit(ciClone(repo), 'push', NET_REVENUE);
    expect(second.stderr).toMatch(/#106: updated/);
    expect(second.code).toBe(0);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe('SUM(`Revenue`) * 3');
  });

  it('a shallow clone says how to get the history it lacks', async () => {
    const repo = upstream('ignored');
    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 2\n');
    expect((await calckit(ciClone(repo), 'push')).code).toBe(0);
    mergeChange(repo, NET_REVENUE, 'SUM(`Revenue`) * 3\n');
    const shallow = join(mkdtempSync(join(tmpdir(), 'calckit-ci-')), 'checkout');
    git(tmpdir(), 'clone', '-q', '--depth', '1', `file://${repo}`, shallow);
    const run = await calckit(shallow, 'push', NET_REVENUE);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('this clone is shallow: fetch the whole history, e.g. actions/checkout with fetch-depth: 0');
  });

  it('outside git the state record alone decides: no record means refuse unless --force', async () => {
    const dir = copyExamples({ git: false });
    const run = await calckit(dir, 'push', NET_REVENUE);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the file is not in a git repository');
    expect(await remoteExpression(NET_REVENUE_ID)).not.toBe(readFileSync(join(dir, NET_REVENUE), 'utf8').trimEnd());
    expect((await calckit(dir, 'push', '--force', NET_REVENUE)).code).toBe(0);
    // Now a record exists: the next edit pushes without --force.
    writeFileSync(join(dir, NET_REVENUE), 'SUM(`Revenue`) * 5\n');
    expect((await calckit(dir, 'push', NET_REVENUE)).code).toBe(0);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe('SUM(`Revenue`) * 5');
  });

  it('records are kept per service: pushes to another service never touch these', async () => {
    const dir = copyExamples();
    expect((await calckit(dir, 'push', NET_REVENUE)).code).toBe(0);
    const state = JSON.parse(readFileSync(join(dir, '.calckit/state.json'), 'utf8')) as { version: number; services: Record<string, unknown> };
    expect(state.version).toBe(2);
    expect(Object.keys(state.services)).toEqual([new URL(h.url).origin]);
  });
});

describe('local failures before remote changes', () => {
  it('a held state lock: exit 2 in one line, nothing sent', async () => {
    const dir = copyExamples();
    mkdirSync(join(dir, '.calckit'), { recursive: true });
    // Held by a running process (this one), so it is not taken for a stale lock.
    writeFileSync(join(dir, '.calckit/state.json.lock'), JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname() }));
    const before = await remoteExpression(NET_REVENUE_ID);
    const run = await calckit(dir, 'push', NET_REVENUE);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/another calckit process holds .*state\.json\.lock.*nothing was sent/);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe(before);
  }, 30_000);

  it('an unwritable state path: exit 2 in one line, nothing sent', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, '.calckit'), 'a file where the state folder should be');
    const before = await remoteExpression(NET_REVENUE_ID);
    const run = await calckit(dir, 'push', NET_REVENUE);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot create the state file's folder.*nothing was sent/);
    noStackTrace(run);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe(before);
  });

  it('a malformed state file: exit 2 naming it, nothing sent', async () => {
    const dir = copyExamples();
    mkdirSync(join(dir, '.calckit'), { recursive: true });
    writeFileSync(join(dir, '.calckit/state.json'), '{"version": 2, "services": ');
    const run = await calckit(dir, 'push', NET_REVENUE);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/state\.json.*not valid JSON/);
    noStackTrace(run);
  });
});

describe('outcomes told exactly', () => {
  it('an update whose answer is lost but which was stored: read back, reported as updated, locked again', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, 'formulas/gross-margin.calc'), 'SUM(`Revenue`) - SUM(`Cost`) + 0\n');
    await h.inject({ operation: 'updateFormula', status: 502, when: 'after' });
    const run = await calckit(dir, 'push', '--json', 'formulas/gross-margin.calc');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout).results[0];
    expect(result.outcome).toBe('updated');
    expect(result.locked).toBe(true);
    expect(result.steps.find((s: { step: string }) => s.step === 'update').detail).toContain('reading it back shows it stored');
  });

  it('an update without an answer: OUTCOME UNKNOWN, exit 1, told to run status; never "unchanged"', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, NET_REVENUE), 'SUM(`Revenue`) + 0\n');
    // No answer within the time-out (the service holds it for 3 s), and reading it back finds the old formula: the
    // call may still land, so neither "stored" nor "unchanged" can be said.
    await h.inject({ operation: 'updateFormula', status: 503, when: 'before', delayMs: 3000 });
    const run = await calckit(dir, 'push', '--timeout', '1000', '--retries', '0', NET_REVENUE);
    await h.clearFaults();
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/#106: OUTCOME UNKNOWN/);
    expect(run.stderr).toContain('the update MAY HAVE BEEN APPLIED');
    expect(run.stderr).toContain('run `calckit status`');
    expect(run.stderr).not.toContain('the remote formula and the local file are unchanged');
  });

  it('a lock that cannot be restored is said in capitals in text output, with the command to run', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, 'formulas/gross-margin.calc'), 'SUM(`Revenue`) - SUM(`Cost`) + 1\n');
    // The update fails after a pause; once the push has unlocked the calculation, every lock call fails too.
    await h.inject({ operation: 'updateFormula', status: 400, when: 'before', delayMs: 1500 });
    const pending = calckit(dir, 'push', '--retries', '0', 'formulas/gross-margin.calc');
    while ((await client.readCalculation(101)).locked) await new Promise((r) => setTimeout(r, 20));
    await h.inject({ operation: 'lockCalculation', status: 500, count: 20 });
    const run = await pending;
    await h.clearFaults();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('THE CALCULATION IS LEFT UNLOCKED: run `calckit lock 101`');
  });

  it('--strict refusals list the service\'s problems with line and column', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, NET_REVENUE), 'SUM(`Revenue`)\n  + NOSUCHFN(`Cost`)\n');
    const run = await calckit(dir, 'push', '--strict', '--skip-lint', NET_REVENUE);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/formulas\/net-revenue\.calc:2:5 service: .*NOSUCHFN/);
  });

  it('the INVALID warning names the reason', async () => {
    const dir = copyExamples();
    writeFileSync(join(dir, NET_REVENUE), 'SUM(`Revenue`) + SUM(`No Such Column`)\n');
    const run = await calckit(dir, 'push', '--skip-lint', NET_REVENUE);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stored the formula as INVALID: .*(ILLEGAL_REFERENCE|No Such Column)/);
  });
});

describe('text encoding', () => {
  it('a Latin-1 formula file: push refuses it with its path and byte offset (exit 2), nothing sent; status says why', async () => {
    const dir = copyExamples();
    // `é` as the single byte 0xE9: read as UTF-8 it would become U+FFFD and be stored so.
    writeFileSync(join(dir, NET_REVENUE), Buffer.from([...Buffer.from("SUM(`Revenue`) -- r"), 0xe9, ...Buffer.from('sum\n')]));
    const before = await remoteExpression(NET_REVENUE_ID);
    const run = await calckit(dir, 'push', NET_REVENUE);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/formulas\/net-revenue\.calc: not UTF-8 text \(invalid byte 0xE9 at byte offset 19.*nothing was sent/);
    noStackTrace(run);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe(before);
    const status = await calckit(dir, 'status', '--json', NET_REVENUE);
    // The local file is at fault (not the remote): its own state, exit 2 as for push (issue 32, item 5).
    expect(status.code).toBe(2);
    expect(JSON.parse(status.stdout).entries[0]).toMatchObject({ state: 'unreadable', message: expect.stringContaining('formulas/net-revenue.calc: not UTF-8 text (invalid byte 0xE9 at byte offset 19') });
  });
});

describe('pull safety', () => {
  it('a file mapped to another calculation is never written, --force or not', async () => {
    const dir = copyExamples();
    const before = readFileSync(join(dir, NET_REVENUE), 'utf8');
    for (const extra of [[], ['--force']]) {
      const run = await calckit(dir, 'pull', '101', NET_REVENUE, ...extra);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('is mapped to calculation 106');
      expect(readFileSync(join(dir, NET_REVENUE), 'utf8')).toBe(before);
    }
  });

  it('a target outside the project is refused', async () => {
    const dir = copyExamples();
    const outside = join(dir, '..', `outside-${Date.now()}.calc`);
    const run = await calckit(dir, 'pull', '101', outside);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is outside the project');
    expect(existsSync(outside)).toBe(false);
  });

  it('a project file mapping a formula outside the project is refused before anything happens', async () => {
    const dir = copyExamples();
    const project = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8'));
    project.calculations['../../escape.calc'] = { id: 999, dataset: 'sales' };
    writeFileSync(join(dir, 'calckit.json'), JSON.stringify(project));
    for (const command of [['pull', '999'], ['push'], ['status']]) {
      const run = await calckit(dir, ...command);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('../../escape.calc');
      expect(run.stderr).toMatch(/outside the project/);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
