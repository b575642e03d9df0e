// The linter on formulas of any length: the walk, the shared semantics and every rule handle a flat chain of 100,000
// terms (a tree 100,000 levels deep), a wide call and a long IN list in time linear in the text. A rule that asked about
// each link of a chain by walking the chain again (constancy, the enclosing aggregate, a grouping clause above, the
// position in a list, a broken subtree) would be quadratic here and time out.
import { parseFormula, type CallExpression } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { lintText } from './linter.js';
import { numberValue } from './rules/util.js';
import { TreeMemo } from './tree-memo.js';

const N = 100_000;
const chain = (n: number, term: (i: number) => string, op: string): string => Array.from({ length: n }, (_, i) => term(i)).join(op);
const count = (messages: ReadonlyArray<{ ruleId: string }>, ruleId: string): number => messages.filter((m) => m.ruleId === ruleId).length;

describe('the linter on long formulas', () => {
  it('walks a 100,000-term chain once and fixes it in one pass', () => {
    const r = lintText(chain(N, () => 'a', '+'), { fix: true });
    expect(r.output).toBe(chain(N, () => '`a`', '+'));
    expect(r.messages).toEqual([]);
  });

  it('constant conditions: each link of a chain of constants is answered once', () => {
    const text = chain(N / 4, () => '1=1', ' AND ');
    const { messages } = lintText(text);
    // Every comparison, and every AND below the top one (an operand of AND that is a chain of constants is itself
    // a constant condition).
    expect(count(messages, 'constant-condition')).toBe(N / 4 + N / 4 - 2);
    const p = parseFormula(chain(N, (i) => (i === N - 1 ? '`x`' : '1'), '+'));
    const memo = new TreeMemo();
    expect(memo.isConstant(p.formula.expression!)).toBe(false);
    expect(memo.isConstant((p.formula.expression as unknown as { left: never }).left)).toBe(true);
  });

  it('aggregation: columns beside SUM and aggregates inside one, 25,000 of each', () => {
    const mixed = lintText(`SUM(\`x\`) + ${chain(N / 4, () => '`b`', '+')}`).messages;
    expect(count(mixed, 'mixed-aggregation')).toBe(N / 4);
    const flat = lintText(chain(N / 4, () => 'SUM(`x`)', '+')).messages;
    expect(count(flat, 'nested-aggregate')).toBe(0);
    const nested = lintText(`SUM(${chain(N / 8, () => 'MIN(`x`)', '+')}) OVER (PARTITION BY ${chain(N / 8, () => '`p`', ', ')})`).messages;
    expect(count(nested, 'nested-aggregate')).toBe(0);
    expect(count(nested, 'mixed-aggregation')).toBe(0);
    // An aggregate given 25,000 arguments (a wrong count, reported) around as many columns and aggregates.
    const wide = lintText(`SUM(${chain(N / 4, (i) => (i % 2 ? '`c`' : 'MIN(`c`)'), ', ')}) + \`d\``).messages;
    expect(count(wide, 'nested-aggregate')).toBe(N / 8);
    expect(count(wide, 'mixed-aggregation')).toBe(1);
  });

  it('lists: 25,000 double-quoted values in IN and as arguments, 100,000 single-quoted', () => {
    const list = lintText(`\`a\` IN (${chain(N / 4, (i) => `"v${i}"`, ',')})`, { fix: true });
    expect(list.output).toBe(`\`a\` IN (${chain(N / 4, (i) => `'v${i}'`, ',')})`);
    const args = lintText(`CONCAT(${chain(N / 4, (i) => `"v${i}"`, ',')})`).messages;
    expect(count(args, 'double-quoted')).toBe(N / 4);
    const strings = parseFormula(`CONCAT(${chain(N, (i) => `'v${i}'`, ',')})`).formula.expression as CallExpression;
    const memo = new TreeMemo();
    expect(memo.argumentIndex(strings, strings.args[N - 1]!)).toBe(N - 1);
    expect(memo.argumentIndex(strings, strings)).toBe(-1);
  });

  it('a 25,000-term chain with a syntax error: reports on its recovered nodes carry no fix, each checked once', () => {
    const text = `${chain(N / 4, () => '`a` = NULL', ' OR ')} OR`;
    const r = lintText(text, { fix: true });
    expect(r.output).toBeUndefined();
    expect(count(r.messages, 'syntax-error')).toBe(1);
    expect(count(r.messages, 'null-comparison')).toBe(N / 4);
    // The parser recovered the whole sequence of operators: rewriting any part of it would guess.
    expect(r.messages.filter((m) => m.fix)).toEqual([]);
  });

  it('a directive on each of 25,000 lines', () => {
    const text = chain(N / 4, () => 'a -- calckit-disable-line bare-column\n', '+ ');
    expect(lintText(text).messages).toEqual([]);
    const blocks = `/* calckit-disable bare-column */ ${chain(N / 2, () => 'a', ' + ')} /* calckit-enable bare-column */ + b`;
    expect(lintText(blocks).messages.map((m) => m.ruleId)).toEqual(['bare-column']);
  });

  it('signs in a row around a number', () => {
    const zero = parseFormula(`${'- '.repeat(N)}0`).formula.expression!;
    expect(Object.is(numberValue(zero), 0)).toBe(true);
    expect(numberValue(parseFormula(`${'- '.repeat(N - 1)}(-2)`).formula.expression!)).toBe(2);
    expect(count(lintText(`\`x\` / ${'- '.repeat(N)}0`).messages, 'division-by-zero')).toBe(1);
  });
});
