// AST construction, shared by the two ways a tree is built: the grammar's embedded actions (parser.ts, every formula
// without a re-synchronisation) and the CST visitor below (formulas whose recovery dropped parts, read from
// Chevrotain's partial CST). Both hand the same parts (tokens and child nodes) to the same node makers, so the ranges
// and `recovered` flags are one set of rules.
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type * as A from './ast.js';
import { bareAllowedFunction } from '../catalogue/index.js';
import { NO_LINES, type LineIndex } from './positions.js';
import { tokenText, upperCased, upperTokenText } from './tokens.js';
import { unescapeQuoted } from './string-escapes.js';
import { BINARY_PRECEDENCE, PRECEDENCE } from './operators.js';

type Children = Record<string, CstElement[] | undefined>;

const NESTED_CALCULATION = /^(.+)_BEAST_MODE$/i;
/** Whether a number's text is digits only (an integer): a loop, cheaper than a regular expression on a few characters. */
function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return text.length > 0;
}
const PRIMARY_KEYS = ['name', 'ColumnName', 'StringLiteral', 'NumberLiteral', 'parenExpression', 'caseExpression', 'DoubleQuoted', 'NULL', 'intervalExpression', 'TRUE', 'FALSE'];

function isToken(e: CstElement | { range: A.Range } | undefined): e is IToken {
  return !!e && (e as IToken).image !== undefined;
}
export function isRealToken(t: IToken | undefined): t is IToken {
  return !!t && !t.isInsertedInRecovery && !Number.isNaN(t.startOffset);
}
const realOrUndefined = (t: IToken | undefined): IToken | undefined => (isRealToken(t) ? t : undefined);
const NO_TOKENS: IToken[] = [];
const NO_NODES: CstNode[] = [];
function tokensOf(children: Children, key: string): IToken[] {
  return (children[key] as IToken[] | undefined) ?? NO_TOKENS;
}
function firstToken(children: Children, key: string): IToken | undefined {
  const t = children[key]?.[0];
  return isToken(t) && isRealToken(t) ? t : undefined;
}
function nodesOf(children: Children, key: string): CstNode[] {
  return (children[key] as CstNode[] | undefined) ?? NO_NODES;
}

/** A binary operator's precedence by its upper-cased text (every comparison token is one of the table's). */
const binaryPrecedence = (text: string): number => (BINARY_PRECEDENCE as Readonly<Record<string, number>>)[text] ?? PRECEDENCE.COMPARISON;

/** The parts of a predicate suffix (IS [NOT] NULL, [NOT] IN (…), [NOT] LIKE …, [NOT] BETWEEN … AND …). Tokens may be
 * inserted by recovery; child expressions are absent when recovery dropped them. */
export interface SuffixParts {
  not?: IToken;
  is?: IToken;
  nul?: IToken;
  inTok?: IToken;
  open?: IToken;
  list?: A.Expression[];
  close?: IToken;
  like?: IToken;
  pattern?: A.Expression;
  between?: IToken;
  low?: A.Expression;
  and?: IToken;
  high?: A.Expression;
  /** The rule was re-synchronised or left by an error (Chevrotain's `recoveredNode`). */
  recovered: boolean;
}

/** `(args) [OVER (…)] [FIXED (…)]` after a function name. */
export interface ArgumentParts {
  open?: IToken;
  star?: IToken;
  distinct?: IToken;
  args: A.Expression[];
  close?: IToken;
  over?: A.WindowSpec;
  fixed?: A.FixedSpec;
  recovered: boolean;
}

/**
 * One item of an operator sequence as the grammar reads it: `term (operator term | suffix)*`, each term preceded by
 * its prefix operators. An operand is either built already (embedded actions) or a CST term still to visit.
 */
export type StreamItem =
  | { k: 'prefix'; tok: IToken }
  | { k: 'operand'; expr: A.Expression | undefined; term: CstNode | undefined }
  | { k: 'binary'; tok: IToken }
  | { k: 'suffix'; parts: SuffixParts; start: number }
  | { k: 'missing'; at: number };

function startOfItem(item: StreamItem): number {
  if (item.k === 'missing') return item.at;
  if (item.k === 'operand') return item.expr ? item.expr.range.start.offset : firstOffset(item.term!);
  if (item.k === 'suffix') return item.start;
  return item.tok.startOffset;
}
function endOfItem(item: StreamItem): number {
  if (item.k === 'prefix' || item.k === 'binary') return item.tok.startOffset + item.tok.image.length;
  return startOfItem(item);
}

