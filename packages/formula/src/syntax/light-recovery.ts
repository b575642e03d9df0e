// The light recovery: the commonest syntax errors while typing, mended by inserting or leaving out tokens and reading
// the formula again with the fast parser (the AST straight from the grammar's actions), instead of Chevrotain's
// recovery and its CST. Before more input, an expression missing (`a > THEN`, `f(1, , 2)`) gets a MissingExpression
// token, which the grammar reads as an Error node, and a token missing (`CASE WHEN a TH`: THEN being typed) is
// inserted; when that does not get the reading past the token found, the token is left out (`CASE WHEN WHEN a`,
// `ROUND(x 2)`), as Chevrotain's in-rule recovery does. A formula that ends early (`SUM(a`, `CASE WHEN a`,
// `IF(a <= DATE_SUB(b,`) gets the tail its open rules need, read off the rule stack at the error.
import { EOF, createTokenInstance, tokenMatcher, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import type { Expression, Formula, Node } from './ast.js';
import { isRealToken } from './build-ast.js';
import { keywordsExpectedIn } from './messages.js';
import { expectedTokenOf, type GrammarParser } from './parser.js';
import type { LineIndex } from './positions.js';
import * as T from './tokens.js';
import { forEachChild, pushChildrenReversed } from './walk.js';

/** Mends in one formula before leaving it to Chevrotain's recovery (an expression missing in a long list of them). */
const MAX_MENDS = 16;

/** The place of an expression that is missing: an Error node where the tail has one. */
const MISSING = T.MissingExpression;

/** Whether an error is the grammar finding no expression where one must stand (NoViableAlt in `term`). */
function isMissingExpression(e: IRecognitionException): boolean {
  const rules = e.context?.ruleStack;
  return e.name === 'NoViableAltException' && rules !== undefined && rules[rules.length - 1] === 'term';
}

/**
 * The keyword being typed where only keywords fit: the error's token, a word, begins exactly one of the keywords its
 * rule needs there (`FILTER ALLO`: ALLOW; `x NOT LIK 'a'`: LIKE). Undefined otherwise.
 */
function keywordBeingTyped(e: IRecognitionException): TokenType | undefined {
  const rules = e.context?.ruleStack;
  if (e.name !== 'NoViableAltException' || !rules || rules.length === 0) return undefined;
  const keywords = keywordsExpectedIn(rules[rules.length - 1]!);
  const word = e.token.image.toUpperCase();
  if (!keywords || e.token.tokenType !== T.Word || word.length === 0) return undefined;
  const begun = keywords.filter((k) => k.name.length > word.length && k.name.startsWith(word));
  return begun.length === 1 ? begun[0] : undefined;
}

/**
 * What a rule still needs at the end of the formula, after the child rule it was reading (`child`, called at SUBRULE
 * occurrence `occurrence`) is complete. Follows parser.ts's grammar: SUBRULE is occurrence 0, SUBRULE2 is 2, …
 */
function restOfRule(rule: string, child: string, occurrence: number): readonly TokenType[] | undefined {
  switch (rule) {
    case 'formula':
    case 'expression':
    case 'arithmetic':
    case 'term':
    case 'orderItem':
      return [];
    case 'whenClause':
      return occurrence === 0 ? [T.Then, MISSING] : [];
    case 'caseExpression':
      if (child === 'whenClause') return [T.End];
      // After the operand of `CASE x` nothing reads as a WHEN clause: left to Chevrotain's recovery.
      return occurrence === 0 ? undefined : [T.End];
    case 'callArguments':
      return child === 'expression' ? [T.RParen] : [];
    case 'parenExpression':
    case 'windowSpec':
    case 'fixedSpec':
      return [T.RParen];
    case 'predicateSuffix':
      // IN's list, LIKE's pattern (arithmetic 0), BETWEEN's low (2) and high (3) bounds.
      if (child === 'expression') return [T.RParen];
      return occurrence === 2 ? [T.And, MISSING] : [];
    case 'intervalExpression':
      return [T.Identifier];
    default:
      return undefined;
  }
}

/** What the failing rule needs from the token it expected on: that token and what its rule reads after it. */
function restAfterExpected(rule: string, expected: TokenType): readonly TokenType[] | undefined {
  if (expected === T.Then || expected === T.And) return [expected, MISSING];
  if (expected === T.LParen && rule === 'predicateSuffix') return [T.LParen, MISSING, T.RParen];
  if (expected === T.LParen) return [T.LParen, T.RParen];
  if (expected === T.By && rule === 'windowSpec') return [T.By, MISSING, T.RParen];
  if (expected === T.RParen || expected === T.End || expected === T.IsValue || expected === T.Identifier) return [expected];
  return undefined;
}

/** The tokens that complete a formula which ended early at `error`, innermost rule first; undefined when unknown. */
function tailAtEnd(error: IRecognitionException): TokenType[] | undefined {
  const rules = error.context?.ruleStack;
  const occurrences = error.context?.ruleOccurrenceStack;
  if (!rules || !occurrences || rules.length === 0) return undefined;
  const top = rules[rules.length - 1]!;
  let first: readonly TokenType[] | undefined;
  if (isMissingExpression(error)) first = [MISSING];
  else if (error.name === 'MismatchedTokenException') {
    const expected = expectedTokenOf(error);
    first = expected ? restAfterExpected(top, expected) : undefined;
  }
  // (`CASE` alone, an EarlyExit, is left to Chevrotain's recovery: a WHEN made of inserted tokens has no place.)
  if (!first) return undefined;
  const tail = [...first];
  for (let i = rules.length - 2; i >= 0; i--) {
    const rest = restOfRule(rules[i]!, rules[i + 1]!, occurrences[i + 1] ?? 0);
    if (!rest) return undefined;
    tail.push(...rest);
  }
  return tail;
}

/**
 * The tokens that complete `tokens`, a formula that ended early at `error` (inserted tokens, innermost rule first; an
 * expression missing at the end is placed after the last token read); undefined when unknown.
 */
export function tailTokensAtEnd(error: IRecognitionException, tokens: readonly IToken[]): IToken[] | undefined {
  const tail = tailAtEnd(error);
  if (!tail) return undefined;
  const last = tokens[tokens.length - 1];
  const end = last ? last.startOffset + last.image.length : 0;
  return tail.map((type) => insertedToken(type, type === MISSING ? end : NaN));
}

/** A token as Chevrotain's recovery inserts one: no image; `offset` is a MissingExpression's place. */
function insertedToken(type: TokenType, offset = NaN): IToken {
  const token = createTokenInstance(type, '', offset, offset, NaN, NaN, NaN, NaN);
  token.isInsertedInRecovery = true;
  return token;
}

export interface Mended {
  readonly expression: Expression | undefined;
  /** The errors the readings found first, in source order. */
  readonly errors: IRecognitionException[];
  /** The formula ended early: tokens were appended at its end. */
  readonly endedEarly: boolean;
  /** Where tokens out of place were left out of the reading (their start offsets). */
  readonly deleted: readonly number[];
}

/**
 * Mends the formula whose reading by the fast parser `p` stopped at `first`, reading it again after each mend, until
 * it reads whole. The errors are those each reading found first, so they read as Chevrotain's recovery reports them;
 * a formula that ended early has one error there (where typing stopped), not one per rule left open. Anything else (no
 * alternative fits and no expression is missing, a token neither missing nor followed by the expected one, a tail the
 * grammar does not take) is left to Chevrotain's recovery: undefined.
 */
export function mendCommonErrors(p: GrammarParser, original: IToken[], lines: LineIndex, first: IRecognitionException): Mended | undefined {
  let tokens = original;
  let error = first;
  const errors: IRecognitionException[] = [];
  const deleted: number[] = [];
  const mended = (expression: Expression | undefined, endedEarly: boolean): Mended => ({ expression, errors, endedEarly, deleted });
  for (let round = 0; round < MAX_MENDS; round++) {
    errors.push(error);
    const atEnd = error.token.tokenType === EOF;
    if (atEnd) {
      const tail = tailTokensAtEnd(error, tokens);
      if (!tail) return undefined;
      tokens = [...tokens, ...tail];
    } else {
      // Before more input: an expression missing (a MissingExpression token fills the gap) or a token missing (the
      // expected one is inserted), as Chevrotain's recovery inserts a token.
      const at = tokens.indexOf(error.token);
      const previous = tokens[at - 1];
      const typed = keywordBeingTyped(error);
      // (At the end of the formula, where the word is being typed, nothing follows to be read wrong: one error, as is.)
      if (typed && at >= 0 && at + 1 < tokens.length) {
        // A keyword being typed before more input: the word is read as that keyword, so that the rest reads as written
        // instead of from wherever recovery would re-synchronise (after `FILTER ALLO`, the `)` of FIXED was taken for
        // the call's, and the call's own `)` reported as never opened). The clause around it is marked recovered.
        tokens = [...tokens.slice(0, at), { ...error.token, tokenType: typed, tokenTypeIdx: typed.tokenTypeIdx! }, ...tokens.slice(at + 1)];
        deleted.push(error.token.startOffset);
        p.read(tokens, lines, true);
        const expression = p.formula();
        if (p.errorsFound.length === 0) return mended(expression, false);
        error = p.errorsFound[0]!;
        continue;
      }
      const missingExpression = isMissingExpression(error);
      const expected = missingExpression ? MISSING : expectedTokenOf(error);
      // Two missing in a row would have the message name an inserted token: not a common case.
      if (!expected || at < 0 || (previous && !isRealToken(previous))) return undefined;
      const offset = previous ? previous.startOffset + previous.image.length : 0;
      const inserted = [...tokens.slice(0, at), insertedToken(expected, expected === MISSING ? offset : NaN), ...tokens.slice(at)];
      p.read(inserted, lines, true);
      let expression = p.formula();
      if (p.errorsFound[0]?.token !== error.token) tokens = inserted;
      else {
        // The gap filled, the same token still stops the reading: it is the one out of place (`CASE WHEN WHEN a`,
        // `THEN THEN`, `f(a b)`), and the formula reads on without it, as Chevrotain's recovery deletes a token. A
        // token in place of another is left out only when the expected one follows it (Chevrotain's rule).
        if (!missingExpression && !(tokens[at + 1] && tokenMatcher(tokens[at + 1]!, expected))) return undefined;
        tokens = [...tokens.slice(0, at), ...tokens.slice(at + 1)];
        deleted.push(error.token.startOffset);
        p.read(tokens, lines, true);
        expression = p.formula();
      }
      if (p.errorsFound.length === 0) return mended(expression, false);
      error = p.errorsFound[0]!;
      continue;
    }
    p.read(tokens, lines, true);
    const expression = p.formula();
    // After the tail, the formula must read whole.
    return p.errorsFound.length === 0 ? mended(expression, true) : undefined;
  }
  return undefined;
}

/** Marks recovered every node with a missing part (an Error child): the clause or call around the gap is
 * incomplete, as Chevrotain's recovery marks the rule it recovered in. Iterative (any depth). */
export function markParentsOfErrors(formula: Formula): void {
  const stack: Node[] = [formula];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // The children go on the stack as they are (an Error node has none of its own): no closure per node.
    const base = stack.length;
    pushChildrenReversed(node, stack);
    for (let i = base; i < stack.length; i++) {
      if (stack[i]!.kind === 'Error') {
        (node as { recovered?: boolean }).recovered = true;
        break;
      }
    }
  }
}

