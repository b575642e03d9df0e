// The grammar of the formula language, defined once and built two ways: with embedded actions that hand tokens and
// child nodes to build-ast.ts's NodeBuilder (the typed AST straight from the grammar), and as a Chevrotain CstParser
// whose partial CST parse.ts reads only when error recovery re-synchronised. The actions do no semantic work.
// Precedence (operators.ts) is applied by the NodeBuilder over the flat operator sequences this grammar produces.
import {
  CstParser,
  EarlyExitException,
  EmbeddedActionsParser,
  EMPTY_ALT,
  MismatchedTokenException,
  NoViableAltException,
  createTokenInstance,
  EOF,
  isRecognitionException,
  type CstNode,
  type IOrAlt,
  type OrMethodOpts,
  type IRecognitionException,
  type IParserErrorMessageProvider,
  type IToken,
  type ITokenGrammarPath,
  type TokenType,
} from 'chevrotain';
import type * as A from './ast.js';
import { NodeBuilder, type ArgumentParts, type StreamItem, type SuffixParts } from './build-ast.js';
import { decisionSlot, decisionTables, NO_ALTERNATIVE, OneTokenLookaheadStrategy, type DecisionTables } from './lookahead.js';
import { NO_LINES, type LineIndex } from './positions.js';
import * as T from './tokens.js';

const TERMS = { LABEL: 'terms' };
const OPERATORS = { LABEL: 'operators' };
const SUFFIXES = { LABEL: 'suffixes' };
const PREFIX = { LABEL: 'prefix' };
const NAME = { LABEL: 'name' };
const ARGS = { LABEL: 'args' };

/** What a rule returns when nothing is built: while Chevrotain records the grammar, in the CST flavour, and after a
 * re-synchronisation (parse.ts then reads the formula again as a CST). Nobody reads these. */
const NO_RANGE = NO_LINES.rangeOf(0, 0);
const NOTHING_BUILT: A.ErrorExpression = Object.freeze({ kind: 'Error', range: NO_RANGE, recovered: true });
const NO_WHEN: A.WhenClause = Object.freeze({ kind: 'When', condition: NOTHING_BUILT, result: NOTHING_BUILT, range: NO_RANGE, recovered: true });
const NO_WINDOW: A.WindowSpec = Object.freeze({ kind: 'Window', partitionBy: [], orderBy: [], range: NO_RANGE, recovered: true });
const NO_FIXED: A.FixedSpec = Object.freeze({ kind: 'Fixed', columns: [], filterColumns: [], range: NO_RANGE, recovered: true });
const NO_SUFFIX: SuffixParts = Object.freeze({ recovered: true });
const NO_ARGUMENTS: ArgumentParts = Object.freeze({ args: [], recovered: true });
const NO_ORDER_ITEM: OrderParts = Object.freeze({ expression: NOTHING_BUILT, direction: undefined });

interface OrderParts {
  readonly expression: A.Expression;
  readonly direction: IToken | undefined;
}

/** A rule as Chevrotain's RULE returns it; `shortName` is ours, cached on first call (Chevrotain 11 internals). */
interface GrammarRule {
  readonly ruleName: string;
  readonly coreRule: (...args: unknown[]) => unknown;
  readonly originalGrammarAction: (...args: unknown[]) => unknown;
  shortName?: number;
}

/** The parts of Chevrotain 11's parser state the bare rules keep (not in its type declarations; pinned in package.json). */
interface ParserInternals {
  readonly errorMessageProvider: IParserErrorMessageProvider;
  getCurrRuleFullName(): string;
  SAVE_ERROR(error: IRecognitionException): IRecognitionException;
  moveToTerminatedState(): void;
  subruleIdx: number;
  RULE_STACK_IDX: number;
  RULE_OCCURRENCE_STACK_IDX: number;
  readonly fullRuleNameToShort: Record<string, number>;
  ruleInvocationStateUpdate(shortName: number, fullName: string, idxInCallingRule: number): void;
  ruleFinallyStateUpdate(): void;
  /** The input as the reading holds it (padded with EOF), its length without the padding, and the step to the next. */
  tokVector: IToken[];
  tokVectorLength: number;
  consumeToken(): void;
  /** The token `n` ahead, the input being padded with EOF. */
  LA_FAST(n: number): IToken;
  tokenMatcher(token: IToken, type: TokenType): boolean;
  /** The running rule's short name, and every decision's lookahead function by key (see lookahead.ts). */
  readonly currRuleShortName: number;
  /** The index of the last token read. */
  currIdx: number;
  readonly lookAheadFuncsCache: Map<number, (this: unknown, alternatives?: unknown) => unknown>;
}

/** More tokens than a formula of a few hundred lines holds (see release). */
const LONG_INPUT = 10_000;

/** Whether an operand of the items from `base` on is missing (an Error node the light recovery's token stood for). */
function hasMissingOperand(items: readonly StreamItem[], base: number): boolean {
  for (let i = base; i < items.length; i++) {
    const item = items[i]!;
    if (item.k === 'operand' && item.expr?.kind === 'Error') return true;
  }
  return false;
}

/** Drops the items of `items` from `length` on. By pops: setting an array's length is a call of a slow built-in (about
 * 40 ns more for a sequence of five items), and the stream is cut back at the end of every sequence. */
function truncate(items: unknown[], length: number): void {
  while (items.length > length) items.pop();
}

/** An OPTION's, MANY's or AT_LEAST_ONE's action as the DSL takes it. */
type RepeatedAction = (() => unknown) | { DEF: () => unknown; GATE?: () => boolean; ERR_MSG?: string };

/** Chevrotain's own decision steps, which the bare flavour replaces (see orInternal). */
interface ChevrotainDecisions {
  orInternal(alternatives: unknown, occurrence: number): unknown;
  optionInternal(action: RepeatedAction, occurrence: number): unknown;
  manyInternal(occurrence: number, action: RepeatedAction): void;
  atLeastOneInternal(occurrence: number, action: RepeatedAction): void;
}

