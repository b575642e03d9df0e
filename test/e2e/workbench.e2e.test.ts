// End to end, the workbench page (packages/workbench) in headless Chromium: the site built by its build script and
// served by its serve script over loopback, the language server in the page's Web Worker. As an analyst would: type a
// formula with a mistake and see the diagnostic, apply its quick fix, complete a column of a pasted schema, paste CSV
// rows and read each row's value and an aggregate by group, edit the rows in the table, open a shared link in a new
// page and find the same state. Also writes the README's screenshot (docs/images/workbench.png). The page's budgets
// (size, load and keystroke timings against the Node server) are measured by `npm run bench` (bench/workbench.mjs),
// not here.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, REPO } from './harness/paths.js';
// @ts-expect-error -- the workbench's scripts are plain ES modules without types.
import { buildSite } from '../../packages/workbench/scripts/build.mjs';
// @ts-expect-error -- the workbench's scripts are plain ES modules without types.
import { serveSite } from '../../packages/workbench/scripts/serve.mjs';

const SCREENSHOT = join(REPO, 'docs/images/workbench.png');
const SCHEMA = JSON.stringify([
  { name: 'Region', type: 'STRING' },
  { name: 'Unit Price', type: 'DECIMAL' },
  { name: 'Units', type: 'LONG' },
]);
const CSV = 'Region,Unit Price,Units\nEast,2.5,4\nWest,3,2\nEast,1,1\n';

let browser: Browser;
let server: { close(callback?: () => void): void };
let url: string;
/** Uncaught errors of the pages (a broken page must fail the test that saw it). */
const pageErrors: string[] = [];

async function openPage(address = url): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(address);
  await page.waitForSelector('[data-testid="server-status"]:has-text("Language server ready")', { timeout: 30_000 });
  return page;
}

/** Replaces the formula as typing would (one input event), and waits until the side panels answered for it. */
async function setFormula(page: Page, text: string): Promise<void> {
  const before = await page.evaluate(() => document.body.dataset['refreshed'] ?? '');
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.waitForFunction((b) => (document.body.dataset['refreshed'] ?? '') !== b, before);
}

/** Clicks Copy link and reads the link once the page has made it (the button then says so). */
async function copyLink(page: Page): Promise<string> {
  await page.click('[data-testid="copy-link"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="copy-link"]')?.textContent !== 'Copy link');
  return page.inputValue('[data-testid="share-link"]');
}

const formulaText = (page: Page) => page.locator('.cm-content').innerText();

/**
 * Hovers the text and waits for the tooltip. The editor can redraw the text under a resting pointer (its semantic
 * colours come after the first answers), and CodeMirror then has no hover to start until the pointer moves again: as a
 * user would, the pointer leaves and comes back, up to five times, before the tooltip counts as missing.
 */
