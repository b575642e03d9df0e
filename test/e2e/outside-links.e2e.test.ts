// End to end, symbolic links that lead out of the project (issue 32): a workspace whose mapped formula
// `formulas/secret.calc` is a link to a file outside it (VS Code names the document by the link, so its text is the
// outside file's), and whose `.calckit/cache` is a link to a folder outside it. The service is the emulator behind a
// recording proxy, so what reached it is known. Checks that an explicit save, "Push This Formula", "Push All Changed
// Formulas" and an opted-in auto-save of the linked formula send nothing (a notification, or for the auto-save a status
// bar note, naming the file and where it leads), while the formula inside the project still pushes; and that "Start
// Local Emulator" refuses to put its database through the linked folder.
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@calckit/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_CLI } from './harness/paths.js';
import { startRecorder, type RecordedRequest, type Recorder } from './harness/recorder.js';
import { startRun, type TestRun } from './harness/run.js';
import { startService, type Service } from './harness/service.js';
import { pushAutoSaves } from './harness/settings.js';
import type { Ui } from './harness/ui.js';
import { openWorkbench } from './harness/workbench.js';
import { writeWorkspace } from './harness/workspace.js';

const TOKEN = 'e2e-outside-links-token-4f0c2a9e71';
const PROFIT_ID = 101; // "Profit", unlocked in the emulator's default fixtures: formulas/profit.calc, inside
const DAYS_ID = 103; // "Days Since Order", unlocked: formulas/secret.calc, the link out
const SHOTS = join(ARTIFACTS, 'outside-links');
const AUTO_SAVE_DELAY_MS = 1000;
/** The outside file's text: a valid formula, so that nothing but the link check stands between it and the service. */
const SECRET_TEXT = 'SUM(`Sales`) * 424242';

let run: TestRun;
let workspace: string;
let secretFile: string;
let outsideCache: string;
let service: Service;
let recorder: Recorder;
let client: Client;
let page: Page;
let u: Ui;
let secretRemote: string;

/** Requests that change something in the service (anything but a read), from `since` on. */
const writesSince = (since: number): RecordedRequest[] => recorder.requests.slice(since).filter((r) => r.method !== 'GET');
const remoteExpression = (id: number): Promise<string> => service.remoteExpression(id);
const refusedNotice = 'formulas/secret.calc not pushed';

async function setToken(): Promise<void> {
  await u.setDeveloperToken(TOKEN);
  await u.notification('developer token for');
}

/** Checks a refusal of the linked formula: its notification names the file and the outside file it leads to. */
async function expectRefusedNotification(): Promise<void> {
  const notice = await u.notification(refusedNotice);
  expect(notice).toContain('nothing was sent');
  expect(notice).toContain(`it leads outside the project, to ${secretFile}`);
  expect(notice).not.toContain('424242');
}

beforeAll(async () => {
  run = startRun('outside-links');
  const tmp = run.dir;
  workspace = join(tmp, 'workspace');
  mkdirSync(join(tmp, 'elsewhere'));
  secretFile = join(tmp, 'elsewhere', 'secret.txt');
  writeFileSync(secretFile, SECRET_TEXT);
  outsideCache = join(tmp, 'elsewhere', 'cache');
  mkdirSync(outsideCache);
  service = run.track(await startService({ dir: tmp, developerToken: TOKEN, sessionToken: 'e2e-outside-links-session-8d' }));
  client = service.client;
  recorder = run.track(await startRecorder(service.emulator.url));
  const profit = await client.readCalculation(PROFIT_ID);
  const days = await client.readCalculation(DAYS_ID);
  secretRemote = days.expression;
  // Both remote formulas are recorded as our last push: before the fix, nothing but the link stood in the way.
  writeWorkspace({
    root: workspace,
    baseUrl: recorder.url,
    columns: service.columns,
    formulas: [
      { path: 'formulas/profit.calc', id: PROFIT_ID, text: profit.expression, lastPushed: profit.checkSum },
      { path: 'formulas/secret.calc', id: DAYS_ID, text: '', lastPushed: days.checkSum },
    ],
    settings: { 'calckit.pushOnSave': true },
  });
  rmSync(join(workspace, 'formulas', 'secret.calc'));
  symlinkSync(secretFile, join(workspace, 'formulas', 'secret.calc'));
  symlinkSync(outsideCache, join(workspace, '.calckit', 'cache'));
  const workbench = await openWorkbench({
    workspace,
    artifacts: SHOTS,
    env: { CALCKIT_DEVELOPER_TOKEN: '' },
    userSettings: { 'calckit.emulator.command': REPO_CLI },
  });
  ({ page, ui: u } = run.track(workbench));
});

