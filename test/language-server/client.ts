// A real JSON-RPC client for the built server: spawns the `calckit-language-server` bin (the bundled server) with `--stdio`, answers
// the server's requests (configuration, registrations, refreshes) and records what it publishes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection,
} from 'vscode-languageserver-protocol/node';
import type {
  ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams, TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The server under test: the built bin, or another build named by CALCKIT_TEST_SERVER (to run these tests against the
 * code before a change, for instance). */
export const SERVER = process.env['CALCKIT_TEST_SERVER'] ?? join(ROOT, 'packages/language-server/bin/calckit-language-server.js');

/** What VS Code (1.9x, vscode-languageclient 9) declares for the features whose answers depend on the client's dialect:
 * snippets, Markdown, completion list item defaults, signature label offsets, hierarchical symbols. Diagnostics stay
 * pushed (VS Code would pull them; the push is what these tests wait for). */
export const VSCODE_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: {
    publishDiagnostics: { versionSupport: true },
    completion: {
      contextSupport: true,
      completionItem: {
        snippetSupport: true,
        commitCharactersSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        deprecatedSupport: true,
        preselectSupport: true,
        tagSupport: { valueSet: [1] },
        insertReplaceSupport: true,
        resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
        insertTextModeSupport: { valueSet: [1, 2] },
        labelDetailsSupport: true,
      },
      insertTextMode: 2,
      completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      signatureInformation: { documentationFormat: ['markdown', 'plaintext'], parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true },
      contextSupport: true,
    },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source', 'source.fixAll'] } },
      isPreferredSupport: true,
      resolveSupport: { properties: ['edit'] },
    },
  },
};

/** A plain client (an Emacs or Vim client of the older kind): no snippets, plain text only, no item defaults, no label
 * offsets; it declares what it lacks the way such clients do, by leaving it out or saying false. */
export const PLAIN_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true },
  textDocument: {
    publishDiagnostics: {},
    completion: { completionItem: { snippetSupport: false, documentationFormat: ['plaintext'] } },
    hover: { contentFormat: ['plaintext'] },
    signatureHelp: { signatureInformation: { documentationFormat: ['plaintext'] } },
    documentSymbol: {},
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } } },
  },
};

export interface Published {
  readonly version: number | undefined;
  readonly diagnostics: Diagnostic[];
}

export interface StartOptions {
  /** The `calckit` settings section the client answers workspace/configuration with. */
  readonly settings?: Record<string, unknown>;
  readonly capabilities?: ClientCapabilities;
  readonly rootUri?: string | null;
  readonly diagnosticsDelay?: number;
  /** More initialization options (merged over `{ diagnosticsDelay }`). */
  readonly initializationOptions?: Record<string, unknown>;
}

export class TestClient {
  readonly published = new Map<string, Published[]>();
  readonly logs: string[] = [];
  readonly versions = new Map<string, number>();
  settings: Record<string, unknown>;
  private waiters: Array<() => void> = [];
  exited = false;
  /** When true, workspace/configuration requests are never answered. */
  configurationHangs = false;
  /** workspace/diagnostic/refresh requests received (pull-mode clients). */
  refreshes = 0;

  private constructor(readonly process: ChildProcess, readonly connection: MessageConnection, settings: Record<string, unknown>) {
    this.settings = settings;
    process.on('exit', () => {
      this.exited = true;
    });
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const list = this.published.get(p.uri) ?? [];
      list.push({ version: p.version, diagnostics: p.diagnostics });
      this.published.set(p.uri, list);
      this.notify();
    });
    connection.onNotification('window/logMessage', (p: { message: string }) => void this.logs.push(p.message));
    connection.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) =>
      // A client that never answers (to test the server's patience).
      this.configurationHangs ? new Promise(() => undefined) : p.items.map(() => this.settings),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      this.notify();
      return null;
    });
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.onRequest('workspace/semanticTokens/refresh', () => null);
    connection.listen();
  }

  static async start(options: StartOptions = {}): Promise<{ client: TestClient; init: InitializeResult }> {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new TestClient(child, connection, options.settings ?? {});
    const capabilities: ClientCapabilities = options.capabilities ?? {
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
      textDocument: { publishDiagnostics: { versionSupport: true } },
    };
    const init = (await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      capabilities,
      initializationOptions: { diagnosticsDelay: options.diagnosticsDelay ?? 20, ...options.initializationOptions },
    })) as InitializeResult;
    await connection.sendNotification('initialized', {});
    return { client, init };
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `predicate` holds (checked after every publish), or rejects after `ms`. */
  async until(predicate: () => boolean, ms = 20_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  /** The diagnostics published for `uri` at `version` (waits for them). */
  async diagnosticsFor(uri: string, version: number): Promise<Diagnostic[]> {
    await this.until(() => (this.published.get(uri) ?? []).some((p) => p.version === version), 20_000, `diagnostics of ${uri} v${version}`);
    const list = this.published.get(uri)!.filter((p) => p.version === version);
    return list[list.length - 1]!.diagnostics;
  }

  async open(uri: string, text: string, version = 1): Promise<void> {
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version, text } });
  }

  /** Sends changes; returns the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    if (!this.exited) {
      try {
        await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        await this.connection.sendNotification('exit');
      } catch {
        // The server may already be gone; kill it below.
      }
    }
    await new Promise<void>((r) => {
      if (this.exited) return r();
      const t = setTimeout(() => {
        this.process.kill();
        r();
      }, 2000);
      this.process.on('exit', () => {
        clearTimeout(t);
        r();
      });
    });
    this.connection.dispose();
  }
}

/** A temporary project: calckit.json, a schema, formula files. Returns its root and a URI maker. */
export function makeProject(files: Record<string, string>): { root: string; uri: (rel: string) => string; path: (rel: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'calckit-lsp-'));
  for (const [rel, content] of Object.entries(files)) {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return { root, uri: (rel) => pathToFileURL(join(root, rel)).href, path: (rel) => join(root, rel) };
}

export const SALES_SCHEMA = [
  { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 },
  { name: 'Order Date', id: 'order_date', type: 'DATE', visible: true, order: 1 },
  { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 2 },
];

/** The standard fixture project: one dataset with a schema, two mapped formulas. */
export function salesProject(extra: Record<string, string> = {}) {
  return makeProject({
    'calckit.json': JSON.stringify({
      service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'sales-ds', schema: 'schemas/sales.json' } },
      calculations: {
        'formulas/a.calc': { id: 101, dataset: 'sales', name: 'Total Sales' },
        'formulas/b.calc': { id: 102, dataset: 'sales', name: 'Margin' },
        // More files of the same dataset, one per test, so each test starts from a fresh document.
        ...Object.fromEntries('cdefghijk'.split('').map((c, i) => [`formulas/${c}.calc`, { id: 201 + i, dataset: 'sales' }])),
      },
    }),
    'schemas/sales.json': JSON.stringify(SALES_SCHEMA),
    'formulas/a.calc': '',
    'formulas/b.calc': '',
    ...extra,
  });
}
