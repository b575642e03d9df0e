// Every client's dialect (LSP 3.17): the built server over stdio, once as VS Code declares itself (snippets, Markdown,
// completion item defaults, signature label offsets) and once as a plain client (no snippets, plain text only, no item
// defaults, no label offsets). Each answer is applied or shown the way that client would.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientCapabilities, CodeAction, CompletionItem, CompletionList, DocumentSymbol, Hover, MarkupContent, SignatureHelp, TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PLAIN_CAPABILITIES, ROOT, salesProject, TestClient, VSCODE_CAPABILITIES } from './client.js';

const DIALECTS: Array<[string, ClientCapabilities]> = [['VS Code', VSCODE_CAPABILITIES], ['a plain client', PLAIN_CAPABILITIES]];

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('x:', 'calc', 1, text), [...edits]);
}

/** The text a client puts in the document for `item` (LSP 3.17: the item's own edit; else, with the list's default
 * range, `textEditText` or the label; else `insertText` or the label), and whether it expands it as a snippet. */
function accepted(list: CompletionList, item: CompletionItem, client: ClientCapabilities): { text: string; snippet: boolean } {
  const defaults = client.textDocument?.completion?.completionList?.itemDefaults ?? [];
  const edit = item.textEdit as TextEdit | undefined;
  const text = edit ? edit.newText : list.itemDefaults?.editRange && defaults.includes('editRange') ? (item.textEditText ?? item.label) : (item.insertText ?? item.label);
  const snippet = (item.insertTextFormat ?? list.itemDefaults?.insertTextFormat) === 2 && client.textDocument?.completion?.completionItem?.snippetSupport === true;
  return { text, snippet };
}

