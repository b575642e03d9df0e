// End to end: the packaged .vsix installed into a real VS Code (code-server 4.100.3) in headless Chromium, a workspace
// whose calckit.json points at a running emulator; checks colouring, a command, and push on save reaching the
// emulator with the lock restored. Screenshots go to test/e2e/artifacts/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@calckit/client';
import type { RunningEmulator } from '@calckit/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_CLI } from './harness/paths.js';
import { startRun, type TestRun } from './harness/run.js';
import { startService } from './harness/service.js';
import type { Ui } from './harness/ui.js';
import { openWorkbench, type Workbench } from './harness/workbench.js';
import { writeWorkspace } from './harness/workspace.js';

const TOKEN = 'e2e-developer-token-5f2a9c41d7';
const LOCKED_ID = 102; // "Margin", locked in the emulator's default fixtures

let run: TestRun;
let workspace: string;
let emulator: RunningEmulator;
let client: Client;
let workbench: Workbench;
let page: Page;
let u: Ui;

/** Types at the end of the formula in the active editor and saves; returns the expression now on disk. */
const appendAndSave = (suffix: string): Promise<string> => u.appendAndSave(join(workspace, 'formulas', 'margin.calc'), suffix);

/** PIDs of processes whose command line contains `text` (paths under this test's temporary folder). */
function processesMatching(text: string): number[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(text))
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid);
}

/** The PID of the bundled language server started by this test's code-server (found by its installed path). */
function serverPid(): number | undefined {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  const mine = lines.find((l) => l.includes(join(workbench.home, 'extensions')) && l.includes('server.js'));
  return mine ? Number(mine.trim().split(/\s+/)[0]) : undefined;
}

/** The checkSum the push state file records for the locked calculation, in the records of this service's origin. */
function lastPushed(baseUrl: string): string | undefined {
  const state = JSON.parse(readFileSync(join(workspace, '.calckit', 'state.json'), 'utf8')) as {
    services?: Record<string, { calculations: Record<string, { checkSum: string }> }>;
  };
  return state.services?.[new URL(baseUrl).origin]?.calculations[String(LOCKED_ID)]?.checkSum;
}

/** Polls `probe` (see ui.ts); a timeout also names the language server processes. */
function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return u.waitFor(what, probe, timeoutMs, () => {
    const servers = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n').filter((l) => l.includes('server.js'));
    return `server processes: ${servers.join(' | ')}`;
  });
}

beforeAll(async () => {
  run = startRun('extension');
  workspace = join(run.dir, 'workspace');
  const service = run.track(await startService({ dir: run.dir, developerToken: TOKEN, sessionToken: 'e2e-session-token-8d1e07b3aa' }));
  ({ emulator, client } = service);
  const margin = await client.readCalculation(LOCKED_ID);
  writeWorkspace({
    root: workspace,
    baseUrl: emulator.url,
    columns: service.columns,
    formulas: [{ path: 'formulas/margin.calc', id: LOCKED_ID, text: `${margin.expression}\n`, lastPushed: margin.checkSum }],
    others: [
      { path: 'scratch/broken.calc', text: 'SUM(`Sales`) +\n' },
      { path: 'scratch/complete.calc', text: '' },
      // A formula with a test file beside it: its lens runs the test.
      { path: 'scratch/tested.calc', text: '`Sales` * 2\n' },
      { path: 'scratch/tested.calc.test.json', text: JSON.stringify({ tests: [{ name: 'doubles', rows: [{ Sales: 2 }, { Sales: 5 }], expect: [4, 10] }] }, null, 2) },
      // Opened only after the language server is killed (a CASE without END).
      { path: 'scratch/after-crash.calc', text: 'CASE WHEN `Sales` > 0 THEN 1\n' },
    ],
    // Unmapped scratch formulas get the sales columns through the extension's `calckit.schemas` setting.
    settings: { 'calckit.pushOnSave': true, 'calckit.schemas': { 'scratch/**/*.calc': 'schemas/sales.json' } },
  });
  // Closed after VS Code: an emulator the extension started is its child and is stopped on deactivation; make sure, by PID.
  run.track({
    close: async () => {
      for (const pid of processesMatching(join(workspace, '.calckit', 'cache', 'emulator.sqlite'))) process.kill(pid, 'SIGTERM');
    },
  });
  workbench = await openWorkbench({
    workspace,
    // This test's screenshots only (the other test files keep theirs in sub-folders).
    artifacts: ARTIFACTS,
    // The extension host inherits code-server's environment: the token reaches the extension that way.
    env: { CALCKIT_DEVELOPER_TOKEN: TOKEN },
    userSettings: { 'calckit.emulator.command': REPO_CLI },
  });
  ({ page, ui: u } = run.track(workbench));
});

