// Every formula of the corpus (test/corpus/formulas.jsonl) satisfies the formatter's invariants, at the default
// width and at a narrow one that forces most groups to break.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '@calckit/formula';
import { checkInvariants } from './invariants.js';

interface CorpusEntry {
  readonly id: string;
  readonly formula: string;
  readonly expect: string;
}

const corpus: CorpusEntry[] = readFileSync(join(import.meta.dirname, '..', 'corpus', 'formulas.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as CorpusEntry);

describe('corpus formatting', () => {
  it('reads the corpus', () => {
    expect(corpus.length).toBeGreaterThan(50);
  });

  it.each(corpus.map((e) => [e.id, e] as const))('%s keeps the invariants', (_id, entry) => {
    checkInvariants(entry.formula);
    checkInvariants(entry.formula, { lineWidth: 20, indent: 4 });
    checkInvariants(entry.formula, { keywordCase: 'lower', functionCase: 'preserve' });
  });

  it('formats every corpus formula that parses', () => {
    const parsing = corpus.filter((e) => parseFormula(e.formula).errors.length === 0);
    expect(parsing.length).toBeGreaterThan(50);
    for (const e of parsing) expect(checkInvariants(e.formula).status, e.id).toBe('formatted');
  });

  it.each([100, 60])('keeps every line within a budget of %i (no corpus token is that long)', (lineWidth) => {
    for (const e of corpus) {
      const result = checkInvariants(e.formula, { lineWidth });
      if (result.status !== 'formatted') continue;
      for (const line of result.text.split('\n')) expect(line.length, `${e.id}: ${line}`).toBeLessThanOrEqual(lineWidth);
    }
  });
});
