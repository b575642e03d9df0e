// parseFormula: text → tokens, trivia, AST and syntax errors. Never throws; one parser instance is reused.
import type { IRecognitionException, IToken } from 'chevrotain';
import type { Formula } from './ast.js';
import { AstBuilder } from './build-ast.js';
import type { ParseError, ParseErrorCode } from './errors.js';
import { lex, type SkippedText } from './lexer.js';
import { CODE_SEPARATOR, createMessageProvider, type MessageContext } from './messages.js';
import { FormulaParser } from './parser.js';
import { LineIndex } from './positions.js';

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

let context: MessageContext = { tokens: [], lines: new LineIndex('') };
let strictParser: FormulaParser | undefined;
let recoveringParser: FormulaParser | undefined;

/** Two reused instances of the one grammar: most formulas are valid, and a parser without error recovery reads them
 * about a third faster; the recovering one re-reads the rare formula that has errors, so every error is reported. */
function sharedParsers(): { strict: FormulaParser; recovering: FormulaParser } {
  const provider = createMessageProvider(() => context);
  strictParser ??= new FormulaParser(provider, false);
  recoveringParser ??= new FormulaParser(provider, true);
  return { strict: strictParser, recovering: recoveringParser };
}

function toParseError(e: IRecognitionException, lines: LineIndex, text: string): ParseError {
  const [code, message] = e.message.includes(CODE_SEPARATOR) ? e.message.split(CODE_SEPARATOR) : ['unexpected-token', e.message];
  const token = e.token;
  let start: number;
  let end: number;
  if (token && !Number.isNaN(token.startOffset) && token.tokenType.name !== 'EOF') {
    start = token.startOffset;
    end = token.startOffset + token.image.length;
  } else {
    // At the end of the input: point just after the last significant character.
    // Chevrotain sets previousToken on mismatch exceptions; its type does not declare it.
    const prev = (e as IRecognitionException & { previousToken?: IToken }).previousToken;
    start = prev && !Number.isNaN(prev.startOffset) ? prev.startOffset + prev.image.length : text.trimEnd().length;
    end = start;
  }
  return { code: code as ParseErrorCode, message: message!, range: lines.rangeOf(start, end) };
}

/** Chevrotain stops at input left over after a complete formula (`a b + (1`). The rest may hold independent errors
 * of its own: parse it again from the token after the leftover one, report what that finds, and repeat. */
function reportErrorsAfterExtraInput(p: FormulaParser, tokens: IToken[], errors: ParseError[], lines: LineIndex, text: string): void {
  let last = p.errors[p.errors.length - 1];
  // Only after a stray `)` or END, where what follows is plainly a formula of its own; after anything else (a second
  // OVER, a missing operator) re-reading the rest would report confusing follow-on errors.
  const restarts = (t: IToken) => t.tokenType.name === 'RParen' || t.tokenType.name === 'END';
  for (let round = 0; round < 20 && last && last.name === 'NotAllInputParsedException' && restarts(last.token); round++) {
    const index = tokens.indexOf(last.token);
    if (index < 0 || index + 1 >= tokens.length) return;
    p.input = tokens.slice(index + 1);
    p.formula();
    for (const e of p.errors) errors.push(toParseError(e, lines, text));
    last = p.errors[p.errors.length - 1];
  }
}

export function parseFormula(text: string): ParseResult {
  const lexed = lex(text);
  const parsers = sharedParsers();
  context = { tokens: lexed.tokens, lines: lexed.lines };
  let cst;
  const errors: ParseError[] = [...lexed.errors];
  // Chevrotain throws and catches an exception per syntax error; their stack traces are never read, and capturing
  // them was a large part of the cost of a formula with errors.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    let p = parsers.strict;
    p.input = lexed.tokens;
    cst = p.formula();
    if (p.errors.length > 0) {
      p = parsers.recovering;
      p.input = lexed.tokens;
      cst = p.formula();
    }
    for (const e of p.errors) errors.push(toParseError(e, lexed.lines, text));
    if (p.errors.length > 0) reportErrorsAfterExtraInput(p, lexed.tokens, errors, lexed.lines, text);
  } catch (error) {
    // Chevrotain does not throw on bad input; this guards against a defect so that callers never see an exception.
    cst = undefined;
    const tooDeep = error instanceof RangeError;
    errors.push({
      code: tooDeep ? 'too-deep' : 'unexpected-token',
      message: tooDeep
        ? 'The formula nests parentheses, CASE or calls too deeply to be read (more than about a thousand levels)'
        : `Internal parser error: ${error instanceof Error ? error.message : String(error)}`,
      range: lexed.lines.rangeOf(0, 0),
    });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const builder = new AstBuilder(lexed.lines);
  const formula: Formula = cst ? builder.formula(cst, text.length) : { kind: 'Formula', range: lexed.lines.rangeOf(0, text.length), recovered: true };
  if (lexed.tokens.length === 0 && lexed.errors.length === 0) {
    errors.push({ code: 'empty-formula', message: 'The formula is empty', range: lexed.lines.rangeOf(0, 0) });
  }
  errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  context = { tokens: [], lines: context.lines };
  return { text, formula, tokens: lexed.tokens, trivia: lexed.trivia, skipped: lexed.skipped, errors, lines: lexed.lines };
}