describe.each(DIALECTS)('%s', (dialect, capabilities) => {
  const vscode = dialect === 'VS Code';
  const project = salesProject({ 'schemas/sales.json': JSON.stringify([
    { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 },
    { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 1 },
    { name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 2 },
    { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 3 },
    { name: ' ', id: 'blank', type: 'STRING', visible: true, order: 4 },
  ]) });
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await TestClient.start({ rootUri: project.uri(''), capabilities }));
  });
  afterAll(async () => client.stop());

  it('completion inserts the column in backticks, the function as a snippet or its plain text, the nested calculation as a call', async () => {
    const uri = project.uri('formulas/c.calc');
    await client.open(uri, 'CASE WHEN ');
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 10 } });
    const item = (label: string) => list.items.find((i) => i.label === label)!;
    expect(accepted(list, item('Sales'), capabilities)).toEqual({ text: '`Sales`', snippet: false });
    expect(accepted(list, item('Margin'), capabilities)).toEqual({ text: 'SVC_BEAST_MODE(102)', snippet: false });
    expect(accepted(list, item('NULLIF'), capabilities)).toEqual(vscode ? { text: 'NULLIF(${1:any}, ${2:any})', snippet: true } : { text: 'NULLIF(', snippet: false });
    expect(accepted(list, item('CASE WHEN … THEN … ELSE … END'), capabilities)).toEqual(
      vscode ? { text: 'CASE WHEN ${1} THEN ${2} ELSE ${3} END', snippet: true } : { text: 'CASE WHEN ', snippet: false },
    );
    if (vscode) {
      // One range for the whole list, each item's text beside it.
      expect(list.itemDefaults?.editRange).toEqual({ start: { line: 0, character: 10 }, end: { line: 0, character: 10 } });
      expect(list.items.every((i) => i.textEdit === undefined && i.insertText === undefined)).toBe(true);
    } else {
      expect(list.itemDefaults).toBeUndefined();
      expect(list.items.every((i) => i.textEdit !== undefined && i.insertTextFormat === undefined && !(i.textEdit as TextEdit).newText.includes('${'))).toBe(true);
    }
  });

  it('completion documentation is Markdown for a Markdown client, readable plain text for the other', async () => {
    const uri = project.uri('formulas/d.calc');
    await client.open(uri, 'ROUND(SU');
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 8 } });
    const sum = list.items.find((i) => i.label === 'SUM')!;
    const documentation = (vscode ? (await client.request<CompletionItem>('completionItem/resolve', sum)).documentation : sum.documentation) as MarkupContent;
    expect(documentation.kind).toBe(vscode ? 'markdown' : 'plaintext');
    expect(documentation.value).toContain('Adds up the values');
    if (vscode) expect(documentation.value).toContain('```calc');
    else for (const i of list.items) expect((i.documentation as MarkupContent | undefined)?.value ?? '', i.label).not.toMatch(/```|\*\*|^_|_$/m);
  });

  it('hover is Markdown for a Markdown client, plain text without fences or emphasis for the other', async () => {
    const uri = project.uri('formulas/e.calc');
    await client.open(uri, 'ROUND(SUM(`Sales`), 2)');
    const fn = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 7 } });
    const column = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 12 } });
    const [f, c] = [fn.contents as MarkupContent, column.contents as MarkupContent];
    if (vscode) {
      expect(f).toMatchObject({ kind: 'markdown', value: expect.stringMatching(/^```calc\nSUM\(DISTINCT NUMERIC\) → NUMERIC\n```/) });
      expect(c).toEqual({ kind: 'markdown', value: '```calc\n`Sales`\n```\n\nColumn of type **DECIMAL**.' });
    } else {
      expect(f).toMatchObject({ kind: 'plaintext', value: expect.stringMatching(/^SUM\(DISTINCT NUMERIC\) → NUMERIC\n\nAdds up/) });
      expect(f.value).not.toMatch(/```|\*\*/);
      expect(c).toEqual({ kind: 'plaintext', value: '`Sales`\n\nColumn of type DECIMAL.' });
    }
  });

  it("signature help lights NULLIF's second argument, not the first that reads the same", async () => {
    const uri = project.uri('formulas/f.calc');
    await client.open(uri, 'NULLIF(`Sales`, ');
    const help = await client.request<SignatureHelp>('textDocument/signatureHelp', { textDocument: { uri }, position: { line: 0, character: 16 } });
    const signature = help.signatures[0]!;
    expect(signature.label).toBe('NULLIF(ANY, ANY) → ANY');
    const active = signature.parameters![help.activeParameter!]!.label;
    // Where the client highlights: the offsets, or a string label's first occurrence.
    const lit = typeof active === 'string' ? [signature.label.indexOf(active), signature.label.indexOf(active) + active.length] : active;
    expect(signature.label.slice(lit[0], lit[1]).trim()).toBe('ANY');
    expect(lit[1]).toBe(15);
    if (vscode) expect(signature.parameters!.map((p) => p.label)).toEqual([[7, 10], [12, 15]]);
    else expect(signature.parameters!.map((p) => typeof p.label)).toEqual(['string', 'string']);
    expect((signature.documentation as MarkupContent).kind).toBe(vscode ? 'markdown' : 'plaintext');
  });

  it('document symbols have a name for an empty or blank column', async () => {
    for (const [i, text] of ['SUM(``)', 'SUM(`Sales`) OVER (PARTITION BY ``)', 'SUM(` `)'].entries()) {
      const uri = project.uri(`formulas/symbols-${i}.calc`);
      await client.open(uri, text);
      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      expect(symbols.length, text).toBeGreaterThan(1);
      // VS Code refuses a falsy name ("name must not be falsy") and shows a blank one as nothing.
      for (const s of symbols) expect(s.name.trim(), `${text}: ${JSON.stringify(s.name)}`).not.toBe('');
    }
  });

  it('fix-all applies every fix, as calckit lint --fix does', async () => {
    const text = 'SUM(Revenue) + SUM(`Cost`) = NULL';
    const uri = project.uri('formulas/g.calc');
    await client.open(uri, text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: whole, context: { diagnostics, only: ['source.fixAll'] } });
    const fixAll = actions.find((a) => a.kind === 'source.fixAll.calckit')!;
    const fixed = applyEdits(text, fixAll.edit!.changes![uri]!);
    writeFileSync(project.path('formulas/h.calc'), text);
    const cli = spawnSync(process.execPath, [`${ROOT}/packages/cli/bin/calckit.js`, 'lint', '--fix', 'formulas/h.calc'], { cwd: project.root, encoding: 'utf8' });
    // 0: nothing left to report, 1: findings left (not an error of the run).
    expect([0, 1], cli.stderr).toContain(cli.status);
    expect(fixed).toBe(readFileSync(project.path('formulas/h.calc'), 'utf8'));
    expect(fixed).toBe('SUM(`Revenue`) + SUM(`Cost`) IS NULL');
  });
});
