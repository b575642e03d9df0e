// The formatter on formulas of any length: building the document (a generator per node on an explicit stack), laying
// it out (fills continued in place, groups that cannot fit refused by their remembered flat width) and checking the
// result (shapes compared iteratively) handle flat chains, chains that nest without parentheses, wide CASEs and long
// lists, in time linear in the text.
import { parseFormula } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { astShape, sameShape } from './ast-shape.js';
import { fill, group, indent, line, softline, type Doc } from './doc.js';
import { formatText } from './format.js';
import { printDocToString } from './printer.js';

const N = 100_000;
const chain = (n: number, term: (i: number) => string, op: string): string => Array.from({ length: n }, (_, i) => term(i)).join(op);
const print = (doc: Doc, lineWidth = 40): string => printDocToString(doc, { lineWidth, indentUnit: '  ', newline: '\n' });
const longestLine = (text: string): number => text.split('\n').reduce((max, l) => Math.max(max, l.length), 0);

/** Formats, and requires a formatted result (whose every line fits, unless `anyWidth`: a comparison or a run of
 * signs is never broken). */
function formatted(text: string, lineWidth = 80, anyWidth = false): string {
  const out = formatText(text, { lineWidth });
  expect(out.status, out.message).toBe('formatted');
  if (!anyWidth) expect(longestLine(out.text)).toBeLessThanOrEqual(lineWidth);
  return out.text;
}

describe('the formatter on long formulas', () => {
  it('a 100,000-term chain breaks before each operator', () => {
    const text = formatted(chain(N, () => '1', '+'));
    expect(text.split('\n')).toHaveLength(N);
    expect(text.startsWith('1\n  + 1\n  + 1\n')).toBe(true);
  });

  it('a chain that nests without parentheses: a IN (1) + b IN (1) + …', () => {
    const source = chain(N / 10, (i) => `a${i} IN (1)`, ' + ');
    const text = formatted(source);
    expect(sameShape(parseFormula(text).formula, parseFormula(source).formula)).toBe(true);
  });

  it('prefix runs and x = NOT y = NOT z …', () => {
    // `- -` keeps its space (`--` would start a comment); the last sign sits on its number.
    expect(formatted(`${'- '.repeat(N / 4)}1`, 80, true)).toBe(`${'- '.repeat(N / 4 - 1)}-1`);
    const notChain = chain(N / 10, (i) => `a${i}`, ' = NOT ');
    expect(formatted(notChain, 80, true)).toBe(notChain);
  });

  it('a CASE of 10,000 WHENs and a 50,000-value IN list (filled to the width)', () => {
    const kase = formatted(`CASE ${chain(10_000, (i) => `WHEN \`a\` = ${i} THEN ${i}`, ' ')} END`);
    expect(kase.split('\n')).toHaveLength(10_002);
    const list = formatted(`\`a\` IN (${chain(N / 2, (i) => String(i % 10), ',')})`, 40);
    // Values fill each line: 12 or 13 per line of 40 characters (`1, ` is 3).
    expect(list.split('\n').length).toBeLessThan(N / 20);
  });

  it('compares and copies shapes of a tree 25,000 levels deep', () => {
    const tree = parseFormula(chain(N / 4, () => '1', '-')).formula;
    const copy = astShape(tree) as { expression: { kind: string; operator: string } };
    expect(copy.expression).toMatchObject({ kind: 'Binary', operator: '-' });
    expect(sameShape(copy, astShape(tree))).toBe(true);
    expect(sameShape(tree, parseFormula(chain(N / 4, () => '1', '+')).formula)).toBe(false);
  });
});

describe('the printer on long documents', () => {
  it('a fill of 100,000 parts', () => {
    const parts: Doc[] = [];
    for (let i = 0; i < N; i++) parts.push(i > 0 ? line : '', `v${i % 10},`);
    const out = print(group(['(', indent([softline, fill(parts.slice(1))]), softline, ')']));
    expect(out.split('\n').length).toBeLessThan(N / 5);
    expect(longestLine(out)).toBeLessThanOrEqual(40);
  });

  it('groups nested 100,000 deep, none of which fits', () => {
    let doc: Doc = 'x';
    for (let i = 0; i < N; i++) doc = group([doc, indent([line, `+ ${i % 10}`])]);
    const out = print(doc);
    // Only the innermost few fit on a line of 40.
    expect(out.split('\n').length).toBeGreaterThan(N - 20);
  });
});
