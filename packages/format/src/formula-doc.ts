// The formula layer: builds the layout document of a parsed formula from its AST. Tokens are printed from the token
// stream (TokenCursor) in source order, so comments and the exact text of literals and columns come along unchanged.
//
// Layout: one space around binary operators and after commas, none inside parentheses or before a call's `(`;
// a chain of AND, OR, + - or * / breaks before each operator, indented (not indented directly inside parentheses);
// a comparison stays on one line; argument lists break one argument per line; a CASE puts each WHEN and ELSE on its
// own line when it has more than one WHEN or does not fit; a WHEN that does not fit puts THEN on its own line.
// Comments are moved out of the groups they start or end (leading before, trailing after), so that a comment only
// breaks the lines it has to.
import type * as A from '@calckit/formula';
import { fill, group, indent, join, line, softline, type Doc } from './doc.js';
import type { AttachedComments } from './comments.js';
import { applyCase, type ResolvedFormatOptions } from './options.js';
import { TokenCursor, danglingComments, leadingComments, tokenDoc, trailingComments, FormatInvariantError } from './token-cursor.js';

/** Binary operators by precedence level: operands of one level chain together (`a + b - c`). */
const PRECEDENCE: Record<A.BinaryOperator, number> = {
  OR: 1,
  AND: 2,
  '=': 3,
  '!=': 3,
  '<>': 3,
  '<': 3,
  '>': 3,
  '<=': 3,
  '>=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
};

/** Operators spelled as words: printed in the keyword case. */
const WORD_OPERATORS: ReadonlySet<string> = new Set(['AND', 'OR']);

/** The comparison level: `a = b` is printed on one line, breaking inside its operands if need be. */
const COMPARISON_LEVEL = 3;

export class FormulaDocBuilder {
  private readonly cursor: TokenCursor;

  constructor(
    private readonly attached: AttachedComments,
    private readonly options: ResolvedFormatOptions,
  ) {
    this.cursor = new TokenCursor(attached.slots);
  }

  /** The whole formula: its expression, then the comments after it. Every token must be printed exactly once. */
  formula(formula: A.Formula): Doc {
    const body = formula.expression ? this.expression(formula.expression) : '';
    if (!this.cursor.done) throw new FormatInvariantError(`token '${this.cursor.peek()!.token.image}' was not printed`);
    return [body, danglingComments(this.attached.dangling)];
  }

  // Tokens ------------------------------------------------------------------------------------------------------

  private keyword(word: string): Doc {
    const slot = this.cursor.takeWord(word);
    return tokenDoc(slot, applyCase(slot.token.image, this.options.keywordCase));
  }

  private punct(p: string): Doc {
    return tokenDoc(this.cursor.takeWord(p), p);
  }

  /** A token printed exactly as written (literals, columns, symbol operators). */
  private verbatimAt(offset: number, what: string): Doc {
    const slot = this.cursor.takeAt(offset, what);
    return tokenDoc(slot, slot.token.image);
  }

  private functionName(offset: number): Doc {
    const slot = this.cursor.takeAt(offset, 'a function name');
    return tokenDoc(slot, applyCase(slot.token.image, this.options.functionCase));
  }

  // Expressions -------------------------------------------------------------------------------------------------

  /**
   * An expression with the comments that start and end it moved outside its groups. `chainIndent` false prints
   * an operator chain without indenting its continuation lines (inside parentheses, the lines are already indented).
   */
  expression(e: A.Expression, chainIndent = true): Doc {
    const leading = this.hoistLeading(e.range.start.offset);
    const trailing = this.hoistTrailing(e.range.end.offset);
    const body = this.expressionBody(e, chainIndent);
    return leading.length === 0 && trailing.length === 0 ? body : [leading, body, trailing];
  }

  /** Takes the comments before the next token (when it starts at `offset`) off it, to print them first. */
  private hoistLeading(offset?: number): Doc[] {
    const slot = this.cursor.peek();
    if (!slot || slot.leading.length === 0 || (offset !== undefined && slot.token.startOffset !== offset)) return [];
    return leadingComments(slot.leading.splice(0));
  }

