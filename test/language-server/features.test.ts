// The built server over stdio: diagnostics for the open version, completion of schema columns, hover, formatting,
// quick fixes, settings and watched project files.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CompletionList, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SALES_SCHEMA, salesProject, TestClient } from './client.js';

const project = salesProject();
let client: TestClient;

beforeAll(async () => {
  ({ client } = await TestClient.start({ rootUri: project.uri('') }));
});
afterAll(async () => client.stop());

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('x:', 'calc', 1, text), [...edits]);
}
const messages = (ds: Diagnostic[]) => ds.map((d) => d.message);

describe('diagnostics', () => {
  it('publishes the diagnostics of a broken formula when it opens', async () => {
    const uri = project.uri('formulas/broken.calc');
    await client.open(uri, 'SUM(`Sales` +');
    const ds = await client.diagnosticsFor(uri, 1);
    expect(ds.length).toBeGreaterThan(0);
    expect(ds[0]!.severity).toBe(1);
    expect(ds[0]!.range.start.line).toBe(0);
  });

  it('after a change, publishes for the new version only', async () => {
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(`Sales`');
    const v2 = await client.change(uri, [{ range: { start: { line: 0, character: 11 }, end: { line: 0, character: 11 } }, text: ')' }]);
    const ds = await client.diagnosticsFor(uri, v2);
    expect(ds).toEqual([]);
    // Version 1 was superseded before its debounce ran out: it was never published.
    expect(client.published.get(uri)!.map((p) => p.version)).toEqual([v2]);
  });

  it('after spaces typed between tokens and text typed in a comment, publishes what a fresh lint of the new text gives (moved, not linted again), and answers on that version', async () => {
    const uri = project.uri('formulas/j.calc');
    const text = 'SUM(`Sales`) + SUM(`Nope`)\n  + SUM(`Nix`) -- two unknown columns';
    await client.open(uri, text);
    const before = await client.diagnosticsFor(uri, 1);
    expect(before.map((d) => d.range.start)).toEqual([{ line: 0, character: 19 }, { line: 1, character: 8 }]);
    // Two spaces after the first `+`, then a tab on the second line.
    const v2 = await client.change(uri, [{ range: { start: { line: 0, character: 14 }, end: { line: 0, character: 14 } }, text: '  ' }]);
    const v3 = await client.change(uri, [{ range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, text: '\t' }]);
    const v4 = await client.change(uri, [{ range: { start: { line: 1, character: 22 }, end: { line: 1, character: 22 } }, text: ' (to be added)' }]);
    const moved = await client.diagnosticsFor(uri, v4);
    expect(moved.map((d) => d.range.start)).toEqual([{ line: 0, character: 21 }, { line: 1, character: 9 }]);
    const fresh = project.uri('formulas/k.calc');
    await client.open(fresh, 'SUM(`Sales`) +   SUM(`Nope`)\n \t + SUM(`Nix`) -- two (to be added) unknown columns');
    expect(moved).toEqual(await client.diagnosticsFor(fresh, 1));
    expect([v2, v3]).toEqual([v4 - 2, v4 - 1]);
    // The moved version's own parse is made when a feature asks: hover on the second SUM, now two characters on.
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 18 } });
    expect(JSON.stringify(hover.contents)).toContain('SUM');
  });

  it('lints again when a space lands inside what a diagnostic covers', async () => {
    const uri = project.uri('formulas/split.calc');
    await client.open(uri, "DATE FORMAT(`Order Date`, '%Y')");
    expect(messages(await client.diagnosticsFor(uri, 1))).toEqual(["'DATE FORMAT' looks like the function DATE_FORMAT with a space for '_'"]);
    const v2 = await client.change(uri, [{ range: { start: { line: 0, character: 5 }, end: { line: 0, character: 5 } }, text: ' ' }]);
    expect(messages(await client.diagnosticsFor(uri, v2))).toEqual(["'DATE  FORMAT' looks like the function DATE_FORMAT with a space for '_'"]);
  });

  it('knows the schema of the mapped dataset: unknown columns are reported', async () => {
    const uri = project.uri('formulas/b.calc');
    await client.open(uri, 'SUM(`Sales`) + SUM(`Nope`)');
    expect(messages(await client.diagnosticsFor(uri, 1)).join('\n')).toContain('Nope');
  });

  it('serves the same diagnostics by pull', async () => {
    const uri = project.uri('formulas/broken.calc');
    const report = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    expect(report.kind).toBe('full');
    expect(messages(report.items)).toEqual(messages(await client.diagnosticsFor(uri, 1)));
    // Asked again for the same version: unchanged, nothing re-sent.
    const again = await client.request<{ kind: string; resultId: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: (report as { resultId?: string }).resultId });
    expect(again).toEqual({ kind: 'unchanged', resultId: (report as { resultId?: string }).resultId });
  });

  it('re-lints open documents when a watched schema file changes', async () => {
    const uri = project.uri('formulas/b.calc');
    const before = client.published.get(uri)!.length;
    writeFileSync(project.path('schemas/sales.json'), JSON.stringify([...SALES_SCHEMA, { name: 'Nope', id: 'nope', type: 'LONG', visible: true, order: 3 }]));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('schemas/sales.json'), type: 2 }] });
    await client.until(() => client.published.get(uri)!.length > before, 10_000, 're-lint');
    const latest = client.published.get(uri)!.at(-1)!;
    expect(latest.version).toBe(1);
    expect(messages(latest.diagnostics).join('\n')).not.toContain('Nope');
    writeFileSync(project.path('schemas/sales.json'), JSON.stringify(SALES_SCHEMA));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('schemas/sales.json'), type: 2 }] });
  });
});

