// The corpus of published formulas lints as its `expect` says: valid → no error, warn → ≥1 warning and no error,
// invalid → ≥1 error. No schema: unknown columns are not errors here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '@calckit/lint';

interface CorpusEntry {
  readonly id: string;
  readonly expect: 'valid' | 'warn' | 'invalid';
  readonly formula: string;
  readonly note: string;
}

const entries: CorpusEntry[] = readFileSync(join(import.meta.dirname, '..', 'corpus', 'formulas.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as CorpusEntry);

describe('corpus', () => {
  it('has entries of every kind', () => {
    expect(new Set(entries.map((e) => e.expect))).toEqual(new Set(['valid', 'warn', 'invalid']));
  });
  for (const entry of entries) {
    it(`${entry.id} is ${entry.expect}${entry.note ? ` (${entry.note})` : ''}`, () => {
      const result = lintText(entry.formula);
      const summary = result.messages.map((m) => `${m.severity} ${m.ruleId}: ${m.message}`);
      if (entry.expect === 'invalid') expect(result.errorCount, summary.join('\n')).toBeGreaterThan(0);
      else {
        expect(result.errorCount, summary.join('\n')).toBe(0);
        if (entry.expect === 'warn') expect(result.warningCount, 'expected a warning').toBeGreaterThan(0);
      }
    });
  }
  it('d037 is reported as quoted text meant as a column (once, not also as a wrong argument type), d002 as CASE branch types', () => {
    const ids = (f: string) => lintText(f).messages.map((m) => m.ruleId);
    const d037 = ids(entries.find((e) => e.id === 'd037')!.formula);
    expect(d037).toContain('string-as-column');
    expect(d037).not.toContain('argument-type');
    expect(ids(entries.find((e) => e.id === 'd002')!.formula)).toContain('case-branch-types');
    expect(ids(entries.find((e) => e.id === 'd060')!.formula)).not.toContain('case-branch-types');
  });
});
