// The engine: one pass per file, fixes applied in passes, counts, overrides by file path, bad input never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFixes } from './fix.js';
import { RuleError, lintText } from './linter.js';
import { rule as bareColumn } from './rules/bare-column.js';
import type { Rule } from './types.js';

describe('lintText', () => {
  it('counts errors, warnings and fixable ones', () => {
    const r = lintText("SUM(revenue) / 0 + SUM(CASE WHEN `a` = NULL THEN 1 END)");
    expect(r.errorCount).toBe(2);
    expect(r.warningCount).toBe(1);
    expect(r.fixableErrorCount).toBe(1);
    expect(r.fixableWarningCount).toBe(1);
    expect(r.messages.map((m) => m.ruleId)).toEqual(['bare-column', 'division-by-zero', 'null-comparison']);
  });
  it('fixes in several passes (typographic “x” → "x" → a column or text)', () => {
    const r = lintText('SUM(“Amount”) + `a` = “b”', { fix: true });
    expect(r.output).toBe("SUM(`Amount`) + `a` = 'b'");
    expect(r.messages.filter((m) => m.fix)).toEqual([]);
  });
  it('applies overrides by file path', () => {
    const config = { rules: { 'bare-column': 'error' as const }, overrides: [{ files: ['legacy/**'], rules: { 'bare-column': 'off' as const } }] };
    expect(lintText('SUM(a)', { config, filePath: 'x.calc' }).errorCount).toBe(1);
    expect(lintText('SUM(a)', { config, filePath: 'legacy/x.calc' }).messages).toEqual([]);
  });
  it('names the rule and the file when a rule fails', () => {
    const broken: Rule = { meta: { ...bareColumn.meta, id: 'broken' }, create: () => ({ Column: () => { throw new Error('boom'); } }) };
    expect(() => lintText('SUM(`a`)', { rules: [broken], filePath: 'x.calc', config: { rules: { broken: 'error' } } })).toThrow(RuleError);
    expect(() => lintText('SUM(`a`)', { rules: [broken], filePath: 'x.calc', config: { rules: { broken: 'error' } } })).toThrow('rule broken failed on x.calc: boom');
  });
  it('never throws and gives positions inside the text, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const r = lintText(text, { fix: true });
        for (const m of r.messages) {
          expect(m.range.start.offset).toBeLessThanOrEqual(r.source.length);
          expect(m.range.end.offset).toBeGreaterThanOrEqual(m.range.start.offset);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('applyFixes', () => {
  it('applies non-overlapping fixes and leaves overlapping ones', () => {
    const m = (start: number, end: number, text: string) => ({ ruleId: 'r', severity: 'error' as const, message: '', range: { start: { offset: start, line: 1, column: start + 1 }, end: { offset: end, line: 1, column: end + 1 } }, fix: { range: [start, end] as const, text } });
    const out = applyFixes('abcdef', [m(4, 5, 'E'), m(0, 2, 'AB'), m(1, 3, 'zz')]);
    expect(out.output).toBe('ABcdEf');
    expect(out.remaining).toHaveLength(1);
  });
});
