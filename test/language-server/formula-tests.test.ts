// Formula tests in the editor, over stdio with a real JSON-RPC client, in a temporary project with a formula, a test
// file and a CSV: the formula's lens ("▶ Run N tests", then its result), calckit.runTests, failures and invalid test
// files as diagnostics on the test file (at the failing value, with the diff, related to the formula), a lens per case
// on the test file, re-runs on edits and on data file changes, the hover table, and no formula feature on test files.
import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeLens, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { makeProject, TestClient } from './client.js';

const SCHEMA = [
  { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
  { name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 1 },
  { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 2 },
];
const TEST_FILE = `{
  "tests": [
    { "name": "from the CSV", "rows": { "csv": "../data/orders.csv" }, "expect": [40, 35] },
    { "name": "wrong on purpose", "rows": [{ "Revenue": 10, "Cost": 4 }], "expect": [7] }
  ]
}
`;

function project() {
  return makeProject({
    'calckit.json': JSON.stringify({
      service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'sales-ds', schema: 'schemas/sales.json' } },
      calculations: { 'formulas/margin.calc': { id: 1, dataset: 'sales' }, 'formulas/other.calc': { id: 2, dataset: 'sales' } },
    }),
    'schemas/sales.json': JSON.stringify(SCHEMA),
    'formulas/margin.calc': '`Revenue` - `Cost`\n',
    'formulas/margin.calc.test.json': TEST_FILE,
    'formulas/other.calc': 'SUM(`Revenue`)',
    'data/orders.csv': 'Region,Revenue,Cost\nEast,100,60\nWest,70,35\n',
  });
}

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

async function start(root: string, hoverFormat: string[] = ['markdown', 'plaintext']) {
  const started = await TestClient.start({
    rootUri: root,
    capabilities: {
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true }, codeLens: { refreshSupport: true } },
      textDocument: { publishDiagnostics: { versionSupport: true, relatedInformation: true }, hover: { contentFormat: hoverFormat as Array<'markdown' | 'plaintext'> } },
    },
  });
  let refreshes = 0;
  started.client.connection.onRequest('workspace/codeLens/refresh', () => {
    refreshes++;
    return null;
  });
  return { client: started.client, init: started.init, refreshes: () => refreshes };
}

const titles = (lenses: CodeLens[]) => lenses.map((l) => l.command?.title);
/** Waits for a publication on `uri` that `accept` takes (the last one). */
async function published(c: TestClient, uri: string, accept: (d: Diagnostic[], version: number | undefined) => boolean, what: string): Promise<Diagnostic[]> {
  await c.until(() => (c.published.get(uri) ?? []).some((p) => accept(p.diagnostics, p.version)), 20_000, what);
  return [...c.published.get(uri)!].reverse().find((p) => accept(p.diagnostics, p.version))!.diagnostics;
}

