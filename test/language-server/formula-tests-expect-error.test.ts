// Formula tests in the editor, for a formula's lens following its test files (none without one, one as soon as a
// test file appears beside it) and cases that expect an evaluation error: their lenses and failure diagnostics.
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeLens, Diagnostic } from 'vscode-languageserver-protocol';
import { makeProject, TestClient } from './client.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

const titles = (lenses: CodeLens[]) => lenses.map((l) => l.command?.title);

describe('language server: formula tests that expect errors', () => {
  it('offers "Run tests" only once a test file is beside the formula; shows an expected error that does not come', async () => {
    const p = makeProject({
      'calckit.json': JSON.stringify({ service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' } }),
      'formulas/broken.calc': 'NOSUCH(`Revenue`)\n',
    });
    ({ client } = await TestClient.start({
      rootUri: p.uri(''),
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true, relatedInformation: true } } },
    }));
    const c = client!;
    const formula = p.uri('formulas/broken.calc');
    await c.open(formula, 'NOSUCH(`Revenue`)\n');
    expect(await c.request('textDocument/codeLens', { textDocument: { uri: formula } })).toEqual([]);

    const testFile = p.uri('formulas/broken.calc.test.yaml');
    const text = ['rows: [{ Revenue: 1 }]', 'tests:', '  - name: unknown function', '    expect: { error: unknown-function }', '  - name: wrong error', '    expect: { error: runtime }', ''].join('\n');
    writeFileSync(p.path('formulas/broken.calc.test.yaml'), text);
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: testFile, type: 1 }] });
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } }))).toEqual(['▶ Run 2 tests']);

    const summary = await c.request('workspace/executeCommand', { command: 'calckit.runTests', arguments: [formula] });
    expect(summary).toEqual({ files: 1, passed: 1, failed: 1, skipped: 0, invalid: 0, brokenFiles: 0 });
    await c.until(() => (c.published.get(testFile) ?? []).some((x) => x.diagnostics.length > 0), 20_000, 'the failure on the test file');
    const [failure] = c.published.get(testFile)!.at(-1)!.diagnostics as Diagnostic[];
    expect(failure!.message).toBe('"wrong error" failed: expected the error runtime, but the formula stopped with unknown-function: unknown function NOSUCH: it is not a function of the language');
    // At the case's expect, related to the place of the error in the formula.
    expect(failure!.range.start).toEqual({ line: 5, character: 12 });
    expect(failure!.relatedInformation?.[0]).toMatchObject({ location: { uri: formula, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } } } });
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } }))).toEqual(['✗ 1 of 2 failed']);

    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: testFile, languageId: 'yaml', version: 1, text } });
    await c.until(() => (c.published.get(testFile) ?? []).some((x) => x.version === 1), 20_000, 'the open test file run');
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: testFile } }))).toEqual([
      '✓ passed',
      '✗ failed: expected the error runtime, but the formula stopped with unknown-function: unknown function NOSUCH: it is not a function of the language',
    ]);
    expect(client!.exited).toBe(false);
  });
});
