// End to end, the default button of each of the extension's modal questions: Enter (or a Space typed next) presses
// it, so it must never send a token, overwrite the service's formula or run a program. A trusted workspace whose
// calckit.json points at a recording proxy before the emulator, a developer token in the environment (bound to no
// service), push on save, and the folder's own node_modules/.bin/calckit (it leaves a marker when run). Checks: Enter
// in "Send the developer token from the environment to <origin>?" sends nothing and is remembered, and the button
// that sends names the origin; Enter in the conflict question opens the diff and overwrites nothing; Enter in "Start
// the emulator with this workspace's own calckit?" runs nothing and opens the calckit.emulator.command setting.
// (Enter in the errors dialog is push-safety's.)
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

const TOKEN = 'e2e-modal-defaults-token-6f20a9d1c3';
const PROFIT_ID = 101; // "Profit", unlocked in the emulator's default fixtures
const SHOTS = join(ARTIFACTS, 'modal-defaults');

let run: TestRun;
let workspace: string;
let file: string;
let marker: string;
let service: Service;
let recorder: Recorder;
let origin: string;
let original: string;
let client: Client;
let page: Page;
let u: Ui;

const remoteExpression = (): Promise<string> => service.remoteExpression(PROFIT_ID);
const appendAndSave = (suffix: string): Promise<string> => u.appendAndSave(file, suffix);

beforeAll(async () => {
  run = startRun('modal-defaults');
  workspace = join(run.dir, 'workspace');
  file = join(workspace, 'formulas', 'profit.calc');
  service = run.track(await startService({ dir: run.dir, developerToken: TOKEN, sessionToken: 'e2e-modal-defaults-session-3a' }));
  client = service.client;
  recorder = run.track(await startRecorder(service.emulator.url));
  origin = new URL(recorder.url).origin;
  const profit = await client.readCalculation(PROFIT_ID);
  original = profit.expression;
  writeWorkspace({
    root: workspace,
    baseUrl: recorder.url,
    columns: service.columns,
    // No trailing newline: what is typed at the end of the file is the end of the expression.
    formulas: [{ path: 'formulas/profit.calc', id: PROFIT_ID, text: profit.expression, lastPushed: profit.checkSum }],
    settings: { 'calckit.pushOnSave': true },
  });
  marker = writeWorkspaceCalckit(workspace);
  // The extension host inherits code-server's environment: the token reaches the extension that way.
  const workbench = await openWorkbench({ workspace, artifacts: SHOTS, env: { CALCKIT_DEVELOPER_TOKEN: TOKEN } });
  ({ page, ui: u } = run.track(workbench));
});

afterAll(async () => {
  await run?.close();
});

describe("Enter in the extension's modal questions (code-server)", () => {
  it("the environment token question: Enter sends nothing (Don't Send, remembered); the sending button names the origin", async () => {
    const before = await remoteExpression();
    await u.openFile('profit.calc');
    await appendAndSave(' * 2');
    const question = u.dialog('Send the developer token from the environment');
    await question.waitFor({ timeout: 20_000 });
    expect(await question.innerText()).toContain(`(CALCKIT_DEVELOPER_TOKEN) to ${origin}?`);
    const buttons = await question.locator('.monaco-button').allInnerTexts();
    const byDefault = await u.focusedLabel();
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
    await u.clearNotifications();
    await appendAndSave(' + 1');
    expect(await u.notification('failed at step "connect"', 15_000)).toContain('your earlier answer');
    expect(await u.dialog('Send the developer token').count()).toBe(0);
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
    await u.closeDialogs();
    await u.waitFor('the push state recording the last push', async () => (u.extensionLog(Infinity).includes('push formulas/profit.calc: stored') ? true : undefined));
    const someone = `${original} - 1`;
    await client.updateFormula(PROFIT_ID, someone); // someone's change in the service, straight to the emulator
    await u.clearNotifications();
    await appendAndSave(' + 3');
    const question = u.dialog('changed in the service since your last push');
    await question.waitFor({ timeout: 20_000 });
    expect(await u.focusedLabel()).toBe('Compare');
    await u.screenshot('conflict-question');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await page.locator('.tab', { hasText: 'remote (calculation 101)' }).first().waitFor({ timeout: 15_000 });
    await u.screenshot('conflict-compare');
    expect(await remoteExpression()).toBe(someone);
    await page.keyboard.press('Control+W'); // the diff editor
  });

  it("the workspace's calckit question: Enter runs nothing and opens the calckit.emulator.command setting", async () => {
    await u.closeDialogs();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const question = u.dialog("this workspace's own calckit");
    await question.waitFor({ timeout: 15_000 });
    expect(await question.innerText()).toContain(join(workspace, 'node_modules', '.bin', 'calckit'));
    const byDefault = await u.focusedLabel();
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
