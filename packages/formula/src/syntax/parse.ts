// parseFormula: text → tokens, trivia, AST and syntax errors. Never throws; one parser instance is reused, and keeps
// nothing of a text once its parse returns.
import { EOF, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import type { Formula } from './ast.js';
import { CstToAst } from './build-ast.js';
import type { ParseError, ParseErrorCode } from './errors.js';
import { lex, type SkippedText } from './lexer.js';
import { CODE_SEPARATOR, createMessageProvider, forgetOpenerScan, type MessageContext } from './messages.js';
import { markAroundDeleted, markEnclosingRecovered, markParentsOfErrors, mendCommonErrors, tailTokensAtEnd } from './light-recovery.js';
import { closesInterval } from './interval-units.js';
import { FormulaCstParser, FormulaParser, type GrammarParser } from './parser.js';
import { LineIndex, NO_LINES, formatPosition } from './positions.js';
import * as T from './tokens.js';

export interface ParseResult {
  readonly text: string;
  readonly formula: Formula;
  readonly tokens: readonly IToken[];
  readonly trivia: readonly IToken[];
  readonly skipped: readonly SkippedText[];
  /** Lexer and parser errors in source order. */
  readonly errors: readonly ParseError[];
  readonly lines: LineIndex;
}

const NO_TOKENS: IToken[] = [];

/** What the message provider reads: the text being parsed (set per parse, emptied after it). */
const context: MessageContext = { tokens: [], lines: NO_LINES };

/**
 * The longest formula read, in UTF-16 code units (4 Mi: about 4 MB of ASCII). Longer text is one `too-long` error, not
 * lexed at all: lint time, memory and the lexer's regular expressions grow with the length, and a formula a thousand
 * times longer than any real one is a wrong file, not a formula.
 */
export const MAX_FORMULA_LENGTH = 4 * 1024 * 1024;

/**
 * The deepest nesting read: parentheses (calls, lists, OVER, FIXED), CASE and INTERVALs, counted on the tokens
 * before parsing. The parser and the AST builder recurse once per level (everything after them walks with its own
 * stack), so a deeper formula is one `too-deep` error, the same on every thread whatever its stack size; real formulas
 * nest a few levels.
 */
export const MAX_NESTING = 256;

/** The deepest nesting of the tokens, counted as `MAX_NESTING` says. */
function nestingDepth(tokens: readonly IToken[]): { depth: number; at: number } {
  let depth = 0;
  let intervals = 0;
  let deepest = 0;
  let at = 0;
  let previous: TokenType | undefined;
  for (const t of tokens) {
    const type = t.tokenType;
    if (type === T.LParen || type === T.Case) depth++;
    else if ((type === T.RParen || type === T.End) && depth > 0) depth--;
    // An INTERVAL's value is a whole expression (`INTERVAL 1 + INTERVAL 1 DAY DAY` nests without brackets): an
    // INTERVAL stays open until a word follows the end of an operand, its unit.
    if (type === T.Interval) intervals++;
    else if (intervals > 0 && closesInterval(previous, type)) intervals--;
    previous = type;
    if (depth + intervals > deepest) {
      deepest = depth + intervals;
      at = t.startOffset;
    }
  }
  return { depth: deepest, at };
}
const NOT_NESTED_DEEP = { depth: 0, at: 0 };
let parsers: { strict: FormulaParser; recovering: FormulaParser; cst: FormulaCstParser } | undefined;

/**
 * Reused instances of the one grammar. Most formulas are valid, and the AST-building parser without error recovery
 * reads them fastest, as it does a complete formula with input left over; a formula with other errors is first mended
 * by the light recovery (mendCommonErrors: an expression missing, closers missing at the end: the commonest errors
 * while typing) and read again by the same fast parser; otherwise it is read with Chevrotain's recovery, which
 * single-token insertion and deletion (a missing `)`, END or THEN before more input) leave complete, so the same
 * actions build its tree. Only when recovery had to re-synchronise (skip tokens, drop an expression) is it read a third
 * time building Chevrotain's CST, whose partial nodes keep what was read before each error (build-ast.ts's CstToAst).
 */
function sharedParsers(): { strict: FormulaParser; recovering: FormulaParser; cst: FormulaCstParser } {
  if (!parsers) {
    const provider = createMessageProvider(() => context);
    parsers = { strict: new FormulaParser(provider, false), recovering: new FormulaParser(provider, true), cst: new FormulaCstParser(provider, true) };
  }
  return parsers;
}

function toParseError(e: IRecognitionException, lines: LineIndex, text: string, lastToken: IToken | undefined): ParseError {
  const separator = e.message.indexOf(CODE_SEPARATOR);
  const code = separator < 0 ? 'unexpected-token' : e.message.slice(0, separator);
  const message = separator < 0 ? e.message : e.message.slice(separator + 1);
  const token = e.token;
  let start: number;
  let end: number;
  if (token && !Number.isNaN(token.startOffset) && token.tokenType.name !== 'EOF') {
    start = token.startOffset;
    end = token.startOffset + token.image.length;
  } else {
    // At the end of the input: point just after the last significant character (the last token, which the light
    // recovery may have left out of the reading as a token out of place).
    start = lastToken ? lastToken.startOffset + lastToken.image.length : text.trimEnd().length;
    end = start;
  }
  return { code: code as ParseErrorCode, message, range: lines.rangeOf(start, end) };
}

/** Chevrotain stops at input left over after a complete formula (`a b + (1`). The rest may hold independent errors
 * of its own: parse it again from the token after the leftover one, report what that finds, and repeat. */
function reportErrorsAfterExtraInput(p: GrammarParser, tokens: IToken[], errors: ParseError[], lines: LineIndex, text: string): void {
  let last = p.errorsFound[p.errorsFound.length - 1];
  // Only after a stray `)` or END, where what follows is plainly a formula of its own; after anything else (a second
  // OVER, a missing operator) re-reading the rest would report confusing follow-on errors.
  const restarts = (t: IToken) => t.tokenType.name === 'RParen' || t.tokenType.name === 'END';
  for (let round = 0; round < 20 && last && last.name === 'NotAllInputParsedException' && restarts(last.token); round++) {
    const index = tokens.indexOf(last.token);
    if (index < 0 || index + 1 >= tokens.length) return;
    p.input = tokens.slice(index + 1);
    p.formula();
    for (const e of p.errorsFound) errors.push(toParseError(e, lines, text, tokens[tokens.length - 1]));
    last = p.errorsFound[p.errorsFound.length - 1];
  }
}

/** Whether `e` is input left over after a complete formula, with nothing for reportErrorsAfterExtraInput to read on
 * (which restarts only after a stray `)` or END). */
function isLeftoverOnly(e: IRecognitionException): boolean {
  if (e.name !== 'NotAllInputParsedException') return false;
  const type = e.token.tokenType;
  return type !== T.RParen && type !== T.End;
}

/** What parseFormula answers for text it does not read (too long): no tokens, the whole text skipped, one error. */
function unread(text: string, error: Omit<ParseError, 'range'>, lines: LineIndex): ParseResult {
  return {
    text,
    formula: { kind: 'Formula', range: lines.rangeOf(0, text.length), recovered: true },
    tokens: [],
    trivia: [],
    skipped: text.length > 0 ? [{ offset: 0, length: text.length }] : [],
    errors: [{ ...error, range: lines.rangeOf(0, 0) }],
    lines,
  };
}

function tooDeep(at: number, lines: LineIndex): ParseError {
  return {
    code: 'too-deep',
    message: `The formula nests parentheses, CASE or calls more than ${MAX_NESTING} levels deep (at ${formatPosition(lines.positionAt(at))}): calckit reads ${MAX_NESTING} levels`,
    range: lines.rangeOf(at, at),
  };
}

const megabytes = (n: number): string => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

export function parseFormula(text: string): ParseResult {
  if (text.length > MAX_FORMULA_LENGTH) {
    return unread(
      text,
      { code: 'too-long', message: `The formula is ${megabytes(text.length)} long: calckit reads formulas of up to ${megabytes(MAX_FORMULA_LENGTH)}` },
      new LineIndex(text),
    );
  }
  const lexed = lex(text);
  const parsers = sharedParsers();
  // The lexer's list is this parse's own: the parser's errors join it.
  const errors: ParseError[] = lexed.errors;
  // Each level of nesting takes a token of its own: fewer tokens than the limit cannot nest past it.
  const nesting = lexed.tokens.length > MAX_NESTING ? nestingDepth(lexed.tokens) : NOT_NESTED_DEEP;
  let formula: Formula | undefined;
  if (nesting.depth > MAX_NESTING) errors.push(tooDeep(nesting.at, lexed.lines));
  else {
    context.tokens = lexed.tokens;
    context.lines = lexed.lines;
    // Chevrotain throws and catches an exception per syntax error; their stack traces are never read, and capturing
    // them was a large part of the cost of a formula with errors.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      let p: GrammarParser = parsers.strict;
      // A formula that ends where a token is still expected (one being typed: `SUM(a`, `CASE WHEN a`) is read on, in
      // this one reading, over the tail its open rules need, as the light recovery would read it again.
      p.readOnAtEnd(tailTokensAtEnd);
      p.read(lexed.tokens, lexed.lines);
      let expression = p.formula();
      // Each reading starts a new list: this one stays as it is.
      const firstErrors = p.errorsFound;
      if (firstErrors.length === 1 && isLeftoverOnly(firstErrors[0]!)) {
        // A complete formula with more after it (`lag(x, 1) ove`: OVER being typed). The reading built the whole
        // formula before it found the leftover, and no recovery would read it differently: its tree is the answer.
        formula = p.builder.formula(expression, text.length, false);
        errors.push(toParseError(firstErrors[0]!, lexed.lines, text, lexed.tokens[lexed.tokens.length - 1]));
      } else if (p.endedEarly && firstErrors.length === 1) {
        formula = p.builder.formula(expression, text.length, true);
        markEnclosingRecovered(formula);
        markParentsOfErrors(formula);
        errors.push(toParseError(firstErrors[0]!, lexed.lines, text, lexed.tokens[lexed.tokens.length - 1]));
      } else if (firstErrors.length > 0) {
        const light = mendCommonErrors(p, lexed.tokens, lexed.lines, firstErrors[0]!);
        if (light) {
          formula = p.builder.formula(light.expression, text.length, true);
          if (light.endedEarly) markEnclosingRecovered(formula);
          markAroundDeleted(formula, light.deleted);
          markParentsOfErrors(formula);
          for (const e of light.errors) errors.push(toParseError(e, lexed.lines, text, lexed.tokens[lexed.tokens.length - 1]));
        }
      }
      const mended = formula !== undefined;
      if (!mended && firstErrors.length > 0) {
        // Only a token missing or extra before more input can be mended by inserting or deleting it; anything else
        // (no expression where one is needed, the input ending early) re-synchronises, so the CST reads it directly.
        const first = firstErrors[0]!;
        const mendable = first.name === 'MismatchedTokenException' && first.token.tokenType !== EOF;
        if (mendable) {
          p = parsers.recovering;
          p.read(lexed.tokens, lexed.lines);
          expression = p.formula();
        }
        if (!mendable || p.resynchronised) {
          const cst = parsers.cst;
          p = cst;
          cst.read(lexed.tokens, lexed.lines);
          formula = new CstToAst(lexed.lines).formulaOf(cst.formulaCst(), text.length);
        }
      }
      if (!mended) {
        formula ??= p.builder.formula(expression, text.length, false);
        const found = p.errorsFound;
        for (const e of found) errors.push(toParseError(e, lexed.lines, text, lexed.tokens[lexed.tokens.length - 1]));
        if (found.length > 0) reportErrorsAfterExtraInput(p, lexed.tokens, errors, lexed.lines, text);
      }
    } catch (error) {
      // Chevrotain does not throw on bad input, and the nesting guard keeps both recursions far from the stack's end;
      // this guards against a defect (or a caller already deep in its stack) so that callers never see an exception.
      formula = undefined;
      errors.push(
        error instanceof RangeError
          ? tooDeep(0, lexed.lines)
          : { code: 'unexpected-token', message: `Internal parser error: ${error instanceof Error ? error.message : String(error)}`, range: lexed.lines.rangeOf(0, 0) },
      );
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
      // Nothing here keeps the text once its results are read: the parsers and the message context live on to the
      // next parse, which for a language server may come long after a large document has closed.
      context.tokens = NO_TOKENS;
      context.lines = NO_LINES;
      forgetOpenerScan();
      parsers.strict.release();
      parsers.recovering.release();
      parsers.cst.release();
    }
  }
  formula ??= { kind: 'Formula', range: lexed.lines.rangeOf(0, text.length), recovered: true };
  if (lexed.tokens.length === 0 && lexed.errors.length === 0) {
    errors.push({ code: 'empty-formula', message: 'The formula is empty', range: lexed.lines.rangeOf(0, 0) });
  }
  if (errors.length > 1) errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return { text, formula, tokens: lexed.tokens, trivia: lexed.trivia, skipped: lexed.skipped, errors, lines: lexed.lines };
}
