// Driving VS Code's UI the way a user does (Quick Open, the command palette, notifications, the editor, modal dialogs,
// the language status), and reading the extension's log that code-server writes to disk: shared by the end-to-end tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface Clip {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Ui {
  readonly page: Page;
  /** Opens a file with Quick Open (Ctrl+P). */
  openFile(name: string): Promise<void>;
  /** Runs a command from the command palette by its title; fails if the palette did not take it. */
  runCommand(title: string): Promise<void>;
  /** A notification toast containing `text`. */
  toast(text: string | RegExp): Locator;
  /**
   * The text of a notification containing `text`: its toast, or else its row in the notification center. VS Code shows
   * at most three new toasts per 800 ms and never shows the others, which stay in the center only. On timeout the error
   * lists every notification and the extension's log.
   */
  notification(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Saves a screenshot (optionally of a part of the window) under the artifacts folder; returns its path. */
  screenshot(name: string, clip?: Clip): Promise<string>;
  /** The calckit output channel as code-server wrote it to disk. */
  extensionLog(lines?: number): string;
  /** Polls `probe` until it returns a value; on timeout the error says what was awaited, with `context()` and the log. */
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number, context?: () => string): Promise<T>;
  /** Puts the cursor at the end of the active editor's text (clicking the editor first: a panel may hold the focus). */
  toEnd(): Promise<void>;
  /**
   * Types `suffix` at the end of the active editor, whose file is `file`, and saves with Ctrl+S (an explicit save);
   * waits until the text is on disk (a final newline aside) and returns it.
   */
  appendAndSave(file: string, suffix: string): Promise<string>;
  /** Types `suffix` at the end of the active editor and waits until VS Code's auto-save has written it to `file`. */
  appendAndLetAutoSave(file: string, suffix: string): Promise<string>;
  /** A modal dialog (one containing `text`, when given). */
  dialog(text?: string): Locator;
  /** The label of the focused element: in a dialog just shown, its default button (what Enter presses). */
  focusedLabel(): Promise<string>;
  /** Closes any open dialog with Escape (so a test starts without one whatever the one before left). */
  closeDialogs(): Promise<void>;
  /** Empties the notification center (toasts included), so what is found next is new. */
  clearNotifications(): Promise<void>;
  /** Runs "calckit: Set Developer Token" and enters `token` (without waiting for the extension's answer). */
  setDeveloperToken(token: string): Promise<void>;
  /** Opens the language status hover (the status bar's `{}` item) and returns it once it contains `text`. */
  openLanguageStatus(text: string): Promise<Locator>;
  /** The language status hover's text, read by opening it once it contains `text`, and closed again. */
  languageStatus(text: string): Promise<string>;
}

export interface UiOptions {
  readonly artifacts: string;
  /** Prefix of the screenshot files (none: `NN-name.png`). */
  readonly prefix?: string;
  readonly codeServerHome: string;
}

const TOASTS = '.notifications-toasts .notification-toast';
const DIALOG = '.monaco-dialog-box';
const EDITOR_LINES = '.editor-group-container .monaco-editor .view-lines';
const CENTER_ROWS = '.notifications-center .monaco-list-row';

