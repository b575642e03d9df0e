// CST → AST: a visitor over Chevrotain's concrete syntax tree that builds the typed AST with exact ranges.
// It tolerates recovered (partial) CST nodes: a missing expression becomes an Error node, a missing keyword an
// absent range, and the enclosing node is marked `recovered`.
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type * as A from './ast.js';
import { lookupFunction } from '../catalogue/index.js';
import type { LineIndex } from './positions.js';
import { tokenText } from './tokens.js';
import { BINARY_PRECEDENCE, PRECEDENCE } from './operators.js';

type Children = Record<string, CstElement[] | undefined>;

const NESTED_CALCULATION = /^(.+)_BEAST_MODE$/i;
const INTEGER = /^\d+$/;
const PRIMARY_KEYS = ['name', 'ColumnName', 'StringLiteral', 'NumberLiteral', 'parenExpression', 'caseExpression', 'DoubleQuoted', 'NULL', 'intervalExpression', 'TRUE', 'FALSE'];

function isToken(e: CstElement | { range: A.Range } | undefined): e is IToken {
  return !!e && (e as IToken).image !== undefined;
}
function isRealToken(t: IToken | undefined): t is IToken {
  return !!t && !t.isInsertedInRecovery && !Number.isNaN(t.startOffset);
}
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

type StreamItem =
  | { k: 'prefix'; tok: IToken }
  | { k: 'operand'; term: CstNode }
  | { k: 'binary'; tok: IToken }
  | { k: 'suffix'; node: CstNode }
  | { k: 'missing'; at: number };

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
function startOfItem(item: StreamItem): number {
  if (item.k === 'missing') return item.at;
  if (item.k === 'operand' || item.k === 'suffix') return firstOffset('term' in item ? item.term : item.node);
  return item.tok.startOffset;
}
function endOfItem(item: StreamItem): number {
  if (item.k === 'prefix' || item.k === 'binary') return item.tok.startOffset + item.tok.image.length;
  return startOfItem(item);
}

export class AstBuilder {
  /** Set when any node was recovered or any token inserted: the tree is incomplete. */
  sawRecovery = false;

  /** The explicit stack of precedence climbing (see operatorSequence), shared by nested sequences: for each
   * unfinished operator, its left operand (none for a prefix operator), the operator, the binding it climbs from. */
  private readonly frameLeft: Array<A.Expression | undefined> = [];
  private readonly frameOperator: IToken[] = [];
  private readonly frameMin: number[] = [];

  constructor(private readonly lines: LineIndex) {}

  private range(start: number, end: number): A.Range {
    return this.lines.rangeOf(start, end);
  }
  private tokenRange(t: IToken): A.Range {
    return this.range(t.startOffset, t.startOffset + t.image.length);
  }
  private end(t: IToken): number {
    return t.startOffset + t.image.length;
  }
  /** The range spanning the given nodes and real tokens; zero-width at `fallback` when none is known. */
  private span(parts: ReadonlyArray<{ range: A.Range } | IToken | undefined>, fallback: number): A.Range {
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
    return { start: startPosition ?? this.lines.positionAt(start), end: endPosition ?? this.lines.positionAt(end) };
  }

  private recovered(node: CstNode, token?: IToken): boolean {
    const r = node.recoveredNode === true || token?.isInsertedInRecovery === true;
    if (r) this.sawRecovery = true;
    return r;
  }
  private errorAt(offset: number): A.ErrorExpression {
    this.sawRecovery = true;
    return { kind: 'Error', range: this.range(offset, offset), recovered: true };
  }
  /** The expression of a child subrule, or an Error node at `fallback` when recovery dropped it. */
  private child(node: CstNode | undefined, fallback: number): A.Expression {
    return node ? this.visit(node, fallback) : this.errorAt(fallback);
  }

  formula(node: CstNode, textLength: number): A.Formula {
    const expr = nodesOf(node.children, 'expression')[0];
    const expression = expr ? this.visit(expr, 0) : undefined;
    return {
      kind: 'Formula',
      range: this.range(0, textLength),
      expression: expression,
      recovered: this.recovered(node) ? true : undefined,
    };
  }

