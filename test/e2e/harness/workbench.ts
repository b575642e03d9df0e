// One VS Code for a test file: the .vsix installed into a fresh code-server home, code-server serving the workspace,
// headless Chromium showing its workbench with the explorer rendered, and the Ui that drives it. close() takes a last
// screenshot and stops all of it (the home folder included), whatever start-up got to.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser.js';
import { installExtension, startCodeServer, type CodeServer } from './code-server.js';
import { checkInstalled, VSIX } from './paths.js';
import { ui, type Ui } from './ui.js';

export interface WorkbenchOptions {
  readonly workspace: string;
  /** Screenshots folder: its earlier screenshots are removed first. */
  readonly artifacts: string;
  /** Prefix of the screenshot files (none: `NN-name.png`). */
  readonly prefix?: string;
  /** code-server's environment, which the extension host inherits (how a token or a port reaches the extension). */
  readonly env?: Record<string, string>;
  readonly userSettings?: Record<string, unknown>;
  /** Workspace trust on, as VS Code ships it (the folder opens in Restricted Mode until trusted). */
  readonly workspaceTrust?: boolean;
  /** The packaged extension (default: the one `npm run package -w extension` made, or CALCKIT_E2E_VSIX). */
  readonly vsix?: string;
  /** Runs once the workbench is rendered, before the explorer is awaited: e.g. answering VS Code's trust question. */
  readonly onRendered?: (u: Ui) => Promise<void>;
}

export interface Workbench {
  readonly page: Page;
  readonly ui: Ui;
  readonly codeServer: CodeServer;
  /** code-server's state folder (its extensions and logs). */
  readonly home: string;
  /** A screenshot named `final`, then the browser and code-server stopped and the home folder removed. */
  close(): Promise<void>;
}

/** Removes the screenshots a run left in `dir` (not its sub-folders: other test files keep theirs there). */
function emptyScreenshots(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.png')) rmSync(join(dir, f), { force: true });
}

export async function openWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  checkInstalled();
  emptyScreenshots(options.artifacts);
  const home = mkdtempSync(join(tmpdir(), 'calckit-e2e-code-server-'));
  let codeServer: CodeServer | undefined;
  let browser: Browser | undefined;
  let u: Ui | undefined;
  const close = async (): Promise<void> => {
    if (u) await u.screenshot('final').catch(() => undefined);
    await browser?.close();
    await codeServer?.stop();
    rmSync(home, { recursive: true, force: true });
  };
  try {
    installExtension(home, options.vsix ?? VSIX);
    codeServer = await startCodeServer({
      home,
      workspace: options.workspace,
      env: options.env,
      userSettings: options.userSettings,
      workspaceTrust: options.workspaceTrust,
    });
    browser = await openBrowser();
    const page = browser.page;
    u = ui(page, { artifacts: options.artifacts, prefix: options.prefix, codeServerHome: home });
    await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(options.workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await options.onRendered?.(u);
    await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 30_000 });
    return { page, ui: u, codeServer, home, close };
  } catch (error) {
    await close();
    throw error;
  }
}