export function ui(page: Page, options: UiOptions): Ui {
  let shot = 0;
  const extensionLog = (lines = 40): string => {
    const logs = join(options.codeServerHome, 'user-data', 'logs');
    try {
      return readdirSync(logs, { recursive: true, encoding: 'utf8' })
        .filter((f) => /calckit.*\.log$/.test(f))
        .map((f) => readFileSync(join(logs, f), 'utf8').split('\n').slice(-lines).join('\n'))
        .join('\n');
    } catch {
      return '(no log)';
    }
  };
  const quickInput = page.locator('.quick-input-widget input');

  async function runCommand(title: string): Promise<void> {
    await page.keyboard.press('F1');
    await quickInput.waitFor({ state: 'visible' });
    const query = `>${title}`;
    await quickInput.fill(query);
    // Recently used commands head the list: pick the row of this command, not the first one.
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    await row.waitFor();
    await row.click();
    // Taken: the palette closed, or the command opened an input of its own (which holds other text).
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const open = await quickInput.isVisible();
      if (!open || (await quickInput.inputValue().catch(() => '')) !== query) return;
      await page.waitForTimeout(100);
    }
    const rows = await page.locator('.quick-input-list .monaco-list-row').allInnerTexts();
    await page.keyboard.press('Escape');
    throw new Error(`the command palette did not run "${title}"; it listed: ${rows.join(' | ') || '(nothing)'}`);
  }

  async function notification(text: string | RegExp, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    const toast = page.locator(TOASTS, { hasText: text }).first();
    const inCenter = page.locator(CENTER_ROWS, { hasText: text }).first();
    let centerOpen = false;
    for (;;) {
      if (await toast.isVisible()) return toast.innerText();
      if (centerOpen && (await inCenter.isVisible())) {
        const found = await inCenter.innerText();
        await runCommand('Notifications: Hide Notifications');
        return found;
      }
      if (Date.now() > deadline) break;
      // Halfway, look in the notification center too (a toast VS Code held back is only there).
      if (!centerOpen && Date.now() > deadline - timeoutMs / 2) {
        await runCommand('Notifications: Show Notifications');
        centerOpen = true;
      }
      await page.waitForTimeout(200);
    }
    const listed = [...(await page.locator(TOASTS).allInnerTexts()), ...(await page.locator(CENTER_ROWS).allInnerTexts())];
    if (centerOpen) await runCommand('Notifications: Hide Notifications').catch(() => undefined);
    throw new Error(
      `no notification containing ${String(text)} within ${timeoutMs / 1000} s; notifications: ${listed.map((t) => JSON.stringify(t.replace(/\s+/g, ' '))).join(', ') || '(none)'}\ncalckit log:\n${extensionLog()}`,
    );
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000, context?: () => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await probe();
        if (value !== undefined) return value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}${context ? `; ${context()}` : ''}\ncalckit log:\n${extensionLog()}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function toEnd(): Promise<void> {
    await page.locator(EDITOR_LINES).first().click();
    await page.keyboard.press('Control+End');
  }

  /** Types `suffix` at the end and waits (saving first when `save`) until `file` holds the text; returns it. */
  async function append(file: string, suffix: string, save: boolean): Promise<string> {
    const onDisk = (): string => readFileSync(file, 'utf8');
    const expected = `${onDisk()}${suffix}`;
    await toEnd();
    await page.keyboard.type(suffix);
    if (save) {
      await page.keyboard.press('Control+S');
      // (A newline VS Code may add on save is no part of the formula.)
      await waitFor('the saved file', async () => (onDisk().replace(/\n$/, '') === expected ? true : undefined));
    } else {
      await waitFor(`the auto-saved file ending with ${JSON.stringify(suffix)}`, async () => (onDisk() === expected ? true : undefined), 10_000);
    }
    return expected;
  }

  async function openLanguageStatus(text: string): Promise<Locator> {
    await page.locator('[id="status.languageStatus"]').first().click();
    // (An editor's hover widget, kept hidden in the page, does not hold the text of the language status items.)
    const hover = page.locator('.monaco-hover', { hasText: text }).first();
    await hover.waitFor();
    return hover;
  }

  return {
    page,
    async openFile(name) {
      await page.keyboard.press('Control+P');
      await quickInput.waitFor({ state: 'visible' });
      await quickInput.fill(name);
      // Recently opened files are listed before the search finishes: wait for the row of this file.
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
      await row.waitFor();
      await row.click();
      await page.locator(`.tab[aria-label*="${name}"]`).first().waitFor();
      await page.locator('.monaco-editor .view-lines').first().waitFor();
    },
    runCommand,
    toast: (text) => page.locator(TOASTS, { hasText: text }).first(),
    notification,
    async screenshot(name, clip) {
      shot += 1;
      await page.waitForTimeout(500); // let notifications finish their entry animation
      const file = join(options.artifacts, `${options.prefix ? `${options.prefix}-` : ''}${String(shot).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
      return file;
    },
    extensionLog,
    waitFor,
    toEnd,
    appendAndSave: (file, suffix) => append(file, suffix, true),
    appendAndLetAutoSave: (file, suffix) => append(file, suffix, false),
    dialog: (text) => (text === undefined ? page.locator(DIALOG) : page.locator(DIALOG, { hasText: text })),
    focusedLabel: () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? ''),
    async closeDialogs() {
      while (await page.locator(DIALOG).isVisible()) {
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
      }
    },
    async clearNotifications() {
      await runCommand('Notifications: Clear All Notifications');
      await page.waitForTimeout(300);
    },
    async setDeveloperToken(token) {
      await runCommand('calckit: Set Developer Token');
      await quickInput.waitFor({ state: 'visible' });
      await quickInput.fill(token);
      await page.keyboard.press('Enter');
    },
    openLanguageStatus,
    async languageStatus(text) {
      const hover = await openLanguageStatus(text);
      const shown = await hover.innerText();
      await page.keyboard.press('Escape');
      return shown;
    },
  };
}
