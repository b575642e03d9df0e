// End to end, what a keystroke may push: a workspace with push on save AND files.autoSave afterDelay (1 s), no token in
// the environment, a formula mapped to an unlocked calculation of the emulator. Checks that the status item follows a
// token set or cleared at once; that Enter in the "formula has errors" dialog pushes nothing (its default button is
// Show Problems); that an auto-save pushes nothing unless calckit.push.onAutoSave opts in — not even after a pause
// right after typing `+` followed by a space (which used to press Push Anyway); that an opted-in auto-save pushes
// a valid formula but skips one with errors with a status bar note, never a dialog; and that an opted-in auto-save
// push that keeps failing (no token) is notified once, then said in the status bar, until a push succeeds, while an
// explicit save's failure is always notified.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@calckit/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS } from './harness/paths.js';
import { startRun, type TestRun } from './harness/run.js';
import { startService, type Service } from './harness/service.js';
import { pushAutoSaves as turnOnAutoSavePushes } from './harness/settings.js';
import type { Ui } from './harness/ui.js';
import { openWorkbench } from './harness/workbench.js';
import { writePushState, writeWorkspace } from './harness/workspace.js';

const TOKEN = 'e2e-push-safety-token-9b3e61c0d4';
const PROFIT_ID = 101; // "Profit", unlocked in the emulator's default fixtures
const SHOTS = join(ARTIFACTS, 'push-safety');
const AUTO_SAVE_DELAY_MS = 1000;

let run: TestRun;
let workspace: string;
let file: string;
let service: Service;
let client: Client;
let page: Page;
let u: Ui;
let original: string;
let originalCheckSum: string;

const remoteExpression = (): Promise<string> => service.remoteExpression(PROFIT_ID);
/** Types at the end of the formula and waits until VS Code's auto-save has written it (nobody presses Ctrl+S). */
const typeAndLetAutoSave = (suffix: string): Promise<string> => u.appendAndLetAutoSave(file, suffix);

/** Waits until the language status says `text`, with no change of editor in between. */
function statusSays(text: string, timeoutMs = 10_000): Promise<string> {
  return u.waitFor(`the language status saying "${text}"`, async () => {
    // The hover lists the calckit push item and the server item: it is found by the server item's name.
    const status = await u.languageStatus('calckit server');
    return status.includes(text) ? status : undefined;
  }, timeoutMs);
}

/**
 * Each test starts from the same place whatever the one before did: the service, the push state, the file on disk and
 * in the editor all hold the fixture's formula, and no dialog is open.
 */
async function startOver(): Promise<void> {
  await u.closeDialogs();
  if ((await remoteExpression()) !== original) await client.updateFormula(PROFIT_ID, original);
  const formulas = [{ path: 'formulas/profit.calc', id: PROFIT_ID, text: original, lastPushed: originalCheckSum }];
  writePushState({ root: workspace, baseUrl: service.emulator.url, formulas });
  writeFileSync(file, original);
  await u.toEnd();
  await u.runCommand('File: Revert File');
  await u.waitFor('the editor holding the fixture formula', async () => {
    const text = await page.locator('.editor-group-container .monaco-editor .view-lines').first().innerText();
    // (An inlay hint with the result type may follow the formula: no suffix typed by a test may.)
    const shown = text.replace(/\u00a0/g, ' ');
    return shown.startsWith(original) && !/ [+*]/.test(shown.slice(original.length)) ? true : undefined;
  });
}

/** Turns on calckit.push.onAutoSave in the workspace settings and waits (at most 10 s) for the extension to read it. */
async function pushAutoSaves(): Promise<void> {
  // Not awaited as a must: what follows fails anyway if the setting did not apply, and says how.
  await turnOnAutoSavePushes(u, workspace, AUTO_SAVE_DELAY_MS, 10_000).catch(() => undefined);
}

const CENTER_ROWS = '.notifications-center .monaco-list-row';

