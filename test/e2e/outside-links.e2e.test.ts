// End to end, symbolic links that lead out of the project (issue 32): a workspace whose mapped formula
// `formulas/secret.calc` is a link to a file outside it (VS Code names the document by the link, so its text is the
// outside file's), and whose `.calckit/cache` is a link to a folder outside it. The service is the emulator behind a
// recording proxy, so what reached it is known. Checks that an explicit save, "Push This Formula", "Push All Changed
// Formulas" and an opted-in auto-save of the linked formula send nothing (a notification, or for the auto-save a status
// bar note, naming the file and where it leads), while the formula inside the project still pushes; and that "Start
// Local Emulator" refuses to put its database through the linked folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@calckit/client';
import { DEFAULT_FIXTURES_PATH, startEmulator, type RunningEmulator } from '@calckit/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './harness/browser.js';
import { installExtension, startCodeServer, type CodeServer } from './harness/code-server.js';
import { ARTIFACTS, checkInstalled, REPO, VSIX } from './harness/paths.js';
import { startRecorder, type RecordedRequest, type Recorder } from './harness/recorder.js';
import { ui, type Ui } from './harness/ui.js';
import { writeWorkspace } from './harness/workspace.js';

const TOKEN = 'e2e-outside-links-token-4f0c2a9e71';
const PROFIT_ID = 101; // "Profit", unlocked in the emulator's default fixtures: formulas/profit.calc, inside
const DAYS_ID = 103; // "Days Since Order", unlocked: formulas/secret.calc, the link out
const SHOTS = join(ARTIFACTS, 'outside-links');
const AUTO_SAVE_DELAY_MS = 1000;
/** The outside file's text: a valid formula, so that nothing but the link check stands between it and the service. */
const SECRET_TEXT = 'SUM(`Sales`) * 424242';

let tmp: string;
let workspace: string;
let secretFile: string;
let outsideCache: string;
let emulator: RunningEmulator;
let recorder: Recorder;
let client: Client;
let codeServer: CodeServer;
let browser: Browser;
let page: Page;
let u: Ui;
let secretRemote: string;

/** Requests that change something in the service (anything but a read), from `since` on. */
const writesSince = (since: number): RecordedRequest[] => recorder.requests.slice(since).filter((r) => r.method !== 'GET');
const remoteExpression = async (id: number): Promise<string> => (await client.readCalculation(id)).expression;
const refusedNotice = 'formulas/secret.calc not pushed';

async function toEnd(): Promise<void> {
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
}

async function setToken(): Promise<void> {
  await u.runCommand('calckit: Set Developer Token');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(TOKEN);
  await page.keyboard.press('Enter');
  await u.notification('developer token for');
}

async function clearNotifications(): Promise<void> {
  await u.runCommand('Notifications: Clear All Notifications');
  await page.waitForTimeout(300);
}

/** Checks a refusal of the linked formula: its notification names the file and the outside file it leads to. */
async function expectRefusedNotification(): Promise<void> {
  const notice = await u.notification(refusedNotice);
  expect(notice).toContain('nothing was sent');
  expect(notice).toContain(`it leads outside the project, to ${secretFile}`);
  expect(notice).not.toContain('424242');
}