/** The offset of the first real token of a CST node (suffixes start with a keyword, never an inserted token). */
function firstOffset(node: CstNode): number {
  let best = Infinity;
  for (const list of Object.values(node.children)) {
    const first = list?.[0];
    if (isToken(first)) {
      if (isRealToken(first)) best = Math.min(best, first.startOffset);
    } else if (first) best = Math.min(best, firstOffset(first));
  }
  return best;
}

/** Whether a node takes up text: all but the empty Error nodes recovery leaves in a gap. */
function hasExtent(node: A.Node): boolean {
  return node.kind !== 'Error' || node.range.end.offset > node.range.start.offset;
}

/** Makes AST nodes from their parts, with exact ranges; one instance per parser, `lines` set per text. */
export class NodeBuilder {
  lines: LineIndex;

  /** The explicit stack of precedence climbing (see sequence), shared by nested sequences: for each unfinished
   * operator, its left operand (none for a prefix operator), the operator, the binding it climbs from. */
  private readonly frameLeft: Array<A.Expression | undefined> = [];
  private readonly frameOperator: IToken[] = [];
  private readonly frameMin: number[] = [];
  /** Set by the CST visitor: how to read an operand that is still a CST term. */
  protected readTerm: (term: CstNode, fallback: number) => A.Expression = (_term, fallback) => this.errorAt(fallback);

  constructor(lines: LineIndex) {
    this.lines = lines;
  }

  /** The 0-based line of the last position made: ranges are made in text order, mostly on that line or the next,
   * where LineIndex.positionAt answers without a search. */
  private nearLine = 0;

  /** Drops the text's lines, and the nodes and tokens a building stopped by an exception left on the stack. */
  release(): void {
    this.lines = NO_LINES;
    this.nearLine = 0;
    if (this.frameOperator.length > 0) {
      this.frameLeft.length = 0;
      this.frameOperator.length = 0;
      this.frameMin.length = 0;
    }
  }

  /** The position of an offset (see nearLine). */
  positionAt(offset: number): A.Position {
    const position = this.lines.positionAt(offset, this.nearLine);
    this.nearLine = position.line - 1;
    return position;
  }
  range(start: number, end: number): A.Range {
    const from = this.positionAt(start);
    return { start: from, end: this.positionAt(end) };
  }
  tokenRange(t: IToken): A.Range {
    const start = this.positionAt(t.startOffset);
    // Nearly every token is on one line: its end is found from its start.
    return { start, end: this.lines.positionAfter(start, t.startOffset + t.image.length) };
  }
  end(t: IToken): number {
    return t.startOffset + t.image.length;
  }
  /** The range spanning the given nodes and real tokens; zero-width at `fallback` when none is known. */
  span(parts: ReadonlyArray<{ range: A.Range } | IToken | undefined>, fallback: number): A.Range {
    // Children's Position objects are reused where they bound the span: fewer allocations and line look-ups.
    let start = Infinity;
    let end = -Infinity;
    let startPosition: A.Position | undefined;
    let endPosition: A.Position | undefined;
    for (const p of parts) {
      if (!p) continue;
      if (isToken(p)) {
        if (!isRealToken(p)) continue;
        if (p.startOffset < start) {
          start = p.startOffset;
          startPosition = undefined;
        }
        const e = this.end(p);
        if (e > end) {
          end = e;
          endPosition = undefined;
        }
      } else if (p.range.end.offset > p.range.start.offset || (p as A.Node).kind !== 'Error') {
        if (p.range.start.offset < start) {
          start = p.range.start.offset;
          startPosition = p.range.start;
        }
        if (p.range.end.offset > end) {
          end = p.range.end.offset;
          endPosition = p.range.end;
        }
      }
    }
    if (start === Infinity) return this.range(fallback, fallback);
    return { start: startPosition ?? this.positionAt(start), end: endPosition ?? this.positionAt(end) };
  }
  /** The span of a token and a node after it (a prefix operator and its operand): the commonest span, without a list. */
  private spanFrom(tok: IToken, node: A.Node): A.Range {
    if (!isRealToken(tok) || (node.kind === 'Error' && node.range.end.offset <= node.range.start.offset)) return this.span([tok, node], tok.startOffset);
    const start = tok.startOffset;
    const end = Math.max(this.end(tok), node.range.end.offset);
    const s = node.range.start.offset <= start ? node.range.start : this.positionAt(start);
    return { start: s, end: end === node.range.end.offset ? node.range.end : this.positionAt(end) };
  }

