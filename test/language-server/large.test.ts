// A 100 KB formula stays workable: typing is coalesced into one lint of the final version, requests answer within
// seconds, cancelled requests come back as cancelled, and nothing fails. A 1 MB flat chain (a tree 70,000 levels
// deep) is linted and its diagnostics published like any other document's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import type { CodeAction, CompletionList, FoldingRange, Hover, SemanticTokens } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { salesProject, TestClient } from './client.js';

const REQUEST_CANCELLED = -32800;
const project = salesProject();
let client: TestClient;

function bigFormula(): string {
  const whens: string[] = [];
  for (let i = 0; whens.join('\n').length < 100_000; i++) {
    whens.push(`  WHEN \`Region\` = 'R${i}' AND SUM(\`Sales\`) > ${i} THEN DATE_FORMAT(\`Order Date\`, '%Y-%m') -- branch ${i}`);
  }
  return `CASE\n${whens.join('\n')}\n  ELSE 'none'\nEND`;
}

beforeAll(async () => {
  ({ client } = await TestClient.start({ rootUri: project.uri(''), diagnosticsDelay: 150 }));
});
afterAll(async () => client.stop());

describe('a 100 KB formula', () => {
  it('is linted once for a burst of typing, and requests answer meanwhile', async () => {
    const uri = project.uri('formulas/a.calc');
    const text = bigFormula();
    expect(text.length).toBeGreaterThan(100_000);
    await client.open(uri, text);
    await client.diagnosticsFor(uri, 1);
    const lastLine = text.split('\n').length - 1;
    let version = 1;
    for (let i = 0; i < 10; i++) {
      version = await client.change(uri, [{ range: { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: 0 } }, text: ' ' }]);
    }
    const t0 = Date.now();
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 7 } });
    // Generous for a loaded CI machine: the parse alone takes about a second.
    expect(Date.now() - t0).toBeLessThan(8_000);
    expect(list.items.length).toBeGreaterThan(0);
    await client.diagnosticsFor(uri, version);
    // The versions typed in between were never linted.
    expect(client.published.get(uri)!.map((p) => p.version)).toEqual([1, version]);
  }, 60_000);

  it('honours cancellation', async () => {
    const uri = project.uri('formulas/a.calc');
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const source = new CancellationTokenSource();
        const pending = client.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } }, source.token);
        if (i > 0) source.cancel();
        return pending.then(
          () => 'answered',
          (e: { code?: number }) => (e.code === REQUEST_CANCELLED ? 'cancelled' : `error ${e.code}`),
        );
      }),
    );
    expect(outcomes[0]).toBe('answered');
    expect(outcomes.slice(1)).toContain('cancelled');
    expect(outcomes.filter((o) => o.startsWith('error'))).toEqual([]);
    expect(client.logs.filter((l) => / failed/.test(l))).toEqual([]);
  }, 60_000);
});

describe('a 1 MB flat chain', () => {
  it('gets its diagnostics published, and requests answer', async () => {
    const uri = project.uri('formulas/b.calc');
    const terms: string[] = [];
    for (let i = 0; terms.length * 16 < 1_000_000; i++) terms.push(`\`Region\` = 'R${i}'`);
    // One problem at the very end of the chain, after 70,000 links of OR.
    const text = `${terms.join(' OR\n')} OR \`Region\` = NULL`;
    expect(text.length).toBeGreaterThan(1_000_000);
    await client.open(uri, text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(['null-comparison']);
    expect(diagnostics[0]!.range.start.line).toBe(terms.length - 1);
    const last = { line: terms.length - 1, character: terms[terms.length - 1]!.length + 6 };
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: last });
    expect(JSON.stringify(hover?.contents)).toContain('Region');
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    expect(tokens.data.length).toBeGreaterThan(terms.length * 5);
    await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    expect(client.logs.filter((l) => / failed|RangeError/.test(l))).toEqual([]);
  }, 120_000);
});

describe('a document with thousands of problems', () => {
  it('is shown 1,000 of them and a count of the rest, while fix-all fixes every one', async () => {
    const uri = project.uri('formulas/many.calc');
    const text = Array.from({ length: 1500 }, (_, i) => `UPPER(\u2018r${i}\u2019)`).join(' +\n');
    await client.open(uri, text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    expect(diagnostics).toHaveLength(1001);
    expect(diagnostics.slice(0, 1000).every((d) => d.code === 'typographic-quotes')).toBe(true);
    expect(diagnostics[1000]).toMatchObject({
      code: 'too-many-problems',
      message: '500 more problems not shown (500 errors): at most 1,000 are shown per file; fix the first ones to see the rest',
      range: { start: { line: 1000, character: 6 } },
    });
    const whole = { start: { line: 0, character: 0 }, end: { line: 1500, character: 0 } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: whole, context: { diagnostics: [], only: ['source.fixAll'] } });
    const fixAll = actions.find((a) => a.kind === 'source.fixAll.calckit');
    const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'calc', 1, text), fixAll!.edit!.changes![uri]!);
    expect(fixed).toBe(Array.from({ length: 1500 }, (_, i) => `UPPER('r${i}')`).join(' +\n'));
  }, 60_000);
});
