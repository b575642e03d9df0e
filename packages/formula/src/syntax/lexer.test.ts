// Lexer: keywords, literals, trivia, error tokens; tokens + trivia + skipped text reproduce the input exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lex } from './lexer.js';
import { KEYWORDS, keywordOf, upperCased } from './tokens.js';
import { parseFormula } from './parse.js';
import { PASTED_CHARACTERS, codePoint } from './pasted-characters.js';
import { printFormula } from './print.js';

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

  it('types every keyword in every letter case, and nothing else, as upper-casing the word would', () => {
    const words = [...KEYWORDS.keys()].flatMap((k) => [k, k.toLowerCase(), k[0] + k.slice(1).toLowerCase()]);
    for (const word of words) expect(keywordOf(word), word).toBe(KEYWORDS.get(word.toUpperCase()));
    // Near misses: a letter more or less, a digit or `_` or `@` where folding would meet a letter's code, longer than any.
    for (const word of ['CAS', 'CASES', 'WHEN_', 'ENd1', 'I', 'IN2', '@ND', '`ND', 'PARTITIONS', '', 'x'.repeat(50)]) {
      expect(keywordOf(word), word).toBeUndefined();
    }
  });

  it('reads keywords as ASCII words only: a dotless ı does not make FIXED (MySQL keywords are ASCII)', () => {
    expect(kinds('fıxed')).toEqual(['Word']);
    expect(kinds('FİXED')).toEqual(['Word']);
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
      fc.property(fc.string({ unit: fc.constantFrom(...'ab1 .,()+-*/=<>!`\'"‘’“”\n\t-_%#CASEWHEN'.split(''), ...PASTED_CHARACTERS.keys()), maxLength: 60 }), (text) => {
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

  it('shows unprintable characters it skips by code point', () => {
    expect(lex('a \u0007 b').errors[0]!.message).toBe('Unexpected character U+0007 at 1:3');
    expect(lex('a \u0001\u0002 b').errors[0]!.message).toBe('Unexpected characters U+0001 U+0002 at 1:3');
  });
});

describe('pasted characters', () => {
  const clean = (text: string) => printFormula(parseFormula(text).formula);
  /** The text with each error's characters replaced as the table says: what the fix writes. */
  const fixed = (text: string) => {
    let out = text;
    for (const e of [...parseFormula(text).errors].reverse()) {
      const chars = out.slice(e.range.start.offset, e.range.end.offset);
      out = out.slice(0, e.range.start.offset) + [...chars].map((c) => PASTED_CHARACTERS.get(c)!.replacement).join('') + out.slice(e.range.end.offset);
    }
    return out;
  };
  const TEMPLATE = 'CASE WHEN SUM(`a`) * 2 / 1 + 3 - 4 < 5 OR 6 = 7 OR MAX(`a`, `b`) > 9 THEN `Order Date` END';

  /** The template with the character placed where it does harm: inside a word, for a space between tokens, and for
   * a look-alike in place of the first character it imitates. */
  function placed(char: string): { text: string; at: number } {
    const entry = PASTED_CHARACTERS.get(char)!;
    const at = entry.kind === 'invisible' ? TEMPLATE.indexOf('SUM') + 2 : entry.kind === 'space' ? TEMPLATE.indexOf(' * ') : TEMPLATE.indexOf(entry.replacement);
    const end = entry.kind === 'invisible' ? at : at + 1;
    return { text: TEMPLATE.slice(0, at) + char + TEMPLATE.slice(end), at };
  }

  it.each([...PASTED_CHARACTERS.values()].map((e) => [`${e.name} (${codePoint(e.char)})`, e.char]))('%s: one error at exactly it, naming it; the rest reads as its fix', (_, char) => {
    const { text, at } = placed(char);
    const r = parseFormula(text);
    expect(r.errors.map((e) => [e.code, e.range.start.offset, e.range.end.offset])).toEqual([['pasted-character', at, at + 1]]);
    const entry = PASTED_CHARACTERS.get(char)!;
    expect(r.errors[0]!.message).toContain(`${entry.name.slice(1)} (${codePoint(char)})`);
    // No cascade: the formula reads as it will once fixed, and the fix leaves no error.
    expect(clean(text)).toBe(clean(fixed(text)));
    expect(parseFormula(fixed(text)).errors).toEqual([]);
  });

  it('reads a word with invisible characters as the word without them, keywords too', () => {
    const text = 'CA\u200bSE WHEN DATE\u00adDIFF(`a`, `b`) > 1 THEN 1 EN\u2060D';
    const r = parseFormula(text);
    expect(r.errors.map((e) => e.message)).toEqual([
      'Zero-width space (U+200B), an invisible character, at 1:3: remove it',
      'Soft hyphen (U+00AD), an invisible character, at 1:16: remove it',
      'Word joiner (U+2060), an invisible character, at 1:45: remove it',
    ]);
    expect(clean(text)).toBe(clean('CASE WHEN DATEDIFF(`a`, `b`) > 1 THEN 1 END'));
    expect(r.formula.expression).toMatchObject({ kind: 'Case', whens: [{ condition: { left: { kind: 'Call', name: 'DATEDIFF', nameRange: { start: { offset: 11 }, end: { offset: 20 } } } } }] });
  });

  it('reports a run of one character once, with the run as its range', () => {
    const r = parseFormula('SUM(`a`)\n\u00a0\u00a0\u00a0\u00a0/ 2');
    expect(r.errors.map((e) => [e.message, e.range.start.offset, e.range.end.offset])).toEqual([
      ['No-break space (U+00A0) at 2:1 (4 in a row): replace them with plain spaces', 9, 13],
    ]);
    expect(r.skipped).toEqual([{ offset: 9, length: 4 }]);
  });

  it('names dashes and full-width punctuation and reads them as what they imitate', () => {
    const r = parseFormula('SUM\uff08`a`\uff09 \u2013 1 \u2014 \u22122');
    expect(r.errors.map((e) => e.message)).toEqual([
      'Fullwidth left parenthesis (U+FF08) at 1:4: use ( instead',
      'Fullwidth right parenthesis (U+FF09) at 1:8: use ) instead',
      'En dash (U+2013) at 1:10: use - instead',
      'Em dash (U+2014) at 1:14: use - instead',
      'Minus sign (U+2212) at 1:16: use - instead',
    ]);
    expect(r.formula.expression).toMatchObject({ kind: 'Binary', operator: '-', operatorRaw: '\u2014', right: { kind: 'Unary', operator: '-' } });
  });

  it('keeps a byte order mark that opens the text as whitespace, and reports one anywhere else', () => {
    const opening = lex('\ufeffSUM(`a`)');
    expect(opening.errors).toEqual([]);
    expect(opening.trivia.map((t) => [t.tokenType.name, t.startOffset])).toEqual([['WhiteSpace', 0]]);
    expect(lex('SUM(`a`)\ufeff').errors.map((e) => e.message)).toEqual(['Byte order mark (U+FEFF), an invisible character, at 1:9: remove it']);
  });

  it('leaves strings, column names and comments to the linter', () => {
    expect(lex("'New\u00a0York' = `Sales\u200b` -- \u200b\u00a0").errors).toEqual([]);
  });
});

describe('upperCased', () => {
  it.each([
    ['SUM', 'SUM'],
    ['Sum', 'SUM'],
    ['count_distinct', 'COUNT_DISTINCT'],
    ['DATE_ADD2', 'DATE_ADD2'],
    ['+', '+'],
    ['<>', '<>'],
    ['straße', 'STRASSE'],
    ['ÉTAT', 'ÉTAT'],
    ['état', 'ÉTAT'],
    ['ſum', 'SUM'],
    ['', ''],
  ])('%j is %j', (word, upper) => {
    // Twice: the memo's answer is the same as the first.
    expect(upperCased(word)).toBe(upper);
    expect(upperCased(word)).toBe(upper);
  });
});