  errorAt(offset: number): A.ErrorExpression {
    return { kind: 'Error', range: this.range(offset, offset), recovered: true };
  }

  formula(expression: A.Expression | undefined, textLength: number, recovered: boolean): A.Formula {
    return { kind: 'Formula', range: this.range(0, textLength), expression, recovered: recovered ? true : undefined };
  }

  /**
   * Applies MySQL's precedence to a flat sequence `term (operator term | suffix)*` (the items of `stream` from `start`
   * on) by precedence climbing.
   * Prefix operators of each term take part: NOT binds looser than comparisons (`NOT a = b` is `NOT (a = b)`),
   * unary minus tighter than `*`. `fallback` places an Error node where recovery left no operand.
   */
  sequence(stream: readonly StreamItem[], start: number, fallback: number, recovered: boolean): A.Expression {
    const { frameLeft, frameOperator, frameMin } = this;
    let pos = start;
    // Precedence climbing without recursion: `climb(min)` reads an operand (a prefix operator first climbs for its
    // own operand), then folds in every operator binding at least as tightly as `min`, climbing for each right
    // operand. The pending work of each unfinished `climb` is a frame on an explicit stack, so a flat sequence of any
    // length (`- - - … 1`, `a = NOT b = NOT c …`, which nest without parentheses) uses no call stack.
    const climb = (start: number): A.Expression => {
      // The frames of this sequence sit above those of the sequences it is nested in (a term's parentheses or call).
      const base = frameOperator.length;
      let min = start;
      let left: A.Expression;
      for (;;) {
        // Read an operand at `min`; a prefix operator defers its node until its operand is climbed.
        const item = stream[pos++];
        if (!item) left = this.errorAt(stream.length > start ? endOfItem(stream[stream.length - 1]!) : fallback);
        else if (item.k === 'prefix') {
          frameLeft.push(undefined);
          frameOperator.push(item.tok);
          frameMin.push(min);
          min = upperTokenText(item.tok) === 'NOT' ? PRECEDENCE.NOT : PRECEDENCE.SIGN;
          continue;
        } else if (item.k === 'operand') left = item.expr ?? (item.term ? this.readTerm(item.term, fallback) : this.errorAt(fallback));
        else if (item.k === 'missing') left = this.errorAt(item.at);
        else {
          pos--;
          left = this.errorAt(startOfItem(item));
        }
        // Fold operators into `left`; a binary operator defers its node until its right operand is climbed.
        for (;;) {
          let climbRight = false;
          while (pos < stream.length) {
            const next = stream[pos]!;
            if (next.k === 'binary') {
              const precedence = binaryPrecedence(upperTokenText(next.tok));
              if (precedence < min) break;
              pos++;
              frameLeft.push(left);
              frameOperator.push(next.tok);
              frameMin.push(min);
              min = precedence + 1;
              climbRight = true;
              break;
            } else if (next.k === 'suffix') {
              if (PRECEDENCE.COMPARISON < min) break;
              pos++;
              left = this.predicateSuffix(left, next.parts);
            } else break;
          }
          if (climbRight) break;
          // This climb is done: hand `left` to the frame that was waiting for it, or return it.
          if (frameOperator.length === base) return left;
          const operator = frameOperator.pop()!;
          const leftOperand = frameLeft.pop();
          min = frameMin.pop()!;
          // A frame without a left operand is a prefix operator's.
          left = leftOperand === undefined ? this.unary(operator, left) : this.binary(leftOperand, operator, left, recovered);
        }
      }
    };
    let result = climb(0);
    // Leftovers only exist in recovered trees; keep their operands reachable rather than dropping them.
    while (pos < stream.length) {
      const extra = climb(0);
      if (extra.kind !== 'Error') result = extra;
    }
    return result;
  }

