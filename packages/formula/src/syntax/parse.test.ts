// Parser: the whole language, exact ranges, recovery, and messages an analyst understands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Expression, Node } from './ast.js';
import { parseFormula } from './parse.js';
import { allNodes } from './walk.js';

const expr = (text: string): Expression => {
  const r = parseFormula(text);
  expect(r.errors).toEqual([]);
  return r.formula.expression!;
};
const messages = (text: string) => parseFormula(text).errors.map((e) => e.message);

interface CorpusEntry {
  id: string;
  formula: string;
  expect: 'valid' | 'warn' | 'invalid';
  note: string;
}
const corpus: CorpusEntry[] = readFileSync(new URL('../../../../test/corpus/formulas.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as CorpusEntry);

describe('parseFormula', () => {
  it('follows MySQL precedence: * over +, comparison over NOT, NOT over AND, AND over OR', () => {
    const e = expr('a OR b AND NOT c = 1 + 2 * 3');
    expect(e).toMatchObject({
      kind: 'Binary',
      operator: 'OR',
      right: { kind: 'Binary', operator: 'AND', right: { kind: 'Unary', operator: 'NOT', operand: { kind: 'Binary', operator: '=', right: { operator: '+', right: { operator: '*' } } } } },
    });
  });

  it('parses searched and simple CASE', () => {
    expect(expr("CASE WHEN `a` > 1 THEN 'x' ELSE 'y' END")).toMatchObject({ kind: 'Case', whens: [{ kind: 'When' }], elseResult: { kind: 'String', value: 'y' } });
    const simple = expr("CASE `Gender` when 'M' then 'Male' when 'F' then 'Female' end");
    expect(simple).toMatchObject({ kind: 'Case', operand: { kind: 'Column', name: 'Gender', quote: 'backtick' } });
    expect((simple as { whens: unknown[] }).whens).toHaveLength(2);
  });

  it.each<[string, object]>([
    ['x NOT IN (1, 2)', { kind: 'In', not: true, list: [{ value: 1 }, { value: 2 }] }],
    ["x not like 'a%'", { kind: 'Like', not: true }],
    ['x BETWEEN 1 AND 2 AND y', { kind: 'Binary', operator: 'AND', left: { kind: 'Between', low: { value: 1 }, high: { value: 2 } } }],
    ['x IS NOT NULL', { kind: 'IsNull', not: true }],
    ['DATE (`d`)', { kind: 'Call', name: 'DATE', args: [{ kind: 'Column' }] }],
    ['COUNT(DISTINCT `id`)', { kind: 'Call', distinct: true }],
    ['COUNT(*)', { kind: 'Call', star: true, args: [] }],
    ['DATE_SUB(`d`, interval 3 hour)', { args: [{}, { kind: 'Interval', unit: 'HOUR', value: { value: 3 } }] }],
    ['CURRENT_DATE', { kind: 'Call', parens: false, upperName: 'CURRENT_DATE' }],
  ])('parses %s', (text, shape) => {
    expect(expr(text)).toMatchObject(shape);
  });

  it('parses windows and FIXED', () => {
    expect(expr('SUM(SUM(`r`)) OVER (PARTITION BY `y`, `z` ORDER BY `m` desc)')).toMatchObject({
      kind: 'Call',
      over: { partitionBy: [{ name: 'y' }, { name: 'z' }], orderBy: [{ direction: 'DESC' }] },
    });
    expect(expr('SUM(SUM(`s`) FIXED (BY `Region` FILTER ALLOW `Category`))')).toMatchObject({
      args: [{ kind: 'Call', fixed: { mode: 'BY', columns: [{ name: 'Region' }], filter: 'ALLOW', filterColumns: [{ name: 'Category' }] } }],
    });
    expect(expr('AVG(AVG(`p`) FIXED (REMOVE `c` FILTER NONE))')).toMatchObject({ args: [{ fixed: { mode: 'REMOVE', filter: 'NONE' } }] });
  });

  it('parses nested calculations and keeps contextual keywords usable as columns', () => {
    expect(expr('SVC_BEAST_MODE(42) + 1')).toMatchObject({ left: { kind: 'NestedCalculation', service: 'SVC', id: 42 } });
    expect(expr('order + filter')).toMatchObject({ left: { kind: 'Column', name: 'order', quote: 'bare' }, right: { kind: 'Column', name: 'filter' } });
  });

  it('gives exact ranges with offsets, lines and columns', () => {
    const r = parseFormula('-- c\nSUM(`a`) +\n  `b`');
    const e = r.formula.expression!;
    expect(e.range.start).toEqual({ offset: 5, line: 2, column: 1 });
    expect(e.range.end).toEqual({ offset: 21, line: 3, column: 6 });
    const b = allNodes(r.formula).find((n): n is Node & { kind: 'Column' } => n.kind === 'Column' && n.name === 'b')!;
    expect(r.text.slice(b.range.start.offset, b.range.end.offset)).toBe('`b`');
  });

  it.each([
    ['CASE WHEN x THEN 1', 'CASE at 1:1 is missing END'],
    ['CASE WHEN a THEN 1 WHEN b 2 END', 'WHEN at 1:20 is missing THEN'],
    ['f(1', "The parenthesis opened at 1:2 is never closed: expected ')' before the end of the formula"],
    ['1 +', "Expected an expression after '+', found the end of the formula"],
    // Where only keywords fit, the message names them (not "an expression": `1` is one).
    ['`x` NOT 1', "Expected IN, LIKE or BETWEEN after 'NOT', found '1' at 1:9"],
    ['SUM(`a`) FIXED (BY `r` FILTER ALLO', "Expected NONE, ALLOW or DENY after 'FILTER', found 'ALLO' at 1:31"],
    ['SUM(`a`) FIXED (BY `r` FILTER', "Expected NONE, ALLOW or DENY after 'FILTER', found the end of the formula"],
    [')', "The ')' at 1:1 closes a parenthesis that was never opened"],
    ['', 'The formula is empty'],
    ['-- only a comment', 'The formula is empty'],
  ])('says what is missing, where: %j', (text, message) => {
    expect(messages(text)).toEqual([message]);
  });

  it('reports independent errors, not only the first', () => {
    const r = parseFormula("CONCAT(SUM(CASE WHEN `s` = 'C' THEN `a` ELSE 0 END), ' of ', 'SUM(`a`))");
    expect(r.errors.map((e) => e.code)).toEqual(['unterminated-string', 'missing-close-paren']);
    const two = parseFormula("IF(‘x’) + CASE WHEN 1 THEN 2");
    expect(two.errors.map((e) => e.code)).toEqual(['typographic-quote', 'missing-end']);
  });

  it('keeps reporting after input left over at the end of a formula', () => {
    expect(messages('SUM(x)) + CASE WHEN 1')).toEqual(["The ')' at 1:7 closes a parenthesis that was never opened", 'WHEN at 1:16 is missing THEN']);
    expect(parseFormula('a ) ) b').errors.map((e) => e.range.start.offset)).toEqual([2, 4]);
  });

  it.each([
    // A keyword being typed where only keywords fit is read as that keyword: the rest of the formula reads as written.
    ['MAX(SUM(`a`) FIXED (BY `r` FILTER ALLO `b`))', ["Expected NONE, ALLOW or DENY after 'FILTER', found 'ALLO' at 1:35"], 'Fixed'],
    // Its columns not typed yet either: that is said too, and the `)` of FIXED is not taken for the call's.
    ['MAX(SUM(`a`) FIXED (BY `r` FILTER ALLO))', ["Expected NONE, ALLOW or DENY after 'FILTER', found 'ALLO' at 1:35", "Expected an expression after 'ALLO', found ')' at 1:39"], 'Fixed'],
    ["ROUND((`x` NOT LIK 'a'), 2)", ["Expected IN, LIKE or BETWEEN after 'NOT', found 'LIK' at 1:16"], 'Like'],
    ['IF(`x` NOT BETW 1 AND 2, 1, 0)', ["Expected IN, LIKE or BETWEEN after 'NOT', found 'BETW' at 1:12"], 'Between'],
  ])('reads a keyword being typed as that keyword: %j', (text, messages, kind) => {
    const r = parseFormula(text);
    expect(r.errors.map((e) => e.message)).toEqual(messages);
    const node = allNodes(r.formula).find((n) => n.kind === kind);
    expect(node?.recovered).toBe(true);
    // The tree holds the whole formula: the outer call closes where the text does.
    expect(r.formula.expression?.range.end.offset).toBe(text.length);
  });

  it('leaves a word that begins no keyword, or several, to the usual recovery', () => {
    expect(messages('`x` NOT `y`')).toEqual(["Expected IN, LIKE or BETWEEN after 'NOT', found '`y`' at 1:9"]);
    expect(parseFormula('SUM(`a`) FIXED (BY `r` FILTER XYZ)').errors.map((e) => e.code)).toContain('unexpected-token');
  });

  it('marks recovered nodes and still builds a tree', () => {
    const r = parseFormula('CASE WHEN `a` > THEN 1 END');
    expect(r.errors).toHaveLength(1);
    expect(r.formula.expression?.kind).toBe('Case');
    expect(allNodes(r.formula).some((n) => n.recovered)).toBe(true);
  });

  it('parses every corpus formula as its expectation says', () => {
    const mismatches = corpus.filter((c) => (parseFormula(c.formula).errors.length > 0) !== (c.expect === 'invalid' && /parenthes|unterminated string|WHEN twice/.test(c.note)));
    expect(mismatches.map((c) => c.id)).toEqual([]);
    // d062 and d063 parse: their problems (unsupported, unknown function) are for the analysis and the linter.
    expect(corpus.filter((c) => c.expect !== 'invalid').every((c) => parseFormula(c.formula).errors.length === 0)).toBe(true);
  });

  it('says when a formula nests too deeply to be read, instead of failing', () => {
    const r = parseFormula('('.repeat(5000) + '1' + ')'.repeat(5000));
    expect(r.errors.map((e) => e.code)).toEqual(['too-deep']);
    expect(r.formula.kind).toBe('Formula');
    expect(parseFormula('('.repeat(200) + '1' + ')'.repeat(200)).errors).toEqual([]);
  });

  it('counts INTERVALs whose value holds the next one as nesting (INTERVAL 1 + INTERVAL 1 + … DAY DAY)', () => {
    const nested = (n: number) => 'INTERVAL 1 + '.repeat(n) + '0' + ' DAY'.repeat(n);
    const deep = parseFormula(nested(5000));
    expect(deep.errors.map((e) => e.code)).toEqual(['too-deep']);
    // Found on the tokens, at the deepest INTERVAL: not a stack overflow caught at the start of the formula.
    expect(deep.errors[0]!.range.start.offset).toBe('INTERVAL 1 + '.length * 4999);
    expect(parseFormula(nested(200)).errors).toEqual([]);
    // Units close them: a long chain of sums of INTERVALs nests nothing.
    expect(parseFormula('`d`' + ' + INTERVAL 1 DAY'.repeat(2000)).errors).toEqual([]);
  });

  it('never throws, whatever the input', () => {
    const alphabet = ["CASE ", "WHEN ", "THEN ", "ELSE ", "END ", "(", ")", ",", "`a`", "'s'", '"d"', "1", "+", "-", "*", "/", "=", "<", "AND ", "OR ", "NOT ", "IN ", "LIKE ", "BETWEEN ", "IS ", "NULL ", "SUM", "OVER ", "PARTITION BY ", "FIXED ", "BY ", "INTERVAL ", "DAY ", "x ", "--c\n", "/*", "‘"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }), (parts) => {
        const r = parseFormula(parts.join(''));
        expect(r.formula.kind).toBe('Formula');
      }),
      { numRuns: 5000 },
    );
  });
});