/** The action of a DSL step without a gate; undefined when it has one (Chevrotain's step then decides). */
function ungatedAction(action: RepeatedAction): (() => unknown) | undefined {
  if (typeof action === 'function') return action;
  return action.GATE === undefined ? action.DEF : undefined;
}

/** What ends a reading that already stopped when a rule still asks for an item (see raiseEarlyExitException):
 * caught by the root rule, never recorded. */
const STOPPED_AT = createTokenInstance(EOF, '', NaN, NaN, NaN, NaN, NaN, NaN);
const ALREADY_STOPPED = new EarlyExitException('', STOPPED_AT, STOPPED_AT);

/**
 * A recognition error as Chevrotain's classes make it (same prototype and fields), without running the Error
 * constructor: it captures a stack trace, which took a quarter of reading a short formula with an error, and a
 * syntax error's stack is never read (recorded, or thrown only to Chevrotain's own recovery).
 */
function recordedError<E extends IRecognitionException>(
  type: abstract new (...args: never[]) => E,
  name: string,
  message: string,
  token: IToken,
  previousToken: IToken,
  expected: TokenType | undefined,
): E {
  const error = Object.create(type.prototype) as E & { previousToken: IToken; expected: TokenType | undefined };
  Object.assign(error, { name, message, token, previousToken, resyncedTokens: [], expected });
  return error;
}

/** The token a mismatch expected (the light recovery inserts it), kept on the error as it is made (mismatchError);
 * undefined for any other error. */
export function expectedTokenOf(error: IRecognitionException): TokenType | undefined {
  return (error as { expected?: TokenType }).expected;
}

const newArguments = (open: IToken | undefined): ArgumentParts => ({ open, star: undefined, distinct: undefined, args: [], close: undefined, over: undefined, fixed: undefined, recovered: false });

/** The tokens that complete `tokens`, a formula that ended where `error` expected more; undefined when unknown. */
export type TailAtEnd = (error: IRecognitionException, tokens: readonly IToken[]) => readonly IToken[] | undefined;

/** What parse.ts uses of a parser (the grammar's class itself is local to formulaGrammar). */
export interface GrammarParser {
  readonly builder: NodeBuilder;
  /** The errors of the last reading, in the order found: Chevrotain's own list, not the copy its `errors` makes on
   * every access (three copies per formula were a measurable share of a valid formula's cost). Not to be changed. */
  readonly errorsFound: readonly IRecognitionException[];
  input: IToken[];
  /** Whether the last read re-synchronised (skipped to a follow set), leaving out parts the actions never saw. */
  readonly resynchronised: boolean;
  /** `mended`: the tokens hold MissingExpression tokens inserted by parse.ts's light recovery. */
  read(tokens: IToken[], lines: LineIndex, mended?: boolean): void;
  /** Drops everything the last reading held of its text (tokens, errors, lines, nodes), once its results are read:
   * the parser is reused for the next text, and must not keep this one alive until then. */
  release(): void;
  /**
   * For the next reading only (the fast parser's): when the formula ends where a token is still expected (`SUM(a`,
   * `CASE WHEN a`), the error is recorded, `tail` is asked for the tokens that complete the ones read, and the reading
   * goes on over them instead of stopping, as if they had been written. `endedEarly` then holds that error.
   */
  readOnAtEnd(tail: TailAtEnd): void;
  /** The error at the end the last reading read on from (see readOnAtEnd). */
  readonly endedEarly: IRecognitionException | undefined;
  formula(): A.Expression | undefined;
}


/**
 * The grammar over either Chevrotain parser class. With `buildsAst` its actions build AST nodes; otherwise (the CST
 * flavour) they only keep their bookkeeping and return placeholders, and Chevrotain builds the CST.
 */
