// Printer: for generated valid formulas, printing the AST and parsing the output gives the same AST.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseFormula } from './parse.js';
import { printFormula } from './print.js';

/** The AST without what printing may change: ranges, raw spellings of keywords and names, recovery marks. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'range' || k.endsWith('Range') || k.endsWith('Keyword') || k === 'operatorRaw') continue;
      if (k === 'name' && (value as { kind?: string }).kind === 'Call') continue;
      if (k === 'raw' && ['Boolean', 'Null'].includes((value as { kind: string }).kind)) continue;
      out[k] = shape(v);
    }
    return out;
  }
  return value;
}

const leaf = fc.constantFrom('`Sales`', '`Order Date`', 'Region', '1', '2.5', "'x'", "'O''Neal'", "'O\\'Neal'", "'C:\\\\'", 'NULL', 'TRUE', 'CURRENT_DATE', 'NOW()');
const formulaText: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '=', '<>', '<=', 'AND', 'OR'), tie('e')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('e').map((a) => `(${a})`),
    tie('e').map((a) => `- (${a})`),
    tie('e').map((a) => `NOT (${a})`),
    tie('e').map((a) => `SUM(${a})`),
    fc.tuple(tie('e'), tie('e')).map(([a, b]) => `CONCAT(${a}, ${b})`),
    tie('e').map((a) => `COUNT(DISTINCT ${a})`),
    fc.constant('COUNT(*)'),
    tie('e').map((a) => `DATE_ADD(${a}, INTERVAL 3 DAY)`),
    fc.tuple(tie('e'), tie('e')).map(([a, b]) => `DATE_SUB(${a}, INTERVAL ${b} MONTH)`),
    fc.tuple(tie('e'), fc.constantFrom('TRUE', 'NOT FALSE')).map(([a, t]) => `(${a}) IS ${t}`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([a, b, c]) => `CASE WHEN ${a} THEN ${b} ELSE ${c} END`),
    fc.tuple(tie('e'), tie('e')).map(([a, b]) => `CASE (${a}) WHEN 1 THEN ${b} END`),
    tie('e').map((a) => `(${a}) NOT IN (1, 'a')`),
    tie('e').map((a) => `(${a}) LIKE 'a%'`),
    tie('e').map((a) => `(${a}) BETWEEN 1 AND 2`),
    tie('e').map((a) => `(${a}) IS NOT NULL`),
    tie('e').map((a) => `SUM(SUM(${a})) OVER (PARTITION BY \`r\` ORDER BY \`m\` DESC)`),
    tie('e').map((a) => `MAX(SUM(${a}) FIXED (BY \`r\` FILTER DENY \`c\`))`),
    fc.constant('SVC_BEAST_MODE(7)'),
  ),
})).e;

describe('printFormula', () => {
  it('prints canonical text', () => {
    expect(printFormula(parseFormula("case when  `a`>1 then sum( `b` ) else 'x' end").formula)).toBe("CASE WHEN `a` > 1 THEN SUM(`b`) ELSE 'x' END");
    expect(printFormula(parseFormula('- -1').formula)).toBe('- -1');
  });

  it('round-trips: parse(print(ast)) equals ast for generated formulas', () => {
    fc.assert(
      fc.property(formulaText, (text) => {
        const first = parseFormula(text);
        fc.pre(first.errors.length === 0);
        const printed = printFormula(first.formula);
        const second = parseFormula(printed);
        expect(second.errors).toEqual([]);
        expect(shape(second.formula)).toEqual(shape(first.formula));
      }),
      { numRuns: 1500 },
    );
  });
});
