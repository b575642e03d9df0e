// Token-level view of a cursor position, for features that must work on broken input where the AST is partial:
// the token under the cursor, the one before it, the enclosing call and the enclosing CASE clause.
import type { ParseResult } from '@calckit/formula';

/** A lexer token (Chevrotain's IToken, taken from the parse result so this package needs no parser dependency). */
export type IToken = ParseResult['tokens'][number];

export const tokenEnd = (t: IToken): number => t.startOffset + t.image.length;
export const kindOf = (t: IToken | undefined): string => t?.tokenType.name ?? '';

const WORDLIKE = /^[A-Za-z_\u00c0-\uffff]/;
/** A word: an identifier or a keyword (both can be the prefix of what the user is typing). */
export const isWord = (t: IToken | undefined): t is IToken => !!t && WORDLIKE.test(t.image) && kindOf(t) !== 'NumberLiteral';

export const STRING_TOKENS: ReadonlySet<string> = new Set(['SingleQuoted', 'UnterminatedString', 'TypographicSingle']);
export const COLUMN_TOKENS: ReadonlySet<string> = new Set(['BacktickColumn', 'UnterminatedBacktick']);
export const DOUBLE_TOKENS: ReadonlySet<string> = new Set(['DoubleQuotedString', 'UnterminatedDouble', 'TypographicDouble']);

/** Tokens after which an expression is complete (so an operator or a clause keyword comes next). */
const VALUE_END: ReadonlySet<string> = new Set([
  'Word', 'BacktickColumn', 'UnterminatedBacktick', 'NumberLiteral', 'SingleQuoted', 'TypographicSingle',
  'DoubleQuotedString', 'TypographicDouble', 'RParen', 'END', 'NULL', 'TRUE', 'FALSE',
]);
export const endsValue = (t: IToken | undefined): boolean => !!t && VALUE_END.has(kindOf(t));

/** Index of the last token ending at or before `offset` (-1 when none). Binary search: tokens are in order. */
export function lastTokenBefore(tokens: readonly IToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tokenEnd(tokens[mid]!) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Index of the significant token with `start < offset <= end` (the cursor inside it or just after it), or -1. */
export function tokenIndexAt(tokens: readonly IToken[], offset: number): number {
  const i = lastTokenBefore(tokens, offset);
  // The token ending exactly at the offset touches the cursor; otherwise the next one may contain it.
  if (i >= 0 && tokenEnd(tokens[i]!) === offset && tokens[i]!.startOffset < offset) return i;
  const next = tokens[i + 1];
  if (next && next.startOffset < offset && offset <= tokenEnd(next)) return i + 1;
  return -1;
}

/** The comment containing the offset (a line comment also contains its end), if any. */
export function commentAt(parse: ParseResult, offset: number): IToken | undefined {
  // Trivia are in order and do not overlap: only the last one starting before the offset can contain it.
  const trivia = parse.trivia;
  let lo = 0;
  let hi = trivia.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (trivia[mid]!.startOffset < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const t = trivia[found];
  if (!t) return undefined;
  const name = kindOf(t);
  if (name === 'WhiteSpace') return undefined;
  const end = tokenEnd(t);
  return offset < end || (offset === end && (name === 'LineComment' || name === 'UnterminatedComment')) ? t : undefined;
}

export interface EnclosingCall {
  /** The function name token (undefined when the parenthesis is not a call's: grouping or OVER). */
  readonly name: IToken | undefined;
  /** Index of the opening parenthesis. */
  readonly open: number;
  /** 0-based index of the argument the cursor is in. */
  readonly argIndex: number;
}

/** The innermost unclosed `(` before token index `before` (exclusive end), with the argument index at the cursor. */
export function enclosingParen(tokens: readonly IToken[], before: number): EnclosingCall | undefined {
  let depth = 0;
  let commas = 0;
  let caseDepth = 0;
  for (let i = before; i >= 0; i--) {
    const kind = kindOf(tokens[i]);
    if (kind === 'RParen') depth++;
    else if (kind === 'LParen') {
      if (depth === 0) {
        const prev = tokens[i - 1];
        const name = isWord(prev) && !NON_CALL_WORDS.has(kindOf(prev)) ? prev : undefined;
        return { name, open: i, argIndex: commas };
      }
      depth--;
    } else if (depth === 0) {
      // Commas inside a CASE at this depth do not exist, but END/CASE bracket the arguments of nested CASEs.
      if (kind === 'END') caseDepth++;
      else if (kind === 'CASE' && caseDepth > 0) caseDepth--;
      else if (kind === 'Comma' && caseDepth === 0) commas++;
    }
  }
  return undefined;
}

/** Keywords that are followed by `(` without being function names. */
const NON_CALL_WORDS: ReadonlySet<string> = new Set(['OVER', 'IN', 'FIXED', 'AND', 'OR', 'NOT', 'WHEN', 'THEN', 'ELSE', 'CASE', 'BETWEEN', 'LIKE', 'IS', 'BY', 'DISTINCT', 'INTERVAL']);

export type CaseClause = 'CASE' | 'WHEN' | 'THEN' | 'ELSE';

/** The CASE clause the cursor is in at the same parenthesis depth (`WHEN` = in a condition), or undefined. */
export function enclosingCaseClause(tokens: readonly IToken[], before: number): CaseClause | undefined {
  let depth = 0;
  let skip = 0;
  for (let i = before; i >= 0; i--) {
    const kind = kindOf(tokens[i]);
    if (kind === 'RParen') depth++;
    else if (kind === 'LParen') {
      if (depth === 0) return undefined;
      depth--;
    } else if (depth > 0) continue;
    else if (kind === 'END') skip++;
    else if (kind === 'CASE') {
      if (skip === 0) return 'CASE';
      skip--;
    } else if (skip === 0 && (kind === 'WHEN' || kind === 'THEN' || kind === 'ELSE')) return kind;
  }
  return undefined;
}
