// Formulas of any length: a flat chain of 100,000 operators is a tree 100,000 levels deep, and every walker of the
// language core (walk, the AST builder, the printer, the semantic model, types, the calculation fields) handles it
// without recursion, in time linear in the text. Nesting (parentheses) and length have limits that are diagnostics.
import { describe, expect, it } from 'vitest';
import type { Expression, Node } from './syntax/ast.js';
import { MAX_FORMULA_LENGTH, MAX_NESTING, parseFormula } from './syntax/parse.js';
import { printFormula } from './syntax/print.js';
import { allNodes, childrenOf, nodePathAt, walk } from './syntax/walk.js';
import { analyzeCalculation, analyzeFormula } from './analysis/calculation.js';
import { inferTypes } from './types/infer.js';

const N = 100_000;
/** `a0 <op> a1 <op> …`, n terms. */
const chain = (n: number, term: (i: number) => string, op: string): string => Array.from({ length: n }, (_, i) => term(i)).join(op);

/** Parses once per text (the tests share the long parses) and requires no syntax error. */
const parsed = new Map<string, ReturnType<typeof parseFormula>>();
function parse(text: string) {
  let p = parsed.get(text);
  if (!p) {
    p = parseFormula(text);
    parsed.set(text, p);
  }
  expect(p.errors).toEqual([]);
  return p;
}

/** The depth of the leftmost leaf, following `left`, `operand` or `expression` down. */
function leftDepth(e: Expression): number {
  let depth = 0;
  for (let x: Expression | undefined = e; x; depth++) {
    x = x.kind === 'Binary' ? x.left : x.kind === 'Unary' ? x.operand : x.kind === 'In' || x.kind === 'IsNull' ? x.expression : undefined;
  }
  return depth;
}

const SUMS = chain(N, () => '1', '+');
const ORS = chain(N / 4, (i) => `a = ${i % 10}`, ' OR ');

describe('a 100,000-term chain', () => {
  it('builds a left-deep tree with exact ranges', () => {
    const p = parse(SUMS);
    const root = p.formula.expression!;
    expect(leftDepth(root)).toBe(N);
    expect(root).toMatchObject({ kind: 'Binary', operator: '+', range: { start: { offset: 0 }, end: { offset: SUMS.length } } });
    const ors = parse(ORS).formula.expression!;
    expect(ors).toMatchObject({ kind: 'Binary', operator: 'OR', right: { kind: 'Binary', operator: '=', right: { kind: 'Number', value: 9 } } });
    expect(leftDepth(ors)).toBe(N / 4 + 1);
  });

  it('walks in source order with parents, enter and leave, iteratively', () => {
    const p = parse(SUMS);
    let entered = 0;
    let left = 0;
    let deepest: { node: Node; parent: Node | undefined } | undefined;
    let wrongParents = 0;
    let wrongLeaves = 0;
    const open: Node[] = [];
    walk(p.formula, {
      enter(node, parent) {
        entered++;
        if (parent !== open[open.length - 1]) wrongParents++;
        open.push(node);
        if (node.kind === 'Number' && !deepest) deepest = { node, parent };
      },
      leave(node) {
        left++;
        if (open.pop() !== node) wrongLeaves++;
      },
    });
    expect([wrongParents, wrongLeaves]).toEqual([0, 0]);
    expect(entered).toBe(2 * N);
    expect(left).toBe(2 * N);
    // The first leaf entered is the leftmost: the first `1` of the text.
    expect(deepest!.node.range.start.offset).toBe(0);
    expect(allNodes(p.formula)).toHaveLength(2 * N);
    expect(nodePathAt(p.formula, 0)).toHaveLength(N + 1);
    expect(childrenOf(p.formula.expression!)).toHaveLength(2);
    // enter returning false skips the subtree (and leave still comes).
    const visited: string[] = [];
    walk(p.formula, {
      enter(n) {
        visited.push(n.kind);
        return n.kind !== 'Binary';
      },
      leave: (n) => void visited.push(`/${n.kind}`),
    });
    expect(visited).toEqual(['Formula', 'Binary', '/Binary', '/Formula']);
  });

  it('prints back without recursion', () => {
    expect(printFormula(parse(SUMS).formula)).toBe(chain(N, () => '1', ' + '));
    expect(printFormula(parse(ORS).formula)).toBe(ORS);
  });

  it('has its calculation fields, types and aggregation contexts', () => {
    const a = analyzeCalculation(SUMS);
    expect(a).toMatchObject({ functions: ['SVC_OP_ADD'], dataType: 'LONG', status: 'VALID', aggregated: false });
    const columns = chain(N / 4, (i) => `\`c${i % 1000}\` * 2`, ' + ');
    const c = analyzeCalculation(`SUM(\`x\`) + ${columns}`);
    expect(c.columnPositions).toHaveLength(N / 4 + 1);
    expect(c.nonAggregatedColumns).toHaveLength(1000);
    expect(c.dataType).toBe('DOUBLE');
    const sums = analyzeFormula(parse(chain(N / 4, () => 'SUM(a)', '+')));
    expect(sums.calls).toHaveLength(N / 4);
    expect(sums.calls.every((call) => sums.enclosingAggregate(call) === undefined)).toBe(true);
    expect(sums.enclosingAggregate(sums.columns[N / 4 - 1]!.node)).toBe(sums.calls[N / 4 - 1]);
    expect(sums.parentOf(sums.calls[0]!)).toMatchObject({ kind: 'Binary', operator: '+' });
    expect(sums.calculation.dataType).toBe('DECIMAL');
  });

  it('infers types bottom-up without recursion, and usage across the chain', () => {
    const p = parse(chain(N / 4, (i) => (i === N / 4 - 1 ? 'd * 1.5' : 'd > 2'), ' AND '));
    const table = inferTypes(p.formula);
    expect(table.typeOf(p.formula.expression!)).toBe('BOOLEAN');
    expect(table.usageOf('d')).toBe('numeric');
    const sums = parse(SUMS);
    expect(inferTypes(sums.formula).typeOf(sums.formula.expression!)).toBe('LONG');
  });
});

