// The lexer: never throws; tokens, trivia (whitespace and comments) and skipped characters together reproduce the input.
import { Lexer, type IToken } from 'chevrotain';
import type { ParseError } from './errors.js';
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
    errors.push({
      code: 'unexpected-character',
      message: `Unexpected ${e.length === 1 ? 'character' : 'characters'} '${chars}' at ${at(e.offset)}`,
      range: lines.rangeOf(e.offset, e.offset + e.length),
    });
  }

  for (const token of result.tokens) {
    const type = token.tokenType;
    if (type === T.Word) {
      const keyword = T.KEYWORDS.get(token.image.toUpperCase());
      if (keyword) {
        token.tokenType = keyword;
        token.tokenTypeIdx = keyword.tokenTypeIdx!;
      }
    } else if (type === T.UnterminatedString) {
      errors.push({ code: 'unterminated-string', message: `The string starting at ${at(token.startOffset)} is never closed: add a ' at its end`, range: range(token) });
    } else if (type === T.UnterminatedDouble) {
      errors.push({ code: 'unterminated-string', message: `The double-quoted text starting at ${at(token.startOffset)} is never closed: add a " at its end`, range: range(token) });
    } else if (type === T.UnterminatedBacktick) {
      errors.push({ code: 'unterminated-column', message: `The column name starting at ${at(token.startOffset)} is never closed: add a \` at its end`, range: range(token) });
    } else if (type === T.TypographicSingle || type === T.TypographicDouble) {
      const open = token.image[0]!;
      const plain = type === T.TypographicSingle ? "'" : '"';
      errors.push({ code: 'typographic-quote', message: `Typographic quote ${QUOTE_NAMES[open]} at ${at(token.startOffset)}: use ${plain} instead`, range: range(token) });
    } else if (type === T.StrayTypographicQuote) {
      skipped.push({ offset: token.startOffset, length: token.image.length });
      errors.push({ code: 'typographic-quote', message: `Typographic quote ${QUOTE_NAMES[token.image]} at ${at(token.startOffset)}: use ' for text or \` for a column name`, range: range(token) });
      continue;
    }
    tokens.push(token);
  }

  const trivia = result.groups['trivia'] ?? [];
  for (const t of trivia) {
    if (t.tokenType === T.UnterminatedComment) {
      errors.push({ code: 'unterminated-comment', message: `The comment starting at ${at(t.startOffset)} is never closed: add */ at its end`, range: range(t) });
    }
  }
  errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return { tokens, trivia, skipped, errors, lines };
}