  /** Takes the comments after the token ending at `offset` off it, to print them after the enclosing group. */
  private hoistTrailing(offset: number): Doc[] {
    const slot = this.cursor.endingAt(offset);
    if (!slot || slot.trailing.length === 0) return [];
    return trailingComments(slot.trailing.splice(0));
  }

  private expressionBody(e: A.Expression, chainIndent: boolean): Doc {
    switch (e.kind) {
      case 'Column':
      case 'String':
      case 'DoubleQuoted':
      case 'Number':
        return this.verbatimAt(e.range.start.offset, e.kind);
      case 'Boolean':
      case 'Null':
        return this.keyword(e.raw.toUpperCase());
      case 'Unary':
        return this.unary(e);
      case 'Binary':
        return this.binary(e, chainIndent);
      case 'Paren':
        return this.paren(e);
      case 'Case':
        return this.caseExpression(e);
      case 'Call':
        return this.call(e);
      case 'Interval':
        return this.interval(e);
      case 'In':
        return this.inExpression(e);
      case 'Like':
        return this.like(e);
      case 'Between':
        return this.between(e);
      case 'IsNull':
        return this.isNull(e);
      case 'NestedCalculation':
        return this.nested(e);
      case 'Error':
        throw new FormatInvariantError('an Error node in a formula without syntax errors');
    }
  }

  private unary(e: A.UnaryExpression): Doc {
    if (e.operator === 'NOT') return [this.keyword('NOT'), ' ', this.expression(e.operand)];
    const op = this.verbatimAt(e.operatorRange.start.offset, `'${e.operator}'`);
    // `-` before another `-` (or before a comment) needs a space: `--` would start a line comment.
    const next = this.cursor.peek();
    const space = next !== undefined && (next.leading.length > 0 || (e.operator === '-' && next.token.image.startsWith('-')));
    return [op, space ? ' ' : '', this.expression(e.operand)];
  }

  /** A chain of operators of one precedence level, `a + b - c`, breaking before each operator. */
  private binary(e: A.BinaryExpression, chainIndent: boolean): Doc {
    const level = PRECEDENCE[e.operator];
    const chain: A.BinaryExpression[] = [];
    let first: A.Expression = e;
    while (first.kind === 'Binary' && PRECEDENCE[first.operator] === level) {
      chain.unshift(first);
      first = first.left;
    }
    const head = this.expression(first);
    const rest: Doc[] = [];
    for (const b of chain) {
      const op = WORD_OPERATORS.has(b.operator)
        ? this.keyword(b.operator)
        : this.verbatimAt(b.operatorRange.start.offset, `'${b.operator}'`);
      // Own-line comments before the right operand go before the operator, which starts the line.
      const next = this.cursor.peek();
      const moved = next && next.leading[0]?.newlineBefore ? leadingComments(next.leading.splice(0)) : [];
      const right = this.expression(b.right);
      rest.push(level === COMPARISON_LEVEL ? [' ', moved, op, ' ', right] : [line, moved, op, ' ', right]);
    }
    if (level === COMPARISON_LEVEL) return [head, rest];
    return group([head, chainIndent ? indent(rest) : rest]);
  }

  private paren(e: A.ParenExpression): Doc {
    const open = this.punct('(');
    const inner = this.expression(e.expression, false);
    return group([open, indent([softline, inner]), softline, this.punct(')')]);
  }

  /** `( a, b, c )`: a list that breaks one item per line. `head` is printed just after `(` (DISTINCT). */
  private list(items: readonly A.Expression[], print: (item: A.Expression) => Doc = (i) => this.expression(i), printHead: () => Doc = () => ''): Doc {
    const open = this.punct('(');
    const head = printHead();
    const docs: Doc[] = [];
    items.forEach((item, i) => {
      if (i > 0) docs.push(this.punct(','), line);
      docs.push(print(item));
    });
    const close = this.punct(')');
    if (items.length === 0 && head === '') return [open, close];
    return group([open, indent([softline, head, docs]), softline, close]);
  }

