// Driving VS Code's UI the way a user does (Quick Open, the command palette, notifications), and reading the extension's
// log that code-server writes to disk: shared by the end-to-end tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface Ui {
  readonly page: Page;
  /** Opens a file with Quick Open (Ctrl+P). */
  openFile(name: string): Promise<void>;
  /** Runs a command from the command palette by its title. */
  runCommand(title: string): Promise<void>;
  /** A notification toast containing `text`. */
  toast(text: string | RegExp): Locator;
  screenshot(name: string): Promise<string>;
  /** The calckit output channel as code-server wrote it to disk. */
  extensionLog(lines?: number): string;
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
}

export function ui(page: Page, options: { artifacts: string; prefix: string; codeServerHome: string }): Ui {
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
  return {
    page,
    async openFile(name) {
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill(name);
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
      await row.waitFor();
      await row.click();
      await page.locator(`.tab[aria-label*="${name}"]`).first().waitFor();
      await page.locator('.monaco-editor .view-lines').first().waitFor();
    },
    async runCommand(title) {
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`);
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
      await row.waitFor();
      await row.click();
    },
    toast: (text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first(),
    async screenshot(name) {
      shot += 1;
      await page.waitForTimeout(500); // let notifications finish their entry animation
      const file = join(options.artifacts, `${options.prefix}-${String(shot).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    extensionLog,
    async waitFor(what, probe, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let last: unknown;
      for (;;) {
        try {
          const value = await probe();
          if (value !== undefined) return value;
        } catch (error) {
          last = error;
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}\ncalckit log:\n${extensionLog()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}