  binary(left: A.Expression, tok: IToken, right: A.Expression, recovered: boolean): A.Expression {
    return {
      kind: 'Binary',
      operator: upperTokenText(tok) as A.BinaryOperator,
      operatorRaw: tok.image,
      operatorRange: this.tokenRange(tok),
      left,
      right,
      // Both operands read (the commonest case): the span runs from the one's start to the other's end.
      range: hasExtent(left) && hasExtent(right) ? { start: left.range.start, end: right.range.end } : this.span([left, tok, right], tok.startOffset),
      recovered: recovered ? true : undefined,
    };
  }

  unary(tok: IToken, operand: A.Expression): A.Expression {
    return {
      kind: 'Unary',
      operator: upperTokenText(tok) as A.UnaryOperator,
      operatorRange: this.tokenRange(tok),
      operand,
      range: this.spanFrom(tok, operand),
      recovered: operand.kind === 'Error' ? true : undefined,
    };
  }

  /** A term's prefix operators (in source order) applied right to left to its operand: the value of INTERVAL. */
  prefixed(prefixes: readonly IToken[], operand: A.Expression): A.Expression {
    let result = operand;
    for (let i = prefixes.length - 1; i >= 0; i--) result = this.unary(prefixes[i]!, result);
    return result;
  }

  predicateSuffix(left: A.Expression, p: SuffixParts): A.Expression {
    const recovered = p.recovered ? true : undefined;
    const not = isRealToken(p.not);
    const is = realOrUndefined(p.is);
    if (is) {
      const range = this.span([left, is, p.nul], is.startOffset);
      // A value inserted by recovery (`x IS` at the end) is read as NULL, the commonest.
      const valueName = isRealToken(p.nul) ? p.nul.tokenType.name : 'NULL';
      const truth = valueName === 'TRUE' ? true : valueName === 'FALSE' ? false : undefined;
      if (truth !== undefined) return { kind: 'IsTruth', expression: left, not, value: truth, range, recovered };
      return { kind: 'IsNull', expression: left, not, range, recovered };
    }
    const inTok = realOrUndefined(p.inTok);
    if (inTok) {
      const list = p.list ?? [];
      const unclosed = p.close?.isInsertedInRecovery === true ? true : undefined;
      return { kind: 'In', expression: left, not, list, range: this.span([left, inTok, p.open, ...list, p.close], inTok.startOffset), recovered: recovered ?? unclosed };
    }
    const like = realOrUndefined(p.like);
    if (like) {
      const pattern = p.pattern ?? this.errorAt(this.end(like));
      return { kind: 'Like', expression: left, not, pattern, range: this.span([left, like, pattern], like.startOffset), recovered };
    }
    const between = realOrUndefined(p.between);
    if (between) {
      const low = p.low ?? this.errorAt(this.end(between));
      const and = p.and;
      const high = p.high ?? this.errorAt(isRealToken(and) ? this.end(and) : low.range.end.offset);
      return { kind: 'Between', expression: left, not, low, high, range: this.span([left, between, low, and, high], between.startOffset), recovered };
    }
    return left;
  }

  /** A name without arguments: a bare column, or a call of a constant valid without parentheses (CURRENT_DATE). */
  bareName(name: IToken): A.Expression {
    const range = this.tokenRange(name);
    const text = tokenText(name);
    if (bareAllowedFunction(text)) {
      return { kind: 'Call', name: text, upperName: upperCased(text), nameRange: range, parens: false, distinct: false, star: false, args: [], range, argsRange: undefined, over: undefined, fixed: undefined, recovered: undefined };
    }
    return { kind: 'Column', name: text, quote: 'bare', raw: name.image, range };
  }

  column(column: IToken): A.Expression {
    const raw = column.image;
    const closed = column.tokenType.name === 'BacktickColumn';
    const body = closed ? raw.slice(1, -1) : raw.slice(1);
    return { kind: 'Column', name: body.includes('``') ? body.replace(/``/g, '`') : body, quote: 'backtick', raw, range: this.tokenRange(column) };
  }

  string(str: IToken): A.Expression {
    const raw = str.image;
    const type = str.tokenType.name;
    if (type === 'TypographicSingle') return { kind: 'String', value: raw.slice(1, -1), quote: 'typographic', raw, range: this.tokenRange(str) };
    const body = type === 'SingleQuoted' ? raw.slice(1, -1) : raw.slice(1);
    return { kind: 'String', value: unescapeQuoted(body, "'"), quote: 'single', raw, range: this.tokenRange(str) };
  }