afterAll(async () => {
  await run?.close();
});

describe('the calckit extension in VS Code (code-server)', () => {
  it('opens a .calc file as the calc language, coloured by the grammar', async () => {
    await u.openFile('margin.calc');
    await u.screenshot('margin-open');
    // The status bar names the language by its alias.
    await page.locator('.statusbar-item', { hasText: 'Calculation formula' }).first().waitFor();
    // The grammar splits the line into tokens of several colours (functions, columns, operators).
    const classes = await page.locator('.monaco-editor .view-line span span').evaluateAll((spans) => spans.map((s) => s.className));
    expect(new Set(classes).size).toBeGreaterThanOrEqual(3);
  });

  it('a broken formula shows diagnostics in the editor and in the Problems panel', async () => {
    await u.openFile('broken.calc');
    // The language server starts with the first formula: allow it a moment.
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 45_000 });
    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    await rows.first().waitFor();
    const text = (await rows.allInnerTexts()).join('\n');
    await u.screenshot('diagnostics');
    expect(text).toContain('broken.calc');
    expect(await page.locator('.markers-panel .marker-icon.codicon-error, .markers-panel .codicon-error').count()).toBeGreaterThan(0);
    await page.keyboard.press('Control+Shift+M');
  });

  it('completion offers a column from the dataset schema', async () => {
    await u.openFile('complete.calc');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.type('SUM(');
    await page.keyboard.press('Control+Space');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'Order Date' }).first();
    await suggestion.waitFor({ timeout: 20_000 });
    await u.screenshot('completion');
    // The editor area alone: the picture in the README (docs/images/extension.png).
    await u.screenshot('completion-editor', { x: 348, y: 34, width: 620, height: 310 });
    const labels = await page.locator('.suggest-widget .monaco-list-row').allInnerTexts();
    expect(labels.some((l) => l.includes('Order Date'))).toBe(true);
    await page.keyboard.press('Escape');
    await u.runCommand('File: Revert File');
    await page.keyboard.press('Control+W');
  });

  it('a formula with tests shows the Run lens; clicking it runs them', async () => {
    await u.openFile('tested.calc');
    const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: 'Run 1 test' }).first();
    await lens.waitFor({ timeout: 30_000 });
    await lens.locator('a').first().click();
    await page.locator('.monaco-editor .codelens-decoration', { hasText: '✓ 1 test passed' }).first().waitFor({ timeout: 30_000 });
    await u.screenshot('formula-tests-lens');
    // The test file (a JSON document, synced to the server by the extension) has a lens per case.
    await u.openFile('tested.calc.test.json');
    await page.locator('.monaco-editor .codelens-decoration', { hasText: '✓ passed' }).first().waitFor({ timeout: 30_000 });
    await u.screenshot('formula-tests-case-lens');
  });

  it('restarts the language server after it crashes', async () => {
    const first = serverPid();
    expect(first).toBeDefined();
    process.kill(first as number, 'SIGKILL'); // a process of this test's own code-server
    const second = await waitFor(
      `a new language server process (killed ${first})`,
      async () => {
        const pid = serverPid();
        return pid !== undefined && pid !== first ? pid : undefined;
      },
      30_000,
    );
    expect(second).not.toBe(first);
    // The new server serves diagnostics: a formula opened only now (so no earlier squiggle) gets its error.
    await u.openFile('after-crash.calc');
    await page.locator('.editor-group-container .monaco-editor .squiggly-error').first().waitFor({ timeout: 30_000 });
    await u.screenshot('after-server-restart');
    // Restarting is silent: no error notification about the lost connection.
    expect(await page.locator('.notifications-toasts .notification-toast', { hasText: 'erroring' }).count()).toBe(0);
    await page.keyboard.press('Control+W');
  });

  it('shows the analysis of the formula (a command of the extension)', async () => {
    await u.openFile('margin.calc');
    await u.runCommand('calckit: Show Analysis of This Formula');
    await page.locator('.tab[aria-label*="margin.calc.analysis.json"]').first().waitFor();
    const text = await waitFor('the analysis document', async () => {
      const t = await page.locator('.editor-group-container').last().locator('.view-lines').innerText();
      return t.includes('checkSum') ? t : undefined;
    });
    await u.screenshot('analysis');
    const margin = await client.readCalculation(LOCKED_ID);
    expect(text.replace(/\u00a0/g, ' ')).toContain(margin.checkSum);
    await page.keyboard.press('Control+W');
  });

  it('pushes on save: the emulator stores the new formula and checkSum, and the locked calculation is locked again', async () => {
    const before = await client.readCalculation(LOCKED_ID);
    expect(before.locked).toBe(true);
    await u.openFile('margin.calc');
    await u.toEnd();
    await page.keyboard.press('Backspace'); // the trailing newline: the edit goes at the end of the formula
    await page.keyboard.type(' * 100');
    await page.keyboard.press('Control+S');
    // The token comes from the environment, which binds it to no service: the first push asks before sending it to
    // the origin this workspace names (and remembers the answer for that origin).
    const consent = u.dialog('Send the developer token from the environment');
    await consent.waitFor({ timeout: 20_000 });
    expect(await consent.innerText()).toContain(new URL(emulator.url).origin);
    await u.screenshot('environment-token-question');
    // The button that sends names the origin that receives the token (the default one, Don't Send, sends nothing).
    await consent.locator('.monaco-button', { hasText: `Send to ${new URL(emulator.url).origin}` }).click();
    const expected = `${before.expression} * 100`;
    const after = await waitFor('the pushed formula in the emulator', async () => {
      const remote = await client.readCalculation(LOCKED_ID);
      return remote.expression === expected && remote.locked ? remote : undefined;
    });
    await u.notification('pushed', 15_000);
    await u.screenshot('pushed-on-save');
    expect(after.checkSum).not.toBe(before.checkSum);
    expect(after.locked).toBe(true);
    // The push state file records the new checkSum as the last push.
    expect(lastPushed(emulator.url)).toBe(after.checkSum);
    // The language status item: connection, lock state and the last push with its checkSum.
    const hover = await u.openLanguageStatus('pushed');
    const status = await hover.innerText();
    expect(status).toContain('connected');
    expect(status).toContain('locked');
    expect(status).toContain(after.checkSum.slice(0, 8));
    await u.screenshot('language-status');
    await page.keyboard.press('Escape');
  });

  it('a remote change since the last push asks first: Compare opens the diff editor and pushes nothing', async () => {
    // Someone edits the formula in the service meanwhile (and leaves it locked).
    const theirs = '(SUM(`Sales`) - SUM(`Cost`)) / NULLIF(SUM(`Sales`), 0)';
    await client.unlock(LOCKED_ID);
    await client.updateFormula(LOCKED_ID, theirs);
    await client.lock(LOCKED_ID);
    await appendAndSave(' + 1');
    const dialog = u.dialog();
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('changed in the service since your last push');
    await u.screenshot('conflict-dialog');
    await dialog.locator('.monaco-button', { hasText: 'Compare' }).click();
    await page.locator('.monaco-diff-editor').first().waitFor();
    await page.locator('.tab[aria-label*="remote (calculation"]').first().waitFor();
    await u.screenshot('compare-with-remote');
    expect(await client.readCalculation(LOCKED_ID)).toMatchObject({ expression: theirs, locked: true });
    await page.keyboard.press('Control+W');
  });

  it('Overwrite pushes over the remote change and locks the calculation again', async () => {
    await u.openFile('margin.calc');
    const text = await appendAndSave(' + 2');
    const dialog = u.dialog();
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Overwrite' }).click();
    const after = await waitFor('the overwritten formula', async () => {
      const remote = await client.readCalculation(LOCKED_ID);
      return remote.expression === text && remote.locked ? remote : undefined;
    });
    expect(after.locked).toBe(true);
  });

  it('a formula with errors is not pushed unless the user says so', async () => {
    const before = await client.readCalculation(LOCKED_ID);
    await u.openFile('margin.calc');
    await appendAndSave(' +');
    const dialog = u.dialog();
    await dialog.waitFor();
    const question = await dialog.innerText();
    expect(question).toMatch(/has 1 error/);
    expect(await dialog.locator('.monaco-button', { hasText: 'Push Anyway' }).count()).toBe(1);
    await u.screenshot('lint-errors-dialog');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await page.waitForTimeout(1000);
    expect(await client.readCalculation(LOCKED_ID)).toMatchObject({ expression: before.expression, locked: true });
    // Put the file back as it was (its text equals the last push: nothing to send, no question).
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+S');
    await page.waitForTimeout(1000);
    expect(readFileSync(join(workspace, 'formulas', 'margin.calc'), 'utf8').trimEnd()).toBe(before.expression);
  });

  it('the Unlock and Lock commands change the lock in the service', async () => {
    await u.openFile('margin.calc');
    await u.runCommand('calckit: Unlock Calculation');
    await waitFor('the calculation unlocked', async () => ((await client.readCalculation(LOCKED_ID)).locked ? undefined : true));
    await u.runCommand('calckit: Lock Calculation');
    await waitFor('the calculation locked', async () => ((await client.readCalculation(LOCKED_ID)).locked ? true : undefined));
    await u.notification(`calculation ${LOCKED_ID} is locked`);
  });

  it('a failed update is reported with its step, status and message, and the calculation stays locked', async () => {
    const before = await client.readCalculation(LOCKED_ID);
    const res = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-SVC-Developer-Token': TOKEN },
      body: JSON.stringify({ operation: 'updateFormula', status: 500, message: 'injected failure for the e2e test' }),
    });
    expect(res.status).toBe(200);
    await page.locator('.monaco-editor .view-lines').first().click();
    await appendAndSave(' + 3');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'failed at step "update"' }).first();
    await toast.waitFor({ timeout: 20_000 });
    const message = await toast.innerText();
    expect(message).toContain('HTTP 500');
    expect(message).toContain('injected failure for the e2e test');
    expect(await toast.locator('.monaco-button', { hasText: 'Retry' }).count()).toBe(1);
    expect(await toast.locator('.monaco-button', { hasText: 'Open Log' }).count()).toBe(1);
    await u.screenshot('push-failed');
    expect(await client.readCalculation(LOCKED_ID)).toMatchObject({ expression: before.expression, checkSum: before.checkSum, locked: true });
  });

  it('starts a local emulator for the workspace with `calckit serve` and pushes to it', async () => {
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const started = await u.notification('the emulator runs at', 40_000);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(started)?.[0];
    expect(url).toBeDefined();
    expect(url).not.toBe(emulator.url);
    await u.screenshot('local-emulator');
    // The workspace now pushes to that emulator (its database in .calckit/, its default fixtures, a session token).
    const health = await fetch(`${url}/__emulator/health`);
    expect(health.status).toBe(200);
    expect(readdirSync(join(workspace, '.calckit', 'cache'))).toContain('emulator.sqlite'); // a cache, apart from the committed state
    // A save now goes to the new emulator (its token is the extension's own, unknown here): its calculation 102
    // holds the fixture's formula, not our last push, so the push asks first; Overwrite sends it there.
    const first = await client.readCalculation(LOCKED_ID);
    await u.openFile('margin.calc');
    const text = await appendAndSave(' + 4');
    const dialog = u.dialog();
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Overwrite' }).click();
    await waitFor('the push recorded in the state file', async () => {
      return lastPushed(url as string) === createHash('sha1').update(text).digest('hex') ? true : undefined;
    });
    await u.screenshot('pushed-to-local-emulator');
    // The first emulator did not get it.
    expect(await client.readCalculation(LOCKED_ID)).toMatchObject({ expression: first.expression, checkSum: first.checkSum });
  });

  it('the log lists the requests and never the token', () => {
    const log = u.extensionLog(Infinity);
    expect(log).toContain('updateFormula');
    expect(log).toContain('/api/query/v1/functions/template/102');
    expect(log).not.toContain(TOKEN);
  });
});
