// Issue 32, item 2: a symbolic link in a project that leads out of it. Every command run as a process (`node
// packages/cli/dist/main.js`; `npx tsc -b packages/cli` first) on a copy of examples/, against the emulator; each
// command refuses (exit 2, naming the file and where the link leads) to read or write through such a link, whenever
// the link was made. A link inside the project to a file inside it stays allowed.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyExamples, startHarness, type Harness } from '../service/harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');
const NET_REVENUE = 'formulas/net-revenue.calc';
const NET_REVENUE_ID = 106;
/** What the outside files hold: must never be shown, sent or overwritten. */
const SECRET = 'SUM(`Revenue`) -- SECRET-do-not-leak-7f3a';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let h: Harness;
let dir: string;
let outside: string;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  dir = copyExamples();
  outside = mkdtempSync(join(tmpdir(), 'calckit-outside-'));
  writeFileSync(join(outside, 'victim.txt'), `${SECRET}\n`);
});

function calckit(args: string[], cwd = dir): Promise<Run> {
  const env = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    CALCKIT_BASE_URL: h.url,
    CALCKIT_DEVELOPER_TOKEN: h.developerToken,
    CALCKIT_SESSION_TOKEN: h.sessionToken,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const victim = (): string => readFileSync(join(outside, 'victim.txt'), 'utf8');
/** Replaces a project file by a symbolic link to `target`. */
function linkOut(path: string, target = join(outside, 'victim.txt')): void {
  rmSync(join(dir, path), { force: true });
  symlinkSync(target, join(dir, path));
}
async function remoteExpression(id: number): Promise<string> {
  return (await h.client().readCalculation(id)).expression;
}
/** The refusal: exit 2, the file and where it leads named, nothing of the outside file shown. */
function refused(run: Run, file: string, target = join(outside, 'victim.txt')): void {
  expect(run.code).toBe(2);
  const all = run.stdout + run.stderr;
  expect(all).toContain(file);
  expect(all).toContain(`leads outside the project, to ${target}`);
  expect(all).not.toContain('SECRET-do-not-leak');
  expect(all).not.toMatch(/internal error|\n\s+at /);
}

describe('writes through a link out of the project are refused', () => {
  it('pull into a new file that is a link (with --force)', async () => {
    symlinkSync(join(outside, 'victim.txt'), join(dir, 'formulas/victim.calc'));
    const run = await calckit(['pull', '101', 'formulas/victim.calc', '--force']);
    refused(run, 'formulas/victim.calc');
    expect(victim()).toBe(`${SECRET}\n`);
  });

  it('pull of a mapped file replaced by a link (with --force)', async () => {
    linkOut(NET_REVENUE);
    const run = await calckit(['pull', String(NET_REVENUE_ID), '--force']);
    refused(run, NET_REVENUE);
    expect(victim()).toBe(`${SECRET}\n`);
  });

  it('import of a mapped file that is a link', async () => {
    linkOut(NET_REVENUE);
    const run = await calckit(['import', '--ids', String(NET_REVENUE_ID), '--json']);
    refused(run, NET_REVENUE);
    expect(victim()).toBe(`${SECRET}\n`);
  });

  it('format --write of a folder holding a link', async () => {
    writeFileSync(join(outside, 'ugly.calc'), 'SUM(   `Revenue`   )\n');
    symlinkSync(join(outside, 'ugly.calc'), join(dir, 'formulas/ugly.calc'));
    const run = await calckit(['format', '--write', 'formulas']);
    refused(run, 'formulas/ugly.calc', join(outside, 'ugly.calc'));
    expect(readFileSync(join(outside, 'ugly.calc'), 'utf8')).toBe('SUM(   `Revenue`   )\n');
  });

  it('lint --fix of a folder holding a link', async () => {
    writeFileSync(join(outside, 'fixable.calc'), 'CASE WHEN `Revenue` > 1 THEN 1 ELSE NULL END\n');
    symlinkSync(join(outside, 'fixable.calc'), join(dir, 'formulas/fixable.calc'));
    const run = await calckit(['lint', '--fix', 'formulas']);
    refused(run, 'formulas/fixable.calc', join(outside, 'fixable.calc'));
    expect(readFileSync(join(outside, 'fixable.calc'), 'utf8')).toBe('CASE WHEN `Revenue` > 1 THEN 1 ELSE NULL END\n');
  });

  it('init in a folder whose .gitignore is a link out writes nothing', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'calckit-init-'));
    symlinkSync(join(outside, 'victim.txt'), join(fresh, '.gitignore'));
    const run = await calckit(['init', '--base-url', 'http://127.0.0.1:9'], fresh);
    refused(run, '.gitignore');
    expect(victim()).toBe(`${SECRET}\n`);
    expect(existsSync(join(fresh, 'calckit.json'))).toBe(false);
  });

  it('lint --cache with .calckit a link out: the cache is not written there, and the run says so', async () => {
    mkdirSync(join(outside, 'dot-calckit'));
    rmSync(join(dir, '.calckit'), { recursive: true, force: true });
    symlinkSync(join(outside, 'dot-calckit'), join(dir, '.calckit'));
    const run = await calckit(['lint', '--cache', 'formulas']);
    expect(run.stderr).toContain('leads outside the project');
    expect(run.stderr).toContain('results were not cached');
    expect(readdirSync(join(outside, 'dot-calckit'))).toEqual([]);
  });

  it('push of a project whose state folder is a link out', async () => {
    mkdirSync(join(outside, 'state'));
    rmSync(join(dir, '.calckit'), { recursive: true, force: true });
    symlinkSync(join(outside, 'state'), join(dir, '.calckit'));
    const run = await calckit(['push', NET_REVENUE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`leads outside the project, to ${join(outside, 'state', 'state.json')}`);
    expect(existsSync(join(outside, 'state', 'state.json'))).toBe(false);
    expect(existsSync(join(outside, 'state', 'state.json.lock'))).toBe(false);
  });
});