/**
 * Marks recovered every node that encloses a recovered one on the tree's last path (root to the end of the text),
 * where the tokens appended to a formula that ended early sit: as Chevrotain's recovery marks each rule the error
 * passed through. Iterative: the path of a long chain is short on this side, but nothing here may recurse per level.
 */
export function markEnclosingRecovered(formula: Formula): void {
  const path: Node[] = [];
  for (let node: Node | undefined = formula; node; ) {
    path.push(node);
    let last: Node | undefined;
    forEachChild(node, (child) => {
      if (!last || child.range.end.offset >= last.range.end.offset) last = child;
    });
    node = last;
  }
  let below = false;
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i]! as { recovered?: boolean };
    if (below) node.recovered = true;
    below ||= node.recovered === true;
  }
}

/**
 * Marks recovered the innermost node around each token the reading left out (`offsets`, see Mended.deleted): the clause
 * it stood in was read without it, as Chevrotain's recovery marks the rule it deleted a token in. Iterative.
 */
export function markAroundDeleted(formula: Formula, offsets: readonly number[]): void {
  for (const offset of offsets) {
    let innermost: Node = formula;
    for (let node: Node | undefined = formula; node; ) {
      innermost = node;
      let inside: Node | undefined;
      forEachChild(node, (child) => {
        if (child.range.start.offset <= offset && offset < child.range.end.offset) inside = child;
      });
      node = inside;
    }
    (innermost as { recovered?: boolean }).recovered = true;
  }
}
