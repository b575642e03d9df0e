// Every capability the built server advertises answers over stdio without MethodNotFound, and the server stays up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializeResult, ServerCapabilities } from 'vscode-languageserver-protocol';
import { salesProject, TestClient } from './client.js';

const METHOD_NOT_FOUND = -32601;
const project = salesProject();
const uri = project.uri('formulas/a.calc');
const text = 'CASE WHEN `Region` = \'West\'\n  THEN SUM(`Sales`)\n  ELSE 0\nEND';
const pos = { line: 1, character: 9 };
const range = { start: { line: 0, character: 0 }, end: { line: 3, character: 3 } };
const doc = { textDocument: { uri } };

/** For each capability: the request(s) it promises, with parameters that exercise it. */
const REQUESTS: Record<string, Array<[string, unknown]>> = {
  completionProvider: [['textDocument/completion', { ...doc, position: pos }]],
  hoverProvider: [['textDocument/hover', { ...doc, position: pos }]],
  definitionProvider: [['textDocument/definition', { ...doc, position: pos }]],
  referencesProvider: [['textDocument/references', { ...doc, position: pos, context: { includeDeclaration: true } }]],
  callHierarchyProvider: [
    ['textDocument/prepareCallHierarchy', { ...doc, position: pos }],
    ['callHierarchy/incomingCalls', { item: { name: 'x', kind: 12, uri, range, selectionRange: range, data: { projectFile: '/nowhere/calckit.json', serviceName: 'SVC', calculation: 1 } } }],
    ['callHierarchy/outgoingCalls', { item: { name: 'x', kind: 12, uri, range, selectionRange: range } }],
  ],
  signatureHelpProvider: [['textDocument/signatureHelp', { ...doc, position: { line: 1, character: 12 } }]],
  semanticTokensProvider: [['textDocument/semanticTokens/full', doc], ['textDocument/semanticTokens/range', { ...doc, range }]],
  foldingRangeProvider: [['textDocument/foldingRange', doc]],
  selectionRangeProvider: [['textDocument/selectionRange', { ...doc, positions: [pos] }]],
  documentHighlightProvider: [['textDocument/documentHighlight', { ...doc, position: { line: 0, character: 12 } }]],
  renameProvider: [['textDocument/prepareRename', { ...doc, position: { line: 0, character: 12 } }], ['textDocument/rename', { ...doc, position: { line: 0, character: 12 }, newName: 'Area' }]],
  inlayHintProvider: [['textDocument/inlayHint', { ...doc, range }]],
  documentSymbolProvider: [['textDocument/documentSymbol', doc]],
  codeActionProvider: [['textDocument/codeAction', { ...doc, range, context: { diagnostics: [] } }]],
  documentFormattingProvider: [['textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } }]],
  documentRangeFormattingProvider: [['textDocument/rangeFormatting', { ...doc, range, options: { tabSize: 2, insertSpaces: true } }]],
  diagnosticProvider: [['textDocument/diagnostic', doc]],
  codeLensProvider: [['textDocument/codeLens', doc]],
  executeCommandProvider: [['workspace/executeCommand', { command: 'calckit.runTests', arguments: [uri] }]],
};
const NOT_REQUESTS = new Set(['textDocumentSync']);

let client: TestClient;
let init: InitializeResult;

beforeAll(async () => {
  ({ client, init } = await TestClient.start({ rootUri: project.uri('') }));
  await client.open(uri, text);
});
afterAll(async () => client.stop());

describe('advertised capabilities', () => {
  it('are all known to this test (a new capability needs a request here)', () => {
    const advertised = Object.keys(init.capabilities).filter((k) => !NOT_REQUESTS.has(k));
    expect(advertised.sort()).toEqual(Object.keys(REQUESTS).sort());
    expect(init.capabilities.textDocumentSync).toMatchObject({ openClose: true, change: 2 });
    expect(init.serverInfo?.name).toBe('calckit-language-server');
  });

  for (const [capability, requests] of Object.entries(REQUESTS)) {
    it(`${capability} answers`, async () => {
      expect((init.capabilities as Record<string, unknown>)[capability as keyof ServerCapabilities]).toBeTruthy();
      for (const [method, params] of requests) {
        const outcome = await client.request(method, params).then(
          (result) => ({ ok: true as const, result }),
          (error: { code?: number; message?: string }) => ({ ok: false as const, code: error.code, message: error.message }),
        );
        expect(outcome, `${method}`).not.toMatchObject({ ok: false, code: METHOD_NOT_FOUND });
        expect(outcome.ok, `${method}: ${JSON.stringify(outcome)}`).toBe(true);
      }
    });
  }

  it('answers requests on a document that is not open with a safe default', async () => {
    const other = { textDocument: { uri: project.uri('formulas/closed.calc') } };
    expect(await client.request('textDocument/hover', { ...other, position: pos })).toBeNull();
    expect(await client.request('textDocument/completion', { ...other, position: pos })).toEqual({ isIncomplete: false, items: [] });
    expect(await client.request('textDocument/diagnostic', other)).toEqual({ kind: 'full', items: [] });
    expect(client.exited).toBe(false);
  });

  it('survives malformed parameters on every request and notification', async () => {
    const junk = [null, {}, { textDocument: null }, { textDocument: { uri: 42 }, position: 'x' }, { textDocument: { uri }, range: { start: 'a' } }];
    for (const requests of Object.values(REQUESTS)) {
      for (const [method] of requests) {
        for (const params of junk) {
          const outcome = await client.request(method, params).then(() => 'answered', (e: { code?: number }) => `error ${e.code}`);
          expect(outcome, `${method} ${JSON.stringify(params)}`).not.toBe(`error ${METHOD_NOT_FOUND}`);
        }
      }
    }
    for (const method of ['textDocument/didChange', 'textDocument/didOpen', 'workspace/didChangeWatchedFiles', 'workspace/didChangeConfiguration']) {
      for (const params of junk) await client.connection.sendNotification(method, params);
    }
    // Still serving (a junk didOpen may have replaced the shared document: use a fresh one).
    const fresh = project.uri('formulas/b.calc');
    await client.open(fresh, 'SUM(`Sales`)');
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: fresh }, position: { line: 0, character: 1 } });
    expect(hover.contents.value).toContain('SUM(');
    expect(client.exited).toBe(false);
  });

  it('answers a position far outside the text without failing', async () => {
    const far = { line: 999, character: 999 };
    await expect(client.request('textDocument/hover', { ...doc, position: far })).resolves.toBeDefined();
    await expect(client.request('textDocument/completion', { ...doc, position: far })).resolves.toMatchObject({ isIncomplete: false });
    await expect(client.request('textDocument/signatureHelp', { ...doc, position: far })).resolves.toBeDefined();
  });
});
