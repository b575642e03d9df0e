// End to end, workspace trust: code-server started WITHOUT --disable-workspace-trust opens a folder the user does not
// trust (Restricted Mode). Its calckit.json points at a recording proxy in front of the emulator, a developer token is
// in the environment, push on save is on, and the folder holds its own node_modules/.bin/calckit. In Restricted Mode
// nothing may reach the service (no read, push, lock or compare), the folder's calckit must never run, the user is
// told, and diagnostics keep working. Once trusted: the environment's token is not sent before the user allows it for
// that origin; a token stored for the origin is sent there.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@calckit/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS } from './harness/paths.js';
import { startRecorder, type Recorder } from './harness/recorder.js';
import { startRun, type TestRun } from './harness/run.js';
import { startService, type Service } from './harness/service.js';
import type { Ui } from './harness/ui.js';
import { openWorkbench } from './harness/workbench.js';
import { writeWorkspace, writeWorkspaceCalckit } from './harness/workspace.js';

const TOKEN = 'e2e-restricted-token-41c9d2e07a';
const LOCKED_ID = 102;
const SHOTS = join(ARTIFACTS, 'restricted');

let run: TestRun;
let workspace: string;
let marker: string;
let service: Service;
let recorder: Recorder;
let client: Client;
let page: Page;
let u: Ui;

/** Types at the end of margin.calc and saves; waits until the text is on disk. */
const appendAndSave = (suffix: string): Promise<string> => u.appendAndSave(join(workspace, 'formulas', 'margin.calc'), suffix);

beforeAll(async () => {
  run = startRun('restricted');
  workspace = join(run.dir, 'workspace');
  service = run.track(await startService({ dir: run.dir, developerToken: TOKEN, sessionToken: 'e2e-restricted-session-77' }));
  client = service.client;
  recorder = run.track(await startRecorder(service.emulator.url));
  const margin = await client.readCalculation(LOCKED_ID);
  writeWorkspace({
    root: workspace,
    baseUrl: recorder.url,
    columns: service.columns,
    formulas: [{ path: 'formulas/margin.calc', id: LOCKED_ID, text: `${margin.expression}\n`, lastPushed: margin.checkSum }],
    others: [{ path: 'scratch/broken.calc', text: 'SUM(`Sales`) +\n' }],
    settings: { 'calckit.pushOnSave': true },
  });
  // The folder's own calckit: running it leaves a marker (it must never run in Restricted Mode).
  marker = writeWorkspaceCalckit(workspace);
  const workbench = await openWorkbench({
    workspace,
    artifacts: SHOTS,
    prefix: 'restricted',
    env: { CALCKIT_DEVELOPER_TOKEN: TOKEN },
    workspaceTrust: true,
    // VS Code asks whether to trust the folder: the user says no.
    onRendered: async (shown) => {
      const trustDialog = shown.dialog('trust the authors');
      await trustDialog.waitFor({ timeout: 30_000 });
      await shown.screenshot('trust-question');
      await trustDialog.locator('.monaco-button', { hasText: "No, I don't trust the authors" }).click();
    },
  });
  ({ page, ui: u } = run.track(workbench));
});

afterAll(async () => {
  await run?.close();
});

