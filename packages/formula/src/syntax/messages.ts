// Error messages for the parser, written for analysts ("CASE at 1:1 is missing END"), with a stable code.
// Chevrotain asks this provider for a message while it parses; the code travels in front of the message and is split
// off by parse.ts.
import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import type { ParseErrorCode } from './errors.js';
import { formatPosition, type LineIndex } from './positions.js';
import * as T from './tokens.js';

export const CODE_SEPARATOR = '\u0000';

/** What the provider needs to know about the input being parsed. */
export interface MessageContext {
  tokens: IToken[];
  lines: LineIndex;
}

const isReal = (t: IToken | undefined): t is IToken => !!t && t.tokenType !== EOF && !Number.isNaN(t.startOffset);

function describe(token: IToken | undefined): string {
  if (!isReal(token)) return 'the end of the formula';
  const image = token.image.length > 30 ? `${token.image.slice(0, 27)}…` : token.image;
  return `'${image}'`;
}

/** A scan of the tokens for openers not closed yet, kept between questions about the same text and pair. */
interface OpenerScan {
  tokens: readonly IToken[];
  open: TokenType;
  close: TokenType;
  /** Index of the next token to scan, and the offset the scan has reached. */
  next: number;
  before: number;
  stack: IToken[];
}
let scan: OpenerScan | undefined;

/** The innermost opener (CASE, WHEN or `(`) before `offset` whose closer has not appeared yet. Errors are reported
 * in source order, so the scan goes on from the previous question: a formula with thousands of errors costs one pass
 * over its tokens per kind of opener, not one per error. */
function unclosed(context: MessageContext, before: number, open: TokenType, close: TokenType): IToken | undefined {
  if (!scan || scan.tokens !== context.tokens || scan.open !== open || scan.close !== close || before < scan.before) {
    scan = { tokens: context.tokens, open, close, next: 0, before: 0, stack: [] };
  }
  const { tokens, stack } = scan;
  let i = scan.next;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.startOffset >= before) break;
    if (t.tokenType === open) stack.push(t);
    else if (t.tokenType === close) stack.pop();
  }
  scan.next = i;
  scan.before = before;
  return stack[stack.length - 1];
}

/** Drops the scan (and the tokens it holds) once a parse is over. */
export function forgetOpenerScan(): void {
  scan = undefined;
}

/**
 * What a rule's alternatives need where none of them fits, by rule: the grammar's ORs that can fail (an OR with an
 * empty alternative, or entered only on its own lookahead, never does). A term's alternatives are the ways to write an
 * expression; the others are keywords: `x NOT 1` (NOT after a value starts IN, LIKE or BETWEEN) and `FILTER ALLO`
 * (ALLOW being typed). Chevrotain's own expected paths are not computed (they cost every syntax error a search).
 */
const NO_VIABLE_ALTERNATIVE: Readonly<Record<string, readonly TokenType[]>> = {
  predicateSuffix: [T.In, T.Like, T.Between],
  fixedSpec: [T.None, T.Allow, T.Deny],
};

/** The keywords that must stand where rule `ruleName` found no alternative, or undefined (an expression must, or the
 * rule is not one of those). */
export function keywordsExpectedIn(ruleName: string): readonly TokenType[] | undefined {
  return Object.hasOwn(NO_VIABLE_ALTERNATIVE, ruleName) ? NO_VIABLE_ALTERNATIVE[ruleName] : undefined;
}