  /** `(v1, v2, …)` of IN without comments: when it breaks, as many values per line as fit (codes read like a paragraph). */
  private valueList(items: readonly A.Expression[]): Doc {
    const open = this.punct('(');
    const parts: Doc[] = [];
    items.forEach((item, i) => {
      if (i > 0) parts.push(line);
      parts.push(i < items.length - 1 ? [this.expression(item), this.punct(',')] : this.expression(item));
    });
    const close = this.punct(')');
    return group([open, indent([softline, fill(parts)]), softline, close]);
  }

  /** Items separated by commas without brackets (PARTITION BY a, b). */
  private commaSeparated<T>(items: readonly T[], print: (item: T) => Doc): Doc[] {
    const docs: Doc[] = [];
    items.forEach((item, i) => {
      if (i > 0) docs.push(this.punct(','), line);
      docs.push(print(item));
    });
    return docs;
  }

  private caseExpression(e: A.CaseExpression): Doc {
    const head: Doc[] = [this.keyword('CASE')];
    if (e.operand) head.push(' ', this.expression(e.operand));
    const body: Doc[] = [];
    for (const w of e.whens) {
      const leading = this.hoistLeading();
      const trailing = this.hoistTrailing(w.range.end.offset);
      const when = this.keyword('WHEN');
      const condition = this.expression(w.condition);
      const then = this.keyword('THEN');
      const result = this.expression(w.result);
      body.push(line, leading, group([when, ' ', condition, line, then, ' ', result]), trailing);
    }
    if (e.elseResult) {
      const leading = this.hoistLeading();
      const trailing = this.hoistTrailing(e.elseResult.range.end.offset);
      const kw = this.keyword('ELSE');
      body.push(line, leading, group([kw, ' ', this.expression(e.elseResult)]), trailing);
    }
    const endLeading = this.hoistLeading();
    const end = this.keyword('END');
    return group([head, indent(body), line, endLeading, end], { shouldBreak: e.whens.length > 1 });
  }

  private call(e: A.CallExpression): Doc {
    const name = this.functionName(e.nameRange.start.offset);
    if (!e.parens) return name;
    // A comment after the argument list's `)` must not break the list when OVER or FIXED follows on that line.
    const argsTrailing = (e.over || e.fixed) && e.argsRange ? this.hoistTrailing(e.argsRange.end.offset) : [];
    let args: Doc;
    if (e.star) {
      args = [this.punct('('), this.punct('*'), this.punct(')')];
    } else {
      args = this.list(e.args, undefined, () => (e.distinct ? [this.keyword('DISTINCT'), ' '] : ''));
    }
    const suffixes: Array<{ at: number; print: () => Doc }> = [];
    if (e.over) {
      const over = e.over;
      suffixes.push({ at: over.range.start.offset, print: () => this.window(over) });
    }
    if (e.fixed) {
      const fixed = e.fixed;
      suffixes.push({ at: fixed.range.start.offset, print: () => this.fixedSpec(fixed) });
    }
    suffixes.sort((a, b) => a.at - b.at);
    return [name, args, argsTrailing, suffixes.map((s) => [' ', s.print()])];
  }