async function hoverFor(page: Page, target: string, tooltip: string) {
  const shown = page.locator(tooltip);
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await page.hover(target);
    try {
      await shown.waitFor({ timeout: 3_000 });
      return shown;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

async function fill(page: Page, testId: string, text: string): Promise<void> {
  await page.fill(`[data-testid="${testId}"]`, text);
}

/** Waits until the elements matched hold exactly these texts. */
async function texts(page: Page, selector: string, expected: string[]): Promise<void> {
  try {
    await page.waitForFunction(
      ({ selector, expected }) => JSON.stringify([...document.querySelectorAll(selector)].map((e) => e.textContent)) === JSON.stringify(expected),
      { selector, expected },
      { timeout: 15_000 },
    );
  } catch {
    const got = await page.$$eval(selector, (es) => es.map((e) => e.textContent));
    const error = await page.locator('[data-testid="eval-error"]').textContent();
    throw new Error(`${selector}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)} (evaluation error: ${JSON.stringify(error)})`);
  }
}

beforeAll(async () => {
  await buildSite({ quiet: true });
  ({ server, url } = await serveSite({ port: 0 }));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  expect(pageErrors).toEqual([]);
});

describe('the workbench page', () => {
  it('shows a mistake as you type, and its quick fix mends it', async () => {
    const page = await openPage();
    await setFormula(page, 'SUM(`Revenue`) – SUM(`Cost`)');
    await page.waitForSelector('.cm-lintRange-error');
    await page.hover('.cm-lintRange-error');
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toMatch(/En dash \(U\+2013\)/);
    // The quick fix comes from textDocument/codeAction, offered as the tooltip's action.
    const fix = tooltip.locator('.cm-diagnosticAction').first();
    await fix.waitFor({ timeout: 15_000 });
    await fix.click();
    expect(await formulaText(page)).toBe('SUM(`Revenue`) - SUM(`Cost`)');
    await page.waitForSelector('.cm-lintRange-error', { state: 'detached', timeout: 15_000 });
    expect(await page.locator('[data-testid="calc-status"]').textContent()).toBe('VALID');
    await page.close();
  });

  it('completes a column name from a pasted schema', async () => {
    const page = await openPage();
    await fill(page, 'schema', SCHEMA);
    await page.waitForSelector('[data-testid="schema-status"]:has-text("3 columns")');
    await setFormula(page, 'SUM(');
    await page.keyboard.type('`Uni');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'Unit Price' }).first();
    await option.waitFor({ timeout: 15_000 });
    await option.click();
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent?.includes('`Unit Price`'));
    expect(await formulaText(page)).toMatch(/^SUM\(`Unit Price`\)?$/);
    await page.close();
  });

  it('checks columns against the schema box as it changes, hovers, and formats with the button', async () => {
    const page = await openPage();
    await fill(page, 'schema', SCHEMA);
    await setFormula(page, 'sum(`Unit Price`*`Discount`)');
    // `Discount` is not in the schema: an error, until the schema has it (no edit of the formula in between).
    await page.waitForSelector('.cm-lintRange-error');
    expect(await page.locator('[data-testid="calc-status"]').textContent()).toBe('INVALID');
    await fill(page, 'schema', SCHEMA.replace(']', ',{"name":"Discount","type":"DOUBLE"}]'));
    await page.waitForSelector('.cm-lintRange-error', { state: 'detached', timeout: 15_000 });
    const hover = await hoverFor(page, '.cm-content >> text=sum', '.cm-tooltip-hover');
    expect(await hover.innerText()).toMatch(/SUM/);
    await page.click('[data-testid="format"]');
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent === 'SUM(`Unit Price` * `Discount`)');
    // The same from the keyboard.
    await setFormula(page, 'max(  `Units`)');
    await page.keyboard.press('Shift+Alt+F');
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent === 'MAX(`Units`)');
    await page.close();
  });

  it("evaluates pasted CSV rows: each row's value, an aggregate by group, and edits in the table", async () => {
    const page = await openPage();
    await fill(page, 'schema', SCHEMA);
    await fill(page, 'csv', CSV);
    await setFormula(page, '`Unit Price` * `Units`');
    await texts(page, '[data-testid="row-value"]', ['10', '6', '1']);
    expect(await page.locator('[data-testid="calc-dataType"]').textContent()).toBe('DECIMAL');

    await setFormula(page, 'SUM(`Unit Price` * `Units`)');
    await page.check('[data-testid="group-by-0"]');
    await texts(page, '[data-testid="group-row"]', ['East11', 'West6']);

    // A cell edited in the table: the CSV box and the group's value follow.
    await page.fill('[data-testid="cell-1-2"]', '5');
    await texts(page, '[data-testid="group-value"]', ['11', '15']);
    expect(await page.inputValue('[data-testid="csv"]')).toContain('West,3,5');

    // Malformed rows: the reader's line and reason, plainly.
    await fill(page, 'csv', 'Region,Unit Price,Units\nEast,1,2,3\n');
    await page.waitForSelector('[data-testid="csv-status"]:has-text("line 2")');
    await page.close();
  });

  it('restores the formula, schema, rows and group-by from a shared link', async () => {
    const page = await openPage();
    await fill(page, 'schema', SCHEMA);
    await fill(page, 'csv', CSV);
    await setFormula(page, 'SUM(`Unit Price` * `Units`)');
    await page.check('[data-testid="group-by-0"]');
    await texts(page, '[data-testid="group-value"]', ['11', '6']);
    const link = await copyLink(page);
    expect(link).toMatch(/#v1=[A-Za-z0-9_-]+$/);
    await page.close();

    const opened = await openPage(link);
    expect(await formulaText(opened)).toBe('SUM(`Unit Price` * `Units`)');
    expect(await opened.inputValue('[data-testid="schema"]')).toBe(SCHEMA);
    expect(await opened.inputValue('[data-testid="csv"]')).toBe(CSV);
    expect(await opened.isChecked('[data-testid="group-by-0"]')).toBe(true);
    await texts(opened, '[data-testid="group-value"]', ['11', '6']);
    await opened.close();

    // A link cut short when copied says so, and the page starts from its example instead.
    const cut = await openPage(link.slice(0, link.length - 12));
    expect(await cut.locator('[data-testid="link-status"]').textContent()).toMatch(/cut short/);
    await cut.close();
  });

  // A link is anyone's to make: a column name that closed the hover's code fence once ran its HTML in the page.
  it('shows a shared link\'s hostile names as text: no HTML of theirs runs', async () => {
    const hostile = 'SUM(`x\n````\n<img src=x onerror="document.body.dataset.injected=1">\n`)';
    const page = await openPage();
    await setFormula(page, hostile);
    const link = await copyLink(page);
    await page.close();

    const opened = await openPage(link);
    expect(await opened.evaluate(() => document.querySelector('.cm-content')?.textContent)).toBe(hostile.replace(/\n/g, ''));
    const hover = await hoverFor(opened, '.cm-content >> text=x', '.cm-lsp-hover-tooltip');
    expect(await hover.innerText()).toContain('<img src=x onerror="document.body.dataset.injected=1">');
    expect(await hover.locator('img').count()).toBe(0);
    expect(await opened.evaluate(() => document.body.dataset['injected'])).toBeUndefined();
    await opened.close();
  });

  it('refuses a link whose state unpacks to more than it would ever send, and starts from its example', async () => {
    // 64 MiB of formula in about 64 KB of deflate: a link that would take the tab's memory.
    const json = JSON.stringify({ f: 'x'.repeat(64 * 2 ** 20), s: '', c: '', g: [] });
    const hash = `#v1=${deflateRawSync(json, { level: 9 }).toString('base64url')}`;
    expect(hash.length).toBeLessThan(100_000);
    const page = await openPage(url + hash);
    expect(await page.locator('[data-testid="link-status"]').textContent()).toMatch(/unpacks to more than 8 MiB: it was not opened; the page starts from its example/);
    await texts(page, '[data-testid="calc-status"]', ['VALID']);
    await page.close();
  });

  it("fits a phone's width: nothing wider than the screen", async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await texts(page, '[data-testid="calc-status"]', ['VALID']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('passes ?diagnosticsDelay=<ms> to its language server (npm run bench loads it with 0), and ignores a value out of range', async () => {
    const initializationOptions = async (query: string) => {
      const page = await browser.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // What the page's client posts to the worker, before the page's scripts run.
      await page.addInitScript(() => {
        const sent: unknown[] = [];
        (globalThis as { sentToWorker?: unknown[] }).sentToWorker = sent;
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [StructuredSerializeOptions?]) {
          sent.push(message);
          return post.call(this, message, ...rest);
        };
      });
      await page.goto(`${url}${query}`);
      await page.waitForSelector('[data-testid="server-status"]:has-text("Language server ready")', { timeout: 30_000 });
      const sent = await page.evaluate(() => (globalThis as { sentToWorker?: Array<{ method?: string; params?: { initializationOptions?: Record<string, unknown> } }> }).sentToWorker ?? []);
      await page.close();
      return sent.find((m) => m.method === 'initialize')?.params?.initializationOptions;
    };
    expect(await initializationOptions('?diagnosticsDelay=0')).toMatchObject({ diagnosticsDelay: 0, pushDiagnostics: true });
    expect(await initializationOptions('?diagnosticsDelay=40')).toMatchObject({ diagnosticsDelay: 40 });
    for (const query of ['', '?diagnosticsDelay=', '?diagnosticsDelay=-1', '?diagnosticsDelay=soon', '?diagnosticsDelay=20000']) {
      expect(await initializationOptions(query), query).not.toHaveProperty('diagnosticsDelay');
    }
  });

  it("writes the README's screenshot: an example formula over the example rows, by region", async () => {
    const page = await openPage();
    await page.selectOption('[data-testid="example"]', 'gross-margin');
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent?.includes('NULLIF'));
    await texts(page, '[data-testid="group-row"] td:first-child', ['East', 'West']);
    await page.waitForSelector('.cm-sem-function');
    mkdirSync(join(REPO, 'docs/images'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    await page.close();
  });
});
