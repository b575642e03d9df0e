// The lexer: never throws; tokens, trivia (whitespace and comments) and skipped characters together reproduce the input.
import { Lexer, type IToken, type TokenType } from 'chevrotain';
import type { ParseError } from './errors.js';
import { PASTED_CHARACTERS, PASTED_CLASSES, describePasted } from './pasted-characters.js';
import { LineIndex, formatPosition } from './positions.js';
import * as T from './tokens.js';

const chevrotainLexer = new Lexer(T.LEXER_TOKENS as T.TokenTypeList, {
  // Lines and columns come from LineIndex, once per text; Chevrotain need not track them per token.
  positionTracking: 'onlyOffset',
  ensureOptimizations: true,
});

/** A run of characters no token matches (Chevrotain skipped it). */
export interface SkippedText {
  readonly offset: number;
  readonly length: number;
}

export interface LexResult {
  /** Significant tokens, keywords re-typed, in order. */
  readonly tokens: IToken[];
  /** Whitespace and comments, in order. */
  readonly trivia: IToken[];
  readonly skipped: SkippedText[];
  readonly errors: ParseError[];
  readonly lines: LineIndex;
}

const QUOTE_NAMES: Record<string, string> = {
  '\u2018': '‘ (left single quotation mark, U+2018)',
  '\u2019': '’ (right single quotation mark, U+2019)',
  '\u201c': '“ (left double quotation mark, U+201C)',
  '\u201d': '” (right double quotation mark, U+201D)',
};

/** The token type a look-alike is read as, by the ASCII character it imitates (pasted-characters.ts). */
const LOOKALIKE_TYPES: ReadonlyMap<string, TokenType> = new Map([
  ['-', T.Minus],
  ['+', T.Plus],
  ['*', T.Star],
  ['/', T.Slash],
  ['(', T.LParen],
  [')', T.RParen],
  [',', T.Comma],
  ['<', T.Less],
  ['=', T.Equal],
  ['>', T.Greater],
]);

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}]/u;
const INVISIBLE = new RegExp(`[${PASTED_CLASSES.invisible}]`);
const INVISIBLE_ALL = new RegExp(`[${PASTED_CLASSES.invisible}]`, 'g');

/** What to do about a pasted character (or a run of one repeated), as an analyst reads it. */
function pastedAdvice(char: string, count: number): string {
  const entry = PASTED_CHARACTERS.get(char)!;
  const them = count > 1 ? 'them' : 'it';
  if (entry.kind === 'invisible') return `remove ${them}`;
  if (entry.kind === 'space') return `replace ${them} with ${entry.replacement === '\n' ? 'a line break' : count > 1 ? 'plain spaces' : 'a plain space'}`;
  return `use ${entry.replacement} instead`;
}

function pastedMessage(char: string, count: number, where: string): string {
  const entry = PASTED_CHARACTERS.get(char)!;
  const what = describePasted(char);
  const times = count > 1 ? ` (${count} in a row)` : '';
  const invisible = entry.kind === 'invisible' ? ', an invisible character,' : '';
  return `${what[0]!.toUpperCase()}${what.slice(1)}${invisible} at ${where}${times}: ${pastedAdvice(char, count)}`;
}

/** Why a literal with a backslash before a quote, or at its end, is never closed: the backslash escapes what follows it
 * (string-escapes.ts), so the quote meant to close it does not. */
function escapedQuoteHint(image: string, quote: "'" | '"'): string {
  if (!image.includes(`\\${quote}`) && !image.endsWith('\\')) return '';
  return ` (a backslash escapes the character after it, as in MySQL: write \\\\ for a backslash, \\${quote} or ${quote}${quote} for a quote)`;
}