describe('reads through a link out of the project are refused', () => {
  it('push --force --skip-lint of a mapped file linked to a secret sends nothing', async () => {
    linkOut(NET_REVENUE);
    const before = await remoteExpression(NET_REVENUE_ID);
    const run = await calckit(['push', '--force', '--skip-lint', NET_REVENUE]);
    refused(run, NET_REVENUE);
    expect(await remoteExpression(NET_REVENUE_ID)).toBe(before);
  });

  it('status shows no checksum of the outside file', async () => {
    linkOut(NET_REVENUE);
    const run = await calckit(['status', '--json', NET_REVENUE]);
    refused(run, NET_REVENUE);
    expect(JSON.parse(run.stdout).entries[0]).toMatchObject({ state: 'unreadable', local: null });
  });

  it('diff shows nothing of the outside file', async () => {
    linkOut(NET_REVENUE);
    const run = await calckit(['diff', NET_REVENUE]);
    refused(run, NET_REVENUE);
  });

  it('schema push of a schema file linked out sends nothing', async () => {
    writeFileSync(join(outside, 'columns.json'), JSON.stringify([{ name: 'SECRET-do-not-leak', id: 's', type: 'STRING', visible: true, order: 0 }]));
    linkOut('schemas/sales.json', join(outside, 'columns.json'));
    const run = await calckit(['schema', 'push', 'sales']);
    refused(run, 'schemas/sales.json', join(outside, 'columns.json'));
  });

  it('test of a formula linked out reports the link, not the outside formula', async () => {
    linkOut(NET_REVENUE);
    const run = await calckit(['test', 'formulas/net-revenue.calc.test.json']);
    refused(run, NET_REVENUE);
  });

  it('analyze and eval of a link in the project are refused; a file outside every project is read', async () => {
    symlinkSync(join(outside, 'victim.txt'), join(dir, 'formulas/victim.calc'));
    refused(await calckit(['analyze', 'formulas/victim.calc']), 'formulas/victim.calc');
    refused(await calckit(['eval', 'formulas/victim.calc', '--data', 'data/orders.csv']), 'formulas/victim.calc');
    const named = await calckit(['analyze', join(outside, 'victim.txt')]);
    expect(named.code).toBe(0);
  });

  it('a calckit.json that is a link out of its folder is refused', async () => {
    writeFileSync(join(outside, 'calckit.json'), readFileSync(join(dir, 'calckit.json')));
    linkOut('calckit.json', join(outside, 'calckit.json'));
    const run = await calckit(['status']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`leads outside the project, to ${join(outside, 'calckit.json')}`);
  });
});

describe('links that stay inside the project', () => {
  it('a mapped file linked to another file of the project is read, pushed and pulled as before', async () => {
    mkdirSync(join(dir, 'shared'));
    writeFileSync(join(dir, 'shared/net.calc'), readFileSync(join(dir, NET_REVENUE)));
    linkOut(NET_REVENUE, join(dir, 'shared/net.calc'));
    const status = await calckit(['status', '--json', NET_REVENUE]);
    expect(status.code).toBe(1);
    expect(JSON.parse(status.stdout).entries[0].state).toBe('local-changes');
    const push = await calckit(['push', NET_REVENUE]);
    expect(push.stderr).toContain('updated');
    expect(push.code).toBe(0);
    const pull = await calckit(['pull', String(NET_REVENUE_ID), '--force']);
    expect(pull.code).toBe(0);
  });
});

describe('status and diff say what is wrong with a local file (issue 32, item 5)', () => {
  it('an unmapped file: exit 2, naming it and how to map it', async () => {
    writeFileSync(join(dir, 'formulas/new.calc'), 'SUM(`Revenue`)\n');
    for (const command of ['status', 'diff']) {
      const run = await calckit([command, 'formulas/new.calc']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`calckit ${command}: formulas/new.calc is not mapped to a calculation in ${join(dir, 'calckit.json')}`);
      expect(run.stderr).toMatch(/calckit pull <id> formulas\/new\.calc.*calckit import/);
    }
  });

  it('a missing file: exit 2, not found', async () => {
    for (const command of ['status', 'diff']) {
      const run = await calckit([command, 'formulas/nowhere.calc']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`calckit ${command}: formulas/nowhere.calc: no such file or directory`);
    }
  });

  it('a Latin-1 file: exit 2, the local file is not UTF-8, with the first bad byte, and the remote is not blamed', async () => {
    writeFileSync(join(dir, NET_REVENUE), Buffer.from([...Buffer.from('SUM(`Revenue`) -- r'), 0xe9, ...Buffer.from('sum\n')]));
    for (const command of ['status', 'diff']) {
      const run = await calckit([command, NET_REVENUE]);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(`${NET_REVENUE}: not UTF-8 text (invalid byte 0xE9 at byte offset 19, line 1, column 20)`);
      expect(run.stdout).not.toContain('could not read the remote');
    }
  });
});