  number(num: IToken): A.Expression {
    return { kind: 'Number', value: Number(num.image), integer: isDigits(num.image), raw: num.image, range: this.tokenRange(num) };
  }

  doubleQuoted(dq: IToken): A.Expression {
    const raw = dq.image;
    const type = dq.tokenType.name;
    const typographic = type === 'TypographicDouble';
    const body = type === 'UnterminatedDouble' ? raw.slice(1) : raw.slice(1, -1);
    return { kind: 'DoubleQuoted', value: typographic ? body : unescapeQuoted(body, '"'), typographic, raw, range: this.tokenRange(dq) };
  }

  null(nul: IToken): A.Expression {
    return { kind: 'Null', raw: nul.image, range: this.tokenRange(nul) };
  }

  boolean(t: IToken, value: boolean): A.Expression {
    return { kind: 'Boolean', value, raw: t.image, range: this.tokenRange(t) };
  }

  paren(open: IToken, expression: A.Expression | undefined, close: IToken | undefined, recovered: boolean): A.Expression {
    const inner = expression ?? this.errorAt(this.end(open));
    return {
      kind: 'Paren',
      expression: inner,
      range: isRealToken(close) ? this.range(open.startOffset, this.end(close)) : this.span([open, inner, close], open.startOffset),
      recovered: recovered || close?.isInsertedInRecovery === true ? true : undefined,
    };
  }

  caseExpression(
    caseTok: IToken,
    operand: A.Expression | undefined,
    whens: A.WhenClause[],
    elseTok: IToken | undefined,
    elseExpression: A.Expression | undefined,
    endTok: IToken | undefined,
    recovered: boolean,
  ): A.Expression {
    const realElse = realOrUndefined(elseTok);
    const elseResult = realElse ? (elseExpression ?? this.errorAt(this.end(realElse))) : undefined;
    return {
      kind: 'Case',
      operand,
      whens,
      elseResult,
      caseKeyword: this.tokenRange(caseTok),
      elseKeyword: realElse ? this.tokenRange(realElse) : undefined,
      endKeyword: isRealToken(endTok) ? this.tokenRange(endTok) : undefined,
      // Closed by END (the commonest case): from CASE to END; otherwise every part counts.
      range: isRealToken(endTok) ? this.range(caseTok.startOffset, this.end(endTok)) : this.span([caseTok, operand, ...whens, realElse, elseResult, endTok], caseTok.startOffset),
      recovered: recovered || endTok?.isInsertedInRecovery === true || !isRealToken(endTok) ? true : undefined,
    };
  }

  whenClause(when: IToken, conditionExpression: A.Expression | undefined, then: IToken | undefined, resultExpression: A.Expression | undefined, recovered: boolean): A.WhenClause {
    const condition = conditionExpression ?? this.errorAt(this.end(when));
    const result = resultExpression ?? this.errorAt(isRealToken(then) ? this.end(then) : condition.range.end.offset);
    return {
      kind: 'When',
      condition,
      result,
      // A result read after THEN (the commonest case): from WHEN to the result's end; otherwise every part counts.
      range: isRealToken(then) && hasExtent(result) ? { start: this.positionAt(when.startOffset), end: result.range.end } : this.span([when, condition, then, result], when.startOffset),
      recovered: recovered || then?.isInsertedInRecovery === true ? true : undefined,
    };
  }

  interval(kw: IToken, valueExpression: A.Expression | undefined, unitTok: IToken | undefined, recovered: boolean): A.Expression {
    const value = valueExpression ?? this.errorAt(this.end(kw));
    const unit = realOrUndefined(unitTok);
    return {
      kind: 'Interval',
      value,
      unit: unit ? upperTokenText(unit) : '',
      unitRange: unit ? this.tokenRange(unit) : undefined,
      range: this.span([kw, value, unit], kw.startOffset),
      recovered: recovered || !unit ? true : undefined,
    };
  }