export function lex(text: string): LexResult {
  const lines = new LineIndex(text);
  const result = chevrotainLexer.tokenize(text);
  const errors: ParseError[] = [];
  const skipped: SkippedText[] = [];
  const tokens: IToken[] = [];
  const at = (offset: number) => formatPosition(lines.positionAt(offset));
  const range = (t: IToken) => lines.rangeOf(t.startOffset, (t.endOffset ?? t.startOffset) + 1);

  for (const e of result.errors) {
    skipped.push({ offset: e.offset, length: e.length });
    const chars = text.slice(e.offset, e.offset + e.length);
    // A control or otherwise unprintable character would show as nothing between the quotes: name its code points.
    const shown = UNPRINTABLE.test(chars) ? [...chars].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ') : `'${chars}'`;
    errors.push({
      code: 'unexpected-character',
      message: `Unexpected ${e.length === 1 ? 'character' : 'characters'} ${shown} at ${at(e.offset)}`,
      range: lines.rangeOf(e.offset, e.offset + e.length),
    });
  }

  const pasted = (offset: number, char: string, count: number) => {
    errors.push({ code: 'pasted-character', message: pastedMessage(char, count, at(offset)), range: lines.rangeOf(offset, offset + count) });
  };
  // Words hold pasted invisible characters only if the text does: one scan here spares every word a test.
  const joiners = INVISIBLE.test(text);
  let leadingMark: IToken | undefined;

  for (let index = 0; index < result.tokens.length; index++) {
    const token = result.tokens[index]!;
    const type = token.tokenType;
    if (type === T.Word) {
      let word = token.image;
      // Invisible characters continue a word: the word reads as if they were not there (the fix removes them).
      if (joiners && INVISIBLE.test(word)) {
        for (let i = 0; i < word.length; i++) {
          const char = word[i]!;
          if (!INVISIBLE.test(char)) continue;
          let n = 1;
          while (word[i + n] === char) n++;
          pasted(token.startOffset + i, char, n);
          i += n - 1;
        }
        word = word.replace(INVISIBLE_ALL, '');
        token.payload = word;
      }
      const keyword = T.keywordOf(word);
      if (keyword) {
        token.tokenType = keyword;
        token.tokenTypeIdx = keyword.tokenTypeIdx!;
      }
    } else if (type === T.UnterminatedString) {
      errors.push({ code: 'unterminated-string', message: `The string starting at ${at(token.startOffset)} is never closed: add a ' at its end${escapedQuoteHint(token.image, "'")}`, range: range(token) });
    } else if (type === T.UnterminatedDouble) {
      errors.push({ code: 'unterminated-string', message: `The double-quoted text starting at ${at(token.startOffset)} is never closed: add a " at its end${escapedQuoteHint(token.image, '"')}`, range: range(token) });
    } else if (type === T.UnterminatedBacktick) {
      errors.push({ code: 'unterminated-column', message: `The column name starting at ${at(token.startOffset)} is never closed: add a \` at its end`, range: range(token) });
    } else if (type === T.TypographicSingle || type === T.TypographicDouble) {
      const open = token.image[0]!;
      const plain = type === T.TypographicSingle ? "'" : '"';
      errors.push({ code: 'typographic-quote', message: `Typographic quote ${QUOTE_NAMES[open]} at ${at(token.startOffset)}: use ${plain} instead`, range: range(token) });
    } else if (type === T.PastedCharacter) {
      const char = token.image;
      // A byte order mark that opens the text is the file's encoding mark: whitespace, as it always was.
      if (token.startOffset === 0 && char === '\ufeff') {
        token.tokenType = T.WhiteSpace;
        token.tokenTypeIdx = T.WhiteSpace.tokenTypeIdx!;
        leadingMark = token;
        continue;
      }
      // A run of one character (indentation in no-break spaces) is one error with one fix.
      let n = 1;
      while (result.tokens[index + n]?.image === char && result.tokens[index + n]!.startOffset === token.startOffset + n) n++;
      skipped.push({ offset: token.startOffset, length: n });
      pasted(token.startOffset, char, n);
      index += n - 1;
      continue;
    } else if (type === T.PastedLookalike) {
      const stands = LOOKALIKE_TYPES.get(PASTED_CHARACTERS.get(token.image)!.replacement)!;
      token.tokenType = stands;
      token.tokenTypeIdx = stands.tokenTypeIdx!;
      token.payload = PASTED_CHARACTERS.get(token.image)!.replacement;
      pasted(token.startOffset, token.image, 1);
    } else if (type === T.StrayTypographicQuote) {
      skipped.push({ offset: token.startOffset, length: token.image.length });
      errors.push({ code: 'typographic-quote', message: `Typographic quote ${QUOTE_NAMES[token.image]} at ${at(token.startOffset)}: use ' for text or \` for a column name`, range: range(token) });
      continue;
    }
    tokens.push(token);
  }

  const trivia = result.groups['trivia'] ?? [];
  if (leadingMark) trivia.unshift(leadingMark);
  for (const t of trivia) {
    if (t.tokenType === T.UnterminatedComment) {
      errors.push({ code: 'unterminated-comment', message: `The comment starting at ${at(t.startOffset)} is never closed: add */ at its end`, range: range(t) });
    }
  }
  errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return { tokens, trivia, skipped, errors, lines };
}
