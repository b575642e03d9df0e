import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PROBLEMS, MAX_MESSAGE_LENGTH, TOO_MANY_PROBLEMS, isNote, limitProblems, shortenMessage } from './limits.js';
import { lintText } from './linter.js';
import type { LintMessage, LintResult } from './types.js';

const at = (offset: number) => ({ start: { line: 1, column: offset + 1, offset }, end: { line: 1, column: offset + 2, offset: offset + 1 } });
const message = (i: number, severity: 'warn' | 'error' = 'error', text = `problem ${i}`): LintMessage => ({ ruleId: 'r', severity, message: text, range: at(i) });
function result(messages: LintMessage[]): LintResult {
  const errors = messages.filter((m) => m.severity === 'error').length;
  return { messages, errorCount: errors, warningCount: messages.length - errors, fixableErrorCount: 0, fixableWarningCount: 0, source: '' };
}

describe('limitProblems', () => {
  it('leaves a result within the limit as it is (the same object)', () => {
    const r = result([message(0), message(1)]);
    expect(limitProblems(r)).toBe(r);
    expect(limitProblems(result(Array.from({ length: 100 }, (_, i) => message(i)))).messages).toHaveLength(100);
  });

  it('keeps the first problems, then one note at the first one left out; the counts stay the totals', () => {
    const r = result([...Array.from({ length: 150 }, (_, i) => message(i, i % 3 === 0 ? 'warn' : 'error'))]);
    const capped = limitProblems(r, { hint: '--max-problems-per-file sets the limit' });
    expect(capped.messages).toHaveLength(DEFAULT_MAX_PROBLEMS + 1);
    expect(capped.messages.slice(0, 100)).toEqual(r.messages.slice(0, 100));
    const note = capped.messages[100]!;
    expect(isNote(note)).toBe(true);
    expect(note).toEqual({
      ruleId: TOO_MANY_PROBLEMS,
      severity: 'error',
      message: '50 more problems not shown (34 errors, 16 warnings): at most 100 are shown per file; --max-problems-per-file sets the limit',
      range: at(100),
    });
    expect([capped.errorCount, capped.warningCount]).toEqual([r.errorCount, r.warningCount]);
  });

  it('the note is a warning when only warnings are left out; 0 means no limit', () => {
    const r = result([message(0), message(1, 'warn'), message(2, 'warn')]);
    const capped = limitProblems(r, { maxProblems: 1 });
    expect(capped.messages[1]).toMatchObject({ severity: 'warn', message: '2 more problems not shown (2 warnings): at most 1 are shown per file' });
    expect(limitProblems(r, { maxProblems: 0 })).toBe(r);
    expect(limitProblems(result(Array.from({ length: 5000 }, (_, i) => message(i))), { maxProblems: 0 }).messages).toHaveLength(5000);
  });

  it('shortens long messages, keeping their start and end', () => {
    const long = `Unexpected characters '${'x'.repeat(100_000)}' at 1:1`;
    const r = limitProblems(result([message(0, 'error', long)]));
    const text = r.messages[0]!.message;
    expect(text.length).toBeLessThan(MAX_MESSAGE_LENGTH + 100);
    expect(text.startsWith("Unexpected characters 'xxx")).toBe(true);
    expect(text.endsWith("xxx' at 1:1")).toBe(true);
    expect(text).toContain(' … (99,131 characters not shown) … ');
  });

  it('never cuts a surrogate pair in half', () => {
    for (let pad = 0; pad < 4; pad++) {
      const text = shortenMessage(`${'a'.repeat(pad)}${'𝄞'.repeat(2000)}`);
      expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  it('a megabyte of garbage: the lint result is capped', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const chars = "abc()+-*/,'\"`xyz 0123456789;=<>!@#$%^&{}[]|\\~?:\n";
    const text = Array.from({ length: 200_000 }, () => chars[(random() >> 8) % chars.length]).join('');
    const full = lintText(text);
    expect(full.messages.length).toBeGreaterThan(1000);
    const capped = limitProblems(full);
    expect(capped.messages).toHaveLength(101);
    expect(capped.errorCount + capped.warningCount).toBe(full.messages.length);
    expect(capped.messages.every((m) => m.message.length <= MAX_MESSAGE_LENGTH + 60)).toBe(true);
  });
});
