// The one precedence table agrees with what the parser builds and what the printer needs, and the comment guard
// catches exactly the pairs that would start a comment.
import { describe, expect, it } from 'vitest';
import { parseFormula } from './parse.js';
import { printFormula } from './print.js';
import { BINARY_PRECEDENCE, PRECEDENCE, isComparisonOperator, precedenceOf, wouldStartComment } from './operators.js';

describe('operators', () => {
  it.each([
    ['a OR b AND c', 'OR'],
    ['NOT a = b', 'NOT'],
    ['a = b + c', '='],
    ['a + b * c', '+'],
    ['-a * b', '*'],
    ['a IN (1) OR b', 'OR'],
  ])('%s has %s at the root', (text, root) => {
    const e = parseFormula(text).formula.expression!;
    expect('operator' in e ? e.operator : e.kind).toBe(root);
  });

  it('orders the levels loosest first', () => {
    expect(Object.values(PRECEDENCE)).toEqual([...Object.values(PRECEDENCE)].sort((a, b) => a - b));
    expect(BINARY_PRECEDENCE['*']).toBeGreaterThan(BINARY_PRECEDENCE['+']);
    expect(precedenceOf(parseFormula('a LIKE b').formula.expression!)).toBe(PRECEDENCE.COMPARISON);
    expect(precedenceOf(parseFormula('SUM(a)').formula.expression!)).toBe(PRECEDENCE.PRIMARY);
  });

  it('prints parentheses exactly where the precedence needs them', () => {
    expect(printFormula(parseFormula('(a + b) * c').formula)).toBe('(a + b) * c');
    expect(printFormula(parseFormula('- -1').formula)).toBe('- -1');
  });

  it.each([
    ['-', '-', true],
    ['a -', '-1', true],
    ['/', '*', true],
    ['-', '+', false],
    ['*', '/', false],
    ['', '-', false],
  ])('%j then %j starts a comment: %s', (before, after, expected) => {
    expect(wouldStartComment(before, after)).toBe(expected);
  });

  it.each([['=', true], ['<>', true], ['>=', true], ['+', false], ['AND', false]])('%s compares: %s', (op, expected) => {
    expect(isComparisonOperator(op)).toBe(expected);
  });
});
