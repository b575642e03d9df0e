// The service commands run as processes (`node packages/cli/dist/main.js …`; run `npx tsc -b` first) against the emulator.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyExamples, startHarness, type Harness } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  dir = copyExamples();
});
afterAll(async () => {
  await h.close();
});

function calckit(args: string[], env: Record<string, string | undefined> = {}, cwd = dir): Promise<Run> {
  const base: Record<string, string | undefined> = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    CALCKIT_BASE_URL: h.url,
    CALCKIT_DEVELOPER_TOKEN: h.developerToken,
    CALCKIT_SESSION_TOKEN: h.sessionToken,
  };
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, env: merged, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('calckit push / status / lock / pull (processes)', () => {
  it('push --json pushes every mapped file and status then reports all in sync', async () => {
    const first = await calckit(['status', '--json']);
    expect(first.code).toBe(1);
    // The service holds the imported formulas, versions of the files that git knows: pushing the edits is safe.
    expect(new Set(JSON.parse(first.stdout).entries.map((e: { state: string }) => e.state))).toEqual(new Set(['local-changes']));
    const run = await calckit(['push', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.results).toHaveLength(8);
    expect(result.summary.updated).toBe(8);
    const status = await calckit(['status', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).entries.every((e: { state: string }) => e.state === 'in-sync')).toBe(true);
  });

  it('status exits 1 and names a local change; push shows progress and a summary', async () => {
    writeFileSync(join(dir, 'formulas/net-revenue.calc'), 'SUM(`Revenue` * (1 - IFNULL(`Discount`, 0.05)))\n');
    const status = await calckit(['status']);
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/formulas\/net-revenue\.calc\s+106 .*local changes/);
    const push = await calckit(['push', 'formulas/net-revenue.calc']);
    expect(push.code).toBe(0);
    expect(push.stderr).toMatch(/\[1\/1\] formulas\/net-revenue\.calc #106: updated [0-9a-f]{12}, locked/);
    expect(push.stdout).toMatch(/1 updated/);
  });

  it('a failed push exits 1 and says the step, the status, the message and what to do', async () => {
    writeFileSync(join(dir, 'formulas/gross-margin.calc'), '(SUM(`Revenue`) - SUM(`Cost`)) / SUM(`Revenue`)\n');
    await h.inject({ operation: 'updateFormula', status: 502, message: 'upstream hiccup' });
    const run = await calckit(['push', 'formulas/gross-margin.calc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('FAILED');
    expect(run.stderr).toMatch(/failed at step "update", HTTP 502: upstream hiccup/);
    expect(run.stderr).toMatch(/the calculation is locked, as it was/);
    expect(run.stderr).toMatch(/remote formula and the local file are unchanged/);
    expect(run.stderr).toMatch(/what to do: /);
    expect(run.stdout).toMatch(/1 failed/);
  });

  it('lock and unlock by file and by id', async () => {
    const unlock = await calckit(['unlock', 'formulas/gross-margin.calc', '--json']);
    expect(unlock.code).toBe(0);
    expect(JSON.parse(unlock.stdout).calculation).toMatchObject({ id: 101, locked: false });
    const lock = await calckit(['lock', '101']);
    expect(lock.code).toBe(0);
    expect(lock.stdout).toMatch(/^locked #101 "Gross Margin %": locked/);
    const unknown = await calckit(['lock', 'formulas/nope.calc']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/not listed under "calculations"/);
    const missing = await calckit(['lock', '424242']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/HTTP 404/);
  });

  it('pull writes the remote formula and refuses to overwrite unpushed edits', async () => {
    await h.client().unlock(105);
    await h.client().updateFormula(105, 'AVG(`Revenue`)');
    const file = join(dir, 'formulas/avg-revenue-per-customer.calc');
    // The file still holds what was pushed (recorded in the state), so pulling over it loses nothing.
    const pulled = await calckit(['pull', '105', '--json']);
    expect(pulled.code).toBe(0);
    expect(JSON.parse(pulled.stdout).outcome).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe('AVG(`Revenue`)\n');
    writeFileSync(file, 'AVG(`Cost`)\n');
    await h.client().updateFormula(105, 'MAX(`Revenue`)');
    const refused = await calckit(['pull', '105']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/never pushed nor committed/);
    expect(readFileSync(file, 'utf8')).toBe('AVG(`Cost`)\n');
    const other = await calckit(['pull', '105', 'elsewhere/copy.calc']);
    expect(other.code).toBe(0);
    expect(readFileSync(join(dir, 'elsewhere/copy.calc'), 'utf8')).toBe('MAX(`Revenue`)\n');
  });
});

describe('calckit schema / fn / schedule (processes)', () => {
  it('schema push sends a dataset schema with the session token; without it exits 2', async () => {
    const run = await calckit(['schema', 'push', 'sales']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/set the schema of dataset sales-orders: 10 columns/);
    const noToken = await calckit(['schema', 'push', 'sales'], { CALCKIT_SESSION_TOKEN: undefined });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/CALCKIT_SESSION_TOKEN/);
    const unknown = await calckit(['schema', 'push', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no dataset "nope"/);
  });

  it('fn run passes typed inputs and shows logs; a failed execution exits 1', async () => {
    const run = await calckit(['fn', 'run', 'fx-rates', '1.0.0', 'convert', '--input', 'amount=12.5', '--input', 'rate=2', '--logs']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/convert \(fx-rates 1\.0\.0\): SUCCESS/);
    expect(run.stdout).toMatch(/result: 25/);
    expect(run.stdout).toMatch(/stdout: converting 12\.5 at 2/);
    const bad = await calckit(['fn', 'run', 'fx-rates', '1.0.0', 'brokenRate', '--input', 'currency=CHF', '--logs', '--json']);
    expect(bad.code).toBe(1);
    const execution = JSON.parse(bad.stdout).execution;
    expect(execution.errorInformation).toMatchObject({ expectedType: 'NUMBER', actualType: 'STRING' });
    const usage = await calckit(['fn', 'run', 'fx-rates', '1.0.0', 'convert', '--input', 'novalue']);
    expect(usage.code).toBe(2);
  });

  it('schedule create from flags and from a file; an incomplete request exits 2 before sending', async () => {
    const run = await calckit([
      'schedule', 'create', '--title', 'Weekly margin', '--page', '5001', '--view', '6002', '--frequency', 'weekly', '--day', 'mon',
      '--hour', '8', '--minute', '15', '--timezone', 'America/New_York', '--recipient', 'a@example.com', '--recipient', 'b@example.com', '--json',
    ]);
    expect(run.code).toBe(0);
    const created = JSON.parse(run.stdout).schedule;
    expect(created).toMatchObject({ title: 'Weekly margin', recipientCount: 2, schedule: { frequency: 'WEEKLY', daysToRun: 'MON', hourOfDay: 8, minOfHour: 15 } });
    const file = join(dir, 'schedule.json');
    writeFileSync(file, JSON.stringify({ title: 'Daily', pageId: 5001, viewId: 6001, schedule: { frequency: 'DAILY', hourOfDay: 6, minOfHour: 0, timezone: 'Europe/Paris' } }));
    const fromFile = await calckit(['schedule', 'create', '--file', file, '--title', 'Daily sales']);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toMatch(/created schedule #\d+ "Daily sales"/);
    const incomplete = await calckit(['schedule', 'create', '--title', 'x']);
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toMatch(/pageId/);
    const invalid = await calckit(['schedule', 'create', '--file', file, '--timezone', 'Nowhere/City']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/HTTP 400/);
    expect(invalid.stderr).toMatch(/schedule\.timezone/);
  });
});

describe('configuration and secrets (processes)', () => {
  it('no developer token: exit 2 with what to set; a wrong one never shows up in the output', async () => {
    const none = await calckit(['lock', '101'], { CALCKIT_DEVELOPER_TOKEN: undefined });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/CALCKIT_DEVELOPER_TOKEN/);
    const secret = 'very-secret-token-value-42';
    const wrong = await calckit(['push', '--json'], { CALCKIT_DEVELOPER_TOKEN: secret });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).results[0].error.status).toBe(401);
    const verbose = await calckit(['status', '--verbose'], { CALCKIT_DEVELOPER_TOKEN: secret });
    expect(wrong.stdout + wrong.stderr + verbose.stdout + verbose.stderr).not.toContain(secret);
  });

  it('no project file: exit 2; plain http to a remote host is refused', async () => {
    const noProject = await calckit(['status'], {}, '/');
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toMatch(/no calckit\.json/);
    const insecure = await calckit(['lock', '101', '--base-url', 'http://example.com']);
    expect(insecure.code).toBe(2);
    expect(insecure.stderr).toMatch(/refusing plain http/);
  });
});

describe('bad project settings (processes)', () => {
  it('an invalid calckit.json or lint section exits 2 naming the field, and sends nothing', async () => {
    const bad = copyExamples();
    const file = join(bad, 'calckit.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...config, lint: { rules: { 'no-such-rule': 'error' } } }));
    const lint = await calckit(['push'], {}, bad);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toMatch(/lint\.rules/);
    writeFileSync(file, JSON.stringify({ ...config, calculations: { 'formulas/x.calc': { id: 'one' } } }));
    const shape = await calckit(['status'], {}, bad);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/calculations\."formulas\/x\.calc"\.id/);
  });
});

describe('calckit demo (process)', () => {
  it('starts its own emulator, pushes and locks every example and shows them', async () => {
    const run = await calckit(['demo', '--json'], { CALCKIT_BASE_URL: undefined, CALCKIT_DEVELOPER_TOKEN: undefined, CALCKIT_SESSION_TOKEN: undefined }, REPO_ROOT);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.calculations).toHaveLength(8);
    for (const c of result.calculations) {
      expect(c.locked).toBe(true);
      expect(c.status).toBe('VALID');
      expect(c.checkSum).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(result.push.results.every((r: { mismatches: unknown[] }) => r.mismatches.length === 0)).toBe(true);
    expect(result.schemas.map((s: { error: unknown }) => s.error)).toEqual([null, null]);
  });
});
