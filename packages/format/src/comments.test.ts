// Comment attachment: which token each comment is printed with.
import { describe, expect, it } from 'vitest';
import { parseFormula } from '@calckit/formula';
import { attachComments } from './comments.js';

/** `token: leading | trailing` for every token with comments, plus dangling comments. */
function attached(text: string): string[] {
  const p = parseFormula(text);
  const { slots, dangling } = attachComments(p.tokens, p.trivia);
  const out = slots
    .filter((s) => s.leading.length > 0 || s.trailing.length > 0)
    .map((s) => `${s.token.image}: ${s.leading.map((c) => c.text).join(' ')} | ${s.trailing.map((c) => c.text).join(' ')}`);
  if (dangling.length > 0) out.push(`end: ${dangling.map((c) => c.text).join(' ')}`);
  return out;
}

describe('attachComments', () => {
  it.each([
    ['a -- c\n+ b', ['a:  | -- c']],
    ['a\n-- c\n+ b', ['+: -- c | ']],
    ['a /* c */ + b', ['+: /* c */ | ']],
    ['a /* c */\n+ b', ['a:  | /* c */']],
    ['f(a /* c */)', ['a:  | /* c */']],
    ['f(a -- c\n, b)', [',:  | -- c']],
    ['/* head */ a', ['a: /* head */ | ']],
    ['a\n-- tail\n/* end */', ['end: -- tail /* end */']],
    ['a /* x */ -- y\n+ b', ['+: /* x */ -- y | ']],
  ])('%j', (text, expected) => {
    expect(attached(text)).toEqual(expected);
  });

  it('records whether a comment stands on its own line', () => {
    const p = parseFormula('a +\n  -- own\n  b /* inline */ + c');
    const { slots } = attachComments(p.tokens, p.trivia);
    const b = slots.find((s) => s.token.image === 'b')!;
    expect(b.leading).toEqual([{ text: '-- own', kind: 'line', newlineBefore: true, newlineAfter: true }]);
    const plus = slots.filter((s) => s.token.image === '+')[1]!;
    expect(plus.leading).toEqual([{ text: '/* inline */', kind: 'block', newlineBefore: false, newlineAfter: false }]);
  });
});
