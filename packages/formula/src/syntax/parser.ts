// The grammar of the formula language, a Chevrotain CstParser: grammar only, no semantic work.
// Precedence follows MySQL, lowest first: OR; AND; NOT; comparison, IN, LIKE, BETWEEN, IS; + -; * /; unary minus.
import { CstParser, type IParserErrorMessageProvider, type CstNode } from 'chevrotain';
import * as T from './tokens.js';

export class FormulaParser extends CstParser {
  constructor(errorMessageProvider: IParserErrorMessageProvider) {
    super(T.ALL_TOKENS as T.TokenTypeList, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider });
    this.performSelfAnalysis();
  }

  public formula = this.RULE('formula', () => {
    this.OPTION(() => this.SUBRULE(this.expression));
  });

  public expression = this.RULE('expression', () => {
    this.SUBRULE(this.orExpression);
  });

  private orExpression = this.RULE('orExpression', () => {
    this.SUBRULE(this.andExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(T.Or, { LABEL: 'operators' });
      this.SUBRULE2(this.andExpression, { LABEL: 'operands' });
    });
  });

  private andExpression = this.RULE('andExpression', () => {
    this.SUBRULE(this.notExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(T.And, { LABEL: 'operators' });
      this.SUBRULE2(this.notExpression, { LABEL: 'operands' });
    });
  });

  private notExpression = this.RULE('notExpression', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Not);
          this.SUBRULE(this.notExpression, { LABEL: 'operand' });
        },
      },
      { ALT: () => this.SUBRULE(this.predicate, { LABEL: 'predicate' }) },
    ]);
  });

  /** An additive expression followed by any number of comparison-level suffixes, applied left to right. */
  private predicate = this.RULE('predicate', () => {
    this.SUBRULE(this.additiveExpression, { LABEL: 'operand' });
    this.MANY(() => this.SUBRULE(this.predicateSuffix, { LABEL: 'suffixes' }));
  });

  private predicateSuffix = this.RULE('predicateSuffix', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(T.Equal, { LABEL: 'comparison' }) },
            { ALT: () => this.CONSUME(T.NotEqual, { LABEL: 'comparison' }) },
            { ALT: () => this.CONSUME(T.Less, { LABEL: 'comparison' }) },
            { ALT: () => this.CONSUME(T.LessEqual, { LABEL: 'comparison' }) },
            { ALT: () => this.CONSUME(T.Greater, { LABEL: 'comparison' }) },
            { ALT: () => this.CONSUME(T.GreaterEqual, { LABEL: 'comparison' }) },
          ]);
          this.SUBRULE(this.additiveExpression, { LABEL: 'right' });
        },
      },
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
          this.OR3([
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
                this.SUBRULE2(this.additiveExpression, { LABEL: 'pattern' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Between);
                this.SUBRULE3(this.additiveExpression, { LABEL: 'low' });
                this.CONSUME(T.And);
                this.SUBRULE4(this.additiveExpression, { LABEL: 'high' });
              },
            },
          ]);
        },
      },
    ]);
  });

  private additiveExpression = this.RULE('additiveExpression', () => {
    this.SUBRULE(this.multiplicativeExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: 'operators' }) },
      ]);
      this.SUBRULE2(this.multiplicativeExpression, { LABEL: 'operands' });
    });
  });

  private multiplicativeExpression = this.RULE('multiplicativeExpression', () => {
    this.SUBRULE(this.unaryExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(T.Slash, { LABEL: 'operators' }) },
      ]);
      this.SUBRULE2(this.unaryExpression, { LABEL: 'operands' });
    });
  });

  private unaryExpression = this.RULE('unaryExpression', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(T.Minus, { LABEL: 'operator' }) },
            { ALT: () => this.CONSUME(T.Plus, { LABEL: 'operator' }) },
          ]);
          this.SUBRULE(this.unaryExpression, { LABEL: 'operand' });
        },
      },
      { ALT: () => this.SUBRULE(this.primary, { LABEL: 'primary' }) },
    ]);
  });

  private primary = this.RULE('primary', () => {
    this.OR({
      DEF: [
        { ALT: () => this.SUBRULE(this.caseExpression) },
        { ALT: () => this.SUBRULE(this.parenExpression) },
        { ALT: () => this.SUBRULE(this.intervalExpression) },
        { ALT: () => this.SUBRULE(this.functionCall) },
        { ALT: () => this.CONSUME(T.Identifier, { LABEL: 'bareColumn' }) },
        { ALT: () => this.CONSUME(T.ColumnName) },
        { ALT: () => this.CONSUME(T.StringLiteral) },
        { ALT: () => this.CONSUME(T.DoubleQuoted) },
        { ALT: () => this.CONSUME(T.NumberLiteral) },
        { ALT: () => this.CONSUME(T.Null) },
        { ALT: () => this.CONSUME(T.True) },
        { ALT: () => this.CONSUME(T.False) },
      ],
      ERR_MSG: 'an expression',
    });
  });

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
    this.SUBRULE(this.unaryExpression, { LABEL: 'value' });
    this.CONSUME(T.Identifier, { LABEL: 'unit' });
  });

  private functionCall = this.RULE('functionCall', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star) },
        {
          ALT: () => {
            this.OPTION2(() => this.CONSUME(T.Distinct));
            this.SUBRULE(this.expression, { LABEL: 'args' });
            this.MANY(() => {
              this.CONSUME(T.Comma);
              this.SUBRULE2(this.expression, { LABEL: 'args' });
            });
          },
        },
      ]);
    });
    this.CONSUME(T.RParen);
    this.OPTION3(() => this.SUBRULE(this.windowSpec));
    this.OPTION4(() => this.SUBRULE(this.fixedSpec));
    // OVER after FIXED parses too, so that the linter can say the two may not be combined.
    this.OPTION5(() => this.SUBRULE2(this.windowSpec));
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
