// Attaches every comment of a parse to a significant token, so that printing each token once prints each comment
// once: a comment on the same line after a token trails it; any other comment leads the next token (or the end).
import type { ParseResult } from '@calckit/formula';

/** A token as the parser returns it (Chevrotain's IToken, named through the formula package). */
type IToken = ParseResult['tokens'][number];

export interface Comment {
  /** The comment's text as written (a line comment without its trailing blanks). */
  readonly text: string;
  readonly kind: 'line' | 'block';
  /** A line break separates it from what precedes it (a token or comment). */
  readonly newlineBefore: boolean;
  /** A line break separates it from what follows it (always true for a line comment not at the end). */
  readonly newlineAfter: boolean;
}

/** A significant token with the comments printed around it. */
export interface TokenSlot {
  readonly token: IToken;
  readonly leading: Comment[];
  readonly trailing: Comment[];
}

export interface AttachedComments {
  readonly slots: TokenSlot[];
  /** Comments after the last token that do not trail it on its line (or every comment when there is no token). */
  readonly dangling: Comment[];
}

const CLOSERS: ReadonlySet<string> = new Set([')', ',']);

const hasNewline = (text: string): boolean => /[\r\n]/.test(text);

/** `tokens` and `trivia` as `parseFormula` returns them, both in source order. */
export function attachComments(tokens: readonly IToken[], trivia: readonly IToken[]): AttachedComments {
  const slots: TokenSlot[] = tokens.map((token) => ({ token, leading: [], trailing: [] }));
  const dangling: Comment[] = [];
  let t = 0; // index of the next significant token after the current trivia
  for (let i = 0; i < trivia.length; i++) {
    const tv = trivia[i]!;
    const type = tv.tokenType.name;
    if (type === 'WhiteSpace') continue;
    while (t < tokens.length && tokens[t]!.startOffset < tv.startOffset) t++;
    const prevTrivia = trivia[i - 1];
    const nextTrivia = trivia[i + 1];
    const prevToken = tokens[t - 1];
    const nextToken = tokens[t];
    // Whitespace directly around the comment, when it sits between this comment and its neighbours.
    const before = prevTrivia && prevTrivia.tokenType.name === 'WhiteSpace' && (!prevToken || prevTrivia.startOffset > prevToken.startOffset) ? prevTrivia.image : '';
    const after = nextTrivia && nextTrivia.tokenType.name === 'WhiteSpace' && (!nextToken || nextTrivia.startOffset < nextToken.startOffset) ? nextTrivia.image : '';
    const kind = type === 'LineComment' ? 'line' : 'block';
    const comment: Comment = {
      text: kind === 'line' ? tv.image.replace(/[ \t\f\v]+$/, '') : tv.image,
      kind,
      newlineBefore: hasNewline(before),
      newlineAfter: kind === 'line' ? nextToken !== undefined || nextTrivia !== undefined : hasNewline(after),
    };
    const prevSlot = slots[t - 1];
    const nextSlot = slots[t];
    // Same line as the previous token, with nothing but comments trailing that token in between.
    const onTokenLine = prevSlot !== undefined && !comment.newlineBefore && (prevSlot.trailing.length > 0 || precededByToken(trivia, i, prevSlot.token));
    // A block comment just before `)` or `,` reads as a note on what precedes it: it stays with that token.
    const beforeCloser = nextSlot !== undefined && CLOSERS.has(nextSlot.token.image);
    const trails = onTokenLine && (kind === 'line' || comment.newlineAfter || nextSlot === undefined || beforeCloser);
    if (trails) prevSlot.trailing.push(comment);
    else if (nextSlot) nextSlot.leading.push(comment);
    else dangling.push(comment);
  }
  // A line comment after an item of a list reads best after the comma that ends the item: `a, -- note`.
  for (let i = 0; i + 1 < slots.length; i++) {
    const slot = slots[i]!;
    const next = slots[i + 1]!;
    if (next.token.image === ',' && next.leading.length === 0 && slot.trailing.some((c) => c.kind === 'line')) {
      next.trailing.unshift(...slot.trailing.splice(0));
    }
  }
  return { slots, dangling };
}

/** True when only (optional) whitespace lies between `token` and trivia `i`. */
function precededByToken(trivia: readonly IToken[], i: number, token: IToken): boolean {
  const prev = trivia[i - 1];
  const tokenEnd = token.startOffset + token.image.length;
  if (trivia[i]!.startOffset === tokenEnd) return true;
  return prev !== undefined && prev.tokenType.name === 'WhiteSpace' && prev.startOffset === tokenEnd;
}