  visit(node: CstNode, fallback: number): A.Expression {
    switch (node.name) {
      case 'expression':
      case 'arithmetic':
        return this.operatorSequence(node, fallback);
      case 'term':
        return this.prefixedTerm(node, fallback);
      default:
        return this.errorAt(fallback);
    }
  }

  /**
   * Applies MySQL's precedence to a flat sequence `term (operator term | suffix)*` by precedence climbing.
   * Prefix operators of each term take part: NOT binds looser than comparisons (`NOT a = b` is `NOT (a = b)`),
   * unary minus tighter than `*`.
   */
  private operatorSequence(node: CstNode, fallback: number): A.Expression {
    const c = node.children as Children;
    const terms = nodesOf(c, 'terms');
    const operators = tokensOf(c, 'operators');
    const suffixes = nodesOf(c, 'suffixes');
    // Most expressions (function arguments above all) are one term without operators.
    const only = terms[0];
    if (operators.length === 0 && suffixes.length === 0 && only && !(only.children as Children)['prefix'] && !node.recoveredNode) return this.term(only, fallback);
    const stream: StreamItem[] = [];
    const pushTerm = (term: CstNode | undefined, at: number) => {
      if (!term) {
        stream.push({ k: 'missing', at });
        return;
      }
      for (const p of tokensOf(term.children as Children, 'prefix')) stream.push({ k: 'prefix', tok: p });
      stream.push({ k: 'operand', term });
    };
    pushTerm(terms[0], fallback);
    if (suffixes.length === 0) {
      operators.forEach((op, i) => {
        stream.push({ k: 'binary', tok: op });
        pushTerm(terms[i + 1], this.end(op));
      });
    } else {
      // Operators and suffixes interleave; their order is their order in the text.
      const events: Array<{ offset: number; op?: IToken; index: number; suffix?: CstNode }> = [
        ...operators.map((op, index) => ({ offset: op.startOffset, op, index })),
        ...suffixes.map((suffix, index) => ({ offset: firstOffset(suffix), suffix, index })),
      ].sort((a, b) => a.offset - b.offset);
      for (const e of events) {
        if (e.op) {
          stream.push({ k: 'binary', tok: e.op });
          pushTerm(terms[e.index + 1], this.end(e.op));
        } else stream.push({ k: 'suffix', node: e.suffix! });
      }
    }
    const recovered = this.recovered(node);
    // Precedence climbing without recursion: `climb(min)` reads an operand (a prefix operator first climbs for its
    // own operand), then folds in every operator binding at least as tightly as `min`, climbing for each right
    // operand. The pending work of each unfinished `climb` is a frame on an explicit stack, so a flat sequence of any
    // length (`- - - … 1`, `a = NOT b = NOT c …`, which nest without parentheses) uses no call stack.
    const { frameLeft, frameOperator, frameMin } = this;
    let pos = 0;
    const climb = (start: number): A.Expression => {
      // The frames of this sequence sit above those of the sequences it is nested in (a term's parentheses or call).
      const base = frameOperator.length;
      let min = start;
      let left: A.Expression;
      for (;;) {
        // Read an operand at `min`; a prefix operator defers its node until its operand is climbed.
        const item = stream[pos++];
        if (!item) left = this.errorAt(stream.length > 0 ? endOfItem(stream[stream.length - 1]!) : fallback);
        else if (item.k === 'prefix') {
          frameLeft.push(undefined);
          frameOperator.push(item.tok);
          frameMin.push(min);
          min = tokenText(item.tok).toUpperCase() === 'NOT' ? PRECEDENCE.NOT : PRECEDENCE.SIGN;
          continue;
        } else if (item.k === 'operand') left = this.term(item.term, fallback);
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
              const precedence = binaryPrecedence(tokenText(next.tok).toUpperCase());
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
              left = this.predicateSuffix(left, next.node);
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

  private binary(left: A.Expression, tok: IToken, right: A.Expression, recovered: boolean): A.Expression {
    return {
      kind: 'Binary',
      operator: tokenText(tok).toUpperCase() as A.BinaryOperator,
      operatorRaw: tok.image,
      operatorRange: this.tokenRange(tok),
      left,
      right,
      range: this.span([left, tok, right], tok.startOffset),
      recovered: recovered ? true : undefined,
    };
  }

  private unary(tok: IToken, operand: A.Expression): A.Expression {
    return {
      kind: 'Unary',
      operator: tokenText(tok).toUpperCase() as A.UnaryOperator,
      operatorRange: this.tokenRange(tok),
      operand,
      range: this.span([tok, operand], tok.startOffset),
    };
  }

  private predicateSuffix(left: A.Expression, node: CstNode): A.Expression {
    const c = node.children as Children;
    const recovered = this.recovered(node) ? true : undefined;
    const not = firstToken(c, 'NOT') !== undefined;
    const is = firstToken(c, 'IS');
    if (is) {
      const nul = tokensOf(c, 'NULL')[0];
      return { kind: 'IsNull', expression: left, not, range: this.span([left, is, nul], is.startOffset), recovered };
    }
    const inTok = firstToken(c, 'IN');
    if (inTok) {
      const open = tokensOf(c, 'LParen')[0];
      const list = nodesOf(c, 'list').map((n) => this.visit(n, this.end(inTok)));
      const close = tokensOf(c, 'RParen')[0];
      return { kind: 'In', expression: left, not, list, range: this.span([left, inTok, open, ...list, close], inTok.startOffset), recovered };
    }
    const like = firstToken(c, 'LIKE');
    if (like) {
      const pattern = this.child(nodesOf(c, 'pattern')[0], this.end(like));
      return { kind: 'Like', expression: left, not, pattern, range: this.span([left, like, pattern], like.startOffset), recovered };
    }
    const between = firstToken(c, 'BETWEEN');
    if (between) {
      const low = this.child(nodesOf(c, 'low')[0], this.end(between));
      const and = tokensOf(c, 'AND')[0];
      const high = this.child(nodesOf(c, 'high')[0], isRealToken(and) ? this.end(and) : low.range.end.offset);
      return { kind: 'Between', expression: left, not, low, high, range: this.span([left, between, low, and, high], between.startOffset), recovered };
    }
    this.sawRecovery = true;
    return left;
  }

  /** A term on its own (the value of INTERVAL): its prefix operators apply right to left. */
  private prefixedTerm(node: CstNode, fallback: number): A.Expression {
    let result = this.term(node, fallback);
    const prefixes = tokensOf(node.children as Children, 'prefix');
    for (let i = prefixes.length - 1; i >= 0; i--) {
      const tok = prefixes[i]!;
      const operator = tokenText(tok).toUpperCase() as A.UnaryOperator;
      result = { kind: 'Unary', operator, operatorRange: this.tokenRange(tok), operand: result, range: this.span([tok, result], tok.startOffset) };
    }
    return result;
  }

  private term(node: CstNode, fallback: number): A.Expression {
    const c = node.children as Children;
    // A term holds its prefix operators and exactly one primary: find the primary's key by direct look-ups in order of
    // frequency (a for-in over Chevrotain's children objects was the builder's hottest line).
    let key: string | undefined;
    for (const k of PRIMARY_KEYS) {
      if (c[k] !== undefined) {
        key = k;
        break;
      }
    }
    {
      switch (key) {
        case 'name': {
          const name = firstToken(c, 'name');
          if (!name) break;
          const args = c['callArguments'] as CstNode[] | undefined;
          if (args?.[0]) return this.functionCall(name, args[0]);
          const range = this.tokenRange(name);
          // CURRENT_DATE and its siblings are valid without parentheses: a call, not a bare column.
          const text = tokenText(name);
          if (lookupFunction(text)?.bareAllowed) {
            return { kind: 'Call', name: text, upperName: text.toUpperCase(), nameRange: range, parens: false, distinct: false, star: false, args: [], range, argsRange: undefined, over: undefined, fixed: undefined, recovered: undefined };
          }
          return { kind: 'Column', name: text, quote: 'bare', raw: name.image, range };
        }
        case 'ColumnName': {
          const column = firstToken(c, key);
          if (!column) break;
          const raw = column.image;
          const closed = column.tokenType.name === 'BacktickColumn';
          const body = closed ? raw.slice(1, -1) : raw.slice(1);
          return { kind: 'Column', name: body.includes('``') ? body.replace(/``/g, '`') : body, quote: 'backtick', raw, range: this.tokenRange(column) };
        }
        case 'StringLiteral': {
          const str = firstToken(c, key);
          if (!str) break;
          const raw = str.image;
          const type = str.tokenType.name;
          if (type === 'TypographicSingle') return { kind: 'String', value: raw.slice(1, -1), quote: 'typographic', raw, range: this.tokenRange(str) };
          const body = type === 'SingleQuoted' ? raw.slice(1, -1) : raw.slice(1);
          return { kind: 'String', value: body.includes("''") ? body.replace(/''/g, "'") : body, quote: 'single', raw, range: this.tokenRange(str) };
        }
        case 'NumberLiteral': {
          const num = firstToken(c, key);
          if (!num) break;
          return { kind: 'Number', value: Number(num.image), integer: INTEGER.test(num.image), raw: num.image, range: this.tokenRange(num) };
        }
        case 'caseExpression':
          return this.caseExpression((c[key] as CstNode[])[0]!);
        case 'parenExpression':
          return this.parenExpression((c[key] as CstNode[])[0]!);
        case 'intervalExpression':
          return this.intervalExpression((c[key] as CstNode[])[0]!);
        case 'DoubleQuoted': {
          const dq = firstToken(c, key);
          if (!dq) break;
          const raw = dq.image;
          const type = dq.tokenType.name;
          const typographic = type === 'TypographicDouble';
          const body = type === 'UnterminatedDouble' ? raw.slice(1) : raw.slice(1, -1);
          return { kind: 'DoubleQuoted', value: typographic ? body : body.replace(/""/g, '"'), typographic, raw, range: this.tokenRange(dq) };
        }
        case 'NULL': {
          const nul = firstToken(c, key);
          if (nul) return { kind: 'Null', raw: nul.image, range: this.tokenRange(nul) };
          break;
        }
        case 'TRUE':
        case 'FALSE': {
          const t = firstToken(c, key);
          if (t) return { kind: 'Boolean', value: key === 'TRUE', raw: t.image, range: this.tokenRange(t) };
          break;
        }
        default:
          break;
      }
    }
    return this.errorAt(fallback);
  }

  private parenExpression(node: CstNode): A.Expression {
    const c = node.children as Children;
    const open = tokensOf(c, 'LParen')[0]!;
    const close = tokensOf(c, 'RParen')[0];
    const expression = this.child(nodesOf(c, 'expression')[0], this.end(open));
    return { kind: 'Paren', expression, range: this.span([open, expression, close], open.startOffset), recovered: this.recovered(node, close) ? true : undefined };
  }

  private caseExpression(node: CstNode): A.Expression {
    const c = node.children as Children;
    const caseTok = tokensOf(c, 'CASE')[0]!;
    const operandNode = nodesOf(c, 'operand')[0];
    const operand = operandNode ? this.visit(operandNode, this.end(caseTok)) : undefined;
    const whens = nodesOf(c, 'whens').map((w) => this.whenClause(w));
    const elseTok = firstToken(c, 'ELSE');
    const elseResult = elseTok ? this.child(nodesOf(c, 'elseResult')[0], this.end(elseTok)) : undefined;
    const endTok = tokensOf(c, 'END')[0];
    return {
      kind: 'Case',
      operand: operand,
      whens,
      elseResult: elseResult,
      caseKeyword: this.tokenRange(caseTok),
      elseKeyword: elseTok ? this.tokenRange(elseTok) : undefined,
      endKeyword: isRealToken(endTok) ? this.tokenRange(endTok) : undefined,
      range: this.span([caseTok, operand, ...whens, elseTok, elseResult, endTok], caseTok.startOffset),
      recovered: this.recovered(node, endTok) || !isRealToken(endTok) ? true : undefined,
    };
  }

  private whenClause(node: CstNode): A.WhenClause {
    const c = node.children as Children;
    const when = tokensOf(c, 'WHEN')[0]!;
    const condition = this.child(nodesOf(c, 'condition')[0], this.end(when));
    const then = tokensOf(c, 'THEN')[0];
    const result = this.child(nodesOf(c, 'result')[0], isRealToken(then) ? this.end(then) : condition.range.end.offset);
    return {
      kind: 'When',
      condition,
      result,
      range: this.span([when, condition, then, result], when.startOffset),
      recovered: this.recovered(node, then) ? true : undefined,
    };
  }

  private intervalExpression(node: CstNode): A.Expression {
    const c = node.children as Children;
    const kw = tokensOf(c, 'INTERVAL')[0]!;
    const value = this.child(nodesOf(c, 'value')[0], this.end(kw));
    const unit = firstToken(c, 'unit');
    return {
      kind: 'Interval',
      value,
      unit: unit ? tokenText(unit).toUpperCase() : '',
      unitRange: unit ? this.tokenRange(unit) : undefined,
      range: this.span([kw, value, unit], kw.startOffset),
      recovered: this.recovered(node) || !unit ? true : undefined,
    };
  }

  private functionCall(name: IToken, node: CstNode): A.Expression {
    const c = node.children as Children;
    const open = tokensOf(c, 'LParen')[0];
    const close = tokensOf(c, 'RParen')[0];
    const args = nodesOf(c, 'args').map((n) => this.visit(n, open ? this.end(open) : this.end(name)));
    const recovered = this.recovered(node, close);
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
    const windowNode = nodesOf(c, 'windowSpec')[0];
    const fixedNode = nodesOf(c, 'fixedSpec')[0];
    const over = windowNode ? this.windowSpec(windowNode) : undefined;
    const fixed = fixedNode ? this.fixedSpec(fixedNode) : undefined;
    const star = tokensOf(c, 'Star')[0];
    return {
      kind: 'Call',
      name: tokenText(name),
      upperName: tokenText(name).toUpperCase(),
      nameRange,
      parens: true,
      distinct: firstToken(c, 'DISTINCT') !== undefined,
      star: isRealToken(star),
      args,
      // The name starts a call and the last of its parts ends it; a recovered call may hold empty Error arguments,
      // so then every part counts.
      argsRange: open ? this.span(recovered ? [open, ...args, close] : [open, args[args.length - 1], close], open.startOffset) : undefined,
      over: over,
      fixed: fixed,
      range: this.span(recovered ? [name, open, star, ...args, close, over, fixed] : [name, args[args.length - 1], close, over, fixed], name.startOffset),
      recovered: recovered ? true : undefined,
    };
  }

  private windowSpec(node: CstNode): A.WindowSpec {
    const c = node.children as Children;
    const over = tokensOf(c, 'OVER')[0]!;
    const partitionBy = nodesOf(c, 'partitionBy').map((n) => this.visit(n, this.end(over)));
    const orderBy = nodesOf(c, 'orderBy').map((n) => this.orderItem(n, this.end(over)));
    const close = tokensOf(c, 'RParen')[0];
    return {
      kind: 'Window',
      partitionBy,
      orderBy,
      range: this.span([over, ...partitionBy, ...orderBy, close], over.startOffset),
      recovered: this.recovered(node, close) ? true : undefined,
    };
  }

  private orderItem(node: CstNode, fallback: number): A.OrderItem {
    const c = node.children as Children;
    const expression = this.child(nodesOf(c, 'expression')[0], fallback);
    const dir = firstToken(c, 'direction');
    return {
      kind: 'OrderItem',
      expression,
      direction: dir ? tokenText(dir).toUpperCase() as 'ASC' | 'DESC' : undefined,
      range: this.span([expression, dir], fallback),
    };
  }

  private fixedSpec(node: CstNode): A.FixedSpec {
    const c = node.children as Children;
    const fixed = tokensOf(c, 'FIXED')[0]!;
    const mode = firstToken(c, 'mode');
    const columns = nodesOf(c, 'columns').map((n) => this.visit(n, this.end(fixed)));
    const filter = firstToken(c, 'filterMode');
    const filterColumns = nodesOf(c, 'filterColumns').map((n) => this.visit(n, this.end(fixed)));
    const close = tokensOf(c, 'RParen')[0];
    return {
      kind: 'Fixed',
      mode: mode ? tokenText(mode).toUpperCase() as A.FixedMode : undefined,
      columns,
      filter: filter ? tokenText(filter).toUpperCase() as A.FixedFilterMode : undefined,
      filterColumns,
      range: this.span([fixed, ...columns, ...filterColumns, close], fixed.startOffset),
      recovered: this.recovered(node, close) ? true : undefined,
    };
  }
}
