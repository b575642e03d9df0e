// The web extension's language server as VS Code for the Web runs it: the built extension's dist/web/server.js,
// served over loopback, started with `new Worker(url)` in a blank page of headless Chromium, and driven over
// postMessage with LSP as the web entry's client speaks it (VS Code's capabilities, the `calckit` settings as
// initializationOptions, workspace/configuration answered with the same section): diagnostics of a formula with a
// mistake, completion of a column of the inline `calckit.schema`, hover, formatting, and what the service will store.
// Then in VS Code: code-server 4.100.3 runs an extension that has a `browser` entry and no `main` in its web worker
// extension host; a web-only variant of the extension (the same package without `main`) is installed there, and a
// formula's mistake shows in the editor with no Node server process, Show Analysis answers from the worker with the
// columns of `calckit.schema`, and *Push* says it needs the desktop.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { formatText } from '@calckit/format';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList, Diagnostic, Hover, MarkupContent, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { VSCODE_CAPABILITIES } from '../language-server/client.js';
import { openBrowser, type Browser } from './harness/browser.js';
import { ARTIFACTS, REPO } from './harness/paths.js';
import { startRun, type TestRun } from './harness/run.js';
import { openWorkbench, type Workbench } from './harness/workbench.js';

const SERVER_SCRIPT = join(REPO, 'extension', 'dist', 'web', 'server.js');
const SCHEMA = [
  { name: 'Sales', type: 'DECIMAL' },
  { name: 'Region', type: 'STRING' },
];
/** The `calckit` section as the web entry's client sends it: serverSettings() at initialize, the section on request. */
const INITIAL_SETTINGS = { rules: {}, inlayHints: { resultType: true }, schemas: {}, schema: SCHEMA };
const SECTION = { ...INITIAL_SETTINGS, serviceName: '', pushOnSave: false, strict: false };

let http: Server;
let browser: Browser;
let page: Page;
let documentVersion = 0;

/** Serves the blank page and the worker script; anything else is a 404. */
function serve(): Promise<string> {
  const script = readFileSync(SERVER_SCRIPT);
  http = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>calckit web extension server</title>');
    else if (request.url === '/server.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else response.writeHead(404).end();
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}`)));
}

/** In the page: the worker, a JSON-RPC client over postMessage that answers the server's requests, and what it publishes. */
function startClientInPage(section: unknown): void {
  interface Message { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: { message: string } }
  const worker = new Worker('/server.js');
  const pending = new Map<number | string, (message: Message) => void>();
  const published: Message[] = [];
  const failures: string[] = [];
  let nextId = 1;
  worker.onerror = (event) => failures.push(`worker error: ${event.message}`);
  worker.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.method !== undefined && message.id !== undefined) {
      // A request of the server's: settings per item, null for registrations, refreshes and progress.
      const items = (message.params as { items?: unknown[] } | undefined)?.items;
      const result = message.method === 'workspace/configuration' ? (items ?? []).map(() => section) : null;
      worker.postMessage({ jsonrpc: '2.0', id: message.id, result });
    } else if (message.method !== undefined) published.push(message);
    else if (message.id !== undefined) pending.get(message.id)?.(message);
  };
  const lsp = {
    request: (method: string, params: unknown): Promise<Message> =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        worker.postMessage({ jsonrpc: '2.0', id, method, params });
      }),
    notify: (method: string, params: unknown): void => worker.postMessage({ jsonrpc: '2.0', method, params }),
    published,
    failures,
  };
  (globalThis as unknown as { lsp: typeof lsp }).lsp = lsp;
}

async function request<T>(method: string, params: unknown): Promise<T> {
  const answer = await page.evaluate(
    ([m, p]) => (globalThis as unknown as { lsp: { request(m: string, p: unknown): Promise<{ result?: unknown; error?: { message: string } }> } }).lsp.request(m, p),
    [method, params] as const,
  );
  if (answer.error) throw new Error(`${method} failed in the worker: ${answer.error.message}`);
  return answer.result as T;
}

const notify = (method: string, params: unknown): Promise<void> =>
  page.evaluate(([m, p]) => (globalThis as unknown as { lsp: { notify(m: string, p: unknown): void } }).lsp.notify(m, p), [method, params] as const);

/** Opens a formula under a URI of VS Code for the Web's kind (no file: scheme there) and returns its URI. */
async function open(name: string, text: string): Promise<string> {
  const uri = `vscode-vfs://github/calckit/examples/${name}`;
  await notify('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version: ++documentVersion, text } });
  return uri;
}

/** The diagnostics the server publishes for `uri` (the first non-empty set, within 20 s). */
async function diagnosticsOf(uri: string): Promise<Diagnostic[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { published, failures } = await page.evaluate(() => {
      const lsp = (globalThis as unknown as { lsp: { published: Array<{ method: string; params: unknown }>; failures: string[] } }).lsp;
      return { published: lsp.published, failures: lsp.failures };
    });
    if (failures.length > 0) throw new Error(failures.join('; '));
    const mine = published
      .filter((m) => m.method === 'textDocument/publishDiagnostics')
      .map((m) => m.params as PublishDiagnosticsParams)
      .filter((p) => p.uri === uri && p.diagnostics.length > 0);
    if (mine.length > 0) return mine[mine.length - 1]?.diagnostics ?? [];
    if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} within 20 s; published: ${JSON.stringify(published).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  if (!existsSync(SERVER_SCRIPT)) throw new Error(`${SERVER_SCRIPT} is missing: npm run build, then npm run build -w extension`);
  const url = await serve();
  browser = await openBrowser();
  page = browser.page;
  await page.goto(url);
  await page.evaluate(startClientInPage, SECTION);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => http?.close(resolve));
});

