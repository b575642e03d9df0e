// Runs one formula in MariaDB and in the evaluator over the same rows and lists where they differ, value by value.
// Numbers compare with a relative tolerance (and, for a DECIMAL result, within half a unit of MariaDB's last decimal:
// MariaDB's scale is noted in the difference); text, dates and times compare exactly as text (dates `YYYY-MM-DD`,
// datetimes `YYYY-MM-DD HH:MM:SS`); a boolean is MariaDB's 1 or 0. Every formula compared is linted too: lint may
// call a formula MariaDB computes an error only as lint-errors.ts lists it.
import { compileFormula, type EvaluationResult } from '@calckit/evaluate';
import { lintText } from '@calckit/lint';
import { expect } from 'vitest';
import { NOW, select, type ColumnMeta, type MariadbFixture } from '../mariadb.js';
import { KNOWN_DIFFERENCES } from './known-differences.js';
import { LINT_ERRORS } from './lint-errors.js';
import { PENDING_DIFFERENCES } from './pending-differences.js';
import { fromClause, functionsOf, NESTED, toMariadb } from './translate.js';

/** One expression of the suite: a formula, evaluated per row, or per group with `groupBy`. */
export interface Case {
  readonly formula: string;
  /** Group-by columns: an aggregate formula gives one value per group. */
  readonly groupBy?: readonly string[];
  /** The evaluator's `binary` collation, against MariaDB's utf8mb4_nopad_bin (default: utf8mb4_general_ci on both sides). */
  readonly collation?: 'binary';
}

export interface Difference {
  /** The row's `id` (row-level formulas) or the group's values (aggregates). */
  readonly at: number | Readonly<Record<string, unknown>>;
  readonly mariadb: unknown;
  readonly evaluator: unknown;
  /** MariaDB's result type and scale, as the comparison read them. */
  readonly mariadbType?: string;
}

export const RELATIVE_TOLERANCE = 1e-9;

const isNumericType = (t: string) => /^(TINY|SHORT|LONG|INT24|LONGLONG|FLOAT|DOUBLE|DECIMAL|NEWDECIMAL|YEAR|BIT)$/.test(t);

const isTimeType = (t: string) => t === 'DATETIME' || t === 'TIME';

/** MariaDB's value as compared: numbers as numbers, text and times as text. */
export function fromMariadb(v: unknown, meta: ColumnMeta): unknown {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'bigint') return Number(v);
  if (isNumericType(meta.type) && typeof v === 'string') return Number(v);
  // MariaDB's zero date (FROM_DAYS out of range, …): Java clients such as the service's read it as NULL
  // (zeroDateTimeBehavior), and the evaluator has no such value.
  if (typeof v === 'string' && /^0000-00-00( 00:00:00)?$/.test(v) && (meta.type === 'DATE' || meta.type === 'DATETIME' || meta.type === 'NEWDATE')) return null;
  // MariaDB prints a DATETIME or TIME with as many decimals as the expression declares (`.500000`); the evaluator
  // declares them only for the time functions it models (declared-digits.ts), else prints the fraction's significant
  // digits (`.5`, none for a zero fraction): both are compared by the significant digits (sameValue).
  if (typeof v === 'string' && isTimeType(meta.type) && /\.\d+$/.test(v)) return v.replace(/\.?0+$/, '');
  return v;
}

/** The evaluator's value as compared: a boolean is 1 or 0, as MariaDB returns it. */
export function fromEvaluator(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

export function sameValue(mariadb: unknown, evaluator: unknown, meta: ColumnMeta): boolean {
  if (mariadb === null || evaluator === null) return mariadb === evaluator;
  // The evaluator prints the digits its expression declares where it knows them (`.500000`), else the significant
  // ones: compared as MariaDB's DATETIME or TIME above, by the fraction's significant digits.
  if (typeof evaluator === 'string' && typeof mariadb === 'string' && isTimeType(meta.type) && /\.\d+$/.test(evaluator)) evaluator = evaluator.replace(/\.?0+$/, '');
  if (typeof mariadb === 'number' && typeof evaluator === 'number') {
    if (Object.is(mariadb, evaluator) || mariadb === evaluator) return true;
    const diff = Math.abs(mariadb - evaluator);
    if (diff <= RELATIVE_TOLERANCE * Math.max(Math.abs(mariadb), Math.abs(evaluator))) return true;
    // MariaDB sent a value with fixed decimals (a DECIMAL, or a DOUBLE of exact arguments, e.g. STDDEV_POP of a
    // LONG with 4): the evaluator's value must round to the same. 31 is MariaDB's "not fixed".
    if (meta.scale < 31 && diff <= 0.5 * 10 ** -meta.scale * (1 + 1e-9)) return true;
    return false;
  }
  return mariadb === evaluator;
}

const ROW_LIMIT_IN_REPORT = 3;

export interface Outcome {
  readonly sql: string;
  readonly count: number;
  readonly first: readonly Difference[];
  /** How many values were compared. */
  readonly compared: number;
}

/**
 * The evaluator's result: `compileFormula` once, evaluated first over other rows (the first 37) and then over the
 * suite's rows, so that what a compiled formula keeps between evaluations (windows, FIXED, RAND) is checked too.
 */
function evaluate(fixture: MariadbFixture, c: Case): EvaluationResult | { error: string } {
  try {
    const compiled = compileFormula(c.formula, {
      schema: fixture.schema,
      groupBy: c.groupBy,
      now: NOW,
      collation: c.collation ?? 'utf8mb4_general_ci',
      nestedFormula: (id) => NESTED[id],
    });
    compiled.evaluate(fixture.rows.slice(0, 37));
    return compiled.evaluate(fixture.rows);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { error: `${code ? `${code}: ` : ''}${error instanceof Error ? error.message : String(error)}` };
  }
}

const quote = (column: string) => `\`${column.replace(/`/g, '``')}\``;