beforeAll(async () => {
  checkInstalled();
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'calckit-e2e-outside-links-')));
  workspace = join(tmp, 'workspace');
  mkdirSync(join(tmp, 'elsewhere'));
  secretFile = join(tmp, 'elsewhere', 'secret.txt');
  writeFileSync(secretFile, SECRET_TEXT);
  outsideCache = join(tmp, 'elsewhere', 'cache');
  mkdirSync(outsideCache);
  emulator = await startEmulator({ port: 0, dataPath: join(tmp, 'emulator.sqlite'), fixtures: DEFAULT_FIXTURES_PATH, developerToken: TOKEN, sessionToken: 'e2e-outside-links-session-8d' });
  recorder = await startRecorder(emulator.url);
  client = createClient({ baseUrl: emulator.url, developerToken: TOKEN, retries: 0 });
  const profit = await client.readCalculation(PROFIT_ID);
  const days = await client.readCalculation(DAYS_ID);
  secretRemote = days.expression;
  const fixtures = JSON.parse(readFileSync(DEFAULT_FIXTURES_PATH, 'utf8')) as {
    datasets: Array<{ id: string; columns: Array<{ name: string; id: string; type: string; visible: boolean; order: number }> }>;
  };
  // Both remote formulas are recorded as our last push: before the fix, nothing but the link stood in the way.
  writeWorkspace({
    root: workspace,
    baseUrl: recorder.url,
    columns: fixtures.datasets.find((d) => d.id === 'sales')?.columns ?? [],
    formulas: [
      { path: 'formulas/profit.calc', id: PROFIT_ID, text: profit.expression, lastPushed: profit.checkSum },
      { path: 'formulas/secret.calc', id: DAYS_ID, text: '', lastPushed: days.checkSum },
    ],
    settings: { 'calckit.pushOnSave': true },
  });
  rmSync(join(workspace, 'formulas', 'secret.calc'));
  symlinkSync(secretFile, join(workspace, 'formulas', 'secret.calc'));
  symlinkSync(outsideCache, join(workspace, '.calckit', 'cache'));
  const home = join(tmp, 'code-server');
  installExtension(home, VSIX);
  codeServer = await startCodeServer({
    home,
    workspace,
    env: { CALCKIT_DEVELOPER_TOKEN: '' },
    // The repository's own CLI (built by npm run build) for "Start Local Emulator".
    userSettings: { 'calckit.emulator.command': join(REPO, 'packages', 'cli', 'dist', 'main.js') },
  });
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

describe('symbolic links out of the project (code-server, the service behind a recording proxy)', () => {
  it('a formula inside the project pushes as usual (the recording sees its update)', async () => {
    await u.openFile('profit.calc');
    await setToken();
    const since = recorder.requests.length;
    await toEnd();
    await page.keyboard.type(' + 1');
    await page.keyboard.press('Control+S');
    await u.notification('pushed formulas/profit.calc');
    expect(await remoteExpression(PROFIT_ID)).toMatch(/ \+ 1$/);
    expect(writesSince(since).length).toBeGreaterThan(0);
  });

  it('an explicit save of the linked formula sends nothing and says where the link leads', async () => {
    await clearNotifications();
    await u.openFile('secret.calc');
    const since = recorder.requests.length;
    await toEnd();
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
    await clearNotifications();
    const since = recorder.requests.length;
    await u.runCommand('calckit: Push This Formula');
    await expectRefusedNotification();
    await clearNotifications();
    await u.runCommand('calckit: Push All Changed Formulas');
    await expectRefusedNotification();
    await page.waitForTimeout(1500);
    expect(writesSince(since)).toEqual([]);
    expect(await remoteExpression(DAYS_ID)).toBe(secretRemote);
  });

  it('an opted-in auto-save of the linked formula sends nothing: a status bar note names where it leads, no notification', async () => {
    writeFileSync(
      join(workspace, '.vscode', 'settings.json'),
      JSON.stringify({ 'calckit.pushOnSave': true, 'calckit.push.onAutoSave': true, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': AUTO_SAVE_DELAY_MS }, null, 2),
    );
    await u.waitFor('the extension reading the new setting', async () =>
      /settings changed: push on save on, auto-saves too/.test(u.extensionLog(Infinity)) ? true : undefined,
    );
    await clearNotifications();
    const since = recorder.requests.length;
    const expected = `${readFileSync(secretFile, 'utf8')} + 2`;
    await toEnd();
    await page.keyboard.type(' + 2');
    // VS Code's own save writes through the link (the editor's doing); calckit must not send it.
    await u.waitFor('the auto-saved file', async () => (readFileSync(secretFile, 'utf8') === expected ? true : undefined), 10_000);
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
    await clearNotifications();
    await u.runCommand('calckit: Start Local Emulator for This Workspace');
    const notice = await u.notification('emulator.sqlite', 40_000);
    expect(notice).toContain(`cannot write .calckit/cache/emulator.sqlite: it leads outside the project, to ${join(outsideCache, 'emulator.sqlite')}`);
    await u.screenshot('emulator-refused');
    await page.waitForTimeout(3000);
    expect(readdirSync(outsideCache)).toEqual([]);
    expect(u.extensionLog(Infinity)).not.toContain('starting the emulator');
  });
});