describe('the web extension\'s language server in a Web Worker', () => {
  it('answers initialize with the features the web extension uses', async () => {
    const result = await request<{ capabilities: Record<string, unknown>; serverInfo?: { name: string } }>('initialize', {
      processId: null,
      clientInfo: { name: 'Visual Studio Code', version: '1.100.3' },
      rootUri: null,
      workspaceFolders: null,
      capabilities: VSCODE_CAPABILITIES,
      initializationOptions: { settings: INITIAL_SETTINGS },
    });
    await notify('initialized', {});
    expect(result.serverInfo?.name).toMatch(/calckit/);
    for (const feature of ['completionProvider', 'hoverProvider', 'documentFormattingProvider', 'codeActionProvider', 'semanticTokensProvider']) {
      expect(result.capabilities, feature).toHaveProperty(feature);
    }
  });

  it('publishes the diagnostic of a formula with a mistake', async () => {
    const uri = await open('mistake.calc', 'SUM(`Sales`) / ABS()\n');
    const diagnostics = await diagnosticsOf(uri);
    expect(diagnostics.map((d) => d.message)).toContain("'ABS' takes 1 argument but was given 0: ABS(NUMERIC) → NUMERIC");
    const error = diagnostics.find((d) => d.message.startsWith("'ABS'"));
    expect(error?.range.start).toEqual({ line: 0, character: 18 });
  });

  it('completes a column of the inline calckit.schema', async () => {
    const uri = await open('complete.calc', 'SUM(Sa');
    const list = await request<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 6 } });
    const items = Array.isArray(list) ? list : list.items;
    const sales = items.find((item) => item.label === 'Sales' || item.label === '`Sales`');
    expect(sales, `completion items: ${items.map((i) => i.label).slice(0, 30).join(', ')}`).toBeDefined();
    expect(JSON.stringify(sales)).toContain('DECIMAL');
  });

  it('hovers over a column with its type from the schema, and over a function', async () => {
    const uri = await open('hover.calc', 'ROUND(SUM(`Sales`), 2)');
    const column = await request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 12 } });
    expect((column?.contents as MarkupContent).value).toContain('DECIMAL');
    const fn = await request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    expect((fn?.contents as MarkupContent).kind).toBe('markdown');
    expect((fn?.contents as MarkupContent).value).toContain('ROUND');
  });

  it('formats a formula as the Node formatter does', async () => {
    const text = 'sum( `Sales` )+1';
    const uri = await open('format.calc', text);
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const formatted = TextDocument.applyEdits(TextDocument.create(uri, 'calc', 1, text), edits);
    expect(formatted).not.toBe(text);
    expect(formatted).toBe(formatText(text).text);
  });

  it('answers Show Analysis\'s calckit/calculation request with what the service will store', async () => {
    const uri = await open('analysis.calc', 'SUM(`Sales`) / 2');
    const analysis = await request<{ functions: string[]; columnPositions: unknown[]; checkSum: string; status: string; schemaColumns: number }>('calckit/calculation', {
      textDocument: { uri },
    });
    expect(analysis.functions).toContain('SUM');
    expect(analysis.columnPositions.length).toBe(1);
    expect(analysis.checkSum).toMatch(/^[0-9a-f]+$/i);
    expect(analysis.schemaColumns).toBe(SCHEMA.length);
  });
});