  call(name: IToken, p: ArgumentParts): A.Expression {
    const { open, close, args } = p;
    const recovered = p.recovered || close?.isInsertedInRecovery === true;
    const nameRange = this.tokenRange(name);
    const only = args[0];
    const nested = args.length === 1 && only?.kind === 'Number' && only.integer ? NESTED_CALCULATION.exec(tokenText(name)) : null;
    if (nested && only?.kind === 'Number') {
      return {
        kind: 'NestedCalculation',
        service: nested[1]!.toUpperCase(),
        id: only.value,
        nameRange,
        range: this.span([name, open, only, close], name.startOffset),
        recovered: recovered ? true : undefined,
      };
    }
    const star = p.star;
    const text = tokenText(name);
    let argsRange: A.Range | undefined;
    let range: A.Range;
    if (!recovered && open && isRealToken(close)) {
      // Read whole (the commonest case): the arguments run from `(` to `)`, the call from its name to the later of
      // `)` and its OVER and FIXED clauses.
      argsRange = { start: this.positionAt(open.startOffset), end: this.positionAt(close.startOffset + close.image.length) };
      let end = argsRange.end;
      if (p.over && p.over.range.end.offset > end.offset) end = p.over.range.end;
      if (p.fixed && p.fixed.range.end.offset > end.offset) end = p.fixed.range.end;
      range = { start: nameRange.start, end };
    } else {
      // A recovered call may hold empty Error arguments and inserted tokens: every part counts.
      argsRange = open ? this.span([open, ...args, close], open.startOffset) : undefined;
      range = this.span([name, open, star, ...args, close, p.over, p.fixed], name.startOffset);
    }
    return {
      kind: 'Call',
      name: text,
      upperName: upperCased(text),
      nameRange,
      parens: true,
      distinct: isRealToken(p.distinct),
      star: isRealToken(star),
      args,
      argsRange,
      over: p.over,
      fixed: p.fixed,
      range,
      recovered: recovered ? true : undefined,
    };
  }

  windowSpec(over: IToken, partitionBy: A.Expression[], orderBy: A.OrderItem[], close: IToken | undefined, recovered: boolean): A.WindowSpec {
    return {
      kind: 'Window',
      partitionBy,
      orderBy,
      range: this.span([over, ...partitionBy, ...orderBy, close], over.startOffset),
      recovered: recovered || close?.isInsertedInRecovery === true ? true : undefined,
    };
  }

  orderItem(expressionOrMissing: A.Expression | undefined, direction: IToken | undefined, fallback: number): A.OrderItem {
    const expression = expressionOrMissing ?? this.errorAt(fallback);
    const dir = realOrUndefined(direction);
    return {
      kind: 'OrderItem',
      expression,
      direction: dir ? (upperTokenText(dir) as 'ASC' | 'DESC') : undefined,
      range: this.span([expression, dir], fallback),
    };
  }

  fixedSpec(
    fixed: IToken,
    modeTok: IToken | undefined,
    columns: A.Expression[],
    filterTok: IToken | undefined,
    filterColumns: A.Expression[],
    close: IToken | undefined,
    recovered: boolean,
  ): A.FixedSpec {
    const mode = realOrUndefined(modeTok);
    const filter = realOrUndefined(filterTok);
    return {
      kind: 'Fixed',
      mode: mode ? (upperTokenText(mode) as A.FixedMode) : undefined,
      columns,
      filter: filter ? (upperTokenText(filter) as A.FixedFilterMode) : undefined,
      filterColumns,
      range: this.span([fixed, ...columns, ...filterColumns, close], fixed.startOffset),
      recovered: recovered || close?.isInsertedInRecovery === true ? true : undefined,
    };
  }
}

/**
 * CST → AST for formulas whose recovery re-synchronised (parse.ts): Chevrotain's partial CST keeps what was read
 * before each error, marked `recoveredNode`. A missing expression becomes an Error node, a missing keyword an absent
 * range, and the enclosing node is marked `recovered`.
 */
export class CstToAst extends NodeBuilder {
  constructor(lines: LineIndex) {
    super(lines);
    this.readTerm = (term, fallback) => this.term(term, fallback);
  }

  formulaOf(node: CstNode, textLength: number): A.Formula {
    const expr = nodesOf(node.children, 'expression')[0];
    return this.formula(expr ? this.visit(expr, 0) : undefined, textLength, node.recoveredNode === true);
  }