describe('other long shapes', () => {
  it('prefix operators of any number: - - - … 1 and NOT NOT … x', () => {
    const minus = parse(`${'- '.repeat(N)}1`);
    expect(leftDepth(minus.formula.expression!)).toBe(N + 1);
    expect(analyzeCalculation(minus.text).dataType).toBe('LONG');
    // Signs in a row keep their spaces (`--` would start a comment), the last one sits on its number.
    expect(printFormula(minus.formula)).toBe(`${'- '.repeat(N - 1)}-1`);
    const nots = parse(`${'NOT '.repeat(N)}\`x\``);
    expect(leftDepth(nots.formula.expression!)).toBe(N + 1);
  });

  it('chains that nest without parentheses: x = NOT y = NOT z …, a IN (1) + b IN (1) + …', () => {
    const n = N / 4;
    const notChain = parse(chain(n, (i) => `a${i}`, ' = NOT '));
    let depth = 0;
    for (let e: Expression | undefined = notChain.formula.expression; e; depth++) e = e.kind === 'Binary' ? e.right : e.kind === 'Unary' ? e.operand : undefined;
    expect(depth).toBe(2 * n - 1);
    expect(printFormula(notChain.formula)).toBe(notChain.text);
    const inPlus = parse(chain(n, (i) => `a${i} IN (1)`, ' + '));
    expect(leftDepth(inPlus.formula.expression!)).toBe(2 * n);
    expect(printFormula(inPlus.formula)).toBe(inPlus.text);
  });

  it('a CASE of 10,000 WHENs and a 100,000-value IN list', () => {
    const kase = parse(`CASE ${chain(10_000, (i) => `WHEN \`a\` = ${i} THEN 'v${i}'`, ' ')} ELSE NULL END`);
    expect(kase.formula.expression).toMatchObject({ kind: 'Case' });
    expect(analyzeCalculation(kase.text).dataType).toBe('STRING');
    const list = parse(`\`a\` NOT IN (${chain(N, (i) => String(i), ', ')})`);
    expect(list.formula.expression).toMatchObject({ kind: 'In', not: true });
    expect(printFormula(list.formula)).toBe(list.text);
  });

  it('megabyte string literals and comments', () => {
    const big = 'x'.repeat(1 << 20);
    expect(parse(`'${big}'`).formula.expression).toMatchObject({ kind: 'String', value: big });
    expect(parse(`'${"it''s".repeat(200_000)}'`).formula.expression).toMatchObject({ kind: 'String', value: "it's".repeat(200_000) });
    expect(parse(`\`${big}\``).formula.expression).toMatchObject({ kind: 'Column', name: big });
    const commented = parse(`1 /* ${big} */ + 2 -- ${big}`);
    expect(commented.trivia.filter((t) => t.image.length > 1 << 20)).toHaveLength(2);
    expect(parseFormula(`'${big}`).errors.map((e) => e.code)).toEqual(['unterminated-string']);
  });
});

describe('limits', () => {
  it('a formula longer than MAX_FORMULA_LENGTH is one too-long error, its text skipped whole', () => {
    const text = `'${'x'.repeat(MAX_FORMULA_LENGTH)}'`;
    const r = parseFormula(text);
    expect(r.errors.map((e) => e.code)).toEqual(['too-long']);
    expect(r.errors[0]!.message).toBe('The formula is 4 MB long: calckit reads formulas of up to 4 MB');
    expect(r.tokens).toEqual([]);
    expect(r.skipped).toEqual([{ offset: 0, length: text.length }]);
    expect(analyzeCalculation(text).status).toBe('INVALID');
  });

  it('nesting deeper than MAX_NESTING is too-deep, at the place it happens, whatever the construct', () => {
    const parens = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(parseFormula(parens(MAX_NESTING)).errors).toEqual([]);
    const deep = parseFormula(parens(MAX_NESTING + 1));
    expect(deep.errors.map((e) => e.code)).toEqual(['too-deep']);
    expect(deep.errors[0]!.message).toBe(`The formula nests parentheses, CASE or calls more than ${MAX_NESTING} levels deep (at 1:${MAX_NESTING + 1}): calckit reads ${MAX_NESTING} levels`);
    expect(deep.errors[0]!.range.start.offset).toBe(MAX_NESTING);
    for (const text of [
      `${'ABS('.repeat(MAX_NESTING + 1)}1${')'.repeat(MAX_NESTING + 1)}`,
      `${'CASE WHEN 1 THEN '.repeat(MAX_NESTING + 1)}1${' END'.repeat(MAX_NESTING + 1)}`,
      `ADDDATE(\`d\`, ${'INTERVAL '.repeat(MAX_NESTING + 1)}1${' DAY'.repeat(MAX_NESTING + 1)})`,
      '('.repeat(100_000),
    ]) {
      expect(parseFormula(text).errors.map((e) => e.code)).toContain('too-deep');
    }
    // A flat chain is not nesting: 100,000 parenthesised terms side by side.
    expect(parseFormula(chain(N / 4, () => '(1)', ' + ')).errors).toEqual([]);
  });
});
