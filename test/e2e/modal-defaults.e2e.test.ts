// End to end, the default button of each of the extension's modal questions: Enter (or a Space typed next) presses
// it, so it must never send a token, overwrite the service's formula or run a program. A trusted workspace whose
// calckit.json points at a recording proxy before the emulator, a developer token in the environment (bound to no
// service), push on save, and the folder's own node_modules/.bin/calckit (it leaves a marker when run). Checks: Enter
// in "Send the developer token from the environment to <origin>?" sends nothing and is remembered, and the button
// that sends names the origin; Enter in the conflict question opens the diff and overwrites nothing; Enter in "Start
// the emulator with this workspace's own calckit?" runs nothing and opens the calckit.emulator.command setting.
// (Enter in the errors dialog is push-safety's.)
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@calckit/client';
import { DEFAULT_FIXTURES_PATH, startEmulator, type RunningEmulator } from '@calckit/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './harness/browser.js';
import { installExtension, startCodeServer, type CodeServer } from './harness/code-server.js';
import { ARTIFACTS, checkInstalled, VSIX } from './harness/paths.js';
import { startRecorder, type Recorder } from './harness/recorder.js';
import { ui, type Ui } from './harness/ui.js';
import { writeWorkspace } from './harness/workspace.js';

const TOKEN = 'e2e-modal-defaults-token-6f20a9d1c3';
const PROFIT_ID = 101; // "Profit", unlocked in the emulator's default fixtures
const SHOTS = join(ARTIFACTS, 'modal-defaults');

let tmp: string;
let workspace: string;
let file: string;
let marker: string;
let emulator: RunningEmulator;
let recorder: Recorder;
let origin: string;
let original: string;
let client: Client;
let codeServer: CodeServer;
let browser: Browser;
let page: Page;
let u: Ui;

const remoteExpression = async (): Promise<string> => (await client.readCalculation(PROFIT_ID)).expression;
const dialog = (text: string): ReturnType<Page['locator']> => page.locator('.monaco-dialog-box', { hasText: text });
/** The label of the focused element: in a dialog just shown, its default button (what Enter presses). */
const focused = (): Promise<string> => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');

/** Types at the end of the formula and saves with Ctrl+S (an explicit save); waits until the text is on disk. */
async function appendAndSave(suffix: string): Promise<void> {
  const expected = `${readFileSync(file, 'utf8')}${suffix}`;
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(suffix);
  await page.keyboard.press('Control+S');
  await u.waitFor('the saved file', async () => (readFileSync(file, 'utf8') === expected ? true : undefined));
}