describe('language server: formula tests', () => {
  it('offers a lens, runs the tests by command, shows the failure on the test file, and re-runs on edits', async () => {
    const p = project();
    let refreshes: () => number;
    ({ client, refreshes } = await start(p.uri('')));
    const c = client!;
    const formula = p.uri('formulas/margin.calc');
    const testFile = p.uri('formulas/margin.calc.test.json');
    await c.open(formula, '`Revenue` - `Cost`\n');

    const before = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } });
    expect(before).toEqual([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, command: { title: '▶ Run 2 tests', command: 'calckit.runTests', arguments: [formula] } }]);
    // A formula without tests has no lens.
    await c.open(p.uri('formulas/other.calc'), 'SUM(`Revenue`)');
    expect(await c.request('textDocument/codeLens', { textDocument: { uri: p.uri('formulas/other.calc') } })).toEqual([]);

    const summary = await c.request('workspace/executeCommand', { command: 'calckit.runTests', arguments: [formula] });
    expect(summary).toEqual({ files: 1, passed: 1, failed: 1, skipped: 0, invalid: 0, brokenFiles: 0 });
    const failures = await published(c, testFile, (d) => d.length > 0, 'the failure on the test file');
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    // At the failing expected value: `7` on line 4.
    expect(failure!.range.start.line).toBe(3);
    expect(TEST_FILE.split('\n')[3]!.slice(failure!.range.start.character, failure!.range.end.character)).toBe('7');
    expect(failure).toMatchObject({ severity: 1, source: 'calckit test', code: 'test-failed' });
    expect(failure!.message).toContain('"wrong on purpose" failed: 1 of 1 row differs');
    // The row, the columns the formula reads, then expected and actual.
    expect(failure!.message).toMatch(/✖ 1 +10 +4 +7 +6/);
    expect(failure!.relatedInformation?.[0]?.location.uri).toBe(formula);
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } }))).toEqual(['✗ 1 of 2 failed']);
    await c.until(() => refreshes() > 0, 5_000, 'a codeLens refresh');

    // The test file opened as JSON: a lens per case, at the case; no formula feature answers on it.
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: testFile, languageId: 'json', version: 1, text: TEST_FILE } });
    await published(c, testFile, (d, v) => v === 1 && d.length === 1, 'the open test file run');
    const caseLenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: testFile } });
    expect(titles(caseLenses)).toEqual(['✓ passed', '✗ failed: 1 of 1 row differs']);
    expect(caseLenses.map((l) => l.range.start.line)).toEqual([2, 3]);
    expect(await c.request('textDocument/hover', { textDocument: { uri: testFile }, position: { line: 2, character: 10 } })).toBeNull();
    expect(await c.request('textDocument/formatting', { textDocument: { uri: testFile }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    expect(await c.request('textDocument/semanticTokens/full', { textDocument: { uri: testFile } })).toEqual({ data: [] });

    // Fix the expected value in the editor (unsaved): the file runs again, its version's diagnostics are empty.
    const fixed = TEST_FILE.replace('"expect": [7]', '"expect": [6]');
    await c.connection.sendNotification('textDocument/didChange', { textDocument: { uri: testFile, version: 2 }, contentChanges: [{ text: fixed }] });
    expect(await published(c, testFile, (_d, v) => v === 2, 'the edited test file run')).toEqual([]);
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } }))).toEqual(['✓ 2 tests passed']);
    // No formula lint was ever published for the test file.
    expect((c.published.get(testFile) ?? []).flatMap((x) => x.diagnostics).every((d) => d.source === 'calckit test')).toBe(true);

    // An edit of the formula makes the results stale: the lens offers a run again until the test file has run.
    await c.change(formula, [{ text: '`Revenue` - `Cost` + 1\n' }]);
    const after = await published(c, testFile, (d, v) => v === 2 && d.length === 2, 'the re-run after the formula changed');
    expect(after.map((d) => d.range.start.line)).toEqual([2, 3]);

    // The data file changes on disk (the watcher tells): the open test file runs again.
    writeFileSync(p.path('data/orders.csv'), 'Region,Revenue,Cost\nEast,50,1\nWest,36,2\n');
    await c.change(formula, [{ text: '`Revenue` - `Cost`\n' }]);
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: p.uri('data/orders.csv'), type: 2 }] });
    const data = await published(c, testFile, (d, v) => v === 2 && d.length === 1 && d[0]!.message.includes('from the CSV'), 'the re-run after the CSV changed');
    expect(data[0]!.message).toContain('2 of 2 rows differ');
  });

  it('shows an invalid test file as diagnostics at its problems, and a data file that cannot be read at its case', async () => {
    const p = project();
    ({ client } = await start(p.uri('')));
    const c = client!;
    const testFile = p.uri('formulas/margin.calc.test.json');
    const invalid = '{\n  "tests": [\n    { "name": "x", "rows": [], "expect": [], "extra": true }\n  ]\n}\n';
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: testFile, languageId: 'json', version: 1, text: invalid } });
    const problems = await published(c, testFile, (d, v) => v === 1 && d.length > 0, 'the problems of the invalid file');
    expect(problems.map((d) => [d.code, d.range.start, d.message])).toEqual([['invalid-test-file', { line: 2, character: 45 }, 'tests[0].extra: unknown field "extra"']]);
    expect(await c.request('textDocument/codeLens', { textDocument: { uri: testFile } })).toEqual([]);

    // Not JSON at all: one problem, no crash.
    await c.connection.sendNotification('textDocument/didChange', { textDocument: { uri: testFile, version: 2 }, contentChanges: [{ text: '{ "tests": [' }] });
    const broken = await published(c, testFile, (_d, v) => v === 2, 'the broken file');
    expect(broken).toHaveLength(1);
    expect(broken[0]!.message).toMatch(/^not valid JSON/);

    const missing = TEST_FILE.replace('../data/orders.csv', '../data/none.csv');
    await c.connection.sendNotification('textDocument/didChange', { textDocument: { uri: testFile, version: 3 }, contentChanges: [{ text: missing }] });
    const notRun = await published(c, testFile, (_d, v) => v === 3, 'the missing data file');
    expect(notRun.map((d) => [d.code, d.range.start.line])).toEqual([
      ['test-invalid', 2],
      ['test-failed', 3],
    ]);
    expect(notRun[0]!.message).toMatch(/^"from the CSV" was not run: cannot read .*none\.csv: /);
    const formula = p.uri('formulas/margin.calc');
    await c.open(formula, '`Revenue` - `Cost`\n');
    expect(titles(await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: formula } }))).toEqual(['✗ 2 of 2 failed']);

    // Closed: the file on disk runs (its one failure, no version); deleted: its diagnostics go, the lens too.
    await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri: testFile } });
    const onDisk = await published(c, testFile, (d, v) => v === undefined && d.length === 1, 'the run of the closed file from disk');
    expect(onDisk[0]!.message).toContain('"wrong on purpose" failed');
    const before = c.published.get(testFile)!.length;
    rmSync(p.path('formulas/margin.calc.test.json'));
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: testFile, type: 3 }] });
    await c.until(() => c.published.get(testFile)!.length > before, 10_000, 'the cleared diagnostics');
    expect(c.published.get(testFile)!.at(-1)!.diagnostics).toEqual([]);
    expect(await c.request('textDocument/codeLens', { textDocument: { uri: formula } })).toEqual([]);
    expect(client!.exited).toBe(false);
  });

  it('a client that pulls diagnostics (as VS Code) still gets the pushed test diagnostics; a YAML test file', async () => {
    const p = project();
    ({ client } = await TestClient.start({
      rootUri: p.uri(''),
      capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {}, publishDiagnostics: { versionSupport: true } } },
    }));
    const c = client!;
    const yaml = p.uri('formulas/other.calc.test.yaml');
    const text = 'tests:\n  - name: total\n    rows: { csv: ../data/orders.csv }\n    expect:\n      - 171\n';
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: yaml, languageId: 'yaml', version: 1, text } });
    const [failure] = await published(c, yaml, (d, v) => v === 1 && d.length === 1, 'the YAML file run');
    expect(failure!.range.start).toEqual({ line: 4, character: 8 });
    expect(failure!.message).toMatch(/✖ 1 +171 +170/);
    // Pulled diagnostics of a test file: none (no formula lint on JSON/YAML).
    expect(await c.request('textDocument/diagnostic', { textDocument: { uri: yaml } })).toEqual({ kind: 'full', items: [] });
  });

  it('hover on a formula with tests shows the first case’s rows and values', async () => {
    const p = project();
    ({ client } = await start(p.uri('')));
    const c = client!;
    const formula = p.uri('formulas/margin.calc');
    await c.open(formula, '`Revenue` - `Cost`\n');
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri: formula }, position: { line: 0, character: 3 } });
    const value = (h.contents as { value: string }).value;
    expect(value).toContain('**Tests** margin.calc.test.json — ✗ 1 of 2 failed');
    expect(value).toContain('*from the CSV* (2 rows):\n\n| Revenue | Cost | value |\n| --- | --- | --- |\n| 100 | 60 | **40** |\n| 70 | 35 | **35** |');
    // The open (unsaved) text is what is evaluated.
    await c.change(formula, [{ text: '`Revenue` * 2\n' }]);
    const edited = await c.request<Hover>('textDocument/hover', { textDocument: { uri: formula }, position: { line: 0, character: 3 } });
    expect((edited.contents as { value: string }).value).toContain('| 100 | **200** |');
    // A formula without tests: the usual hover only.
    await c.open(p.uri('formulas/other.calc'), 'SUM(`Revenue`)');
    const plain = await c.request<Hover>('textDocument/hover', { textDocument: { uri: p.uri('formulas/other.calc') }, position: { line: 0, character: 1 } });
    expect((plain.contents as { value: string }).value).not.toContain('**Tests**');
  });

  it('a plain-text client gets the hover table as aligned columns', async () => {
    const p = project();
    ({ client } = await start(p.uri(''), ['plaintext']));
    const c = client!;
    const formula = p.uri('formulas/margin.calc');
    await c.open(formula, '`Revenue` - `Cost`\n');
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri: formula }, position: { line: 0, character: 3 } });
    expect(h.contents).toMatchObject({ kind: 'plaintext' });
    const value = (h.contents as { value: string }).value;
    expect(value).toContain('Tests margin.calc.test.json — ✗ 1 of 2 failed');
    expect(value).toContain('from the CSV (2 rows):\n\nRevenue  Cost  value\n100      60    40\n70       35    35');
    expect(value).not.toMatch(/\||\*|```/);
  });
});