  private visit(node: CstNode, fallback: number): A.Expression {
    switch (node.name) {
      case 'expression':
      case 'arithmetic':
        return this.operatorSequence(node, fallback);
      case 'term':
        return this.prefixed(tokensOf(node.children as Children, 'prefix'), this.term(node, fallback));
      default:
        return this.errorAt(fallback);
    }
  }
  /** The expression of a child subrule, or undefined when recovery dropped it. */
  private child(node: CstNode | undefined, fallback: number): A.Expression | undefined {
    return node ? this.visit(node, fallback) : undefined;
  }

  private operatorSequence(node: CstNode, fallback: number): A.Expression {
    const c = node.children as Children;
    const terms = nodesOf(c, 'terms');
    const operators = tokensOf(c, 'operators');
    const suffixes = nodesOf(c, 'suffixes');
    const stream: StreamItem[] = [];
    const pushTerm = (term: CstNode | undefined, at: number) => {
      if (!term) {
        stream.push({ k: 'missing', at });
        return;
      }
      for (const p of tokensOf(term.children as Children, 'prefix')) stream.push({ k: 'prefix', tok: p });
      stream.push({ k: 'operand', expr: undefined, term });
    };
    pushTerm(terms[0], fallback);
    // Operators and suffixes interleave; their order is their order in the text.
    const events: Array<{ offset: number; op?: IToken; index: number; suffix?: CstNode }> = [
      ...operators.map((op, index) => ({ offset: op.startOffset, op, index })),
      ...suffixes.map((suffix, index) => ({ offset: firstOffset(suffix), suffix, index })),
    ].sort((a, b) => a.offset - b.offset);
    for (const e of events) {
      if (e.op) {
        stream.push({ k: 'binary', tok: e.op });
        pushTerm(terms[e.index + 1], this.end(e.op));
      } else stream.push({ k: 'suffix', parts: this.suffixParts(e.suffix!), start: e.offset });
    }
    return this.sequence(stream, 0, fallback, node.recoveredNode === true);
  }

  private suffixParts(node: CstNode): SuffixParts {
    const c = node.children as Children;
    const inTok = firstToken(c, 'IN');
    const like = firstToken(c, 'LIKE');
    const between = firstToken(c, 'BETWEEN');
    const and = tokensOf(c, 'AND')[0];
    const low = between ? this.child(nodesOf(c, 'low')[0], this.end(between)) : undefined;
    return {
      not: firstToken(c, 'NOT'),
      is: firstToken(c, 'IS'),
      nul: tokensOf(c, 'isValue')[0],
      inTok,
      open: tokensOf(c, 'LParen')[0],
      list: inTok ? nodesOf(c, 'list').map((n) => this.visit(n, this.end(inTok))) : undefined,
      close: tokensOf(c, 'RParen')[0],
      like,
      pattern: like ? this.child(nodesOf(c, 'pattern')[0], this.end(like)) : undefined,
      between,
      low,
      and,
      high: between ? this.child(nodesOf(c, 'high')[0], isRealToken(and) ? this.end(and) : (low ?? this.errorAt(this.end(between))).range.end.offset) : undefined,
      recovered: node.recoveredNode === true,
    };
  }

  private term(node: CstNode, fallback: number): A.Expression {
    const c = node.children as Children;
    // A term holds its prefix operators and exactly one primary: find the primary's key by direct look-ups.
    let key: string | undefined;
    for (const k of PRIMARY_KEYS) {
      if (c[k] !== undefined) {
        key = k;
        break;
      }
    }
    let token: IToken | undefined;
    switch (key) {
      case 'name': {
        const name = firstToken(c, 'name');
        if (!name) break;
        const args = (c['callArguments'] as CstNode[] | undefined)?.[0];
        return args ? this.call(name, this.argumentParts(name, args)) : this.bareName(name);
      }
      case 'ColumnName':
        return (token = firstToken(c, key)) ? this.column(token) : this.errorAt(fallback);
      case 'StringLiteral':
        return (token = firstToken(c, key)) ? this.string(token) : this.errorAt(fallback);
      case 'NumberLiteral':
        return (token = firstToken(c, key)) ? this.number(token) : this.errorAt(fallback);
      case 'DoubleQuoted':
        return (token = firstToken(c, key)) ? this.doubleQuoted(token) : this.errorAt(fallback);
      case 'NULL':
        return (token = firstToken(c, key)) ? this.null(token) : this.errorAt(fallback);
      case 'TRUE':
      case 'FALSE':
        return (token = firstToken(c, key)) ? this.boolean(token, key === 'TRUE') : this.errorAt(fallback);
      case 'caseExpression':
        return this.caseOf((c[key] as CstNode[])[0]!);
      case 'parenExpression': {
        const paren = (c[key] as CstNode[])[0]!;
        const pc = paren.children as Children;
        const open = tokensOf(pc, 'LParen')[0]!;
        return this.paren(open, this.child(nodesOf(pc, 'expression')[0], this.end(open)), tokensOf(pc, 'RParen')[0], paren.recoveredNode === true);
      }
      case 'intervalExpression': {
        const interval = (c[key] as CstNode[])[0]!;
        const ic = interval.children as Children;
        const kw = tokensOf(ic, 'INTERVAL')[0]!;
        return this.interval(kw, this.child(nodesOf(ic, 'value')[0], this.end(kw)), firstToken(ic, 'unit'), interval.recoveredNode === true);
      }
      default:
        break;
    }
    return this.errorAt(fallback);
  }