/** Closes any dialog a failed test left open (each test starts without one). */
async function closeDialogs(): Promise<void> {
  while (await page.locator('.monaco-dialog-box').isVisible()) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

async function clearNotifications(): Promise<void> {
  await u.runCommand('Notifications: Clear All Notifications');
  await page.waitForTimeout(300);
}

beforeAll(async () => {
  checkInstalled();
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(join(tmpdir(), 'calckit-e2e-modal-defaults-'));
  workspace = join(tmp, 'workspace');
  file = join(workspace, 'formulas', 'profit.calc');
  emulator = await startEmulator({ port: 0, dataPath: join(tmp, 'emulator.sqlite'), fixtures: DEFAULT_FIXTURES_PATH, developerToken: TOKEN, sessionToken: 'e2e-modal-defaults-session-3a' });
  recorder = await startRecorder(emulator.url);
  origin = new URL(recorder.url).origin;
  client = createClient({ baseUrl: emulator.url, developerToken: TOKEN, retries: 0 });
  const profit = await client.readCalculation(PROFIT_ID);
  original = profit.expression;
  const fixtures = JSON.parse(readFileSync(DEFAULT_FIXTURES_PATH, 'utf8')) as {
    datasets: Array<{ id: string; columns: Array<{ name: string; id: string; type: string; visible: boolean; order: number }> }>;
  };
  writeWorkspace({
    root: workspace,
    baseUrl: recorder.url,
    columns: fixtures.datasets.find((d) => d.id === 'sales')?.columns ?? [],
    // No trailing newline: what is typed at the end of the file is the end of the expression.
    formulas: [{ path: 'formulas/profit.calc', id: PROFIT_ID, text: profit.expression, lastPushed: profit.checkSum }],
    settings: { 'calckit.pushOnSave': true },
  });
  // The folder's own calckit: running it leaves a marker.
  marker = join(workspace, 'ran-the-workspace-calckit');
  const bin = join(workspace, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'calckit'), `#!/bin/sh\necho "$@" > '${marker}'\nsleep 30\n`);
  chmodSync(join(bin, 'calckit'), 0o755);

  const home = join(tmp, 'code-server');
  installExtension(home, VSIX);
  // The extension host inherits code-server's environment: the token reaches the extension that way.
  codeServer = await startCodeServer({ home, workspace, env: { CALCKIT_DEVELOPER_TOKEN: TOKEN } });
  browser = await openBrowser();
  page = browser.page;
  u = ui(page, { artifacts: SHOTS, codeServerHome: home });
  await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(workspace)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  if (u) await u.screenshot('final').catch(() => undefined);
  await browser?.close();
  await codeServer?.stop();
  await recorder?.close();
  await emulator?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("Enter in the extension's modal questions (code-server)", () => {
  it("the environment token question: Enter sends nothing (Don't Send, remembered); the sending button names the origin", async () => {
    const before = await remoteExpression();
    await u.openFile('profit.calc');
    await appendAndSave(' * 2');
    const question = dialog('Send the developer token from the environment');
    await question.waitFor({ timeout: 20_000 });
    expect(await question.innerText()).toContain(`(CALCKIT_DEVELOPER_TOKEN) to ${origin}?`);
    const buttons = await question.locator('.monaco-button').allInnerTexts();
    const byDefault = await focused();
    await u.screenshot('environment-token-question');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await page.waitForTimeout(2000); // time for any request that would go out
    expect(recorder.requests.map((r) => `${r.method} ${r.path} ${r.tokenHeaders.join(',')}`)).toEqual([]);
    expect(await remoteExpression()).toBe(before);
    expect(byDefault).toBe("Don't Send");
    expect(buttons).toContain(`Send to ${origin}`);
    expect(await u.notification('failed at step "connect"', 15_000)).toContain('not allowed');

    // Remembered for the origin: the next save does not ask and sends nothing either.
    await clearNotifications();
    await appendAndSave(' + 1');
    expect(await u.notification('failed at step "connect"', 15_000)).toContain('your earlier answer');
    expect(await dialog('Send the developer token').count()).toBe(0);
    expect(recorder.requests).toEqual([]);

    // Clear Developer Token forgets the answer; the sending button then sends it to that origin, and the push lands.
    await u.runCommand('calckit: Clear Developer Token');
    await appendAndSave(' + 2');
    await question.waitFor({ timeout: 20_000 });
    await question.locator('.monaco-button', { hasText: `Send to ${origin}` }).click();
    const expected = `${before} * 2 + 1 + 2`;
    await u.waitFor('the pushed formula in the emulator', async () => ((await remoteExpression()) === expected ? true : undefined));
    expect(recorder.requests.length).toBeGreaterThan(0);
    expect(recorder.requests.every((r) => r.tokenHeaders.includes('x-svc-developer-token'))).toBe(true);
  });

  it('the conflict question: Enter opens the diff (Compare) and overwrites nothing', async () => {
    await closeDialogs();
    await u.waitFor('the push state recording the last push', async () => (u.extensionLog(Infinity).includes('push formulas/profit.calc: stored') ? true : undefined));
    const someone = `${original} - 1`;
    await client.updateFormula(PROFIT_ID, someone); // someone's change in the service, straight to the emulator
    await clearNotifications();
    await appendAndSave(' + 3');
    const question = dialog('changed in the service since your last push');
    await question.waitFor({ timeout: 20_000 });
    expect(await focused()).toBe('Compare');
    await u.screenshot('conflict-question');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await page.locator('.tab', { hasText: 'remote (calculation 101)' }).first().waitFor({ timeout: 15_000 });
    await u.screenshot('conflict-compare');
    expect(await remoteExpression()).toBe(someone);
    await page.keyboard.press('Control+W'); // the diff editor
  });

  it("the workspace's calckit question: Enter runs nothing and opens the calckit.emulator.command setting", async () => {
    await closeDialogs();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const question = dialog("this workspace's own calckit");
    await question.waitFor({ timeout: 15_000 });
    expect(await question.innerText()).toContain(join(workspace, 'node_modules', '.bin', 'calckit'));
    const byDefault = await focused();
    await u.screenshot('workspace-calckit-question');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await page.waitForTimeout(2000); // time for a program that was started to leave its marker
    expect(existsSync(marker), "the folder's calckit ran").toBe(false);
    expect(byDefault).toBe('Use Another calckit…');
    await page.locator('.settings-editor .setting-item-contents', { hasText: 'Emulator: Command' }).first().waitFor({ timeout: 15_000 });
    await u.screenshot('emulator-command-setting');
  });

  it('the log never shows the token', () => {
    const log = u.extensionLog(Infinity);
    expect(log).toContain("the environment's developer token is not allowed for");
    expect(log).not.toContain(TOKEN);
  });
});
