// A random stream of edits (garbage included) with requests in between: the server never crashes, never logs a
// handler failure, keeps its text in sync with ours, and its last diagnostics are for the last version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic, Range, SemanticTokens } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDocument, SEMANTIC_TOKEN_TYPES, semanticTokens } from '@calckit/ide';
import { salesProject, TestClient } from './client.js';

/** Deterministic PRNG (mulberry32), so a failure replays. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'SUM(', ')', '`Sales`', '`Region', "'West'", "'", '"', '`', 'CASE ', 'WHEN ', 'THEN ', 'ELSE ', 'END', ' + ', ' / ', ',',
  'INTERVAL 1 DAY', 'DATE_FORMAT(`Order Date`, \'%Y', ' OVER (PARTITION BY ', 'FIXED (BY ', '-- c\n', '/* ', '*/', '\n', '\r\n',
  '\u2018', '\u201d', '\ud83d\ude00', '\ud83d', '\u0000', '\t', '((((((', '))))))', '1e309', '.', 'NULL', 'NOT IN (', '@#$', 'é',
];

let client: TestClient;
const project = salesProject();

beforeAll(async () => {
  ({ client } = await TestClient.start({ rootUri: project.uri(''), diagnosticsDelay: 5 }));
});
afterAll(async () => client.stop());

function randomEdit(next: () => number, doc: TextDocument): { range: Range; text: string } {
  const len = doc.getText().length;
  const a = Math.floor(next() * (len + 1));
  const b = next() < 0.6 ? a : Math.min(len, a + Math.floor(next() * 12));
  let text = '';
  const n = Math.floor(next() * 3);
  for (let i = 0; i < n; i++) text += PIECES[Math.floor(next() * PIECES.length)]!;
  if (next() < 0.1) text += String.fromCharCode(Math.floor(next() * 0xffff));
  return { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text };
}

describe('a random edit stream', () => {
  it('never crashes the server nor leaves a stale diagnostic', async () => {
    const next = rng(20261122);
    const uris = ['formulas/a.calc', 'formulas/b.calc', 'formulas/untitled.calc'].map((r) => project.uri(r));
    const mirrors = new Map<string, TextDocument>();
    for (const uri of uris) {
      const text = 'CASE WHEN `Region` = \'West\' THEN SUM(`Sales`) ELSE 0 END';
      mirrors.set(uri, TextDocument.create(uri, 'calc', 1, text));
      await client.open(uri, text);
    }
    const failures: string[] = [];
    const methods = ['textDocument/completion', 'textDocument/hover', 'textDocument/signatureHelp', 'textDocument/documentHighlight', 'textDocument/selectionRange', 'textDocument/codeAction', 'textDocument/formatting', 'textDocument/semanticTokens/full', 'textDocument/foldingRange', 'textDocument/inlayHint', 'textDocument/diagnostic'];
    for (let step = 0; step < 400; step++) {
      const uri = uris[Math.floor(next() * uris.length)]!;
      const mirror = mirrors.get(uri)!;
      const edit = randomEdit(next, mirror);
      const version = await client.change(uri, [edit]);
      mirrors.set(uri, TextDocument.update(mirror, [edit], version));
      if (next() < 0.3) {
        const doc = mirrors.get(uri)!;
        const position = doc.positionAt(Math.floor(next() * (doc.getText().length + 1)));
        const method = methods[Math.floor(next() * methods.length)]!;
        const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) };
        const params = { textDocument: { uri }, position, positions: [position], range: whole, context: { diagnostics: [] }, options: { tabSize: 2, insertSpaces: true } };
        await client.request(method, params).catch((e: { code?: number; message?: string }) => failures.push(`${method}: ${e.code} ${e.message}`));
      }
      if (next() < 0.05) await new Promise((r) => setTimeout(r, 10));
    }
    expect(failures).toEqual([]);
    for (const uri of uris) {
      const final = mirrors.get(uri)!;
      // The last push is for the final version, and equals what a pull of the final version gives.
      const pushed = await client.diagnosticsFor(uri, final.version);
      await new Promise((r) => setTimeout(r, 50));
      expect(client.published.get(uri)!.at(-1)!.version).toBe(final.version);
      const pulled = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
      expect(pulled.items).toEqual(pushed);
      // Versions only go up: nothing older was published after something newer.
      const versions = client.published.get(uri)!.map((p) => p.version!);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
      // The server's text is ours: its semantic tokens equal those computed here on the mirror.
      const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
      const text = final.getText();
      const local = semanticTokens(createDocument(text)).flatMap((t) => {
        // Split at line breaks, as the server does for clients without multi-line token support.
        const out: string[] = [];
        let start = t.start;
        for (const part of text.slice(t.start, t.start + t.length).split(/(\r\n|\r|\n)/)) {
          if (/^(\r\n|\r|\n)$/.test(part)) start += part.length;
          else {
            if (part.length > 0) out.push(`${start}+${part.length}:${t.type}`);
            start += part.length;
          }
        }
        return out;
      });
      const remote: string[] = [];
      let line = 0;
      let character = 0;
      for (let i = 0; i < tokens.data.length; i += 5) {
        const [dl, dc, length, type] = tokens.data.slice(i, i + 4) as [number, number, number, number];
        line += dl;
        character = dl === 0 ? character + dc : dc;
        remote.push(`${final.offsetAt({ line, character })}+${length}:${SEMANTIC_TOKEN_TYPES[type]}`);
      }
      expect(remote).toEqual(local);
    }
    expect(client.exited).toBe(false);
    expect(client.logs.filter((l) => / failed/.test(l))).toEqual([]);
  }, 120_000);
});