  private caseOf(node: CstNode): A.Expression {
    const c = node.children as Children;
    const caseTok = tokensOf(c, 'CASE')[0]!;
    const operandNode = nodesOf(c, 'operand')[0];
    const operand = operandNode ? this.visit(operandNode, this.end(caseTok)) : undefined;
    const whens = nodesOf(c, 'whens').map((w) => {
      const wc = w.children as Children;
      const when = tokensOf(wc, 'WHEN')[0]!;
      const condition = this.child(nodesOf(wc, 'condition')[0], this.end(when)) ?? this.errorAt(this.end(when));
      const then = tokensOf(wc, 'THEN')[0];
      const result = this.child(nodesOf(wc, 'result')[0], isRealToken(then) ? this.end(then) : condition.range.end.offset);
      return this.whenClause(when, condition, then, result, w.recoveredNode === true);
    });
    const elseTok = firstToken(c, 'ELSE');
    const elseResult = elseTok ? this.child(nodesOf(c, 'elseResult')[0], this.end(elseTok)) : undefined;
    return this.caseExpression(caseTok, operand, whens, elseTok, elseResult, tokensOf(c, 'END')[0], node.recoveredNode === true);
  }

  private argumentParts(name: IToken, node: CstNode): ArgumentParts {
    const c = node.children as Children;
    const open = tokensOf(c, 'LParen')[0];
    const windowNode = nodesOf(c, 'windowSpec')[0];
    const fixedNode = nodesOf(c, 'fixedSpec')[0];
    return {
      open,
      star: tokensOf(c, 'Star')[0],
      distinct: firstToken(c, 'DISTINCT'),
      args: nodesOf(c, 'args').map((n) => this.visit(n, open ? this.end(open) : this.end(name))),
      close: tokensOf(c, 'RParen')[0],
      over: windowNode ? this.windowOf(windowNode) : undefined,
      fixed: fixedNode ? this.fixedOf(fixedNode) : undefined,
      recovered: node.recoveredNode === true,
    };
  }

  private windowOf(node: CstNode): A.WindowSpec {
    const c = node.children as Children;
    const over = tokensOf(c, 'OVER')[0]!;
    const partitionBy = nodesOf(c, 'partitionBy').map((n) => this.visit(n, this.end(over)));
    const orderBy = nodesOf(c, 'orderBy').map((n) => {
      const oc = n.children as Children;
      return this.orderItem(this.child(nodesOf(oc, 'expression')[0], this.end(over)), firstToken(oc, 'direction'), this.end(over));
    });
    return this.windowSpec(over, partitionBy, orderBy, tokensOf(c, 'RParen')[0], node.recoveredNode === true);
  }

  private fixedOf(node: CstNode): A.FixedSpec {
    const c = node.children as Children;
    const fixed = tokensOf(c, 'FIXED')[0]!;
    const columns = nodesOf(c, 'columns').map((n) => this.visit(n, this.end(fixed)));
    const filterColumns = nodesOf(c, 'filterColumns').map((n) => this.visit(n, this.end(fixed)));
    return this.fixedSpec(fixed, firstToken(c, 'mode'), columns, firstToken(c, 'filterMode'), filterColumns, tokensOf(c, 'RParen')[0], node.recoveredNode === true);
  }
}