describe('the calckit extension in an untrusted workspace (Restricted Mode)', () => {
  it('keeps the language features: a broken formula gets its diagnostics', async () => {
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 20_000 });
    await u.openFile('broken.calc');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 45_000 });
    await u.screenshot('diagnostics-in-restricted-mode');
    await page.keyboard.press('Control+W');
  });

  it('push on save sends nothing and tells the user', async () => {
    const before = await client.readCalculation(LOCKED_ID);
    await u.openFile('margin.calc');
    await appendAndSave(' + 1');
    await page.waitForTimeout(3000); // time for any request that would go out
    expect(recorder.requests.map((r) => `${r.method} ${r.path} ${r.tokenHeaders.join(',')}`)).toEqual([]);
    const toast = u.toast('push on save is off in Restricted Mode');
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.innerText()).toMatch(/not trusted/);
    expect(await toast.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).count()).toBe(1);
    await u.screenshot('push-on-save-refused');
    // The language status item says why nothing is connected.
    await u.openLanguageStatus('Restricted Mode');
    await u.screenshot('language-status-restricted');
    await page.keyboard.press('Escape');
    expect(recorder.requests).toEqual([]);
    expect(await client.readCalculation(LOCKED_ID)).toMatchObject({ expression: before.expression, checkSum: before.checkSum, locked: true });
  });

  it('the push, lock and compare commands are refused with a message, and send nothing', async () => {
    await u.openFile('margin.calc');
    for (const [command, message] of [
      ['calckit: Push This Formula', 'pushing is off in Restricted Mode'],
      ['calckit: Lock Calculation', 'locking is off in Restricted Mode'],
      ['calckit: Compare with Remote', 'comparing with the service is off in Restricted Mode'],
    ] as const) {
      await u.clearNotifications();
      await u.runCommand(command);
      await u.notification(message, 15_000);
    }
    await u.screenshot('commands-refused');
    expect(recorder.requests).toEqual([]);
  });

  it("Start Local Emulator is refused and never runs the folder's node_modules/.bin/calckit", async () => {
    await u.clearNotifications();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    await page.waitForTimeout(3000);
    expect(existsSync(marker), "the folder's calckit ran").toBe(false);
    await u.notification('starting the local emulator is off in Restricted Mode', 15_000);
    await u.screenshot('emulator-refused');
    expect(recorder.requests).toEqual([]);
  });

  it('once trusted, the environment token is not sent before the user allows it for this origin', async () => {
    await u.clearNotifications();
    await u.runCommand('Workspaces: Manage Workspace Trust');
    const trust = page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust/ }).first();
    await trust.waitFor({ timeout: 20_000 });
    await u.screenshot('trust-editor');
    await trust.click();
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'detached', timeout: 20_000 });
    await page.keyboard.press('Control+W'); // the trust editor
    // The extension noticed (onDidGrantWorkspaceTrust) without a reload; its background read sends nothing yet.
    await u.waitFor('the trust grant in the log', async () => (u.extensionLog(200).includes('workspace trusted now') ? true : undefined));
    await u.openFile('margin.calc');
    await appendAndSave(' + 2');
    const question = u.dialog('Send the developer token from the environment');
    await question.waitFor({ timeout: 20_000 });
    expect(await question.innerText()).toContain(recorder.url);
    await u.screenshot('environment-token-question');
    await question.locator('.monaco-button', { hasText: "Don't Send" }).click();
    await u.notification('failed at step "connect"', 15_000);
    await u.screenshot('environment-token-not-allowed');
    expect(recorder.requests).toEqual([]);
  });

  it('a token stored for the origin is sent there (and only there), and the push goes through', async () => {
    await u.clearNotifications();
    await u.runCommand('calckit: Set Developer Token');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    expect(await page.locator('.quick-input-widget').innerText()).toContain(recorder.url);
    await input.fill(TOKEN);
    await page.keyboard.press('Enter');
    await u.notification('developer token for', 15_000);
    await u.openFile('margin.calc');
    await appendAndSave(' + 3');
    // A push unlocks, updates and locks again: the formula shows before the lock is back, so both are waited for
    // (a lock that never comes back times out here), and then the extension's own word that the push is done.
    const pushed = await u.waitFor('the pushed formula in the emulator, locked again', async () => {
      const remote = await client.readCalculation(LOCKED_ID);
      return remote.expression.endsWith('+ 3') && remote.locked ? remote : undefined;
    });
    await u.notification('pushed', 15_000);
    expect(pushed.locked).toBe(true);
    await u.screenshot('pushed-once-trusted');
    expect(recorder.requests.length).toBeGreaterThan(0);
    expect(recorder.requests.every((r) => r.tokenHeaders.includes('x-svc-developer-token'))).toBe(true);
  });

  it("even trusted, the folder's own calckit runs only when the user says so (and says what it runs)", async () => {
    await u.clearNotifications();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const question = u.dialog("this workspace's own calckit");
    await question.waitFor({ timeout: 15_000 });
    expect(await question.innerText()).toContain(join(workspace, 'node_modules', '.bin', 'calckit'));
    await u.screenshot('workspace-calckit-question');
    await question.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await page.waitForTimeout(2000);
    expect(existsSync(marker)).toBe(false);
  });

  it('the log says what was refused and never shows the token', () => {
    const log = u.extensionLog(Infinity);
    expect(log).toContain('not trusted');
    expect(log).not.toContain(TOKEN);
  });
});
