// Editor features on a formula of 100,000 terms (a tree 100,000 levels deep): folding, semantic tokens, symbols,
// selection ranges, hover, highlights, rename, inlay hints, diagnostics and fix-all answer, in time linear in the text.
import { describe, expect, it } from 'vitest';
import { fixAllEdits } from './code-actions.js';
import { diagnose } from './diagnostics.js';
import { createDocument } from './document.js';
import { foldingRanges } from './folding.js';
import { documentHighlights } from './highlight.js';
import { hover } from './hover.js';
import { inlayHints } from './inlay-hints.js';
import { rename } from './rename.js';
import { selectionRanges } from './selection-ranges.js';
import { semanticTokens } from './semantic-tokens.js';
import { documentSymbols } from './symbols.js';
import type { IdeSettings } from './types.js';

const N = 100_000;
const settings: IdeSettings = { schema: [{ name: 'a', type: 'LONG' }] };
// `a` + `a` + … on lines of ten terms, a CASE of 1,000 multi-line WHENs at the end.
const terms = Array.from({ length: N }, (_, i) => (i % 10 === 9 ? '`a`\n' : '`a`'));
const kase = `CASE\n${Array.from({ length: 1000 }, (_, i) => `WHEN \`a\` > ${i}\nTHEN (${i}\n)`).join('\n')}\nEND`;
const doc = createDocument(`${terms.join(' + ')} + ${kase}`);

describe('editor features on a 100,000-term formula', () => {
  it('parses it', () => {
    expect(doc.parse.errors).toEqual([]);
  });

  it('folding, semantic tokens and symbols', () => {
    // The CASE folds, and so does each of its 1,000 parenthesised results.
    expect(foldingRanges(doc)).toHaveLength(1001);
    const tokens = semanticTokens(doc);
    expect(tokens.filter((t) => t.type === 'variable')).toHaveLength(N + 1000);
    expect(tokens.filter((t) => t.type === 'operator')).toHaveLength(N + 1000);
    expect(documentSymbols(doc).map((s) => s.name)).toEqual(['a']);
  });

  it('selection ranges from the deepest leaf, hover, highlights and rename', () => {
    // The first `a` is the leftmost leaf: 100,000 levels down.
    const spans = selectionRanges(doc, 1);
    expect(spans.length).toBeGreaterThan(N);
    expect(spans[spans.length - 1]).toEqual({ start: 0, end: doc.text.length });
    expect(hover(doc, 1, settings)?.contents).toContain('LONG');
    expect(documentHighlights(doc, 1)).toHaveLength(N + 1000);
    expect(rename(doc, 1, 'b')).toHaveLength(N + 1000);
    expect(inlayHints(doc, { start: 0, end: doc.text.length }, settings)[0]?.label).toBe(': LONG');
  });

  it('diagnostics and fix-all', () => {
    const bare = createDocument(Array.from({ length: N }, () => 'a').join('+'));
    const diagnostics = diagnose(bare, settings);
    expect(diagnostics).toHaveLength(N);
    expect(fixAllEdits(bare, settings)).toEqual([{ span: { start: 0, end: bare.text.length }, newText: Array.from({ length: N }, () => '`a`').join('+') }]);
  });
});
