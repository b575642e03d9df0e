// The rename of a column over stdio with the real JSON-RPC client: in a formula file of a project's dataset it is one
// WorkspaceEdit over every formula file of that dataset (open documents' current text with their versions, the others
// from disk) and the dataset's schema file, never over another dataset's files; `documentChanges` when the client
// supports them, else `changes`; a formula outside any project keeps the rename within the document.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { makeProject, TestClient, VSCODE_CAPABILITIES, PLAIN_CAPABILITIES } from './client.js';

const column = (name: string, id: string, type: string, order: number) => ({ name, id, type, visible: true, order });
const SALES = [column('Region', 'region', 'STRING', 0), column('Sales', 'sales', 'DECIMAL', 1)];
const STOCK = [column('Region', 'region', 'STRING', 0)];

function twoDatasets() {
  return makeProject({
    'calckit.json': JSON.stringify({
      service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'sales-ds', schema: 'schemas/sales.json' }, stock: { id: 'stock-ds', schema: 'schemas/stock.json' } },
      calculations: {
        'sales/open.calc': { id: 1, dataset: 'sales' },
        'sales/disk.calc': { id: 2, dataset: 'sales' },
        'sales/none.calc': { id: 3, dataset: 'sales' },
        'sales/never-written.calc': { id: 4, dataset: 'sales' },
        'stock/other.calc': { id: 11, dataset: 'stock' },
      },
    }),
    'schemas/sales.json': `[\n${SALES.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`,
    'schemas/stock.json': JSON.stringify(STOCK),
    // On disk: saved text that the open document has since changed.
    'sales/open.calc': 'COUNT(`Region`)\n',
    // Not open: a byte-order mark and CRLF on disk (editors show the text without the mark).
    'sales/disk.calc': "\uFEFF-- by region\r\nSUM(CASE WHEN `Region` = 'West' THEN `Sales` END)\r\n",
    'sales/none.calc': 'SUM(`Sales`)\n',
    'stock/other.calc': 'COUNT(`Region`)\n',
  });
}

/** VS Code declares versioned document changes in workspace edits. */
const WITH_DOCUMENT_CHANGES = { ...VSCODE_CAPABILITIES, workspace: { ...VSCODE_CAPABILITIES.workspace, workspaceEdit: { documentChanges: true } } };

const apply = (text: string, edits: readonly TextEdit[]): string => TextDocument.applyEdits(TextDocument.create('x:', 'calc', 0, text), [...edits]);

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('language server: renaming a column across a dataset', () => {
  it('documentChanges: the open document at its version, the other files of the dataset and its schema file; not another dataset', async () => {
    const project = twoDatasets();
    ({ client } = await TestClient.start({ rootUri: project.uri(''), capabilities: WITH_DOCUMENT_CHANGES }));
    const open = project.uri('sales/open.calc');
    const edited = 'COUNT(`Region`) + COUNT(DISTINCT `Region`)';
    await client.open(open, 'COUNT(`Region`)\n');
    const version = await client.change(open, [{ text: edited }]);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: open }, position: { line: 0, character: 8 }, newName: 'Sales Territory' });
    expect(edit.changes).toBeUndefined();
    const byUri = new Map((edit.documentChanges as TextDocumentEdit[]).map((d) => [d.textDocument.uri, d]));
    expect([...byUri.keys()].sort()).toEqual([project.uri('sales/disk.calc'), project.uri('sales/open.calc'), project.uri('schemas/sales.json')].sort());
    expect(byUri.get(open)!.textDocument.version).toBe(version);
    expect(apply(edited, byUri.get(open)!.edits)).toBe('COUNT(`Sales Territory`) + COUNT(DISTINCT `Sales Territory`)');
    const disk = byUri.get(project.uri('sales/disk.calc'))!;
    expect(disk.textDocument.version).toBeNull();
    // Positions are in the text as the editor has it: without the byte-order mark, CRLF kept.
    expect(disk.edits.map((e) => e.range.start)).toEqual([{ line: 1, character: 14 }]);
    const onDisk = readFileSync(project.path('sales/disk.calc'), 'utf8').replace(/^\uFEFF/, '');
    expect(apply(onDisk, disk.edits)).toBe("-- by region\r\nSUM(CASE WHEN `Sales Territory` = 'West' THEN `Sales` END)\r\n");
    const schema = byUri.get(project.uri('schemas/sales.json'))!;
    const schemaText = readFileSync(project.path('schemas/sales.json'), 'utf8');
    expect(apply(schemaText, schema.edits)).toBe(schemaText.replace('"name":"Region"', '"name":"Sales Territory"'));
  });

  it('changes, for a client without documentChanges; a typed backtick name is the column name', async () => {
    const project = twoDatasets();
    ({ client } = await TestClient.start({ rootUri: project.uri(''), capabilities: PLAIN_CAPABILITIES }));
    const uri = project.uri('sales/none.calc');
    await client.open(uri, 'SUM(`Sales`) + MAX(`Region`)');
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 21 }, newName: '`Zone`' });
    expect(edit.documentChanges).toBeUndefined();
    expect(Object.keys(edit.changes!).sort()).toEqual([project.uri('sales/disk.calc'), project.uri('sales/none.calc'), project.uri('sales/open.calc'), project.uri('schemas/sales.json')].sort());
    expect(apply('SUM(`Sales`) + MAX(`Region`)', edit.changes![uri]!)).toBe('SUM(`Sales`) + MAX(`Zone`)');
    expect(apply('COUNT(`Region`)\n', edit.changes![project.uri('sales/open.calc')]!)).toBe('COUNT(`Zone`)\n');
    expect(edit.changes![project.uri('stock/other.calc')]).toBeUndefined();
  });

  it('a formula outside any project: within the document only', async () => {
    const loose = makeProject({ 'f.calc': 'SUM(`Region`)' });
    ({ client } = await TestClient.start({ rootUri: loose.uri(''), capabilities: VSCODE_CAPABILITIES }));
    const uri = loose.uri('f.calc');
    await client.open(uri, 'SUM(`Region`) / COUNT(`Region`)');
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 6 }, newName: 'Zone' });
    expect(Object.keys(edit.changes!)).toEqual([uri]);
    expect(apply('SUM(`Region`) / COUNT(`Region`)', edit.changes![uri]!)).toBe('SUM(`Zone`) / COUNT(`Zone`)');
  });
});