function formulaGrammar(Base: typeof EmbeddedActionsParser, buildsAst: boolean): new (errorMessageProvider: IParserErrorMessageProvider, recoveryEnabled: boolean) => GrammarParser {
  return class FormulaGrammar extends Base {
    /** Makes the nodes; parse.ts points it at each text's lines. */
    readonly builder = new NodeBuilder(NO_LINES);
    /** The items of the operator sequences being read, nested ones above their enclosing one's (each sequence drops
     * its own at its end: see sequence). */
    private stream: StreamItem[] = [];
    /** The arguments of the call being read (callArguments sets and restores it). */
    private argumentParts: ArgumentParts = newArguments(undefined);
    /** The NOT before IN, LIKE or BETWEEN, read by the alternative that follows it. */
    private pendingNot: IToken | undefined;

    constructor(errorMessageProvider: IParserErrorMessageProvider, recoveryEnabled: boolean) {
      super(T.ALL_TOKENS as T.TokenTypeList, { recoveryEnabled, maxLookahead: 1, lookaheadStrategy: new OneTokenLookaheadStrategy({ maxLookahead: 1 }), errorMessageProvider });
      this.bareRules = buildsAst && !recoveryEnabled;
      this.performSelfAnalysis();
      // Every token the input can hold: the lexer's (keywords retyped), the light recovery's, and the end.
      this.decisions = this.bareRules ? decisionTables((this as unknown as ParserInternals).lookAheadFuncsCache, [...T.ALL_TOKENS, EOF]) : undefined;
    }

    /** The decisions as tables, in the AST flavour without recovery (see orInternal). */
    private readonly decisions: DecisionTables | undefined;

    /** Readies the parser for a text: its tokens, the lines the builder measures ranges by, no state of the last. */
    read(tokens: IToken[], lines: LineIndex, mended = false): void {
      this.forgetReading();
      this.input = tokens;
      this.mended = mended;
      this.builder.lines = lines;
      this.tailAtEnd = this.nextTailAtEnd;
      this.nextTailAtEnd = undefined;
      this.holdsText = true;
    }

    /** Whether the parser holds a text's tokens or lines (read since the last release). */
    private holdsText = false;

    release(): void {
      if (!this.holdsText) return;
      this.holdsText = false;
      this.forgetReading();
      // The stream is emptied by pops, which leave its storage as large as the longest sequence read: a new one after
      // a long formula (a 2.3 MB formula's took 4 MB), the same one after a formula of a few lines.
      if (this.input.length > LONG_INPUT) this.stream = [];
      // Chevrotain's setter also empties its lists of errors and CST nodes. A new array: Chevrotain pads its input.
      this.input = [];
      this.builder.release();
      this.nextTailAtEnd = undefined;
    }

    /** Forgets the state of the last reading. */
    private forgetReading(): void {
      // A reading that stopped by an exception left its sequences' items.
      truncate(this.stream, 0);
      this.pendingFirst = undefined;
      this.hasPendingFirst = false;
      this.argumentParts = newArguments(undefined);
      this.pendingNot = undefined;
      this.resynced = false;
      this.tailAtEnd = undefined;
      this.endedEarlyError = undefined;
      this.failed = false;
    }

    get errorsFound(): readonly IRecognitionException[] {
      return (this as unknown as { _errors: IRecognitionException[] })._errors;
    }

    /** Whether the input holds MissingExpression tokens (see read). */
    private mended = false;

    private nextTailAtEnd: TailAtEnd | undefined;
    private tailAtEnd: TailAtEnd | undefined;
    private endedEarlyError: IRecognitionException | undefined;

    readOnAtEnd(tail: TailAtEnd): void {
      this.nextTailAtEnd = tail;
    }

    get endedEarly(): IRecognitionException | undefined {
      return this.endedEarlyError;
    }

    /**
     * The formula ended where `error` expected a token: records the error and, when `tailAtEnd` gives the tokens that
     * complete the formula, makes them the rest of the input (a new array: the caller's tokens stay as lexed) and
     * reads on. False when there is no tail: the reading then stops as at any error.
     */
    private readOnTail(error: IRecognitionException): boolean {
      const internals = this as unknown as ParserInternals;
      internals.SAVE_ERROR(error);
      const tailAtEnd = this.tailAtEnd!;
      this.tailAtEnd = undefined;
      // The input is the caller's array, padded by Chevrotain with EOF for the reading: the tail is measured on the
      // tokens alone, and the caller's array keeps them alone (Chevrotain would take the padding off at the end).
      const input = internals.tokVector;
      const length = internals.tokVectorLength;
      const padding = input.slice(length);
      input.length = length;
      const tail = tailAtEnd(error, input);
      if (!tail) {
        input.push(...padding);
        return false;
      }
      internals.tokVector = [...input, ...tail, ...padding];
      internals.tokVectorLength = length + tail.length;
      this.endedEarlyError = error;
      // Tails hold MissingExpression tokens: the sequences read from here on are mended ones (see sequence).
      this.mended = true;
      return true;
    }

    /** Set when recovery re-synchronised: the rest of the tree would miss what was skipped, so nothing more is built. */
    private resynced = false;
    get resynchronised(): boolean {
      return this.resynced;
    }

    /** True while nothing is to be built: Chevrotain recording the grammar, the CST flavour, or after a
     * re-synchronisation. */
    private get quiet(): boolean {
      return !buildsAst || this.RECORDING_PHASE || this.resynced;
    }

    /** A rule's configuration: on re-synchronisation, stop building and return `placeholder`. */
    private resync<R>(placeholder: R): { recoveryValueFunc: () => R } {
      return {
        recoveryValueFunc: () => {
          this.resynced = true;
          return placeholder;
        },
      };
    }

    private readonly followsCache = new Map<string, TokenType[]>();

    /**
     * Replaces Chevrotain's own (same name, same behaviour) without computing every alternative's lookahead paths for
     * the message: our messages (messages.ts) do not use them, and computing them was the largest cost of a formula
     * with errors after recovery itself. Relies on Chevrotain 11's parser internals, pinned in package.json.
     */
    protected raiseNoAltException(_occurrence: number, errMsgTypes: string | undefined): void {
      const internals = this as unknown as ParserInternals;
      if (this.failed) return;
      const previous = this.LA(0);
      const message = internals.errorMessageProvider.buildNoViableAltMessage({
        expectedPathsPerAlt: [],
        actual: [this.LA(1)],
        previous,
        customUserDescription: errMsgTypes ?? '',
        ruleName: internals.getCurrRuleFullName(),
      });
      const error = recordedError(NoViableAltException, 'NoViableAltException', message, this.LA(1), previous, undefined);
      if (!this.bareRules) throw internals.SAVE_ERROR(error);
      // An expression missing at the end (`a +`): read on over the tail, whose MissingExpression token the term
      // takes next (missingAtEnd).
      if (this.tailAtEnd && this.LA(1).tokenType === EOF) {
        if (!this.readOnTail(error)) this.stopReading(error, true);
      } else this.stopReading(error);
    }

    /**
     * Replaces Chevrotain's CONSUME step in the AST flavour without recovery: a matching token is taken with no
     * try/catch around it, and a mismatch is handled here, without the exception Chevrotain throws to its own catch
     * (at the end of a formula being typed, the commonest error, that throw was the largest single cost). With
     * recovery, or building the CST, Chevrotain's own step runs. Relies on Chevrotain 11's parser internals, pinned in
     * package.json.
     */
    protected consumeInternal(expected: TokenType, idx: number, options: { ERR_MSG?: string; LABEL?: string } | undefined): IToken {
      const internals = this as unknown as ParserInternals;
      if (!this.bareRules) return (Base.prototype as unknown as { consumeInternal: Function }).consumeInternal.call(this, expected, idx, options);
      const next = internals.LA_FAST(1);
      if (internals.tokenMatcher(next, expected)) {
        internals.consumeToken();
        return next;
      }
      if (this.failed) return undefined as unknown as IToken;
      const error = this.mismatchError(expected, next, options);
      if (this.tailAtEnd && next.tokenType === EOF) {
        // The tail is now the rest of the input, and the token expected is next: take it.
        if (this.readOnTail(error)) {
          const token = internals.LA_FAST(1);
          internals.consumeToken();
          return token;
        }
        this.stopReading(error, true);
      } else this.stopReading(error);
      return undefined as unknown as IToken;
    }

    /** Chevrotain's, for a token that does not match, where its own CONSUME step runs (with recovery, or building
     * the CST): the error is recorded and thrown to Chevrotain's recovery. */
    protected consumeInternalError(expected: TokenType, actual: IToken, options: { ERR_MSG?: string } | undefined): void {
      throw (this as unknown as ParserInternals).SAVE_ERROR(this.mismatchError(expected, actual, options));
    }

    /** The error of a token that does not match, made as Chevrotain makes it. */
    private mismatchError(expected: TokenType, actual: IToken, options: { ERR_MSG?: string } | undefined): MismatchedTokenException {
      const internals = this as unknown as ParserInternals;
      const previous = this.LA(0);
      const message =
        options?.ERR_MSG ?? internals.errorMessageProvider.buildMismatchTokenMessage({ expected, actual, previous, ruleName: internals.getCurrRuleFullName() });
      return recordedError(MismatchedTokenException, 'MismatchedTokenException', message, actual, previous, expected);
    }

    /** Chevrotain's, for a repetition that needs one more item (a CASE without WHEN); after an error it only unwinds. */
    protected raiseEarlyExitException(occurrence: number, prodType: unknown, userDefinedErrMsg: string | undefined): never {
      if (this.failed) throw ALREADY_STOPPED;
      const chevrotains = (Base.prototype as unknown as { raiseEarlyExitException: (...args: unknown[]) => never }).raiseEarlyExitException;
      return chevrotains.call(this, occurrence, prodType, userDefinedErrMsg);
    }

    /** Set by stopReading: the reading met its first error and only returns from here on. */
    private failed = false;

    /**
     * Without recovery the first error ends the reading. Chevrotain ends it by making an Error (a stack trace
     * captured) and throwing it through every rule: tens of µs per error, more than reading a valid formula. Here the
     * error is recorded as Chevrotain records it, the input is moved to its end, and every step after it returns at
     * once (nothing is built: `quiet`), so the rules return as they do at the end of a formula.
     */
    private stopReading(error: IRecognitionException, recorded = false): void {
      const internals = this as unknown as ParserInternals;
      if (!recorded) internals.SAVE_ERROR(error);
      this.failed = true;
      this.resynced = true;
      internals.moveToTerminatedState();
    }

    /**
     * Replaces Chevrotain's SUBRULE step in the AST flavour. Chevrotain's wraps each call in a try/catch that only
     * attaches a partial CST node (this flavour has none) and throws again: a second throw at every level for each
     * syntax error, which made a formula with an error cost several times a valid one. With recovery the rule's own
     * try/catch (re-synchronisation, the rule stack) stays; without it the rule runs bare. Relies on Chevrotain 11's
     * parser internals, pinned in package.json.
     */
    protected subruleInternal(rule: GrammarRule, idx: number, options?: { ARGS?: unknown[] }): unknown {
      if (!buildsAst) return (Base.prototype as unknown as { subruleInternal: Function }).subruleInternal.call(this, rule, idx, options);
      const internals = this as unknown as ParserInternals;
      if (!this.bareRules) {
        internals.subruleIdx = idx;
        return rule.coreRule.apply(this, options?.ARGS ?? []);
      }
      // Without recovery a rule's catch has nothing to do (errors stop the reading: stopReading), and a try/finally
      // per rule costs: the rule runs bare, its state kept as Chevrotain keeps it, and the root rule alone catches
      // what still throws (invokeRuleCatch below).
      internals.ruleInvocationStateUpdate((rule.shortName ??= internals.fullRuleNameToShort[rule.ruleName]!), rule.ruleName, idx);
      const result = options?.ARGS ? rule.originalGrammarAction.apply(this, options.ARGS) : rule.originalGrammarAction.call(this);
      internals.ruleFinallyStateUpdate();
      return result;
    }

    /** Rules run without their own catch (subruleInternal): the AST flavour without recovery. */
    private readonly bareRules: boolean;

    /**
     * Replace Chevrotain's OR, OPTION, MANY and AT_LEAST_ONE steps in the AST flavour without recovery: the decision is
     * one read of its table (lookahead.ts's decisionTables, made from the same lookahead functions), not a call of its
     * function from a call site shared by every decision of the grammar, which V8 cannot inline. Elsewhere, for a
     * gated step, or a token the table was not made with, Chevrotain's own step runs. Relies on Chevrotain 11's parser
     * internals, pinned in package.json.
     */
    protected orInternal(altsOrOpts: IOrAlt<unknown>[] | { DEF: IOrAlt<unknown>[]; ERR_MSG?: string }, occurrence: number): unknown {
      const decisions = this.decisions;
      if (decisions !== undefined) {
        const internals = this as unknown as ParserInternals;
        const table = decisions.or[decisionSlot(decisions, internals.currRuleShortName, occurrence)];
        if (table !== undefined) {
          const alternative = table[internals.LA_FAST(1).tokenTypeIdx];
          if (alternative !== undefined && alternative >= 0) return (Array.isArray(altsOrOpts) ? altsOrOpts : altsOrOpts.DEF)[alternative]!.ALT.call(this);
          if (alternative === NO_ALTERNATIVE) {
            this.raiseNoAltException(occurrence, Array.isArray(altsOrOpts) ? undefined : altsOrOpts.ERR_MSG);
            return undefined;
          }
        }
      }
      return (Base.prototype as unknown as ChevrotainDecisions).orInternal.call(this, altsOrOpts, occurrence);
    }

    protected optionInternal(action: RepeatedAction, occurrence: number): unknown {
      const decisions = this.decisions;
      if (decisions !== undefined && typeof action === 'function') {
        const internals = this as unknown as ParserInternals;
        const table = decisions.option[decisionSlot(decisions, internals.currRuleShortName, occurrence)];
        if (table !== undefined) {
          const enters = table[internals.LA_FAST(1).tokenTypeIdx];
          if (enters === 1) return action.call(this);
          if (enters === 0) return undefined;
        }
      }
      return (Base.prototype as unknown as ChevrotainDecisions).optionInternal.call(this, action, occurrence);
    }

    protected manyInternal(occurrence: number, action: RepeatedAction): void {
      const decisions = this.decisions;
      if (decisions !== undefined && typeof action === 'function') {
        const internals = this as unknown as ParserInternals;
        const table = decisions.many[decisionSlot(decisions, internals.currRuleShortName, occurrence)];
        if (table !== undefined) {
          for (;;) {
            const enters = table[internals.LA_FAST(1).tokenTypeIdx];
            if (enters === 0) return;
            if (enters !== 1) break;
            // A repetition that read nothing would repeat for ever: it ends, as Chevrotain's does.
            const before = internals.currIdx;
            action.call(this);
            if (internals.currIdx <= before) return;
          }
        }
      }
      (Base.prototype as unknown as ChevrotainDecisions).manyInternal.call(this, occurrence, action);
    }

    protected atLeastOneInternal(occurrence: number, action: RepeatedAction): void {
      const decisions = this.decisions;
      const run = decisions === undefined ? undefined : ungatedAction(action);
      if (run !== undefined) {
        const internals = this as unknown as ParserInternals;
        const table = decisions!.atLeastOne[decisionSlot(decisions!, internals.currRuleShortName, occurrence)];
        // Not even one item: Chevrotain's step raises the error. The table is made with every token type this
        // parser's input can hold: after the first item, an entry other than 1 ends the repetition.
        if (table !== undefined && table[internals.LA_FAST(1).tokenTypeIdx] === 1) {
          for (;;) {
            const before = internals.currIdx;
            run.call(this);
            if (internals.currIdx <= before || table[internals.LA_FAST(1).tokenTypeIdx] !== 1) return;
          }
        }
      }
      (Base.prototype as unknown as ChevrotainDecisions).atLeastOneInternal.call(this, occurrence, action);
    }

    /**
     * With bare rules, an error still thrown (a CASE without WHEN: raiseEarlyExitException) reaches the root rule's
     * catch with the frames of the rules it left still on the rule stack (the error recorded that stack when it was
     * raised): they are dropped, and Chevrotain ends the reading as it does for an error in the root rule itself.
     */
    protected invokeRuleCatch(error: unknown, resyncEnabled: boolean, recoveryValueFunc: (e: unknown) => unknown): unknown {
      const internals = this as unknown as ParserInternals;
      if (this.bareRules && isRecognitionException(error as Error)) {
        internals.RULE_STACK_IDX = 0;
        internals.RULE_OCCURRENCE_STACK_IDX = 0;
      }
      return (Base.prototype as unknown as { invokeRuleCatch: Function }).invokeRuleCatch.call(this, error, resyncEnabled, recoveryValueFunc);
    }

    /**
     * Error recovery asks which tokens may follow a point of the grammar, and Chevrotain answers by walking the grammar
     * every time: most of the cost of a formula with errors. The answer depends only on the grammar path, so it is
     * computed once per path.
     */
    protected override getNextPossibleTokenTypes(grammarPath: ITokenGrammarPath): TokenType[] {
      const key = `${grammarPath.ruleStack.join('>')}|${grammarPath.occurrenceStack.join(',')}|${grammarPath.lastTok.name}|${grammarPath.lastTokOccurrence}`;
      let follows = this.followsCache.get(key);
      if (!follows) {
        follows = super.getNextPossibleTokenTypes(grammarPath);
        this.followsCache.set(key, follows);
      }
      return follows;
    }

    /** The formula's expression, absent for an empty formula. */
    public formula = this.RULE(
      'formula',
      (): A.Expression | undefined => this.OPTION((this.wholeFormula ??= () => this.SUBRULE(this.expression))),
      this.resync<A.Expression | undefined>(undefined),
    );
    private wholeFormula: (() => A.Expression) | undefined;

    /**
     * An expression is a flat sequence of terms joined by binary operators and comparison-level suffixes (IN, LIKE,
     * BETWEEN, IS NULL). Precedence is applied by the NodeBuilder: a flat grammar makes a fraction of the rule calls
     * that one rule per precedence level would, which is most of a Chevrotain parser's cost.
     */
    public expression = this.RULE('expression', (): A.Expression => {
      const base = this.stream.length;
      this.firstOperand(this.SUBRULE(this.term, TERMS));
      this.MANY((this.continuationLoop ??= () => {
        // Alternatives are built once and reused: a fresh array of closures per call is a large share of the cost.
        this.OR(
          (this.continuation ??= [
            {
              ALT: () => {
                this.streamFirstOperand();
                this.binaryOperator(this.CONSUME(T.BinaryOperator, OPERATORS));
                this.operand(this.SUBRULE2(this.term, TERMS));
              },
            },
            {
              ALT: () => {
                this.streamFirstOperand();
                this.suffix(this.SUBRULE(this.predicateSuffix, SUFFIXES));
              },
            },
          ]),
        );
      }));
      return this.sequence(base);
    }, this.resync(NOTHING_BUILT));
    private continuationLoop: (() => void) | undefined;
    private continuation: IOrAlt<void>[] | undefined;

    /** Operands of LIKE and BETWEEN: arithmetic only (`x BETWEEN a + 1 AND b`). */
    private arithmetic = this.RULE('arithmetic', (): A.Expression => {
      const base = this.stream.length;
      this.firstOperand(this.SUBRULE(this.term, { LABEL: 'terms' }));
      this.MANY((this.arithmeticLoop ??= () => {
        this.streamFirstOperand();
        this.binaryOperator(this.CONSUME(T.ArithmeticOperator, { LABEL: 'operators' }));
        this.operand(this.SUBRULE2(this.term, { LABEL: 'terms' }));
      }));
      return this.sequence(base);
    }, this.resync(NOTHING_BUILT));
    private arithmeticLoop: (() => void) | undefined;

    /**
     * The first operand of the sequence being read, kept out of the stream until an operator or suffix follows it: a
     * sequence of one operand (most function arguments) is that operand's tree, and makes no stream item. At most one
     * is pending: a sequence sets it once its first term is read, and takes it into the stream (streamFirstOperand)
     * before reading anything else, so a sequence nested in its first term has finished and one nested later starts
     * with none pending.
     */
    private pendingFirst: A.Expression | undefined;
    private hasPendingFirst = false;

    private firstOperand(expr: A.Expression): void {
      this.pendingFirst = expr;
      this.hasPendingFirst = true;
    }
    private streamFirstOperand(): void {
      if (!this.hasPendingFirst) return;
      this.hasPendingFirst = false;
      this.operand(this.pendingFirst!);
      this.pendingFirst = undefined;
    }
    private operand(expr: A.Expression): void {
      this.stream.push({ k: 'operand', expr, term: undefined });
    }
    private binaryOperator(tok: IToken): void {
      this.stream.push({ k: 'binary', tok });
    }
    private suffix(parts: SuffixParts): void {
      if (!this.quiet && parts) this.stream.push({ k: 'suffix', parts, start: (parts.is ?? parts.not ?? parts.inTok ?? parts.like ?? parts.between)!.startOffset });
    }
    /**
     * The tree of the sequence whose items start at `base` in the stream, which then drops them. A lone operand
     * without prefix operators (most function arguments) is its own tree.
     */
    private sequence(base: number): A.Expression {
      const stream = this.stream;
      const first = this.pendingFirst;
      const lone = this.hasPendingFirst;
      this.pendingFirst = undefined;
      this.hasPendingFirst = false;
      if (this.quiet) {
        truncate(stream, base);
        return NOTHING_BUILT;
      }
      if (lone) {
        if (first && stream.length === base) return first;
        this.operand(first!);
      }
      // A sequence with an operand missing is recovered as a whole, as when Chevrotain's recovery reads it: which
      // operator binds what around the gap is a guess, so nothing in it is rewritten.
      const recovered = this.mended && hasMissingOperand(stream, base);
      // The builder reads the items where they stand (no copy), then the stream drops them.
      const tree = this.builder.sequence(stream, base, 0, recovered);
      truncate(stream, base);
      return tree;
    }

    private predicateSuffix = this.RULE('predicateSuffix', (): SuffixParts =>
      this.OR(
        (this.suffixAlternatives ??= [
          {
            ALT: (): SuffixParts => {
              const is = this.CONSUME(T.Is);
              const not = this.OPTION(() => this.CONSUME(T.Not));
              // NULL, TRUE or FALSE: one category, so that IS is one step (and `x IS 1` one expected token).
              const nul = this.CONSUME(T.IsValue, { LABEL: 'isValue' });
              return { is, not, nul, recovered: false };
            },
          },
          {
            ALT: (): SuffixParts => {
              this.pendingNot = this.OPTION2(() => this.CONSUME2(T.Not));
              return this.OR2(
                (this.negatableSuffixes ??= [
                  {
                    ALT: (): SuffixParts => {
                      const not = this.pendingNot;
                      const inTok = this.CONSUME(T.In);
                      const open = this.CONSUME(T.LParen);
                      const list = [this.SUBRULE(this.expression, { LABEL: 'list' })];
                      this.MANY(() => {
                        this.CONSUME(T.Comma);
                        list.push(this.SUBRULE2(this.expression, { LABEL: 'list' }));
                      });
                      const close = this.CONSUME(T.RParen);
                      return { not, inTok, open, list, close, recovered: false };
                    },
                  },
                  {
                    ALT: (): SuffixParts => {
                      const not = this.pendingNot;
                      const like = this.CONSUME(T.Like);
                      const pattern = this.SUBRULE(this.arithmetic, { LABEL: 'pattern' });
                      return { not, like, pattern, recovered: false };
                    },
                  },
                  {
                    ALT: (): SuffixParts => {
                      const not = this.pendingNot;
                      const between = this.CONSUME(T.Between);
                      const low = this.SUBRULE2(this.arithmetic, { LABEL: 'low' });
                      const and = this.CONSUME(T.And);
                      const high = this.SUBRULE3(this.arithmetic, { LABEL: 'high' });
                      return { not, between, low, and, high, recovered: false };
                    },
                  },
                ]),
              );
            },
          },
        ]),
      ),
      this.resync(NO_SUFFIX),
    );
    private suffixAlternatives: IOrAlt<SuffixParts>[] | undefined;
    private negatableSuffixes: IOrAlt<SuffixParts>[] | undefined;

    /**
     * Prefix operators (NOT, unary minus and plus), which join the enclosing sequence, and one primary. The prefixes are
     * an alternative of their own, followed by the primary's alternatives a second time (occurrence 1): a term without
     * them, nearly every one, is read by one OR, not by a MANY that finds nothing and then an OR. The loop keeps a run of
     * prefixes (`- - - 1`, any length) off the call stack.
     */
    private term = this.RULE('term', (): A.Expression => {
      const primary = this.or(
        0,
        (this.termAlternatives ??= {
          DEF: [
            {
              ALT: () => {
                this.AT_LEAST_ONE((this.prefixes ??= () => this.stream.push({ k: 'prefix', tok: this.CONSUME(T.PrefixOperator, PREFIX) })));
                return this.or(1, (this.prefixedPrimaries ??= { DEF: this.primaryAlternatives(1), ERR_MSG: 'an expression' })) ?? this.missingAtEnd();
              },
            },
            ...this.primaryAlternatives(0),
          ],
          ERR_MSG: 'an expression',
        }),
      );
      return primary ?? this.missingAtEnd();
    }, this.resync(NOTHING_BUILT));
    private termAlternatives: OrMethodOpts<A.Expression> | undefined;
    private prefixedPrimaries: OrMethodOpts<A.Expression> | undefined;
    private prefixes: (() => void) | undefined;

    /** The alternatives of a primary, made once per occurrence `i` of them in `term` (each grammar step of a rule has
     * its own occurrence index). */
    private primaryAlternatives(i: number): IOrAlt<A.Expression>[] {
      const callArguments = (): ArgumentParts => this.subrule(i, this.callArguments);
      return [
        { ALT: () => this.subrule(i, this.caseExpression) },
        { ALT: () => this.subrule(i, this.parenExpression) },
        { ALT: () => this.subrule(i, this.intervalExpression) },
        {
          // A name is a call when `(` follows, else a bare column (or a constant such as CURRENT_DATE): deciding
          // here keeps every alternative LL(1), which Chevrotain checks with one table lookup.
          ALT: () => {
            const name = this.consume(i, T.Identifier, NAME);
            const args = this.option(i, callArguments);
            if (this.quiet) return NOTHING_BUILT;
            return args ? this.builder.call(name, args) : this.builder.bareName(name);
          },
        },
        { ALT: () => this.leaf(this.consume(i, T.ColumnName), 'column') },
        { ALT: () => this.leaf(this.consume(i, T.StringLiteral), 'string') },
        { ALT: () => this.leaf(this.consume(i, T.DoubleQuoted), 'doubleQuoted') },
        { ALT: () => this.leaf(this.consume(i, T.NumberLiteral), 'number') },
        { ALT: () => this.leaf(this.consume(i, T.Null), 'null') },
        { ALT: () => this.leaf(this.consume(i, T.True), 'true') },
        { ALT: () => this.leaf(this.consume(i, T.False), 'false') },
        { ALT: () => this.leaf(this.consume(i, T.MissingExpression), 'missing') },
      ];
    }

    /**
     * No primary stood at the end of the formula, and the reading went on over the tail (readOnTail), which starts
     * with a MissingExpression token: taken here, as the grammar's alternative for it would (the alternatives were
     * already tried). Bare Chevrotain calls, so that nothing is recorded into the grammar.
     */
    private missingAtEnd(): A.Expression {
      const next = this.LA(1);
      if (this.RECORDING_PHASE || this.quiet || this.endedEarlyError === undefined || next.tokenType !== T.MissingExpression) return undefined as unknown as A.Expression;
      (this as unknown as ParserInternals).consumeToken();
      return this.builder.errorAt(next.startOffset);
    }

    private leaf(tok: IToken, kind: 'column' | 'string' | 'doubleQuoted' | 'number' | 'null' | 'true' | 'false' | 'missing'): A.Expression {
      if (this.quiet) return NOTHING_BUILT;
      const b = this.builder;
      switch (kind) {
        case 'column':
          return b.column(tok);
        case 'string':
          return b.string(tok);
        case 'doubleQuoted':
          return b.doubleQuoted(tok);
        case 'number':
          return b.number(tok);
        case 'null':
          return b.null(tok);
        case 'missing':
          return b.errorAt(tok.startOffset);
        default:
          return b.boolean(tok, kind === 'true');
      }
    }

    private parenExpression = this.RULE('parenExpression', (): A.Expression => {
      const open = this.CONSUME(T.LParen);
      const expression = this.SUBRULE(this.expression);
      const close = this.CONSUME(T.RParen);
      return this.quiet ? NOTHING_BUILT : this.builder.paren(open, expression, close, false);
    }, this.resync(NOTHING_BUILT));

    private caseExpression = this.RULE('caseExpression', (): A.Expression => {
      const caseTok = this.CONSUME(T.Case);
      const operand = this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'operand' }));
      const whens: A.WhenClause[] = [];
      this.AT_LEAST_ONE({ DEF: () => whens.push(this.SUBRULE(this.whenClause, { LABEL: 'whens' })), ERR_MSG: 'WHEN' });
      let elseTok: IToken | undefined;
      let elseResult: A.Expression | undefined;
      this.OPTION2(() => {
        elseTok = this.CONSUME(T.Else);
        elseResult = this.SUBRULE2(this.expression, { LABEL: 'elseResult' });
      });
      const endTok = this.CONSUME(T.End);
      return this.quiet ? NOTHING_BUILT : this.builder.caseExpression(caseTok, operand, whens, elseTok, elseResult, endTok, false);
    }, this.resync(NOTHING_BUILT));

    private whenClause = this.RULE('whenClause', (): A.WhenClause => {
      const when = this.CONSUME(T.When);
      const condition = this.SUBRULE(this.expression, { LABEL: 'condition' });
      const then = this.CONSUME(T.Then);
      const result = this.SUBRULE2(this.expression, { LABEL: 'result' });
      return this.quiet ? NO_WHEN : this.builder.whenClause(when, condition, then, result, false);
    }, this.resync(NO_WHEN));

    /**
     * `INTERVAL expr unit`: the value is a whole expression, as in MySQL's grammar (`INTERVAL_SYM expr interval`), so
     * `INTERVAL 1 + 1 DAY` is two days and `INTERVAL DAYOFMONTH(d) - 1 DAY` parses. The unit, a name, ends it: no
     * expression continues with a name.
     */
    private intervalExpression = this.RULE('intervalExpression', (): A.Expression => {
      const kw = this.CONSUME(T.Interval);
      const value = this.SUBRULE(this.expression, { LABEL: 'value' });
      const unit = this.CONSUME(T.Identifier, { LABEL: 'unit' });
      if (this.quiet) return NOTHING_BUILT;
      return this.builder.interval(kw, value, unit, false);
    }, this.resync(NOTHING_BUILT));

    /** `(args) [OVER (…)] [FIXED (…)]` after a function name. */
    private callArguments = this.RULE('callArguments', (): ArgumentParts => {
      const outer = this.argumentParts;
      const parts = (this.argumentParts = newArguments(this.CONSUME(T.LParen)));
      // One OR for what follows `(`: `*`, DISTINCT and the arguments, the arguments, or nothing (`NOW()`). A call is
      // read by one decision here, not by an OPTION, an OR and an OPTION for DISTINCT.
      this.OR(
        (this.argumentAlternatives ??= [
          { ALT: () => void (this.argumentParts.star = this.CONSUME(T.Star)) },
          {
            ALT: (this.distinctArguments ??= () => {
              this.argumentParts.distinct = this.CONSUME(T.Distinct);
              this.argumentList(1);
            }),
          },
          { ALT: (this.plainArguments ??= () => this.argumentList(2)) },
          { ALT: EMPTY_ALT() },
        ]),
      );
      parts.close = this.CONSUME(T.RParen);
      // At most one OVER and one FIXED, in either order: the pair parses so that the linter can say the two may not
      // be combined; a second OVER is a syntax error.
      this.OPTION3(
        (this.clauses ??= () => {
          this.OR2(
            (this.clauseAlternatives ??= [
              {
                ALT: () => {
                  this.argumentParts.over = this.SUBRULE(this.windowSpec);
                  this.OPTION4(() => (this.argumentParts.fixed = this.SUBRULE(this.fixedSpec)));
                },
              },
              {
                ALT: () => {
                  this.argumentParts.fixed = this.SUBRULE2(this.fixedSpec);
                  this.OPTION5(() => (this.argumentParts.over = this.SUBRULE2(this.windowSpec)));
                },
              },
            ]),
          );
        }),
      );
      this.argumentParts = outer;
      return parts;
    }, this.resync(NO_ARGUMENTS));
    private argumentAlternatives: IOrAlt<void>[] | undefined;
    private distinctArguments: (() => void) | undefined;
    private plainArguments: (() => void) | undefined;
    private moreArguments: Array<() => void> = [];

    /** `expression (, expression)*` at occurrence `i` (1: after DISTINCT, 2: without): each alternative of
     * callArguments reads it with steps of its own, as Chevrotain requires of a rule's steps. */
    private argumentList(i: 1 | 2): void {
      this.argumentParts.args.push(this.subrule(2 * i - 1, this.expression, ARGS));
      this.many(
        i,
        (this.moreArguments[i] ??= () => {
          this.consume(i, T.Comma);
          this.argumentParts.args.push(this.subrule(2 * i, this.expression, ARGS));
        }),
      );
    }
    private clauses: (() => void) | undefined;
    private clauseAlternatives: IOrAlt<void>[] | undefined;

    private windowSpec = this.RULE('windowSpec', (): A.WindowSpec => {
      const over = this.CONSUME(T.Over);
      this.CONSUME(T.LParen);
      const partitionBy: A.Expression[] = [];
      const orderBy: OrderParts[] = [];
      this.OPTION(() => {
        this.CONSUME(T.Partition);
        this.CONSUME(T.By);
        partitionBy.push(this.SUBRULE(this.expression, { LABEL: 'partitionBy' }));
        this.MANY(() => {
          this.CONSUME(T.Comma);
          partitionBy.push(this.SUBRULE2(this.expression, { LABEL: 'partitionBy' }));
        });
      });
      this.OPTION2(() => {
        this.CONSUME(T.Order);
        this.CONSUME2(T.By);
        orderBy.push(this.SUBRULE(this.orderItem, { LABEL: 'orderBy' }));
        this.MANY2(() => {
          this.CONSUME2(T.Comma);
          orderBy.push(this.SUBRULE2(this.orderItem, { LABEL: 'orderBy' }));
        });
      });
      const close = this.CONSUME(T.RParen);
      if (this.quiet) return NO_WINDOW;
      const fallback = this.builder.end(over);
      const items = orderBy.map((o) => this.builder.orderItem(o.expression, o.direction, fallback));
      return this.builder.windowSpec(over, partitionBy, items, close, false);
    }, this.resync(NO_WINDOW));

    private orderItem = this.RULE('orderItem', (): OrderParts => {
      const expression = this.SUBRULE(this.expression);
      const direction = this.OPTION(() =>
        this.OR([{ ALT: () => this.CONSUME(T.Asc, { LABEL: 'direction' }) }, { ALT: () => this.CONSUME(T.Desc, { LABEL: 'direction' }) }]),
      );
      return { expression, direction };
    }, this.resync(NO_ORDER_ITEM));

    private fixedSpec = this.RULE('fixedSpec', (): A.FixedSpec => {
      const fixed = this.CONSUME(T.Fixed);
      this.CONSUME(T.LParen);
      const columns: A.Expression[] = [];
      const filterColumns: A.Expression[] = [];
      let mode: IToken | undefined;
      let filter: IToken | undefined;
      this.OPTION(() => {
        mode = this.OR([
          { ALT: () => this.CONSUME(T.By, { LABEL: 'mode' }) },
          { ALT: () => this.CONSUME(T.Add, { LABEL: 'mode' }) },
          { ALT: () => this.CONSUME(T.Remove, { LABEL: 'mode' }) },
        ]);
        columns.push(this.SUBRULE(this.expression, { LABEL: 'columns' }));
        this.MANY(() => {
          this.CONSUME(T.Comma);
          columns.push(this.SUBRULE2(this.expression, { LABEL: 'columns' }));
        });
      });
      this.OPTION2(() => {
        this.CONSUME(T.Filter);
        filter = this.OR2([
          { ALT: () => this.CONSUME(T.None, { LABEL: 'filterMode' }) },
          {
            ALT: () => {
              const allowOrDeny = this.OR3([{ ALT: () => this.CONSUME(T.Allow, { LABEL: 'filterMode' }) }, { ALT: () => this.CONSUME(T.Deny, { LABEL: 'filterMode' }) }]);
              filterColumns.push(this.SUBRULE3(this.expression, { LABEL: 'filterColumns' }));
              this.MANY2(() => {
                this.CONSUME2(T.Comma);
                filterColumns.push(this.SUBRULE4(this.expression, { LABEL: 'filterColumns' }));
              });
              return allowOrDeny;
            },
          },
        ]);
      });
      const close = this.CONSUME(T.RParen);
      if (this.quiet) return NO_FIXED;
      return this.builder.fixedSpec(fixed, mode, columns, filter, filterColumns, close, false);
    }, this.resync(NO_FIXED));
  };
}

/** The grammar with embedded actions: `formula()` returns the expression's AST. */
export class FormulaParser extends formulaGrammar(EmbeddedActionsParser, true) {}

/** The same grammar building Chevrotain's CST, which keeps what error recovery re-synchronised past (parse.ts). */
export class FormulaCstParser extends formulaGrammar(CstParser as unknown as typeof EmbeddedActionsParser, false) {
  /** The CST of the input: in this flavour Chevrotain returns its CST node from every rule, not the action's value. */
  formulaCst(): CstNode {
    return this.formula() as unknown as CstNode;
  }
}
