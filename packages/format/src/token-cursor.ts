// Walks the significant tokens in source order while the formula layer prints the AST: each printed token is taken
// from here, checked against what the AST says should come next, and printed with its comments around it.
import type { ParseResult } from '@calckit/formula';

/** A token as the parser returns it (Chevrotain's IToken, named through the formula package). */
type IToken = ParseResult['tokens'][number];
import type { Comment, TokenSlot } from './comments.js';
import { hardline, verbatim, type Doc } from './doc.js';

/** The printer and the token stream disagree: a defect of the formatter. The caller keeps the text unchanged. */
export class FormatInvariantError extends Error {}

export class TokenCursor {
  private index = 0;
  /** Slot index by the offset where its token ends: finding a node's last token is one lookup. */
  private readonly byEnd = new Map<number, number>();

  constructor(private readonly slots: readonly TokenSlot[]) {
    slots.forEach((s, i) => this.byEnd.set(s.token.startOffset + s.token.image.length, i));
  }

  /** The next token not yet printed. */
  peek(): TokenSlot | undefined {
    return this.slots[this.index];
  }

  get done(): boolean {
    return this.index >= this.slots.length;
  }

  /** The token not yet printed that ends at `offset`, if any (to move its trailing comments out of a group). */
  endingAt(offset: number): TokenSlot | undefined {
    const i = this.byEnd.get(offset);
    return i !== undefined && i >= this.index ? this.slots[i] : undefined;
  }

  /** Whether any token not yet printed, up to the one ending at `end`, has comments. */
  hasCommentsUntil(end: number): boolean {
    for (let i = this.index; i < this.slots.length; i++) {
      const slot = this.slots[i]!;
      if (slot.token.startOffset >= end) break;
      if (slot.leading.length > 0 || slot.trailing.length > 0) return true;
    }
    return false;
  }

  /** Takes the next token, which must satisfy `accept`; `what` names it in the invariant error. */
  take(accept: (token: IToken) => boolean, what: string): TokenSlot {
    const slot = this.slots[this.index];
    if (!slot || !accept(slot.token)) {
      const found = slot ? `'${slot.token.image}' at offset ${slot.token.startOffset}` : 'the end of the formula';
      throw new FormatInvariantError(`expected ${what}, found ${found}`);
    }
    this.index++;
    return slot;
  }

  /** Takes the next token if its upper-cased image is `word` (a keyword or punctuation). */
  takeWord(word: string): TokenSlot {
    return this.take((t) => t.image.toUpperCase() === word, `'${word}'`);
  }

  /** Takes the token that starts at `offset` (the start of a leaf node or operator the AST located). */
  takeAt(offset: number, what: string): TokenSlot {
    return this.take((t) => t.startOffset === offset, `${what} at offset ${offset}`);
  }
}

/** The document of one token: its leading comments, `text` (the token as it should print), its trailing comments. */
export function tokenDoc(slot: TokenSlot, text: string): Doc {
  if (slot.leading.length === 0 && slot.trailing.length === 0) return text;
  return [leadingComments(slot.leading), text, trailingComments(slot.trailing)];
}

/** Comments before a token: an own-line comment starts a fresh line; a line comment always ends its line. */
export function leadingComments(comments: readonly Comment[]): Doc[] {
  const parts: Doc[] = [];
  for (const c of comments) {
    if (c.newlineBefore) parts.push(hardline);
    parts.push(verbatim(c.text));
    parts.push(c.kind === 'line' || c.newlineAfter ? hardline : ' ');
  }
  return parts;
}

/**
 * Comments after a token on its line. A line comment is printed right after its token and ends the line there, so
 * that it stays with that token when formatted again (Prettier's deferred lineSuffix can move a comment to another
 * token's line, which a second run then lays out differently).
 */
export function trailingComments(comments: readonly Comment[]): Doc[] {
  const parts: Doc[] = [];
  for (const c of comments) {
    parts.push(' ', verbatim(c.text));
    if (c.kind === 'line') parts.push(hardline);
  }
  return parts;
}

/** Comments after the last token that did not trail it: each on its own line, as written. */
export function danglingComments(comments: readonly Comment[]): Doc[] {
  const parts: Doc[] = [];
  comments.forEach((c, i) => {
    if (i === 0 || c.newlineBefore) parts.push(hardline);
    else parts.push(' ');
    parts.push(verbatim(c.text));
  });
  return parts;
}
