// VS Code compiles the language configuration's patterns as JavaScript regular expressions and ignores, with only a
// warning in its log, one that does not compile: every pattern must compile, and the indentation rules must say what
// they mean (keywords in any case, as the language reads them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Pattern = string | { pattern: string; flags?: string };
const configuration = JSON.parse(readFileSync(new URL('../language-configuration.json', import.meta.url), 'utf8')) as {
  wordPattern: Pattern;
  folding: { markers: { start: Pattern; end: Pattern } };
  indentationRules: { increaseIndentPattern: Pattern; decreaseIndentPattern: Pattern };
};
const compile = (p: Pattern) => (typeof p === 'string' ? new RegExp(p) : new RegExp(p.pattern, p.flags));

describe('language-configuration.json', () => {
  it.each([
    ['wordPattern', configuration.wordPattern],
    ['folding start', configuration.folding.markers.start],
    ['folding end', configuration.folding.markers.end],
    ['increaseIndentPattern', configuration.indentationRules.increaseIndentPattern],
    ['decreaseIndentPattern', configuration.indentationRules.decreaseIndentPattern],
  ])('%s compiles as a JavaScript regular expression', (_name, pattern) => {
    expect(() => compile(pattern)).not.toThrow();
  });

  it('indents after CASE, WHEN, ELSE and an open parenthesis, in any case, and outdents END and a closing one', () => {
    const increase = compile(configuration.indentationRules.increaseIndentPattern);
    const decrease = compile(configuration.indentationRules.decreaseIndentPattern);
    expect(['CASE', '  when `Units` > 0 then', 'Else', 'SUM('].map((l) => increase.test(l))).toEqual([true, true, true, true]);
    expect(['SUM(`Units`)', 'CASEY'].map((l) => increase.test(l))).toEqual([false, false]);
    expect(['END', '  end', ')'].map((l) => decrease.test(l))).toEqual([true, true, true]);
    expect(decrease.test('ENDING')).toBe(false);
  });
});
