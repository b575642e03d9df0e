// References and call hierarchy across the project's files, over stdio with the real JSON-RPC client: a column's
// uses in the formula files of its dataset (not another dataset's column of that name), a nested calculation's calls
// across the project (and its own file), incoming / outgoing calls of calculations (columns as Field items), an open
// document's unsaved text, and a changed file on disk once the watcher reports it.
import { writeFileSync } from 'node:fs';
import type { CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall, Location } from 'vscode-languageserver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, TestClient } from './client.js';

const project = makeProject({
  'calckit.json': JSON.stringify({
    service: { name: 'acme', baseUrl: 'http://127.0.0.1:9' },
    datasets: { sales: { id: 'ds-sales', schema: 'schemas/sales.json' }, hr: { id: 'ds-hr' } },
    calculations: {
      'f/total.calc': { id: 1, dataset: 'sales', name: 'Total' },
      'f/margin.calc': { id: 2, dataset: 'sales', name: 'Margin' },
      'f/share.calc': { id: 3, dataset: 'sales' },
      'f/pay.calc': { id: 4, dataset: 'hr' },
    },
  }),
  'schemas/sales.json': JSON.stringify([
    { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 },
    { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 1 },
  ]),
  'f/total.calc': 'SUM(`Sales`)',
  'f/margin.calc': 'SUM(`Sales`) - SUM(`Cost`)\n  - ACME_BEAST_MODE(1)',
  'f/share.calc': 'ACME_BEAST_MODE(2) / ACME_BEAST_MODE(1) + OTHER_BEAST_MODE(1)',
  'f/pay.calc': 'SUM(`Sales`) + ACME_BEAST_MODE(99)',
});

let client: TestClient;
beforeAll(async () => {
  ({ client } = await TestClient.start({ rootUri: project.uri('') }));
});
afterAll(async () => {
  await client.stop();
});

const where = (locations: Location[] | null) => (locations ?? []).map((l) => `${l.uri.slice(project.uri('').length + 1)} ${l.range.start.line}:${l.range.start.character}-${l.range.end.line}:${l.range.end.character}`).sort();
const references = (rel: string, line: number, character: number, includeDeclaration = false) =>
  client.request<Location[] | null>('textDocument/references', { textDocument: { uri: project.uri(rel) }, position: { line, character }, context: { includeDeclaration } });
const prepare = (rel: string, line: number, character: number) => client.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', { textDocument: { uri: project.uri(rel) }, position: { line, character } });
const incoming = (item: CallHierarchyItem) => client.request<CallHierarchyIncomingCall[]>('callHierarchy/incomingCalls', { item });
const outgoing = (item: CallHierarchyItem) => client.request<CallHierarchyOutgoingCall[]>('callHierarchy/outgoingCalls', { item });

describe('language server: references across files', () => {
  it('a column: every use in the formula files of its dataset, not the same name in another dataset', async () => {
    await client.open(project.uri('f/total.calc'), 'SUM(`Sales`)');
    expect(where(await references('f/total.calc', 0, 6))).toEqual(['f/margin.calc 0:4-0:11', 'f/total.calc 0:4-0:11']);
  });

  it('a nested calculation: every call in the project, and its own file with includeDeclaration', async () => {
    await client.open(project.uri('f/share.calc'), 'ACME_BEAST_MODE(2) / ACME_BEAST_MODE(1) + OTHER_BEAST_MODE(1)');
    expect(where(await references('f/share.calc', 0, 25))).toEqual(['f/margin.calc 1:4-1:22', 'f/share.calc 0:21-0:39']);
    expect(where(await references('f/share.calc', 0, 25, true))).toEqual(['f/margin.calc 1:4-1:22', 'f/share.calc 0:21-0:39', 'f/total.calc 0:0-0:0']);
  });

  it("an open document's unsaved text counts, not what is on disk", async () => {
    await client.open(project.uri('f/margin.calc'), 'SUM(`Cost`) + ACME_BEAST_MODE(1)');
    expect(where(await references('f/total.calc', 0, 6))).toEqual(['f/total.calc 0:4-0:11']);
    expect(where(await references('f/share.calc', 0, 25))).toEqual(['f/margin.calc 0:14-0:32', 'f/share.calc 0:21-0:39']);
  });
});

