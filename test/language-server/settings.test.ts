// Settings and client modes: rule severities from the client, schemas by glob, the service's name, a client that
// pulls diagnostics (no pushes, a refresh when the project changes), a file outside any project.
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionList, Diagnostic } from 'vscode-languageserver-protocol';
import { makeProject, SALES_SCHEMA, salesProject, TestClient } from './client.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

const CONSTANT = 'CASE WHEN 1 = 1 THEN SUM(`Sales`) END';
const severityOf = (ds: Diagnostic[], code: string) => ds.find((d) => d.code === code)?.severity;

describe('client settings', () => {
  it('apply rule severities over the project file, info included', async () => {
    const project = salesProject();
    ({ client } = await TestClient.start({ rootUri: project.uri(''), settings: { rules: { 'constant-condition': 'error' } } }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, CONSTANT);
    expect(severityOf(await client.diagnosticsFor(uri, 1), 'constant-condition')).toBe(1);
    client.settings = { rules: { 'constant-condition': 'info' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const v2 = await client.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    expect(severityOf(await client.diagnosticsFor(uri, v2), 'constant-condition')).toBe(3);
    client.settings = { rules: { 'constant-condition': 'off' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const v3 = await client.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    expect(severityOf(await client.diagnosticsFor(uri, v3), 'constant-condition')).toBeUndefined();
  });

  it('map unmapped formulas to a schema by glob, and name the service', async () => {
    const project = salesProject({ 'adhoc/q.calc': '' });
    ({ client } = await TestClient.start({ rootUri: project.uri(''), settings: { schemas: { 'adhoc/**/*.calc': 'schemas/sales.json' }, serviceName: 'ACME' } }));
    const uri = project.uri('adhoc/q.calc');
    await client.open(uri, '');
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect(list.items.filter((i) => i.kind === 5).map((i) => i.label).sort()).toEqual(SALES_SCHEMA.map((c) => c.name).sort());
    expect(list.items.find((i) => i.label === 'Total Sales')?.textEdit?.newText).toBe('ACME_BEAST_MODE(101)');
  });

  it('do not stall the server when the client never answers workspace/configuration', async () => {
    const project = salesProject();
    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    client.configurationHangs = true;
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(');
    expect((await client.diagnosticsFor(uri, 1)).length).toBeGreaterThan(0);
    expect(client.logs.some((l) => l.includes('got no answer'))).toBe(true);
  });

  it('work without a project file, for untitled documents too', async () => {
    const bare = makeProject({ 'lone.calc': '' });
    ({ client } = await TestClient.start({ rootUri: bare.uri('') }));
    for (const uri of [bare.uri('lone.calc'), 'untitled:Untitled-1']) {
      await client.open(uri, 'SUM(`Anything`');
      expect((await client.diagnosticsFor(uri, 1)).length).toBeGreaterThan(0);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 4 } });
      expect(list.items.some((i) => i.label === 'COUNT')).toBe(true);
    }
  });
});

describe('a client like VS Code', () => {
  it('gets one shared edit range and documentation on resolve', async () => {
    const project = salesProject();
    ({ client } = await TestClient.start({
      rootUri: project.uri(''),
      capabilities: {
        workspace: { configuration: true },
        textDocument: { completion: { completionList: { itemDefaults: ['editRange'] }, completionItem: { snippetSupport: true, resolveSupport: { properties: ['documentation'] } } } },
      },
    }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'ROUND(SU');
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 8 } });
    expect(list.itemDefaults?.editRange).toEqual({ start: { line: 0, character: 6 }, end: { line: 0, character: 8 } });
    const sum = list.items.find((i) => i.label === 'SUM')!;
    // LSP 3.17: with the list's default range the client inserts textEditText (or the label), never insertText.
    expect(sum).toMatchObject({ textEditText: 'SUM(${1:numeric})', insertTextFormat: 2 });
    expect(sum.textEdit).toBeUndefined();
    expect(sum.insertText).toBeUndefined();
    expect(sum.documentation).toBeUndefined();
    const resolved = await client.request<{ documentation?: { value: string } }>('completionItem/resolve', sum);
    expect(resolved.documentation?.value).toContain('Adds up the values');
    // An item from an older list comes back as it was.
    await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 8 } });
    expect(await client.request('completionItem/resolve', { ...sum, data: { list: -1, index: 0 } })).toEqual({ ...sum, data: { list: -1, index: 0 } });
  });
});

describe('a client that pulls diagnostics', () => {
  it('gets no pushes, and a refresh when the project changes', async () => {
    const project = salesProject();
    ({ client } = await TestClient.start({
      rootUri: project.uri(''),
      capabilities: {
        workspace: { configuration: true, diagnostics: { refreshSupport: true } },
        textDocument: { diagnostic: { dynamicRegistration: false } },
      },
    }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(`Nope`)');
    const first = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    expect(first.items.map((d) => d.code)).toContain('unknown-column');
    writeFileSync(project.path('schemas/sales.json'), JSON.stringify([...SALES_SCHEMA, { name: 'Nope', id: 'n', type: 'LONG', visible: true, order: 9 }]));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('schemas/sales.json'), type: 2 }] });
    await client.until(() => client!.refreshes > 0, 10_000, 'a diagnostic refresh');
    const second = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    expect(second.items.map((d) => d.code)).not.toContain('unknown-column');
    expect(client.published.size).toBe(0);
  });

  it('pushes anyway when told to', async () => {
    const project = salesProject();
    ({ client } = await TestClient.start({
      rootUri: project.uri(''),
      capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } },
      initializationOptions: { pushDiagnostics: true },
    }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(');
    expect((await client.diagnosticsFor(uri, 1)).length).toBeGreaterThan(0);
  });
});