/** Compares one case; `documented: false` compares with MariaDB as it is (for the known differences' own check). */
export async function compareCase(fixture: MariadbFixture, c: Case, { documented = true } = {}): Promise<Outcome> {
  const translation = toMariadb(c.formula, { documented, groupBy: c.groupBy });
  const expression = translation.sql;
  const from = fromClause(translation);
  const differences: Difference[] = [];
  const result = evaluate(fixture, c);
  const conn = c.collation === 'binary' ? fixture.connBinary : fixture.conn;
  if (!c.groupBy) {
    // An aggregate over the whole table is one value (LIMIT 1: an aggregate MariaDB computes in a subquery, such as a
    // percentile, leaves the outer SELECT one row per row).
    const whole = !('error' in result) && result.kind === 'groups';
    const sql = `SELECT ${expression} FROM ${from} ${whole ? 'LIMIT 1' : 'ORDER BY id'}`;
    const { rows, meta } = await select(conn, sql);
    const m = meta[0]!;
    const mtype = `${m.type}${m.scale < 31 ? ` (${m.scale} decimals)` : ''}`;
    for (let i = 0; i < rows.length; i++) {
      const mariadb = fromMariadb(rows[i]![0], m);
      const evaluator = 'error' in result ? { error: result.error } : fromEvaluator(result.rows[i]?.value);
      if ('error' in result || !sameValue(mariadb, evaluator, m)) differences.push({ at: i + 1, mariadb, evaluator, mariadbType: mtype });
    }
    if (!('error' in result) && result.rows.length !== rows.length) differences.push({ at: 0, mariadb: `${rows.length} rows`, evaluator: `${result.rows.length} rows` });
    return { sql, count: differences.length, first: differences.slice(0, ROW_LIMIT_IN_REPORT), compared: rows.length };
  }
  const keys = c.groupBy.map(quote).join(', ');
  const sql = `SELECT ${keys}, ${expression} FROM ${from} GROUP BY ${keys} ORDER BY ${keys}`;
  const { rows, meta } = await select(conn, sql);
  const n = c.groupBy.length;
  const keyOf = (values: readonly unknown[]) => JSON.stringify(values.map((v) => (v === undefined ? null : v)));
  const ours = new Map<string, unknown>();
  const ourOrder: string[] = [];
  if (!('error' in result)) {
    for (const r of result.rows) {
      const k = keyOf(c.groupBy.map((g) => fromEvaluator(r.group?.[g])));
      ours.set(k, fromEvaluator(r.value));
      ourOrder.push(k);
    }
  }
  const theirOrder: string[] = [];
  for (const row of rows) {
    const group = row.slice(0, n).map((v, i) => fromMariadb(v, meta[i]!));
    const k = keyOf(group);
    theirOrder.push(k);
    const mariadb = fromMariadb(row[n], meta[n]!);
    const at = Object.fromEntries(c.groupBy.map((g, i) => [g, group[i]]));
    if ('error' in result) differences.push({ at, mariadb, evaluator: { error: result.error } });
    else if (!ours.has(k)) differences.push({ at, mariadb, evaluator: 'no such group' });
    else if (!sameValue(mariadb, ours.get(k), meta[n]!)) differences.push({ at, mariadb, evaluator: ours.get(k), mariadbType: `${meta[n]!.type}${meta[n]!.scale < 31 ? ` (${meta[n]!.scale} decimals)` : ''}` });
  }
  for (const k of ourOrder) if (!theirOrder.includes(k)) differences.push({ at: JSON.parse(k), mariadb: 'no such group', evaluator: ours.get(k) });
  if (differences.length === 0 && ourOrder.join('\n') !== theirOrder.join('\n')) {
    differences.push({ at: 'group order' as never, mariadb: theirOrder.map((k) => JSON.parse(k)), evaluator: ourOrder.map((k) => JSON.parse(k)) });
  }
  return { sql, count: differences.length, first: differences.slice(0, ROW_LIMIT_IN_REPORT), compared: rows.length };
}

/** The known differences a formula shows: by the functions it calls, or by the formula itself (operators). */
export const knownDifferencesOf = (formula: string) => KNOWN_DIFFERENCES.filter((d) => d.formulas?.[formula] !== undefined || functionsOf(formula).has(d.function));

