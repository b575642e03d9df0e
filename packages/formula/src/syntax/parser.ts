// The grammar of the formula language, a Chevrotain CstParser: grammar only, no semantic work.
// Precedence (MySQL's, lowest first: OR; AND; NOT; comparison, IN, LIKE, BETWEEN, IS; + -; * /; unary minus) is
// applied by build-ast.ts over the flat operator sequences this grammar produces.
import { CstParser, NoViableAltException, type IOrAlt, type IParserErrorMessageProvider, type ITokenGrammarPath, type CstNode, type TokenType } from 'chevrotain';
import * as T from './tokens.js';

const TERMS = { LABEL: 'terms' };
const OPERATORS = { LABEL: 'operators' };
const SUFFIXES = { LABEL: 'suffixes' };
const PREFIX = { LABEL: 'prefix' };
const NAME = { LABEL: 'name' };
const ARGS = { LABEL: 'args' };

export class FormulaParser extends CstParser {
  constructor(errorMessageProvider: IParserErrorMessageProvider, recoveryEnabled = true) {
    super(T.ALL_TOKENS as T.TokenTypeList, { recoveryEnabled, maxLookahead: 1, errorMessageProvider });
    this.performSelfAnalysis();
  }

  private readonly followsCache = new Map<string, TokenType[]>();