/**
 * The extension as VS Code for the Web takes it from a gallery that has only its web part: package.json without
 * `main`, the web bundles and the assets, packaged with vsce like the real one.
 */
function packageWebOnly(dir: string): string {
  const extension = join(REPO, 'extension');
  const manifest = JSON.parse(readFileSync(join(extension, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete manifest['main'];
  const browserEntry = String(manifest['browser']);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  for (const path of ['README.md', 'language-configuration.json', '.vscodeignore', 'syntaxes', 'snippets', 'images/icon.png', 'dist/package.json', browserEntry, 'dist/web/server.js']) {
    cpSync(join(extension, path), join(dir, path), { recursive: true });
  }
  const vsix = join(dir, 'calckit-web-only.vsix');
  const vsce = join(REPO, 'node_modules', '.bin', 'vsce');
  const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  if (packaged.status !== 0) throw new Error(`vsce could not package the web-only extension (${packaged.status}): ${packaged.stdout}${packaged.stderr}`);
  return vsix;
}

describe('the web-only extension in code-server\'s web worker extension host', () => {
  let run: TestRun;
  let workbench: Workbench;

  beforeAll(async () => {
    run = startRun('web-extension');
    const workspace = join(run.dir, 'workspace');
    mkdirSync(join(workspace, 'formulas'), { recursive: true });
    writeFileSync(join(workspace, 'formulas', 'mistake.calc'), 'SUM(`Sales`) / ABS()\n');
    const vsix = packageWebOnly(join(run.dir, 'web-only'));
    workbench = run.track(
      await openWorkbench({ workspace, vsix, artifacts: join(ARTIFACTS, 'web-extension'), userSettings: { 'calckit.schema': SCHEMA } }),
    );
  });

  afterAll(async () => {
    await run?.close();
  });

  it('shows a formula\'s mistake in the editor, from the server in a worker (no server process)', async () => {
    const u = workbench.ui;
    await u.openFile('mistake.calc');
    await u.waitFor('an error squiggle in the editor', async () => ((await u.page.locator('.monaco-editor .squiggly-error').count()) > 0 ? true : undefined), 60_000);
    await u.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const problem = u.page.locator('.markers-panel .monaco-tl-contents', { hasText: "'ABS' takes 1 argument but was given 0" }).first();
    await problem.waitFor({ timeout: 20_000 });
    await u.screenshot('web-diagnostic');
    const nodeServers = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(workbench.home) && line.includes('server.js'));
    expect(nodeServers).toEqual([]);
  });

  it('shows the analysis of the formula, from the worker, with the columns of calckit.schema', async () => {
    const u = workbench.ui;
    await u.openFile('mistake.calc');
    await u.runCommand('calckit: Show Analysis of This Formula');
    await u.page.locator('.tab[aria-label*="mistake.calc.analysis.json"]').first().waitFor();
    const text = await u.waitFor('the analysis document', async () => {
      const shown = (await u.page.locator('.editor-group-container').last().locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
      // Only the lines in view are in the page: the document's first ones.
      return shown.includes('"status"') ? shown : undefined;
    });
    await u.screenshot('analysis');
    expect(text).toContain(`"schemaColumns": ${SCHEMA.length}`);
    expect(text).toContain('"status": "INVALID"');
    expect(text).toContain('"code": "wrong-argument-count"');
    await u.page.keyboard.press('Control+W');
  });

  it('answers Push This Formula with what it needs', async () => {
    const u = workbench.ui;
    await u.openFile('mistake.calc');
    await u.runCommand('calckit: Push This Formula');
    const message = await u.notification('needs the desktop extension');
    expect(message).toContain('CORS');
  });
});