describe('language server: call hierarchy of calculations', () => {
  it('prepared on a nested call; incoming = the calculations nesting it, outgoing = what it nests and the columns it reads', async () => {
    const items = (await prepare('f/share.calc', 0, 3))!;
    expect(items.map((i) => [i.name, i.kind, i.uri.endsWith('/f/margin.calc')])).toEqual([['Margin', 12, true]]);
    const callers = await incoming(items[0]!);
    expect(callers.map((c) => [c.from.name, c.from.detail, c.fromRanges.map((r) => `${r.start.line}:${r.start.character}`)])).toEqual([['#3', 'f/share.calc · dataset sales', ['0:0']]]);
    // Margin is open with `SUM(\`Cost\`) + ACME_BEAST_MODE(1)`.
    const calls = await outgoing(items[0]!);
    expect(calls.map((c) => [c.to.name, c.to.kind, c.fromRanges.map((r) => `${r.start.line}:${r.start.character}`)])).toEqual([
      ['Total', 12, ['0:14']],
      ['Cost', 8, ['0:4']],
    ]);
    const column = calls.find((c) => c.to.name === 'Cost')!.to;
    expect(column.uri).toBe(project.uri('schemas/sales.json'));
    expect((await incoming(column)).map((c) => c.from.name)).toEqual(['Margin']);
  });

  it('prepared elsewhere in a mapped file: its own calculation; an id the project lacks is shown as such', async () => {
    await client.open(project.uri('f/pay.calc'), 'SUM(`Sales`) + ACME_BEAST_MODE(99)');
    const own = (await prepare('f/pay.calc', 0, 13))!;
    expect(own.map((i) => i.name)).toEqual(['#4']);
    const calls = await outgoing(own[0]!);
    expect(calls.map((c) => [c.to.name, c.to.detail])).toEqual([
      ['#99', 'not in this project'],
      ['Sales', 'column of hr'],
    ]);
    expect((await incoming(own[0]!))).toEqual([]);
  });

  it('a file changed on disk is seen once the watcher reports it', async () => {
    const total = (await prepare('f/total.calc', 0, 0))!;
    expect((await incoming(total[0]!)).map((c) => c.from.name).sort()).toEqual(['#3', 'Margin']);
    writeFileSync(project.path('f/pay.calc'), 'ACME_BEAST_MODE(1)');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('f/pay.calc'), type: 2 }] });
    // pay.calc is open: its editor text still counts until the editor changes it; close it to read the disk.
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: project.uri('f/pay.calc') } });
    expect((await incoming(total[0]!)).map((c) => c.from.name).sort()).toEqual(['#3', '#4', 'Margin']);
  });
});

describe('language server: nesting cycles as diagnostics', () => {
  it('each open file of a cycle names the cycle with the files relative to the project, as the CLI does', async () => {
    const cyclic = makeProject({
      'calckit.json': JSON.stringify({ service: { name: 'acme', baseUrl: 'http://127.0.0.1:9' }, calculations: { 'f/a.calc': { id: 1 }, 'f/b.calc': { id: 2 } } }),
      'f/a.calc': 'ACME_BEAST_MODE(2)',
      'f/b.calc': 'ACME_BEAST_MODE(1)',
    });
    const { client: other } = await TestClient.start({ rootUri: cyclic.uri('') });
    try {
      await other.open(cyclic.uri('f/a.calc'), 'ACME_BEAST_MODE(2)');
      const diagnostics = await other.diagnosticsFor(cyclic.uri('f/a.calc'), 1);
      expect(diagnostics.filter((d) => d.code === 'nested-calculation-cycle').map((d) => d.message)).toEqual([
        'Nesting cycle: calculation 1 (f/a.calc) → calculation 2 (f/b.calc) → calculation 1 (f/a.calc): a calculation cannot nest itself, directly or through other calculations',
      ]);
    } finally {
      await other.stop();
    }
  });
});
