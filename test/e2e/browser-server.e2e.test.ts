// End to end, the language server in a browser: the browser bundle (dist/browser/calckit-language-server.js, built by
// npm run build) loaded by `new Worker(url)` in a blank page of headless Chromium (Debian's, driven by playwright-core),
// served over loopback. A small JSON-RPC client in the page speaks LSP to it over postMessage, as the workbench page
// and VS Code for the Web do: initialize, a formula with a mistake and its diagnostics, a completion that lists a
// column of the inline `schema` setting, a hover; and the capabilities leave out what needs files on disk.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, REPO } from './harness/paths.js';

const BUNDLE = join(REPO, 'packages', 'language-server', 'dist', 'browser', 'calckit-language-server.js');
const URI = 'inmemory://workbench/formula.calc';
/** The formula: a column the schema has not (`Unitz`), and an unclosed call. */
const FORMULA = 'SUM(`Units`) / SUM(`Unitz`';
const SCHEMA = [
  { name: 'Units', type: 'LONG' },
  { name: 'Region', type: 'STRING' },
];

/** What the page's client keeps: the server's notifications, worker errors, and the time the worker was made. */
interface PageLsp {
  request(method: string, params: unknown): Promise<unknown>;
  notify(method: string, params: unknown): void;
  readonly notifications: Array<{ method: string; params: any }>;
  readonly errors: string[];
  readonly startedAt: number;
}

let server: Server;
let base: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error(`missing ${BUNDLE}: run npm run build (or node packages/language-server/scripts/bundle.mjs after tsc -b)`);
  const bundle = readFileSync(BUNDLE);
  server = createServer((request, response) => {
    if (request.url === '/calckit-language-server.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>calckit worker</title>');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(
    ({ schema }) => {
      const worker = new Worker('/calckit-language-server.js');
      let nextId = 1;
      const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
      const lsp = {
        notifications: [] as Array<{ method: string; params: unknown }>,
        errors: [] as string[],
        startedAt: performance.now(),
        request(method: string, params: unknown) {
          const id = nextId++;
          worker.postMessage({ jsonrpc: '2.0', id, method, params });
          return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
        },
        notify(method: string, params: unknown) {
          worker.postMessage({ jsonrpc: '2.0', method, params });
        },
      };
      worker.onerror = (event) => void lsp.errors.push(`worker error: ${event.message}`);
      worker.onmessage = (event: MessageEvent) => {
        const message = event.data as { id?: number; method?: string; params?: any; result?: unknown; error?: { message: string } };
        if (message.method !== undefined && message.id !== undefined) {
          // The server's requests: settings (the `calckit` section with the inline schema), registrations.
          const result = message.method === 'workspace/configuration' ? message.params.items.map(() => ({ schema })) : null;
          worker.postMessage({ jsonrpc: '2.0', id: message.id, result });
        } else if (message.method !== undefined) {
          lsp.notifications.push({ method: message.method, params: message.params });
        } else if (message.id !== undefined) {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.error) waiting?.reject(new Error(message.error.message));
          else waiting?.resolve(message.result);
        }
      };
      (window as unknown as { lsp: typeof lsp }).lsp = lsp;
    },
    { schema: SCHEMA },
  );
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const lsp = <R>(fn: (lsp: PageLsp, arg: any) => R | Promise<R>, arg?: unknown): Promise<R> =>
  page.evaluate(([source, a]) => new Function('lsp', 'arg', `return (${source})(lsp, arg);`)((window as any).lsp, a), [fn.toString(), arg] as const) as Promise<R>;

describe('the language server in a Web Worker (headless Chromium)', () => {
  it('initializes without the features that need files on disk', async () => {
    const init = await lsp((l) =>
      l.request('initialize', {
        processId: null,
        rootUri: null,
        capabilities: {
          workspace: { configuration: true },
          textDocument: { publishDiagnostics: { versionSupport: true }, hover: { contentFormat: ['markdown'] }, completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } } },
        },
      }),
    ) as { capabilities: Record<string, unknown>; serverInfo: { name: string } };
    expect(init.serverInfo.name).toBe('calckit-language-server');
    expect(init.capabilities).toHaveProperty('completionProvider');
    expect(init.capabilities).toHaveProperty('hoverProvider');
    expect(init.capabilities).not.toHaveProperty('codeLensProvider');
    expect(init.capabilities).not.toHaveProperty('executeCommandProvider');
    expect(init.capabilities).not.toHaveProperty('callHierarchyProvider');
    await lsp((l) => l.notify('initialized', {}));
  });

  it('publishes the diagnostics of a formula with a mistake', async () => {
    await lsp((l, a) => l.notify('textDocument/didOpen', { textDocument: { uri: a.uri, languageId: 'calc', version: 1, text: a.text } }), { uri: URI, text: FORMULA });
    await page.waitForFunction((uri) => (window as any).lsp.notifications.some((n: any) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri && n.params.version === 1), URI, { timeout: 20_000 });
    const { diagnostics, ms } = await lsp((l, uri) => {
      const published = l.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri);
      return { diagnostics: published[published.length - 1]!.params.diagnostics as Array<{ message: string; severity: number }>, ms: performance.now() - l.startedAt };
    }, URI);
    const errors = diagnostics.filter((d) => d.severity === 1).map((d) => d.message).join('\n');
    // The unclosed call, and the column the inline schema does not have (with the one it has as the likely meaning).
    expect(errors).toMatch(/parenthesis .* is never closed/);
    expect(errors).toMatch(/Unknown column `Unitz`; did you mean `Units`\?/);
    expect(errors).not.toMatch(/Unknown column `Units`/);
    console.info(`browser worker: first diagnostics ${Math.round(ms)} ms after new Worker()`);
  });

  it('completes a column of the inline schema setting', async () => {
    const list = await lsp((l, uri) => l.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 4 } }), URI) as { items: Array<{ label: string; kind: number }> } | Array<{ label: string; kind: number }>;
    const items = Array.isArray(list) ? list : list.items;
    expect(items.filter((i) => i.kind === 5).map((i) => i.label).sort()).toEqual(['Region', 'Units']);
  });

  it('answers a hover', async () => {
    const hover = await lsp((l, uri) => l.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }), URI) as { contents: { kind: string; value: string } } | null;
    expect(hover?.contents.kind).toBe('markdown');
    expect(hover?.contents.value).toMatch(/SUM/);
  });

  it('logged no error and the worker never failed', async () => {
    const { errors, logs } = await lsp((l) => ({ errors: l.errors, logs: l.notifications.filter((n) => n.method === 'window/logMessage' && n.params.type === 1).map((n) => n.params.message as string) }));
    expect(errors).toEqual([]);
    expect(logs).toEqual([]);
  });
});
