// The result TYPE of every formula of the differential suite, not only its values: the analysis' `dataType` (what
// the service stores for a calculation) and the evaluator's result type and decimals against the type and decimals
// MariaDB declares for the same expression (its column metadata), over the same table and grouping. MySQL's
// arithmetic types come from one table (packages/formula/src/types/arithmetic-types.ts); where a declared type
// differs for a reason outside it, TYPE_DIFFERENCES says why.
import { analyzeCalculation } from '@calckit/formula';
import { compileFormula } from '@calckit/evaluate';
import { describe, expect, it } from 'vitest';
import { NOW, select, useMariadb, type MariadbFixture } from '../mariadb.js';
import { SCHEMA } from '../rows.mjs';
import { allCases } from './expressions.js';
import { caseKey, type Case } from './harness.js';
import { SERVICE_TYPING, TIME_FUNCTIONS, TYPE_DIFFERENCES } from './type-differences.js';
import { fromClause, functionsOf, NESTED, toMariadb } from './translate.js';

const fixture = useMariadb();

/** MariaDB's column types (as the connector names them) → the service's data types. */
const DATA_TYPE_OF: Readonly<Record<string, string>> = {
  TINYINT: 'LONG',
  SMALLINT: 'LONG',
  MEDIUMINT: 'LONG',
  INT: 'LONG',
  BIGINT: 'LONG',
  YEAR: 'LONG',
  NEWDECIMAL: 'DECIMAL',
  DECIMAL: 'DECIMAL',
  DOUBLE: 'DOUBLE',
  FLOAT: 'DOUBLE',
  VAR_STRING: 'STRING',
  STRING: 'STRING',
  VARCHAR: 'STRING',
  BLOB: 'STRING',
  TINY_BLOB: 'STRING',
  MEDIUM_BLOB: 'STRING',
  LONG_BLOB: 'STRING',
  TEXT: 'STRING',
  DATE: 'DATE',
  DATETIME: 'DATETIME',
  TIMESTAMP: 'DATETIME',
  TIME: 'TIME',
};

/** MariaDB's declared type and decimals of a case's value (the query the harness runs, without its rows). */
async function declaredType(f: MariadbFixture, c: Case): Promise<{ type: string; scale: number }> {
  const translation = toMariadb(c.formula, { groupBy: c.groupBy, typing: SERVICE_TYPING });
  const keys = (c.groupBy ?? []).map((g) => `\`${g.replace(/`/g, '``')}\``);
  const sql = keys.length === 0 ? `SELECT ${translation.sql} FROM ${fromClause(translation)} LIMIT 0` : `SELECT ${keys.join(', ')}, ${translation.sql} FROM ${fromClause(translation)} GROUP BY ${keys.join(', ')} LIMIT 0`;
  const { meta } = await select(c.collation === 'binary' ? f.connBinary : f.conn, sql);
  const m = meta[keys.length]!;
  const type = DATA_TYPE_OF[m.type];
  if (type === undefined) throw new Error(`MariaDB type ${m.type} of ${caseKey(c)} has no data type in DATA_TYPE_OF`);
  return { type, scale: m.scale };
}

/** The evaluator's result type and decimals, or undefined when it refuses the formula (implemented.ts checks that). */
function evaluatorType(f: MariadbFixture, c: Case): { type: string; scale?: number } | undefined {
  try {
    const result = compileFormula(c.formula, { schema: f.schema, groupBy: c.groupBy, now: NOW, collation: c.collation ?? 'utf8mb4_general_ci', nestedFormula: (id) => NESTED[id] }).evaluate(f.rows.slice(0, 3));
    return { type: result.type, scale: result.scale };
  } catch {
    return undefined;
  }
}

/** Every case of the suite once (a formula may stand in two lists), but those of TIME (TIME_FUNCTIONS). */
const cases = (): Case[] => {
  const byKey = new Map<string, Case>();
  for (const c of allCases()) if (![...functionsOf(c.formula)].some((f) => TIME_FUNCTIONS.has(f))) byKey.set(caseKey(c), c);
  return [...byKey.values()];
};

const differenceByKey = new Map(TYPE_DIFFERENCES.map((d) => [caseKey(d), d]));

describe("the declared type of every differential formula: the analysis' dataType, the evaluator's type and decimals", () => {
  it.each(cases().map((c) => [caseKey(c), c] as const))('%s', async (key, c) => {
    const f = fixture();
    const mariadb = await declaredType(f, c);
    const dataType = analyzeCalculation(c.formula, { schema: SCHEMA }).dataType;
    const known = differenceByKey.get(key);
    const ours = { dataType, ...evaluatorScale(f, c, mariadb) };
    const theirs = { dataType: mariadb.type, ...(ours.scale === undefined ? {} : { scale: mariadb.scale }) };
    if (known) {
      expect(ours, `${key}: TYPE_DIFFERENCES (type-differences.ts) says ${known.why}; it changed`).toEqual({ ...theirs, ...known.ours });
      expect(theirs, `${key}: TYPE_DIFFERENCES lists it, yet the types agree: remove the entry`).not.toEqual(ours);
      return;
    }
    expect(ours, `${key}: ${JSON.stringify(ours)} where MariaDB declares ${JSON.stringify(theirs)}\n  as a TYPE_DIFFERENCES entry: ${JSON.stringify({ formula: c.formula, ...(c.groupBy ? { groupBy: c.groupBy } : {}), ...(c.collation ? { collation: c.collation } : {}), ours, mariadb: theirs })}`).toEqual(theirs);
  });
});

/** The evaluator's decimals, compared where MariaDB declares an exact result (an integer or a DECIMAL). */
function evaluatorScale(f: MariadbFixture, c: Case, mariadb: { type: string }): { scale?: number } {
  if (mariadb.type !== 'LONG' && mariadb.type !== 'DECIMAL') return {};
  const evaluated = evaluatorType(f, c);
  return evaluated ? { scale: evaluated.scale ?? -1 } : {};
}