  /** OVER (PARTITION BY … ORDER BY …). */
  private window(w: A.WindowSpec): Doc {
    const over = this.keyword('OVER');
    const open = this.punct('(');
    const clauses: Doc[] = [];
    if (w.partitionBy.length > 0) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('PARTITION'), ' ', this.keyword('BY')];
      clauses.push([leading, group([kw, ' ', indent(this.commaSeparated(w.partitionBy, (x) => this.expression(x)))])]);
    }
    if (w.orderBy.length > 0) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('ORDER'), ' ', this.keyword('BY')];
      const items = this.commaSeparated(w.orderBy, (item) => {
        const expr = this.expression(item.expression);
        return item.direction ? [expr, ' ', this.keyword(item.direction)] : expr;
      });
      clauses.push([leading, group([kw, ' ', indent(items)])]);
    }
    const close = this.punct(')');
    if (clauses.length === 0) return [over, ' ', open, close];
    return [over, ' ', group([open, indent([softline, join(line, clauses)]), softline, close])];
  }

  /** FIXED (BY|ADD|REMOVE cols FILTER NONE|ALLOW cols|DENY cols). */
  private fixedSpec(f: A.FixedSpec): Doc {
    const fixed = this.keyword('FIXED');
    const open = this.punct('(');
    const clauses: Doc[] = [];
    if (f.mode) {
      const leading = this.hoistLeading();
      const kw = this.keyword(f.mode);
      clauses.push([leading, group([kw, ' ', indent(this.commaSeparated(f.columns, (x) => this.expression(x)))])]);
    }
    if (f.filter) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('FILTER'), ' ', this.keyword(f.filter)];
      const columns = f.filterColumns.length > 0 ? [' ', indent(this.commaSeparated(f.filterColumns, (x) => this.expression(x)))] : [];
      clauses.push([leading, group([kw, columns])]);
    }
    const close = this.punct(')');
    if (clauses.length === 0) return [fixed, ' ', open, close];
    return [fixed, ' ', group([open, indent([softline, join(line, clauses)]), softline, close])];
  }

  private interval(e: A.IntervalExpression): Doc {
    const kw = this.keyword('INTERVAL');
    const value = this.expression(e.value);
    const unitSlot = this.cursor.takeAt(e.unitRange!.start.offset, 'an interval unit');
    return [kw, ' ', value, ' ', tokenDoc(unitSlot, applyCase(unitSlot.token.image, this.options.keywordCase))];
  }

  private not(negated: boolean): Doc {
    return negated ? [this.keyword('NOT'), ' '] : '';
  }

  private inExpression(e: A.InExpression): Doc {
    const expr = this.expression(e.expression);
    const not = this.not(e.not);
    const kw = this.keyword('IN');
    // Filling lines with values is kept for lists without comments: a comment inside a list gets the plain
    // one-per-line layout, whose line breaks do not depend on where the comment falls.
    const list = this.cursor.hasCommentsUntil(e.range.end.offset) ? this.list(e.list) : this.valueList(e.list);
    return [expr, ' ', not, kw, ' ', list];
  }

  private like(e: A.LikeExpression): Doc {
    const expr = this.expression(e.expression);
    const op = [this.not(e.not), this.keyword('LIKE')];
    return [expr, ' ', op, ' ', this.expression(e.pattern)];
  }

  private between(e: A.BetweenExpression): Doc {
    const expr = this.expression(e.expression);
    const op = [this.not(e.not), this.keyword('BETWEEN')];
    const low = this.expression(e.low);
    const and = this.keyword('AND');
    const high = this.expression(e.high);
    return [expr, ' ', op, ' ', low, ' ', and, ' ', high];
  }

  private isNull(e: A.IsNullExpression): Doc {
    const expr = this.expression(e.expression);
    const is = this.keyword('IS');
    return [expr, ' ', is, ' ', this.not(e.not), this.keyword('NULL')];
  }

  private nested(e: A.NestedCalculation): Doc {
    const name = this.functionName(e.nameRange.start.offset);
    const open = this.punct('(');
    const id = this.take((t) => t.tokenType.name === 'NumberLiteral', 'a calculation id');
    return [name, open, id, this.punct(')')];
  }

  private take(accept: Parameters<TokenCursor['take']>[0], what: string): Doc {
    const slot = this.cursor.take(accept, what);
    return tokenDoc(slot, slot.token.image);
  }
}

/** Builds the layout document of a parsed formula (which must have no syntax errors). */
export function formulaDoc(formula: A.Formula, attached: AttachedComments, options: ResolvedFormatOptions): Doc {
  return new FormulaDocBuilder(attached, options).formula(formula);
}
