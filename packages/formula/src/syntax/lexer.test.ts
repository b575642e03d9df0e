// Lexer: keywords, literals, trivia, error tokens; tokens + trivia + skipped text reproduce the input exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lex } from './lexer.js';

function reassemble(text: string): string {
  const r = lex(text);
  const pieces = [
    ...r.tokens.map((t) => ({ offset: t.startOffset, text: t.image })),
    ...r.trivia.map((t) => ({ offset: t.startOffset, text: t.image })),
    ...r.skipped.map((s) => ({ offset: s.offset, text: text.slice(s.offset, s.offset + s.length) })),
  ].sort((a, b) => a.offset - b.offset);
  return pieces.map((p) => p.text).join('');
}

const kinds = (text: string) => lex(text).tokens.map((t) => t.tokenType.name);

describe('lex', () => {
  it('types keywords case-insensitively and keeps other words as identifiers', () => {
    expect(kinds('case When tHeN else END')).toEqual(['CASE', 'WHEN', 'THEN', 'ELSE', 'END']);
    expect(kinds('Revenue DateDiff')).toEqual(['Word', 'Word']);
  });

  it('lexes columns, strings with doubled quotes, double-quoted tokens and numbers', () => {
    const r = lex("`Total Sales` 'O''Neal' \"Closed\" 12 3.5 .5 1e3 2.5E-2");
    expect(r.errors).toEqual([]);
    expect(r.tokens.map((t) => [t.tokenType.name, t.image])).toEqual([
      ['BacktickColumn', '`Total Sales`'],
      ['SingleQuoted', "'O''Neal'"],
      ['DoubleQuotedString', '"Closed"'],
      ['NumberLiteral', '12'],
      ['NumberLiteral', '3.5'],
      ['NumberLiteral', '.5'],
      ['NumberLiteral', '1e3'],
      ['NumberLiteral', '2.5E-2'],
    ]);
  });

  it('keeps comments and whitespace as trivia', () => {
    const r = lex('-- Days --\nSUM(`a`) /* note */');
    expect(r.trivia.map((t) => t.tokenType.name)).toEqual(['LineComment', 'WhiteSpace', 'WhiteSpace', 'BlockComment']);
    expect(r.tokens.map((t) => t.image)).toEqual(['SUM', '(', '`a`', ')']);
  });

  it('names the typographic quote it finds', () => {
    const r = lex('YEAR(‘Date’)');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.code).toBe('typographic-quote');
    expect(r.errors[0]!.message).toContain('‘ (left single quotation mark, U+2018) at 1:6');
    expect(lex('a = ”').errors[0]!.message).toContain('U+201D');
  });

  it('reports unterminated strings, columns and comments with their start', () => {
    expect(lex("'abc").errors.map((e) => [e.code, e.message])).toEqual([['unterminated-string', "The string starting at 1:1 is never closed: add a ' at its end"]]);
    expect(lex('x + `col').errors[0]!.code).toBe('unterminated-column');
    expect(lex('1 /* open').errors[0]!.code).toBe('unterminated-comment');
  });

  it('skips characters no token matches and reports them', () => {
    const r = lex('a ! b');
    expect(r.skipped).toEqual([{ offset: 2, length: 1 }]);
    expect(r.errors[0]!.message).toBe("Unexpected character '!' at 1:3");
  });

  it('tokens, trivia and skipped text reproduce any input exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab1 .,()+-*/=<>!`\'"‘’“”\n\t-_%#CASEWHEN'.split('')), maxLength: 60 }), (text) => {
        expect(reassemble(text)).toBe(text);
      }),
      { numRuns: 3000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(reassemble(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