  /**
   * Replaces Chevrotain's own (same name, same behaviour) without computing every alternative's lookahead paths for
   * the message: our messages (messages.ts) do not use them, and computing them was the largest cost of a formula
   * with errors after recovery itself. Relies on Chevrotain 11's parser internals, pinned in package.json.
   */
  protected raiseNoAltException(_occurrence: number, errMsgTypes: string | undefined): never {
    // Chevrotain internals, not in its type declarations.
    const internals = this as unknown as {
      getCurrRuleFullName(): string;
      errorMessageProvider: IParserErrorMessageProvider;
      SAVE_ERROR(error: Error): Error;
    };
    const previous = this.LA(0);
    const message = internals.errorMessageProvider.buildNoViableAltMessage({
      expectedPathsPerAlt: [],
      actual: [this.LA(1)],
      previous,
      customUserDescription: errMsgTypes ?? '',
      ruleName: internals.getCurrRuleFullName(),
    });
    throw internals.SAVE_ERROR(new NoViableAltException(message, this.LA(1), previous));
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

  public formula = this.RULE('formula', () => {
    this.OPTION(() => this.SUBRULE(this.expression));
  });

  /**
   * An expression is a flat sequence of terms joined by binary operators and comparison-level suffixes (IN, LIKE,
   * BETWEEN, IS NULL). Precedence is applied by the AST builder: a flat grammar makes a fraction of the rule calls
   * that one rule per precedence level would, which is most of a Chevrotain parser's cost.
   */
  public expression = this.RULE('expression', () => {
    this.SUBRULE(this.term, TERMS);
    this.MANY((this.continuationLoop ??= () => {
      // Alternatives are built once and reused: a fresh array of closures per call is a large share of the cost.
      this.OR(
        (this.continuation ??= [
          {
            ALT: () => {
              this.CONSUME(T.BinaryOperator, OPERATORS);
              this.SUBRULE2(this.term, TERMS);
            },
          },
          { ALT: () => this.SUBRULE(this.predicateSuffix, SUFFIXES) },
        ]),
      );
    }));
  });
  private continuationLoop: (() => void) | undefined;
  private continuation: IOrAlt<void>[] | undefined;

  /** Operands of LIKE and BETWEEN: arithmetic only (`x BETWEEN a + 1 AND b`). */
  private arithmetic = this.RULE('arithmetic', () => {
    this.SUBRULE(this.term, { LABEL: 'terms' });
    this.MANY(() => {
      this.CONSUME(T.ArithmeticOperator, { LABEL: 'operators' });
      this.SUBRULE2(this.term, { LABEL: 'terms' });
    });
  });

  private predicateSuffix = this.RULE('predicateSuffix', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Is);
          this.OPTION(() => this.CONSUME(T.Not));
          this.CONSUME(T.Null);
        },
      },
      {
        ALT: () => {
          this.OPTION2(() => this.CONSUME2(T.Not));
          this.OR2([
            {
              ALT: () => {
                this.CONSUME(T.In);
                this.CONSUME(T.LParen);
                this.SUBRULE(this.expression, { LABEL: 'list' });
                this.MANY(() => {
                  this.CONSUME(T.Comma);
                  this.SUBRULE2(this.expression, { LABEL: 'list' });
                });
                this.CONSUME(T.RParen);
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Like);
                this.SUBRULE(this.arithmetic, { LABEL: 'pattern' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Between);
                this.SUBRULE2(this.arithmetic, { LABEL: 'low' });
                this.CONSUME(T.And);
                this.SUBRULE3(this.arithmetic, { LABEL: 'high' });
              },
            },
          ]);
        },
      },
    ]);
  });

  /** Prefix operators (NOT, unary minus and plus) and one primary. */
  private term = this.RULE('term', () => {
    this.MANY((this.prefixes ??= () => this.CONSUME(T.PrefixOperator, PREFIX)));
    this.OR({
      DEF: (this.primaries ??= [
        { ALT: () => this.SUBRULE(this.caseExpression) },
        { ALT: () => this.SUBRULE(this.parenExpression) },
        { ALT: () => this.SUBRULE(this.intervalExpression) },
        {
          // A name is a call when `(` follows, else a bare column (or a constant such as CURRENT_DATE): deciding
          // here keeps every alternative LL(1), which Chevrotain checks with one table lookup.
          ALT: () => {
            this.CONSUME(T.Identifier, NAME);
            this.OPTION(() => this.SUBRULE(this.callArguments));
          },
        },
        { ALT: () => this.CONSUME(T.ColumnName) },
        { ALT: () => this.CONSUME(T.StringLiteral) },
        { ALT: () => this.CONSUME(T.DoubleQuoted) },
        { ALT: () => this.CONSUME(T.NumberLiteral) },
        { ALT: () => this.CONSUME(T.Null) },
        { ALT: () => this.CONSUME(T.True) },
        { ALT: () => this.CONSUME(T.False) },
      ]),
      ERR_MSG: 'an expression',
    });
  });
  private primaries: IOrAlt<void>[] | undefined;
  private prefixes: (() => void) | undefined;

  private parenExpression = this.RULE('parenExpression', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RParen);
  });

  private caseExpression = this.RULE('caseExpression', () => {
    this.CONSUME(T.Case);
    this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'operand' }));
    this.AT_LEAST_ONE({ DEF: () => this.SUBRULE(this.whenClause, { LABEL: 'whens' }), ERR_MSG: 'WHEN' });
    this.OPTION2(() => {
      this.CONSUME(T.Else);
      this.SUBRULE2(this.expression, { LABEL: 'elseResult' });
    });
    this.CONSUME(T.End);
  });

  private whenClause = this.RULE('whenClause', () => {
    this.CONSUME(T.When);
    this.SUBRULE(this.expression, { LABEL: 'condition' });
    this.CONSUME(T.Then);
    this.SUBRULE2(this.expression, { LABEL: 'result' });
  });

  private intervalExpression = this.RULE('intervalExpression', () => {
    this.CONSUME(T.Interval);
    this.SUBRULE(this.term, { LABEL: 'value' });
    this.CONSUME(T.Identifier, { LABEL: 'unit' });
  });

  /** `(args) [OVER (…)] [FIXED (…)]` after a function name. */
  private argumentList: (() => void) | undefined;
  private argumentAlternatives: IOrAlt<void>[] | undefined;
  private moreArguments: (() => void) | undefined;
  private callArguments = this.RULE('callArguments', () => {
    this.CONSUME(T.LParen);
    this.OPTION(
      (this.argumentList ??= () => {
        this.OR(
          (this.argumentAlternatives ??= [
            { ALT: () => this.CONSUME(T.Star) },
            {
              ALT: () => {
                this.OPTION2(() => this.CONSUME(T.Distinct));
                this.SUBRULE(this.expression, ARGS);
                this.MANY(
                  (this.moreArguments ??= () => {
                    this.CONSUME(T.Comma);
                    this.SUBRULE2(this.expression, ARGS);
                  }),
                );
              },
            },
          ]),
        );
      }),
    );
    this.CONSUME(T.RParen);
    // At most one OVER and one FIXED, in either order: the pair parses so that the linter can say the two may not
    // be combined; a second OVER is a syntax error.
    this.OPTION3(() => {
      this.OR2([
        {
          ALT: () => {
            this.SUBRULE(this.windowSpec);
            this.OPTION4(() => this.SUBRULE(this.fixedSpec));
          },
        },
        {
          ALT: () => {
            this.SUBRULE2(this.fixedSpec);
            this.OPTION5(() => this.SUBRULE2(this.windowSpec));
          },
        },
      ]);
    });
  });

  private windowSpec = this.RULE('windowSpec', () => {
    this.CONSUME(T.Over);
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.CONSUME(T.Partition);
      this.CONSUME(T.By);
      this.SUBRULE(this.expression, { LABEL: 'partitionBy' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression, { LABEL: 'partitionBy' });
      });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Order);
      this.CONSUME2(T.By);
      this.SUBRULE(this.orderItem, { LABEL: 'orderBy' });
      this.MANY2(() => {
        this.CONSUME2(T.Comma);
        this.SUBRULE2(this.orderItem, { LABEL: 'orderBy' });
      });
    });
    this.CONSUME(T.RParen);
  });

  private orderItem = this.RULE('orderItem', () => {
    this.SUBRULE(this.expression);
    this.OPTION(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Asc, { LABEL: 'direction' }) }, { ALT: () => this.CONSUME(T.Desc, { LABEL: 'direction' }) }]);
    });
  });

  private fixedSpec = this.RULE('fixedSpec', () => {
    this.CONSUME(T.Fixed);
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.By, { LABEL: 'mode' }) },
        { ALT: () => this.CONSUME(T.Add, { LABEL: 'mode' }) },
        { ALT: () => this.CONSUME(T.Remove, { LABEL: 'mode' }) },
      ]);
      this.SUBRULE(this.expression, { LABEL: 'columns' });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression, { LABEL: 'columns' });
      });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Filter);
      this.OR2([
        { ALT: () => this.CONSUME(T.None, { LABEL: 'filterMode' }) },
        {
          ALT: () => {
            this.OR3([{ ALT: () => this.CONSUME(T.Allow, { LABEL: 'filterMode' }) }, { ALT: () => this.CONSUME(T.Deny, { LABEL: 'filterMode' }) }]);
            this.SUBRULE3(this.expression, { LABEL: 'filterColumns' });
            this.MANY2(() => {
              this.CONSUME2(T.Comma);
              this.SUBRULE4(this.expression, { LABEL: 'filterColumns' });
            });
          },
        },
      ]);
    });
    this.CONSUME(T.RParen);
  });
}

export type { CstNode };