const caseKey = (c: Case) => `${c.formula}${c.groupBy ? ` GROUP BY ${c.groupBy.join(', ')}` : ''}${c.collation ? ` COLLATE ${c.collation}` : ''}`;
const pendingByKey = new Map(PENDING_DIFFERENCES.map((p) => [caseKey(p), p]));

/** The input cells of row `id` that a formula reads (for a readable report). */
function inputsOf(fixture: MariadbFixture, formula: string, at: Difference['at']): unknown {
  if (typeof at !== 'number' || at < 1) return undefined;
  const row = fixture.rows[at - 1]!;
  return Object.fromEntries(Object.entries(row).filter(([k]) => formula.includes(`\`${k}\``)));
}

/** The ids of the rules that report an error on a formula (over the suite's schema), sorted. */
export function lintErrorRules(formula: string, schema: MariadbFixture['schema']): string[] {
  return [...new Set(lintText(formula, { schema }).messages.filter((m) => m.severity === 'error').map((m) => m.ruleId))].sort();
}

const lintErrorsByFormula = new Map(LINT_ERRORS.map((e) => [e.formula, e]));

/**
 * Asserts that lint draws no error on a formula MariaDB computes, except those lint-errors.ts lists for it (the
 * service refuses it, with the evidence; or the rule is wrong, pending).
 */
export function expectLintAccepts(fixture: MariadbFixture, formula: string): void {
  const rules = lintErrorRules(formula, fixture.schema);
  const listed = lintErrorsByFormula.get(formula);
  if (!listed) {
    if (rules.length > 0) {
      const messages = lintText(formula, { schema: fixture.schema }).messages.filter((m) => m.severity === 'error').map((m) => `${m.ruleId}: ${m.message}`);
      expect.fail(`lint reports errors on a formula MariaDB computes: ${formula}\n  ${messages.join('\n  ')}\n  fix the rule, or list it in lint-errors.ts (refused by the service, with the evidence; or pending)`);
    }
    return;
  }
  if (rules.length === 0) expect.fail(`lint no longer reports an error on ${formula}: remove it from lint-errors.ts`);
  expect(rules, `lint's errors on ${formula} changed (lint-errors.ts)`).toEqual(listed.rules);
}

/**
 * Asserts a case: lint accepts it (expectLintAccepts); no difference, or exactly the differences its `PENDING_DIFFERENCES` entry records (the evaluator
 * still gets it wrong; fixing it makes this say to move the entry out). A formula with a known difference is
 * compared with the documented behaviour, and MariaDB as it is must still differ from it somewhere.
 */
export async function expectSame(fixture: MariadbFixture, c: Case): Promise<void> {
  expectLintAccepts(fixture, c.formula);
  const outcome = await compareCase(fixture, c);
  const pending = pendingByKey.get(caseKey(c));
  const report = (o: Outcome) =>
    `${caseKey(c)}\n  MariaDB: ${o.sql}\n  ${o.count} of ${o.compared} values differ; first:\n` +
    o.first.map((d) => `    at ${JSON.stringify(d.at)} ${JSON.stringify(inputsOf(fixture, c.formula, d.at)) ?? ''}: MariaDB ${JSON.stringify(d.mariadb)}${d.mariadbType ? ` (${d.mariadbType})` : ''}, evaluator ${JSON.stringify(d.evaluator)}`).join('\n') +
    `\n  as a pendingDifferences entry: ${JSON.stringify({ formula: c.formula, ...(c.groupBy ? { groupBy: c.groupBy } : {}), ...(c.collation ? { collation: c.collation } : {}), count: o.count, first: o.first.map(({ mariadbType: _, ...d }) => d) })}`;
  if (pending) {
    if (outcome.count === 0) expect.fail(`fixed: ${caseKey(c)} now gives MariaDB's values: move it out of PENDING_DIFFERENCES (pending-differences.ts)`);
    const got = { count: outcome.count, first: outcome.first.map(({ mariadbType: _, ...d }) => d) };
    expect(got, `the pending difference changed:\n${report(outcome)}`).toEqual({ count: pending.count, first: pending.first });
    return;
  }
  if (outcome.count > 0) expect.fail(`the evaluator differs from MariaDB:\n${report(outcome)}`);
  const known = knownDifferencesOf(c.formula);
  if (known.length > 0 && toMariadb(c.formula, { groupBy: c.groupBy }).sql !== toMariadb(c.formula, { documented: false, groupBy: c.groupBy }).sql) {
    // MariaDB as it is must differ: other values, or an error (LONG overflow).
    const raw = await compareCase(fixture, c, { documented: false }).catch(() => ({ count: 1 }));
    if (raw.count === 0) expect.fail(`${caseKey(c)}: known difference(s) ${known.map((k) => k.function).join(', ')} listed, yet MariaDB as it is gives the same values: the case shows nothing, or the entry is wrong`);
  }
}

export { caseKey };
