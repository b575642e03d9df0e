// The `schema` client setting: a dataset's columns given inline (the workbench page, a client without a project on
// disk), over a real JSON-RPC connection to the built server. It gives a document no project file maps columns for
// completion, lint and hover; a project's schema and the `schemas` setting's file win; an invalid value is logged once,
// naming what is wrong, and ignored.
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { makeProject, SALES_SCHEMA, salesProject, TestClient } from './client.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

/** Columns as a hand-written schema file may give them: name and type only, or more. */
const INLINE = [
  { name: 'Units', type: 'LONG' },
  { name: 'Ship Date', type: 'DATE', id: 'ship_date', visible: false },
];

const columnLabels = (list: CompletionList) => list.items.filter((i) => i.kind === 5).map((i) => i.label).sort();
const at = (uri: string, character: number) => ({ textDocument: { uri }, position: { line: 0, character } });

describe('the schema setting', () => {
  it('gives an untitled document its columns: completion, lint (unknown column) and hover', async () => {
    ({ client } = await TestClient.start({ settings: { schema: INLINE } }));
    const uri = 'untitled:Untitled-1';
    await client.open(uri, 'SUM(`Units`) + SUM(`Unitz`)');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.filter((d) => d.severity === 1).map((d) => d.message).join('\n')).toMatch(/Unitz/);
    expect(diagnostics.some((d) => /`?Units`?/.test(d.message) && !/Unitz/.test(d.message))).toBe(false);
    expect(columnLabels(await client.request<CompletionList>('textDocument/completion', at(uri, 4)))).toEqual(['Ship Date', 'Units']);
    const hover = await client.request<Hover | null>('textDocument/hover', at(uri, 6));
    expect((hover?.contents as MarkupContent).value).toMatch(/Units[\s\S]*LONG/i);
  });

  it('comes after the project file\'s schema and the schemas setting', async () => {
    const project = salesProject({ 'adhoc/q.calc': '', 'loose/r.calc': '' });
    ({ client } = await TestClient.start({ rootUri: project.uri(''), settings: { schema: INLINE, schemas: { 'adhoc/**/*.calc': 'schemas/sales.json' } } }));
    const expected: Array<[string, string[]]> = [
      ['formulas/a.calc', SALES_SCHEMA.map((c) => c.name).sort()],
      ['adhoc/q.calc', SALES_SCHEMA.map((c) => c.name).sort()],
      ['loose/r.calc', ['Ship Date', 'Units']],
    ];
    for (const [file, columns] of expected) {
      const uri = project.uri(file);
      await client.open(uri, '');
      expect(columnLabels(await client.request<CompletionList>('textDocument/completion', at(uri, 0))), file).toEqual(columns);
    }
  });

  it('an invalid value is logged once with what is wrong, and ignored: nothing fails', async () => {
    const bare = makeProject({ 'a.calc': '', 'b.calc': '' });
    ({ client } = await TestClient.start({ rootUri: bare.uri(''), settings: { schema: [{ name: 'Units', type: 'INTEGER' }, { name: 'Units', type: 'LONG' }] } }));
    for (const file of ['a.calc', 'b.calc']) {
      const uri = bare.uri(file);
      await client.open(uri, 'SUM(`Units`)');
      // Without a schema no column is unknown: the document is served as without one.
      expect(await client.diagnosticsFor(uri, 1)).toEqual([]);
      expect(columnLabels(await client.request<CompletionList>('textDocument/completion', at(uri, 4)))).toEqual([]);
    }
    const logged = client.logs.filter((l) => l.includes('calckit.schema'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^the calckit\.schema setting: \[0\]\.type: Invalid option: expected one of .*"LONG".*; it is ignored$/);
    // A value that is not a list at all.
    client.settings = { schema: 'Units LONG' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const v2 = await client.change(bare.uri('a.calc'), [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    expect(await client.diagnosticsFor(bare.uri('a.calc'), v2)).toEqual([]);
    await client.until(() => client!.logs.filter((l) => l.includes('calckit.schema')).length === 2, 5_000, 'the second message');
    expect(client.logs.filter((l) => l.includes('calckit.schema'))[1]).toMatch(/the calckit\.schema setting: .*array/i);
  });

  it('is taken from the initialization options by a client without workspace/configuration', async () => {
    ({ client } = await TestClient.start({ capabilities: { textDocument: { publishDiagnostics: {} } }, initializationOptions: { calckit: { schema: INLINE } } }));
    const uri = 'inmemory://model/1';
    await client.open(uri, '');
    expect(columnLabels(await client.request<CompletionList>('textDocument/completion', at(uri, 0)))).toEqual(['Ship Date', 'Units']);
  });
});