describe('completion and hover', () => {
  it('offers the schema columns after CASE WHEN', async () => {
    const uri = project.uri('formulas/c.calc');
    await client.open(uri, 'CASE WHEN ');
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 10 } });
    const columns = list.items.filter((i) => i.kind === 5).sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    expect(columns.map((c) => [c.label, c.detail])).toEqual([['Sales', 'DECIMAL'], ['Order Date', 'DATE'], ['Region', 'STRING']]);
    expect(columns[1]!.textEdit).toEqual({ range: { start: { line: 0, character: 10 }, end: { line: 0, character: 10 } }, newText: '`Order Date`' });
    const nested = list.items.filter((i) => i.kind === 18).map((i) => i.label);
    expect(nested).toEqual(expect.arrayContaining(['Total Sales', 'Margin']));
    expect(nested).not.toContain('calculation 201'); // c.calc itself
  });

  it('shows the signature of SUM on hover', async () => {
    const uri = project.uri('formulas/d.calc');
    await client.open(uri, 'ROUND(SUM(`Sales`), 2)');
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 7 } });
    // This client states no hover format: plain text (dialects.test.ts has the Markdown of a client that asks for it).
    expect(hover.contents).toMatchObject({ kind: 'plaintext' });
    expect((hover.contents as { value: string }).value).toContain('SUM(DISTINCT NUMERIC) → NUMERIC');
    expect(hover.range).toEqual({ start: { line: 0, character: 6 }, end: { line: 0, character: 9 } });
  });
});

describe('definition', () => {
  it('goes from a nested calculation to its formula file', async () => {
    const uri = project.uri('formulas/i.calc');
    await client.open(uri, 'SVC_BEAST_MODE(102) * 2');
    const links = await client.request<Array<{ targetUri: string; originSelectionRange: unknown }>>('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 3 } });
    expect(links.map((l) => l.targetUri)).toEqual([project.uri('formulas/b.calc')]);
    expect(links[0]!.originSelectionRange).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 19 } });
  });
});

describe('edits', () => {
  it('formats the document', async () => {
    const uri = project.uri('formulas/e.calc');
    const text = 'sum(`Sales`)/count( `Region` )';
    await client.open(uri, text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(applyEdits(text, edits)).toBe('SUM(`Sales`) / COUNT(`Region`)');
  });

  it('leaves a formula with syntax errors as it is', async () => {
    const uri = project.uri('formulas/broken.calc');
    expect(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });

  it('offers a quick fix and fix-all whose edits repair the formula', async () => {
    const uri = project.uri('formulas/f.calc');
    const text = 'SUM(\u2018Sales\u2019)';
    await client.open(uri, text);
    const ds = await client.diagnosticsFor(uri, 1);
    expect(ds.length).toBeGreaterThan(0);
    const all = { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: all, context: { diagnostics: ds } });
    const quick = actions.find((a) => a.kind === 'quickfix' && a.isPreferred)!;
    expect(quick).toBeDefined();
    const fixed = applyEdits(text, quick.edit!.changes![uri]!);
    expect(fixed).not.toContain('\u2018');
    const fixAll = actions.find((a) => a.kind === 'source.fixAll.calckit')!;
    expect(applyEdits(text, fixAll.edit!.changes![uri]!)).not.toMatch(/[\u2018\u2019]/);
  });

  it('renames a column everywhere in the document', async () => {
    const uri = project.uri('formulas/g.calc');
    const text = 'SUM(`Sales`) / COUNT(`Sales`)';
    await client.open(uri, text);
    const edit = await client.request<{ changes: Record<string, TextEdit[]> }>('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 6 }, newName: 'Net Sales' });
    expect(applyEdits(text, edit.changes[uri]!)).toBe('SUM(`Net Sales`) / COUNT(`Net Sales`)');
    await expect(client.request('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 1 }, newName: 'x' })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('settings', () => {
  it('reads the inlay hint switch from workspace/configuration', async () => {
    const uri = project.uri('formulas/h.calc');
    await client.open(uri, 'SUM(`Sales`) / 2');
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 20 } };
    const on = await client.request<Array<{ label: string }>>('textDocument/inlayHint', { textDocument: { uri }, range });
    expect(on.map((h) => h.label)).toEqual([': DECIMAL']);
    client.settings = { inlayHints: { resultType: false } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await client.until(() => true);
    const off = await client.request<unknown[]>('textDocument/inlayHint', { textDocument: { uri }, range });
    expect(off).toEqual([]);
    client.settings = {};
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  });
});
