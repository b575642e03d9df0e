// Where an INTERVAL's value ends, read on tokens alone: its value is a whole expression (`INTERVAL 1 + 1 DAY`), and
// the unit, a plain word, is the first word that follows the end of an operand. parse.ts's nesting guard counts the
// INTERVALs still open with it; the editor's completion offers units where one may come.
import type { IToken, TokenType } from 'chevrotain';
import * as T from './tokens.js';

/** Tokens that end an operand: a plain word right after one can only be an INTERVAL's unit. */
const ENDS_OPERAND: ReadonlySet<TokenType> = new Set([
  T.NumberLiteral, T.SingleQuoted, T.UnterminatedString, T.TypographicSingle, T.DoubleQuotedString, T.UnterminatedDouble, T.TypographicDouble,
  T.BacktickColumn, T.UnterminatedBacktick, T.Word, T.RParen, T.End, T.Null, T.True, T.False,
]);

/** Whether a token of type `type` after one of type `previous` is the unit that closes an open INTERVAL. */
export function closesInterval(previous: TokenType | undefined, type: TokenType): boolean {
  return type === T.Word && previous !== undefined && ENDS_OPERAND.has(previous);
}

/** How many INTERVALs are open (their unit not yet read) after the tokens up to index `last`, inclusive. */
export function openIntervals(tokens: readonly IToken[], last: number): number {
  let open = 0;
  let previous: TokenType | undefined;
  for (let i = 0; i <= last && i < tokens.length; i++) {
    const type = tokens[i]!.tokenType;
    if (type === T.Interval) open++;
    else if (open > 0 && closesInterval(previous, type)) open--;
    previous = type;
  }
  return open;
}
