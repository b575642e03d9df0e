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
import { BINARY_PRECEDENCE, PRECEDENCE, wouldStartComment } from '@calckit/formula';
import { fill, group, indent, join, line, softline, type Doc } from './doc.js';
import type { AttachedComments } from './comments.js';
import { applyCase, type ResolvedFormatOptions } from './options.js';
import { TokenCursor, danglingComments, leadingComments, tokenDoc, trailingComments, FormatInvariantError } from './token-cursor.js';


/** Operators spelled as words: printed in the keyword case. */
const WORD_OPERATORS: ReadonlySet<string> = new Set(['AND', 'OR']);

/** The comparison level: `a = b` is printed on one line, breaking inside its operands if need be. */
const COMPARISON_LEVEL = PRECEDENCE.COMPARISON;

/** A request for the document of a sub-expression, answered by `FormulaDocBuilder.expression`. */
interface SubExpression {
  readonly e: A.Expression;
  readonly chainIndent: boolean;
}
/** A builder step: yields sub-expression requests, receives their documents, returns its own. */
type Build<T = Doc> = Generator<SubExpression, T, Doc>;
const isBuild = (x: Doc | Build): x is Build => typeof (x as Build).next === 'function';

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
  //
  // The builders of expressions are generators: where one needs the document of a sub-expression it yields the
  // request (`yield this.req(x)`), and `expression` answers it from an explicit stack. A formula is a tree as deep
  // as its flattest text allows (`a IN (1) + b IN (2) + …`, `- - - … 1`, `x = NOT y = NOT z …` nest without
  // parentheses), so building its document must not recurse per level.

  /**
   * An expression with the comments that start and end it moved outside its groups. `chainIndent` false prints
   * an operator chain without indenting its continuation lines (inside parentheses, the lines are already indented).
   */
  expression(e: A.Expression, chainIndent = true): Doc {
    const first = this.start(e, chainIndent);
    if (!isBuild(first)) return first;
    const stack: Build[] = [first];
    let answer: Doc = '';
    while (stack.length > 0) {
      const step = stack[stack.length - 1]!.next(answer);
      if (step.done) {
        stack.pop();
        answer = step.value;
        continue;
      }
      const next = this.start(step.value.e, step.value.chainIndent);
      if (isBuild(next)) stack.push(next);
      else answer = next;
    }
    return answer;
  }

  /** The document of a leaf at once (most nodes are leaves: no generator for them), or the step that builds it. */
  private start(e: A.Expression, chainIndent: boolean): Doc | Build {
    switch (e.kind) {
      case 'Column':
      case 'String':
      case 'DoubleQuoted':
      case 'Number':
      case 'Boolean':
      case 'Null':
      case 'NestedCalculation': {
        const leading = this.hoistLeading(e.range.start.offset);
        const trailing = this.hoistTrailing(e.range.end.offset);
        const body = e.kind === 'NestedCalculation' ? this.nested(e) : e.kind === 'Boolean' || e.kind === 'Null' ? this.keyword(e.raw.toUpperCase()) : this.verbatimAt(e.range.start.offset, e.kind);
        return leading.length === 0 && trailing.length === 0 ? body : [leading, body, trailing];
      }
      default:
        return this.expressionWithComments(e, chainIndent);
    }
  }

  /** A request for the document of a sub-expression (`yield this.req(x)` gives it), answered by `expression`'s loop
   * rather than by a nested call. */
  private req(e: A.Expression, chainIndent = true): SubExpression {
    return { e, chainIndent };
  }

  /** One sub-expression as a step of its own (for the item printers of commaSeparated). */
  private *sub(e: A.Expression): Build {
    return yield this.req(e);
  }

  private *expressionWithComments(e: A.Expression, chainIndent: boolean): Build {
    const leading = this.hoistLeading(e.range.start.offset);
    const trailing = this.hoistTrailing(e.range.end.offset);
    const body = yield* this.expressionBody(e, chainIndent);
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

  private *expressionBody(e: A.Expression, chainIndent: boolean): Build {
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
        return yield* this.unary(e);
      case 'Binary':
        return yield* this.binary(e, chainIndent);
      case 'Paren':
        return yield* this.paren(e);
      case 'Case':
        return yield* this.caseExpression(e);
      case 'Call':
        return yield* this.call(e);
      case 'Interval':
        return yield* this.interval(e);
      case 'In':
        return yield* this.inExpression(e);
      case 'Like':
        return yield* this.like(e);
      case 'Between':
        return yield* this.between(e);
      case 'IsNull':
        return yield* this.isNull(e);
      case 'IsTruth':
        return yield* this.isTruth(e);
      case 'NestedCalculation':
        return this.nested(e);
      case 'Error':
        throw new FormatInvariantError('an Error node in a formula without syntax errors');
    }
  }

  private *unary(e: A.UnaryExpression): Build {
    if (e.operator === 'NOT') {
      const not = this.keyword('NOT');
      return [not, ' ', yield this.req(e.operand)];
    }
    const op = this.verbatimAt(e.operatorRange.start.offset, `'${e.operator}'`);
    // A sign before a comment, or `-` before another `-` (`--` would start a line comment), needs a space.
    const next = this.cursor.peek();
    const space = next !== undefined && (next.leading.length > 0 || wouldStartComment(e.operator, next.token.image));
    return [op, space ? ' ' : '', yield this.req(e.operand)];
  }

  /** A chain of operators of one precedence level, `a + b - c`, breaking before each operator. */
  private *binary(e: A.BinaryExpression, chainIndent: boolean): Build {
    const level = BINARY_PRECEDENCE[e.operator];
    const chain: A.BinaryExpression[] = [];
    let first: A.Expression = e;
    while (first.kind === 'Binary' && BINARY_PRECEDENCE[first.operator] === level) {
      chain.push(first);
      first = first.left;
    }
    chain.reverse();
    const head = yield this.req(first);
    const rest: Doc[] = [];
    for (const b of chain) {
      const op = WORD_OPERATORS.has(b.operator)
        ? this.keyword(b.operator)
        : this.verbatimAt(b.operatorRange.start.offset, `'${b.operator}'`);
      // Own-line comments before the right operand go before the operator, which starts the line.
      const next = this.cursor.peek();
      const moved = next && next.leading[0]?.newlineBefore ? leadingComments(next.leading.splice(0)) : [];
      const right = yield this.req(b.right);
      rest.push(level === COMPARISON_LEVEL ? [' ', moved, op, ' ', right] : [line, moved, op, ' ', right]);
    }
    if (level === COMPARISON_LEVEL) return [head, rest];
    return group([head, chainIndent ? indent(rest) : rest]);
  }

  private *paren(e: A.ParenExpression): Build {
    const open = this.punct('(');
    const inner = yield this.req(e.expression, false);
    return group([open, indent([softline, inner]), softline, this.punct(')')]);
  }

  /** `( a, b, c )`: a list that breaks one item per line. `head` is printed just after `(` (DISTINCT). */
  private *list(items: readonly A.Expression[], printHead: () => Doc = () => ''): Build {
    const open = this.punct('(');
    const head = printHead();
    const docs: Doc[] = [];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) docs.push(this.punct(','), line);
      docs.push(yield this.req(items[i]!));
    }
    const close = this.punct(')');
    if (items.length === 0 && head === '') return [open, close];
    return group([open, indent([softline, head, docs]), softline, close]);
  }

  /** `(v1, v2, …)` of IN without comments: when it breaks, as many values per line as fit (codes read like a paragraph). */
  private *valueList(items: readonly A.Expression[]): Build {
    const open = this.punct('(');
    const parts: Doc[] = [];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) parts.push(line);
      const value = yield this.req(items[i]!);
      parts.push(i < items.length - 1 ? [value, this.punct(',')] : value);
    }
    const close = this.punct(')');
    return group([open, indent([softline, fill(parts)]), softline, close]);
  }

  /** Items separated by commas without brackets (PARTITION BY a, b). */
  private *commaSeparated<T>(items: readonly T[], print: (item: T) => Build): Build<Doc[]> {
    const docs: Doc[] = [];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) docs.push(this.punct(','), line);
      docs.push(yield* print(items[i]!));
    }
    return docs;
  }

  private *caseExpression(e: A.CaseExpression): Build {
    const head: Doc[] = [this.keyword('CASE')];
    if (e.operand) head.push(' ', yield this.req(e.operand));
    const body: Doc[] = [];
    for (const w of e.whens) {
      const leading = this.hoistLeading();
      const trailing = this.hoistTrailing(w.range.end.offset);
      const when = this.keyword('WHEN');
      const condition = yield this.req(w.condition);
      const then = this.keyword('THEN');
      const result = yield this.req(w.result);
      body.push(line, leading, group([when, ' ', condition, line, then, ' ', result]), trailing);
    }
    if (e.elseResult) {
      const leading = this.hoistLeading();
      const trailing = this.hoistTrailing(e.elseResult.range.end.offset);
      const kw = this.keyword('ELSE');
      body.push(line, leading, group([kw, ' ', yield this.req(e.elseResult)]), trailing);
    }
    const endLeading = this.hoistLeading();
    const end = this.keyword('END');
    return group([head, indent(body), line, endLeading, end], { shouldBreak: e.whens.length > 1 });
  }

  private *call(e: A.CallExpression): Build {
    const name = this.functionName(e.nameRange.start.offset);
    if (!e.parens) return name;
    // A comment after the argument list's `)` must not break the list when OVER or FIXED follows on that line.
    const argsTrailing = (e.over || e.fixed) && e.argsRange ? this.hoistTrailing(e.argsRange.end.offset) : [];
    let args: Doc;
    if (e.star) {
      args = [this.punct('('), this.punct('*'), this.punct(')')];
    } else {
      args = yield* this.list(e.args, () => (e.distinct ? [this.keyword('DISTINCT'), ' '] : ''));
    }
    const suffixes: Array<{ at: number; print: () => Build }> = [];
    if (e.over) {
      const over = e.over;
      suffixes.push({ at: over.range.start.offset, print: () => this.window(over) });
    }
    if (e.fixed) {
      const fixed = e.fixed;
      suffixes.push({ at: fixed.range.start.offset, print: () => this.fixedSpec(fixed) });
    }
    suffixes.sort((a, b) => a.at - b.at);
    const printed: Doc[] = [];
    for (const s of suffixes) printed.push([' ', yield* s.print()]);
    return [name, args, argsTrailing, printed];
  }

  private *orderItem(item: A.OrderItem): Build {
    const expr = yield this.req(item.expression);
    return item.direction ? [expr, ' ', this.keyword(item.direction)] : expr;
  }

  /** OVER (PARTITION BY … ORDER BY …). */
  private *window(w: A.WindowSpec): Build {
    const over = this.keyword('OVER');
    const open = this.punct('(');
    const clauses: Doc[] = [];
    if (w.partitionBy.length > 0) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('PARTITION'), ' ', this.keyword('BY')];
      clauses.push([leading, group([kw, ' ', indent(yield* this.commaSeparated(w.partitionBy, (x) => this.sub(x)))])]);
    }
    if (w.orderBy.length > 0) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('ORDER'), ' ', this.keyword('BY')];
      const items = yield* this.commaSeparated(w.orderBy, (item) => this.orderItem(item));
      clauses.push([leading, group([kw, ' ', indent(items)])]);
    }
    const close = this.punct(')');
    if (clauses.length === 0) return [over, ' ', open, close];
    return [over, ' ', group([open, indent([softline, join(line, clauses)]), softline, close])];
  }

  /** FIXED (BY|ADD|REMOVE cols FILTER NONE|ALLOW cols|DENY cols). */
  private *fixedSpec(f: A.FixedSpec): Build {
    const fixed = this.keyword('FIXED');
    const open = this.punct('(');
    const clauses: Doc[] = [];
    if (f.mode) {
      const leading = this.hoistLeading();
      const kw = this.keyword(f.mode);
      clauses.push([leading, group([kw, ' ', indent(yield* this.commaSeparated(f.columns, (x) => this.sub(x)))])]);
    }
    if (f.filter) {
      const leading = this.hoistLeading();
      const kw = [this.keyword('FILTER'), ' ', this.keyword(f.filter)];
      const columns = f.filterColumns.length > 0 ? [' ', indent(yield* this.commaSeparated(f.filterColumns, (x) => this.sub(x)))] : [];
      clauses.push([leading, group([kw, columns])]);
    }
    const close = this.punct(')');
    if (clauses.length === 0) return [fixed, ' ', open, close];
    return [fixed, ' ', group([open, indent([softline, join(line, clauses)]), softline, close])];
  }

  private *interval(e: A.IntervalExpression): Build {
    const kw = this.keyword('INTERVAL');
    const value = yield this.req(e.value);
    const unitSlot = this.cursor.takeAt(e.unitRange!.start.offset, 'an interval unit');
    return [kw, ' ', value, ' ', tokenDoc(unitSlot, applyCase(unitSlot.token.image, this.options.keywordCase))];
  }

  private not(negated: boolean): Doc {
    return negated ? [this.keyword('NOT'), ' '] : '';
  }

  private *inExpression(e: A.InExpression): Build {
    const expr = yield this.req(e.expression);
    const not = this.not(e.not);
    const kw = this.keyword('IN');
    // Filling lines with values is kept for lists without comments: a comment inside a list gets the plain
    // one-per-line layout, whose line breaks do not depend on where the comment falls.
    const list = this.cursor.hasCommentsUntil(e.range.end.offset) ? yield* this.list(e.list) : yield* this.valueList(e.list);
    return [expr, ' ', not, kw, ' ', list];
  }

  private *like(e: A.LikeExpression): Build {
    const expr = yield this.req(e.expression);
    const op = [this.not(e.not), this.keyword('LIKE')];
    return [expr, ' ', op, ' ', yield this.req(e.pattern)];
  }

  private *between(e: A.BetweenExpression): Build {
    const expr = yield this.req(e.expression);
    const op = [this.not(e.not), this.keyword('BETWEEN')];
    const low = yield this.req(e.low);
    const and = this.keyword('AND');
    const high = yield this.req(e.high);
    return [expr, ' ', op, ' ', low, ' ', and, ' ', high];
  }

  private *isNull(e: A.IsNullExpression): Build {
    const expr = yield this.req(e.expression);
    const is = this.keyword('IS');
    return [expr, ' ', is, ' ', this.not(e.not), this.keyword('NULL')];
  }

  private *isTruth(e: A.IsTruthExpression): Build {
    const expr = yield this.req(e.expression);
    const is = this.keyword('IS');
    return [expr, ' ', is, ' ', this.not(e.not), this.keyword(e.value ? 'TRUE' : 'FALSE')];
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
