// Minimal edits and range formatting (for the language server): the edits rebuild the formatted text, touch only
// whitespace and case, and a range gets only the edits that touch it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lex } from '@calckit/formula';
import { applyEdits, formatEdits, formatRange, formatText } from '@calckit/format';

/** Tokens and comments in order, upper-cased: what formatting keeps apart from case. */
const sequence = (text: string): string[] => {
  const { tokens, trivia } = lex(text);
  return [...tokens, ...trivia.filter((t) => t.tokenType.name !== 'WhiteSpace')].sort((a, b) => a.startOffset - b.startOffset).map((t) => t.image.trimEnd().toUpperCase());
};

const corpus: string[] = readFileSync(join(import.meta.dirname, '..', 'corpus', 'formulas.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (JSON.parse(l) as { formula: string }).formula);

describe('formatEdits', () => {
  it('rebuilds the formatted text of every corpus formula, touching only whitespace and case', () => {
    let edited = 0;
    for (const text of corpus) {
      const { result, edits } = formatEdits(text);
      expect(applyEdits(text, edits)).toBe(result.text);
      // When a comment moved past a token, one edit covers the change; otherwise edits are whitespace and case only.
      if (JSON.stringify(sequence(text)) !== JSON.stringify(sequence(result.text))) {
        expect(edits).toHaveLength(1);
        continue;
      }
      for (const e of edits) {
        // Each edit replaces whitespace, or a word by itself in another case, or both.
        expect(text.slice(e.start, e.end).replace(/\s+/g, ' ').trim().toUpperCase()).toBe(e.newText.replace(/\s+/g, ' ').trim().toUpperCase());
      }
      if (edits.length > 0) edited++;
    }
    expect(edited).toBeGreaterThan(20);
  });

  it('returns no edits for formatted text or a syntax error', () => {
    expect(formatEdits('SUM(`a`)').edits).toEqual([]);
    expect(formatEdits('sum(`a`').edits).toEqual([]);
    expect(formatEdits('sum(`a`').result.status).toBe('syntax-error');
  });

  it('falls back to one edit when a comment moves past a token', () => {
    const text = 'f(a -- c\n, b)';
    const { result, edits } = formatEdits(text);
    expect(result.text).toBe('F(\n  a, -- c\n  b\n)');
    expect(applyEdits(text, edits)).toBe(result.text);
  });
});

describe('formatRange', () => {
  const text = 'case\n  when `a`=1 then sum( `b` )\n  when `c`=2 then 2\nend';

  it('returns only the edits that touch the range', () => {
    const second = text.indexOf('when `c`');
    const edits = formatRange(text, { start: second, end: second + 17 });
    expect(edits.length).toBeGreaterThan(0);
    for (const e of edits) expect(e.start).toBeGreaterThanOrEqual(second - 3);
    const out = applyEdits(text, edits);
    expect(out).toBe('case\n  when `a`=1 then sum( `b` )\n  WHEN `c` = 2 THEN 2\nend');
  });

  it('formats everything when the range covers the whole text', () => {
    expect(applyEdits(text, formatRange(text, { start: 0, end: text.length }))).toBe(formatText(text).text);
  });
});