/** The index of the first token at or after `offset`. Tokens are in text order: a binary search. */
function tokenIndexAt(tokens: readonly IToken[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (tokens[mid]!.startOffset < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The words of MySQL's `TRIM([LEADING|TRAILING|BOTH] [chars] FROM s)`. */
const TRIM_WORDS = new Set(['LEADING', 'TRAILING', 'BOTH', 'FROM']);
const wordIs = (t: IToken | undefined, words: ReadonlySet<string> | string): boolean =>
  isReal(t) && t.tokenType === T.Word && (typeof words === 'string' ? T.upperTokenText(t) === words : words.has(T.upperTokenText(t)));

/** Whether `open` is TRIM's parenthesis and a word of the FROM form stands between it and `where` (the token found):
 * read on the tokens, whichever reading (first, mended, recovering) asks. */
function isTrimFromForm(tokens: readonly IToken[], open: IToken, where: number): boolean {
  const at = tokenIndexAt(tokens, open.startOffset);
  if (!wordIs(tokens[at - 1], 'TRIM')) return false;
  for (let i = at + 1; i < tokens.length && tokens[i]!.startOffset <= where; i++) if (wordIs(tokens[i], TRIM_WORDS)) return true;
  return false;
}

/** `A`, `A or B`, `A, B or C`. */
function anyOf(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export function createMessageProvider(context: () => MessageContext): IParserErrorMessageProvider {
  const at = (t: IToken) => formatPosition(context().lines.positionAt(t.startOffset));
  const coded = (code: ParseErrorCode, message: string) => `${code}${CODE_SEPARATOR}${message}`;
  const offsetOf = (actual: IToken, previous: IToken | undefined) =>
    isReal(actual) ? actual.startOffset : isReal(previous) ? previous.startOffset + previous.image.length : context().lines.text.length;

  return {
    buildMismatchTokenMessage({ expected, actual, previous }) {
      const where = offsetOf(actual, previous);
      if (expected === T.End) {
        const open = unclosed(context(), where, T.Case, T.End);
        return coded('missing-end', open ? `CASE at ${at(open)} is missing END` : `Expected END, found ${describe(actual)}`);
      }
      if (expected === T.RParen) {
        const open = unclosed(context(), where, T.LParen, T.RParen);
        // MySQL's TRIM(LEADING 'x' FROM s), TRIM('x' FROM s): the service documents TRIM(s) only.
        if (open && isTrimFromForm(context().tokens, open, where)) {
          return coded(
            'unsupported-syntax',
            `TRIM(… FROM …) at ${at(context().tokens[tokenIndexAt(context().tokens, open.startOffset) - 1]!)} is MySQL syntax the service does not document: its TRIM takes one text and removes spaces from both ends, TRIM(s) (docs/language.md)`,
          );
        }
        return coded(
          'missing-close-paren',
          open ? `The parenthesis opened at ${at(open)} is never closed: expected ')' before ${describe(actual)}` : `Expected ')' before ${describe(actual)}`,
        );
      }
      if (expected === T.Then) {
        const when = unclosed(context(), where, T.When, T.Then);
        return coded('missing-then', when ? `WHEN at ${at(when)} is missing THEN` : `Expected THEN, found ${describe(actual)}`);
      }
      const name = expected === T.Identifier ? 'a name' : expected === T.LParen ? "'('" : expected === T.IsValue ? 'NULL, TRUE or FALSE' : expected.name;
      return coded('unexpected-token', `Expected ${name} after ${describe(previous)}, found ${describe(actual)}`);
    },
    buildNotAllInputParsedMessage({ firstRedundant }) {
      if (firstRedundant.tokenType === T.RParen) {
        return coded('extra-input', `The ')' at ${at(firstRedundant)} closes a parenthesis that was never opened`);
      }
      return coded('extra-input', `Unexpected ${describe(firstRedundant)} at ${at(firstRedundant)}: the formula should end before it (missing operator or comma?)`);
    },
    buildNoViableAltMessage({ actual, previous, ruleName }) {
      const first = actual[0];
      const after = isReal(previous) ? ` after ${describe(previous)}` : '';
      const position = isReal(first) ? ` at ${at(first)}` : '';
      const keywords = NO_VIABLE_ALTERNATIVE[ruleName];
      if (keywords) return coded('unexpected-token', `Expected ${anyOf(keywords.map((k) => k.name))}${after}, found ${describe(first)}${position}`);
      return coded('missing-expression', `Expected an expression${after}, found ${describe(first)}${position}`);
    },
    buildEarlyExitMessage({ actual, previous, ruleName }) {
      const first = actual[0];
      if (ruleName === 'caseExpression') {
        const open = unclosed(context(), offsetOf(first!, previous), T.Case, T.End);
        return coded('unexpected-token', `CASE${open ? ` at ${at(open)}` : ''} needs at least one WHEN, found ${describe(first)}`);
      }
      return coded('unexpected-token', `Unexpected ${describe(first)}`);
    },
  };
}
