// Property test: generated formulas (random structure, spacing, line breaks, keyword case and comments) keep the
// formatter's invariants at random widths and options: idempotent, same AST, every comment kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '@calckit/formula';
import { checkInvariants } from './invariants.js';

type Tokens = string[];

const leaf: fc.Arbitrary<Tokens> = fc.oneof(
  fc.constantFrom('`Sales`', '`Order Date`', '`a``b`', 'Region', '"Quoted"').map((t) => [t]),
  fc.constantFrom('0', '1', '2.5', '.5', '1e3').map((t) => [t]),
  fc.constantFrom("'x'", "'it''s'", "''", "'%d %m'").map((t) => [t]),
  fc.constantFrom('NULL', 'TRUE', 'FALSE', 'CURRENT_DATE').map((t) => [t]),
);

const { expr } = fc.letrec<{ expr: Tokens }>((tie) => {
  const e = tie('expr');
  const list = (min: number, max: number) =>
    fc.array(e, { minLength: min, maxLength: max }).map((items) => items.flatMap((item, i) => (i === 0 ? item : [',', ...item])));
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.tuple(e, fc.constantFrom('+', '-', '*', '/', '=', '<>', '!=', '<', '>=', 'AND', 'OR', 'and', 'Or'), e).map(([l, op, r]) => [...l, op, ...r]),
      e.map((x) => ['(', ...x, ')']),
      e.map((x) => ['NOT', '(', ...x, ')']),
      fc.constantFrom('1', '`x`', 'Region').map((x) => ['-', '-', x]),
      fc.tuple(fc.constantFrom('SUM', 'DateDiff', 'concat', 'IFNULL', 'f'), list(0, 3)).map(([f, args]) => [f, '(', ...args, ')']),
      e.map((x) => ['COUNT', '(', 'DISTINCT', ...x, ')']),
      fc.constant(['count', '(', '*', ')']),
      fc.tuple(fc.option(e, { nil: undefined }), fc.array(fc.tuple(e, e), { minLength: 1, maxLength: 3 }), fc.option(e, { nil: undefined })).map(([operand, whens, otherwise]) => [
        'CASE',
        ...(operand ?? []),
        ...whens.flatMap(([c, r]) => ['WHEN', ...c, 'THEN', ...r]),
        ...(otherwise ? ['ELSE', ...otherwise] : []),
        'END',
      ]),
      fc.tuple(e, fc.boolean(), list(1, 8)).map(([x, not, items]) => [...x, ...(not ? ['NOT'] : []), 'IN', '(', ...items, ')']),
      fc.tuple(e, fc.boolean()).map(([x, not]) => [...x, ...(not ? ['NOT'] : []), 'LIKE', "'a%'"]),
      fc.tuple(e, e, e).map(([x, lo, hi]) => ['(', ...x, 'BETWEEN', '(', ...lo, ')', 'AND', '(', ...hi, ')', ')']),
      fc.tuple(e, fc.boolean()).map(([x, not]) => [...x, 'IS', ...(not ? ['NOT'] : []), 'NULL']),
      fc.tuple(e, fc.constantFrom('DAY', 'hour', 'Year_Month')).map(([x, unit]) => ['DATE_ADD', '(', ...x, ',', 'INTERVAL', '2', unit, ')']),
      // INTERVAL takes any expression; IS TRUE/FALSE; a literal with backslash escapes.
      fc.tuple(e, e).map(([x, amount]) => ['DATE_SUB', '(', ...x, ',', 'INTERVAL', ...amount, 'DAY', ')']),
      fc.tuple(e, fc.boolean(), fc.boolean()).map(([x, not, value]) => [...x, 'IS', ...(not ? ['NOT'] : []), value ? 'TRUE' : 'false']),
      fc.constant(["CONCAT", '(', "'it\\'s'", ',', "'C:\\\\'", ')']),
      fc.tuple(e, fc.boolean(), fc.boolean()).map(([x, part, order]) => [
        'SUM', '(', 'SUM', '(', ...x, ')', ')', 'OVER', '(',
        ...(part ? ['PARTITION', 'BY', '`Region`', ',', '`Country`'] : []),
        ...(order ? ['ORDER', 'BY', '`Month`', 'DESC'] : []),
        ')',
      ]),
      fc.tuple(e, fc.constantFrom('BY', 'ADD', 'REMOVE'), fc.constantFrom([], ['FILTER', 'NONE'], ['FILTER', 'ALLOW', '`x`', ',', '`y`'])).map(([x, mode, filter]) => [
        'AVG', '(', 'SUM', '(', ...x, ')', 'FIXED', '(', mode, '`Customer`', ...filter, ')', ')',
      ]),
      fc.nat(99).map((id) => ['SVC_BEAST_MODE', '(', String(id), ')']),
    ),
  };
});

/** Whitespace and comments between two tokens: never empty, so that tokens cannot merge (`-` `-` into `--`). */
const separator: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(' ', '  ', '\n', '\n    ', '\t') },
  { weight: 1, arbitrary: fc.nat(9).map((n) => ` /* note ${n} */ `) },
  { weight: 1, arbitrary: fc.nat(9).map((n) => ` -- remark ${n}\n`) },
  { weight: 1, arbitrary: fc.nat(9).map((n) => `\n-- own line ${n}\n`) },
);

const recase = (token: string, style: number): string =>
  /^[A-Za-z_]+$/.test(token) ? [token.toUpperCase(), token.toLowerCase(), token[0]!.toLowerCase() + token.slice(1)][style % 3]! : token;

const formula: fc.Arbitrary<string> = expr.chain((tokens) =>
  fc.tuple(fc.array(separator, { minLength: tokens.length + 1, maxLength: tokens.length + 1 }), fc.array(fc.nat(2), { minLength: tokens.length, maxLength: tokens.length })).map(([seps, cases]) => {
    let text = seps[0]!.trimStart();
    tokens.forEach((t, i) => {
      text += recase(t, cases[i]!) + (i === tokens.length - 1 ? seps[i + 1]!.trimEnd() : seps[i + 1]!);
    });
    return text;
  }),
);

/** The same formulas with CRLF line breaks, a byte-order mark or a final line break, as files may have them. */
const file: fc.Arbitrary<string> = fc
  .tuple(formula, fc.boolean(), fc.boolean(), fc.constantFrom('', '\n', '\n\n', '  \n'))
  .map(([text, crlf, bom, end]) => `${bom ? '\uFEFF' : ''}${crlf ? (text + end).replace(/\n/g, '\r\n') : text + end}`);

const options = fc.record({
  lineWidth: fc.integer({ min: 20, max: 120 }),
  indent: fc.integer({ min: 0, max: 4 }),
  keywordCase: fc.constantFrom('upper' as const, 'lower' as const, 'preserve' as const),
  functionCase: fc.constantFrom('upper' as const, 'lower' as const, 'preserve' as const),
});

/** More runs on demand: FORMAT_PROPERTY_RUNS=20000 npx vitest run test/format/property.test.ts */
const RUNS = Number(process.env['FORMAT_PROPERTY_RUNS'] ?? 500);

describe('formatter properties', () => {
  it('generated formulas parse (the generator makes valid formulas)', () => {
    fc.assert(
      fc.property(formula, (text) => {
        expect(parseFormula(text).errors).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps its invariants on generated formulas', () => {
    fc.assert(
      fc.property(file, options, (text, opts) => {
        expect(checkInvariants(text, opts).status).toBe('formatted');
      }),
      { numRuns: RUNS },
    );
  }, 30_000 + RUNS * 20);
});
