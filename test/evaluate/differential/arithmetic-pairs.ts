// Every pair of operand types for MySQL's arithmetic (packages/formula/src/types/arithmetic-types.ts), generated from
// the tables below: each operand kind against each, for `+ - * /` and MOD (the language's `%`; it has no `DIV`), at
// row level and with aggregates on both sides (COUNT, COUNT DISTINCT, SUM, AVG, MIN and MAX over each kind), grouped
// and over the whole table; and the ratios of counts analysts write, nested as they nest them.
import type { Case } from './harness.js';
import { GROUPINGS } from './expressions.js';

/** The operand kinds, each as a row-level expression over test/evaluate/rows.mjs's columns (every one has NULLs). */
export const OPERAND_KINDS: readonly { readonly kind: string; readonly expression: string }[] = [
  { kind: 'LONG', expression: '`Quantity`' },
  { kind: 'DECIMAL, 2 decimals', expression: '`Sales`' },
  { kind: 'DECIMAL, 3 decimals', expression: '(`N` + 0.125)' },
  { kind: 'DOUBLE', expression: '`Ratio`' },
  { kind: 'text read as a number', expression: '`Code`' },
  { kind: 'BOOLEAN', expression: '(`Quantity` > 10)' },
  { kind: 'NULL', expression: 'NULL' },
];

export const OPERATORS: readonly string[] = ['+', '-', '*', '/', 'MOD'];

/** `a op b`, MOD as the function the language has. */
export const applyOperator = (op: string, a: string, b: string): string => (op === 'MOD' ? `MOD(${a}, ${b})` : `${a} ${op} ${b}`);

/** The aggregates over one operand. */
export const AGGREGATES_OF: readonly ((x: string) => string)[] = [
  (x) => `COUNT(${x})`,
  (x) => `COUNT(DISTINCT ${x})`,
  (x) => `SUM(${x})`,
  (x) => `AVG(${x})`,
  (x) => `MIN(${x})`,
  (x) => `MAX(${x})`,
];

/** Row-level `a op b` for every pair of kinds and every operator. */
export function rowPairs(): string[] {
  const out: string[] = [];
  for (const a of OPERAND_KINDS) for (const b of OPERAND_KINDS) for (const op of OPERATORS) out.push(applyOperator(op, a.expression, b.expression));
  return out;
}

/** Every aggregate over every kind, and COUNT(*). */
export function aggregateTerms(): string[] {
  return ['COUNT(*)', ...OPERAND_KINDS.flatMap((k) => AGGREGATES_OF.map((agg) => agg(k.expression)))];
}

const grouping = (k: number): readonly string[] => GROUPINGS[k % GROUPINGS.length]!;
const withGrouping = (formula: string, groupBy: readonly string[]): Case => (groupBy.length > 0 ? { formula, groupBy } : { formula });

/**
 * `AGG(a) op AGG(b)` for every pair of kinds and every operator. For one kind on one side, the aggregate changes with
 * the other side's kind and the operator, so that each aggregate of each kind stands on the left and on the right;
 * the grouping changes from one formula to the next (whole table, by Region, by Region and N).
 */
export function aggregatePairs(): Case[] {
  const out: Case[] = [];
  let k = 0;
  OPERAND_KINDS.forEach((a, i) =>
    OPERAND_KINDS.forEach((b, j) =>
      OPERATORS.forEach((op, o) => {
        const left = AGGREGATES_OF[(j + o) % AGGREGATES_OF.length]!(a.expression);
        const right = AGGREGATES_OF[(i + o + 1) % AGGREGATES_OF.length]!(b.expression);
        out.push(withGrouping(applyOperator(op, left, right), grouping(k++)));
      }),
    ),
  );
  return out;
}

/** Ratios of counts as analysts write them (issue 34: eight such formulas disagreed), nested in FLOOR, ROUND and a
 * percentage; each run over the whole table and grouped. */
export const COUNT_RATIOS: readonly string[] = [
  'COUNT(*) / 7',
  'SUM(`Quantity`) / COUNT(DISTINCT `Customer`)',
  'FLOOR(COUNT(*) / 3 * 3)',
  'CEILING(COUNT(*) / 3 * 3)',
  'COUNT(*) / 3 * 3',
  'ROUND(COUNT(*) / 7, 2)',
  'ROUND(SUM(`Sales`) / COUNT(*), 2)',
  'COUNT(`Region`) / COUNT(*) * 100',
  '100 * COUNT(`Region`) / COUNT(*)',
  'COUNT(DISTINCT `Customer`) / COUNT(*)',
  'SUM(`Quantity`) / COUNT(*)',
  'SUM(`Sales`) / COUNT(DISTINCT `Region`)',
  'AVG(`Quantity`) / COUNT(*)',
  'COUNT(*) / SUM(`Sales`)',
  'COUNT(*) / AVG(`Quantity`)',
  'FLOOR(SUM(`Quantity`) / COUNT(*) * COUNT(*))',
  'MOD(COUNT(*), 7)',
  'COUNT(*) / 7 = 57.1429',
  'COUNT(*) / 7 + AVG(`Ratio`) * 0',
  'COUNT(*) / 7 * 1e0',
];

/** Each aggregate term nested as the idioms nest a ratio: FLOOR(x / 3 * 3), ROUND(x / COUNT(*), 2), x / COUNT(*) * 100. */
export function nestedRatios(): Case[] {
  const idioms = [(x: string) => `FLOOR(${x} / 3 * 3)`, (x: string) => `ROUND(${x} / COUNT(*), 2)`, (x: string) => `${x} / COUNT(*) * 100`];
  let k = 0;
  return aggregateTerms().flatMap((term) => idioms.map((idiom) => withGrouping(idiom(term), grouping(k++))));
}

/** The aggregate cases of this file: every term and every ratio under every grouping, the pairs, the nested ratios. */
export function arithmeticAggregateCases(): Case[] {
  const everyGrouping = (formula: string) => GROUPINGS.map((g) => withGrouping(formula, g));
  return [...aggregateTerms().flatMap(everyGrouping), ...COUNT_RATIOS.flatMap(everyGrouping), ...aggregatePairs(), ...nestedRatios()];
}