afterAll(async () => {
  await run?.close();
});

describe('symbolic links out of the project (code-server, the service behind a recording proxy)', () => {
  it('a formula inside the project pushes as usual (the recording sees its update)', async () => {
    await u.openFile('profit.calc');
    await setToken();
    const since = recorder.requests.length;
    await u.toEnd();
    await page.keyboard.type(' + 1');
    await page.keyboard.press('Control+S');
    await u.notification('pushed formulas/profit.calc');
    expect(await remoteExpression(PROFIT_ID)).toMatch(/ \+ 1$/);
    expect(writesSince(since).length).toBeGreaterThan(0);
  });

  it('an explicit save of the linked formula sends nothing and says where the link leads', async () => {
    await u.clearNotifications();
    await u.openFile('secret.calc');
    const since = recorder.requests.length;
    await u.toEnd();
    await page.keyboard.type(' + 1');
    await page.keyboard.press('Control+S');
    await expectRefusedNotification();
    await u.screenshot('save-refused');
    await page.waitForTimeout(1500);
    expect(writesSince(since)).toEqual([]);
    expect(await remoteExpression(DAYS_ID)).toBe(secretRemote);
    expect(u.extensionLog(Infinity)).toContain('push formulas/secret.calc: refused, nothing was sent: cannot read formulas/secret.calc: it leads outside the project');
  });

  it('"Push This Formula" and "Push All Changed Formulas" with the linked formula open send nothing', async () => {
    await u.clearNotifications();
    const since = recorder.requests.length;
    await u.runCommand('calckit: Push This Formula');
    await expectRefusedNotification();
    await u.clearNotifications();
    await u.runCommand('calckit: Push All Changed Formulas');
    await expectRefusedNotification();
    await page.waitForTimeout(1500);
    expect(writesSince(since)).toEqual([]);
    expect(await remoteExpression(DAYS_ID)).toBe(secretRemote);
  });

  it('an opted-in auto-save of the linked formula sends nothing: a status bar note names where it leads, no notification', async () => {
    await pushAutoSaves(u, workspace, AUTO_SAVE_DELAY_MS);
    await u.clearNotifications();
    const since = recorder.requests.length;
    // VS Code's own save writes through the link (the editor's doing); calckit must not send it.
    await u.appendAndLetAutoSave(secretFile, ' + 2');
    const note = page.locator('.statusbar-item', { hasText: refusedNotice }).first();
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain(`it leads outside the project, to ${secretFile}`);
    await u.screenshot('auto-save-refused-note');
    await page.waitForTimeout(1500);
    expect(await page.locator('.notifications-toasts .notification-toast', { hasText: refusedNotice }).count()).toBe(0);
    expect(writesSince(since)).toEqual([]);
    expect(await remoteExpression(DAYS_ID)).toBe(secretRemote);
  });

  it('"Start Local Emulator" refuses a database under a .calckit/cache linked out of the project, and writes nothing there', async () => {
    await u.clearNotifications();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const notice = await u.notification('emulator.sqlite', 40_000);
    expect(notice).toContain(`cannot write .calckit/cache/emulator.sqlite: it leads outside the project, to ${join(outsideCache, 'emulator.sqlite')}`);
    await u.screenshot('emulator-refused');
    await page.waitForTimeout(3000);
    expect(readdirSync(outsideCache)).toEqual([]);
    expect(u.extensionLog(Infinity)).not.toContain('starting the emulator');
  });
});