/** The notifications in the notification center (which keeps every one, shown as a toast or not) containing `text`. */
async function notificationsSaying(text: string): Promise<string[]> {
  await u.runCommand('Notifications: Show Notifications');
  await page.locator('.notifications-center').first().waitFor();
  await page.waitForTimeout(300);
  const rows = await page.locator(CENTER_ROWS, { hasText: text }).allInnerTexts();
  await u.runCommand('Notifications: Hide Notifications');
  return rows;
}

const setToken = (): Promise<void> => u.setDeveloperToken(TOKEN);

beforeAll(async () => {
  run = startRun('push-safety');
  workspace = join(run.dir, 'workspace');
  file = join(workspace, 'formulas', 'profit.calc');
  service = run.track(await startService({ dir: run.dir, developerToken: TOKEN, sessionToken: 'e2e-push-safety-session-5c' }));
  client = service.client;
  const profit = await client.readCalculation(PROFIT_ID);
  original = profit.expression;
  originalCheckSum = profit.checkSum;
  writeWorkspace({
    root: workspace,
    baseUrl: service.emulator.url,
    columns: service.columns,
    // No trailing newline: what is typed at the end of the file is the end of the expression.
    formulas: [{ path: 'formulas/profit.calc', id: PROFIT_ID, text: original, lastPushed: profit.checkSum }],
    settings: { 'calckit.pushOnSave': true, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': AUTO_SAVE_DELAY_MS },
  });
  // No token in the environment: the only token is the one set through the command.
  const workbench = await openWorkbench({ workspace, artifacts: SHOTS, env: { CALCKIT_DEVELOPER_TOKEN: '' } });
  ({ page, ui: u } = run.track(workbench));
});

afterAll(async () => {
  await run?.close();
});

describe('what a save may push (code-server, files.autoSave afterDelay)', () => {
  it('the status item follows a token set or cleared at once, in the same editor', async () => {
    await u.openFile('profit.calc');
    await statusSays('no token', 30_000);
    await setToken();
    await u.notification('developer token for');
    // Still the same editor: the item must say so without a change of editor.
    const connected = await statusSays('connected');
    expect(connected).toContain('unlocked');
    await u.screenshot('status-after-set-token');
    await u.runCommand('calckit: Clear Developer Token');
    await statusSays('no token');
    await setToken();
    await statusSays('connected');
  });

  it('Enter in the "formula has errors" dialog pushes nothing (its default button is Show Problems); Escape neither', async () => {
    await startOver();
    await u.toEnd();
    await page.keyboard.type(' +');
    await page.keyboard.press('Control+S'); // well within the auto-save delay: an explicit save
    await u.dialog().waitFor();
    expect(await u.dialog().innerText()).toMatch(/has 1 error/);
    await u.screenshot('errors-dialog');
    await page.keyboard.press('Enter');
    await u.dialog().waitFor({ state: 'hidden' });
    await page.waitForTimeout(2000);
    // The default button sent nothing…
    expect(await remoteExpression()).toBe(original);
    expect(u.extensionLog(Infinity)).toMatch(/push formulas\/profit\.calc: cancelled \(lint-errors\)/);
    // …and opened the Problems panel.
    await page.locator('.markers-panel').first().waitFor({ timeout: 10_000 });

    await u.toEnd();
    await page.keyboard.type(' *');
    await page.keyboard.press('Control+S');
    await u.dialog().waitFor();
    await page.keyboard.press('Escape');
    await u.dialog().waitFor({ state: 'hidden' });
    await page.waitForTimeout(2000);
    expect(await remoteExpression()).toBe(original);

  });

  it('an auto-save pushes nothing (calckit.push.onAutoSave is off): no push, and no dialog after a pause on `+`', async () => {
    await startOver();
    const edited = await typeAndLetAutoSave(' * 2');
    await page.waitForTimeout(3000);
    expect(await remoteExpression()).toBe(original);
    expect(u.extensionLog(Infinity)).toMatch(/profit\.calc: not pushed, an auto-save/);

    // The reported sequence: `+`, a pause (auto-save), then a space — which pressed the dialog's Push Anyway.
    await typeAndLetAutoSave(' +');
    await page.waitForTimeout(1500);
    expect(await u.dialog().count()).toBe(0);
    await page.keyboard.type(' ');
    await page.waitForTimeout(AUTO_SAVE_DELAY_MS + 2000);
    expect(await u.dialog().count()).toBe(0);
    expect(await remoteExpression()).toBe(original);
    await u.screenshot('auto-save-not-pushed');

    // An explicit save still pushes (typed and saved well within the auto-save delay).
    await u.toEnd();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace'); // " + " → back to `… * 2`
    await page.keyboard.press('Control+S');
    await u.waitFor('the explicitly saved formula in the emulator', async () => ((await remoteExpression()) === edited ? true : undefined));
    await u.notification('pushed formulas/profit.calc');
  });

  it('with calckit.push.onAutoSave, an auto-save pushes; one with errors is skipped with a status bar note, no dialog', async () => {
    await startOver();
    await pushAutoSaves();
    const pushed = await typeAndLetAutoSave(' + 1');
    await u.waitFor('the auto-saved formula in the emulator', async () => ((await remoteExpression()) === pushed ? true : undefined));

    await typeAndLetAutoSave(' +');
    await page.waitForTimeout(1500);
    expect(await u.dialog().count()).toBe(0);
    const note = page.locator('.statusbar-item', { hasText: 'not pushed on auto-save' }).first();
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain('(1 error)');
    expect(u.extensionLog(Infinity)).toContain('formulas/profit.calc not pushed on auto-save: it has 1 error');
    await u.screenshot('auto-save-skipped-note');
    expect(await u.dialog().count()).toBe(0);
    await page.keyboard.type(' ');
    await page.waitForTimeout(AUTO_SAVE_DELAY_MS + 2000);
    expect(await u.dialog().count()).toBe(0);
    expect(await remoteExpression()).toBe(pushed);
  });

  it('with calckit.push.onAutoSave, an auto-save push failing again for the same cause is notified once, then in the status bar', async () => {
    await startOver();
    await pushAutoSaves();
    await u.runCommand('calckit: Clear Developer Token');
    await statusSays('no token');
    await u.clearNotifications();
    const failed = 'failed at step "connect"';
    const failures = (): number => (u.extensionLog(Infinity).match(/push formulas\/profit\.calc: failed at step "connect"/g) ?? []).length;
    const failuresBefore = failures();

    // The first failing auto-save push is notified (with Retry)…
    await typeAndLetAutoSave(' + 1');
    expect(await u.notification(failed)).toContain('no developer token');
    await u.waitFor('the first failure in the log', async () => (failures() === failuresBefore + 1 ? true : undefined));
    await u.clearNotifications();

    // …the next ones, failing alike, only in the status bar and the log: no new notification at each pause.
    await typeAndLetAutoSave(' + 2');
    const note = page.locator('.statusbar-item', { hasText: 'auto-save push failed again' }).first();
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain('(connect)');
    await typeAndLetAutoSave(' + 3');
    await u.waitFor('the third failure in the log', async () => (failures() === failuresBefore + 3 ? true : undefined));
    await page.waitForTimeout(1500);
    await u.screenshot('auto-save-failed-again-note');
    expect(await notificationsSaying(failed)).toEqual([]);
    expect(u.extensionLog(Infinity)).toContain('formulas/profit.calc: the auto-save push failed again for the reason already notified');
    expect(await remoteExpression()).toBe(original);

    // An explicit save reports its failure as always.
    await u.toEnd();
    await page.keyboard.type(' + 4');
    await page.keyboard.press('Control+S');
    expect(await u.notification(failed)).toContain('no developer token');
    await u.clearNotifications();

    // A push that succeeds starts over: the next failing auto-save push is notified again.
    await setToken();
    await statusSays('connected');
    const pushed = await typeAndLetAutoSave(' + 5');
    await u.waitFor('the auto-saved formula in the emulator', async () => ((await remoteExpression()) === pushed ? true : undefined));
    await u.runCommand('calckit: Clear Developer Token');
    await statusSays('no token');
    await u.clearNotifications();
    await typeAndLetAutoSave(' + 6');
    expect(await u.notification(failed)).toContain('no developer token');
    await setToken(); // as the other tests expect
  });
});
