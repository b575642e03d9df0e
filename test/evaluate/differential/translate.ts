// Formula → MariaDB SQL, for the differential tests. The formula language is MySQL's expression syntax (backtick
// columns, the same operators, CASE, INTERVAL, OVER), so a formula is its own SQL except where this module says
// otherwise: calls rewritten by a table (the service's documented replacements, and functions MariaDB spells another
// way). Everything else is copied from the formula's text unchanged.
import { childrenOf, inferTypes, parseFormula, type CallExpression, type DatasetColumn, type Expression, type Node } from '@calckit/formula';
import { SCHEMA } from '../rows.mjs';
import { KNOWN_DIFFERENCES } from './known-differences.js';

/** A call rewritten for MariaDB: the arguments already translated, as SQL text. */
export type CallRewrite = (args: readonly string[], call: CallExpression, context: RewriteContext) => string;

/** What a rewrite may need beyond the arguments: the group-by columns of the query (for correlated subqueries). */
export interface RewriteContext {
  readonly groupBy: readonly string[];
  /** The static type of an argument, as the analysis infers it over the rows' schema. */
  readonly typeOf: (e: Expression) => string;
}

const quoteColumn = (c: string) => `\`${c.replace(/`/g, '``')}\``;

/** MariaDB has the percentiles only as window functions: a subquery over the rows of the current group. */
const percentile = (fraction: string | undefined): CallRewrite => (a, _call, ctx) => {
  const where = ctx.groupBy.map((g) => `s.${quoteColumn(g)} <=> t.${quoteColumn(g)}`).join(' AND ');
  return `(SELECT PERCENTILE_CONT(${fraction ?? a[1]}) WITHIN GROUP (ORDER BY ${a[0]}) OVER () FROM t AS s${where ? ` WHERE ${where}` : ''} LIMIT 1)`;
};

/**
 * Functions of the formula language (the engine's, mostly) that MariaDB 10.11 has under another name or not at all,
 * written as the MariaDB expression of the same meaning (the meaning the catalogue gives them).
 */
export const SPELLINGS: Readonly<Record<string, CallRewrite>> = {
  APPROXIMATE_COUNT_DISTINCT: (a) => `COUNT(DISTINCT ${a[0]})`,
  // Rows in table order, as the evaluator reads them; MariaDB's separator must be a literal.
  LISTAGG: (a) => `GROUP_CONCAT(${a[0]} ORDER BY t.id SEPARATOR ${a[2] ?? "','"})`,
  // Pearson's coefficient over the rows where both values are present.
  CORR: ([x, y]) => {
    // In DOUBLE (`+ 0e0`): AVG of integers is a DECIMAL of 4 decimals in MariaDB, too coarse for the products.
    const xs = `IF((${y}) IS NULL, NULL, (${x}) + 0e0)`;
    const ys = `IF((${x}) IS NULL, NULL, (${y}) + 0e0)`;
    return `((AVG(${xs} * ${ys}) - AVG(${xs}) * AVG(${ys})) / (STDDEV_POP(${xs}) * STDDEV_POP(${ys})))`;
  },
  MEDIAN: percentile('0.5'),
  APPROXIMATE_MEDIAN: percentile('0.5'),
  PERCENTILE: percentile(undefined),
  PERCENTILE_CONT: percentile(undefined),
  APPROXIMATE_PERCENTILE: percentile(undefined),
  CONTAINS: ([s, sub]) => `(INSTR(${s}, ${sub}) > 0)`,
  // The n-th field, '' past the last (PostgreSQL's and the engine's split_part); n ≥ 1.
  SPLIT_PART: ([s, d, n]) =>
    `IF(CHAR_LENGTH(${d}) = 0, IF(${n} = 1, ${s}, ''), IF(${n} > (CHAR_LENGTH(${s}) - CHAR_LENGTH(REPLACE(${s}, ${d}, ''))) / CHAR_LENGTH(${d}) + 1, '', SUBSTRING_INDEX(SUBSTRING_INDEX(${s}, ${d}, ${n}), ${d}, -1)))`,
  TO_NUMBER: ([s]) => `(${s} + 0)`,
  WIDTH_BUCKET: ([x, lo, hi, n]) => `(CASE WHEN ${x} < ${lo} THEN 0 WHEN ${x} >= ${hi} THEN ${n} + 1 ELSE FLOOR((${x} - ${lo}) / (${hi} - ${lo}) * ${n}) + 1 END)`,
  TO_DATE: ([d]) => `DATE(${d})`,
  // PostgreSQL's date_trunc: the start of the unit (weeks from Monday), a DATETIME; a DATE for a DATE truncated to a
  // day or more, as the evaluator types it (no documentation says); the unit a literal here.
  DATE_TRUNC: ([unit, d], call, ctx) => {
    const u = (call.args[0]?.kind === 'String' ? call.args[0].value : '').toUpperCase();
    if (ctx.typeOf(call.args[1]!) === 'DATE' && ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'].includes(u)) {
      return `DATE(${SPELLINGS.DATE_TRUNC!([unit!, `TIMESTAMP(${d})`], call, { ...ctx, typeOf: () => 'DATETIME' })})`;
    }
    const formats: Record<string, string> = { YEAR: '%Y-01-01 00:00:00', MONTH: '%Y-%m-01 00:00:00', DAY: '%Y-%m-%d 00:00:00', HOUR: '%Y-%m-%d %H:00:00', MINUTE: '%Y-%m-%d %H:%i:00', SECOND: '%Y-%m-%d %H:%i:%s' };
    if (formats[u]) return `CAST(DATE_FORMAT(${d}, '${formats[u]}') AS DATETIME)`;
    if (u === 'WEEK') return `CAST(DATE_FORMAT(DATE_SUB(${d}, INTERVAL WEEKDAY(${d}) DAY), '%Y-%m-%d 00:00:00') AS DATETIME)`;
    if (u === 'QUARTER') return `CAST(CONCAT(YEAR(${d}), '-', (QUARTER(${d}) - 1) * 3 + 1, '-01 00:00:00') AS DATETIME)`;
    throw new Error(`DATE_TRUNC unit ${unit} has no translation here`);
  },
};

/** The rewrites that give the service's documented behaviour in MariaDB (the known differences). */
export const DOCUMENTED_REWRITES: Readonly<Record<string, CallRewrite>> = Object.fromEntries(
  KNOWN_DIFFERENCES.filter((d) => d.mariadbRewrite).map((d) => [d.function, d.mariadbRewrite!]),
);

/** The nested calculations of the suite, by id: `SVC_BEAST_MODE(id)` in a formula (the evaluator's `nestedFormula`). */
export const NESTED: Readonly<Record<string, string>> = {
  '1001': '`Sales` * (1 - IFNULL(`Discount`, 0))',
  '1002': "CASE WHEN `Region` IS NULL THEN 'none' ELSE LOWER(`Region`) END",
  '1003': 'SUM(`Quantity`)',
};

export interface Translation {
  readonly sql: string;
  /**
   * Window expressions that MariaDB computes per row in a derived table (`__fixed0`, … in `sql`): FIXED, which is an
   * aggregate over the rows sharing the row's values of its columns (PARTITION BY them), aggregated again outside.
   * MariaDB allows no window function inside an aggregate, hence the derived table.
   */
  readonly derived: readonly string[];
  /** Upper-case names of the functions called (for coverage and the known-differences lookup). */
  readonly functions: ReadonlySet<string>;
}

/**
 * Translates a formula to a MariaDB expression. `documented`: apply the known differences' rewrites (the value the
 * service documents); without it, the formula as MariaDB itself computes it.
 */
export function toMariadb(
  formula: string,
  {
    documented = true,
    groupBy = [],
    schema = SCHEMA,
    typing = {},
  }: { documented?: boolean; groupBy?: readonly string[]; schema?: readonly DatasetColumn[]; typing?: Readonly<Record<string, CallRewrite>> } = {},
): Translation {
  const parsed = parseFormula(formula);
  if (parsed.errors.length > 0) throw new Error(`the formula does not parse: ${formula}\n${parsed.errors.map((e) => e.message).join('\n')}`);
  const root = parsed.formula.expression;
  if (!root) throw new Error(`empty formula: ${JSON.stringify(formula)}`);
  if (documented) {
    const whole = KNOWN_DIFFERENCES.find((d) => d.formulas?.[formula] !== undefined);
    if (whole) return { sql: whole.formulas![formula]!, derived: [], functions: toMariadb(formula, { documented: false, groupBy, schema }).functions };
  }
  const types = inferTypes(parsed.formula, schema);
  const typeOf = (e: Expression) => types.typeOf(e);
  const functions = new Set<string>();
  const derived: string[] = [];
  // `typing`: rewrites that give the service's declared type where it differs from MariaDB's (types.test.ts).
  const rewrites = documented ? { ...SPELLINGS, ...DOCUMENTED_REWRITES, ...typing } : { ...SPELLINGS, ...typing };

  const sqlOf = (node: Node): string => {
    if (node.kind === 'Call') functions.add(node.upperName);
    if (node.kind === 'Call' && rewrites[node.upperName] && !node.over && !node.fixed) {
      return rewrites[node.upperName]!(node.args.map(sqlOf), node, { groupBy, typeOf });
    }
    if (node.kind === 'Call' && node.fixed) {
      const spec = node.fixed;
      if (spec.filter) throw new Error(`FIXED … FILTER has no translation here: ${formula}`);
      const listed = spec.columns.map((c) => (c.kind === 'Column' ? c.name : formula.slice(c.range.start.offset, c.range.end.offset)));
      const mode = spec.mode ?? 'BY';
      const keys = mode === 'BY' ? listed : mode === 'ADD' ? [...new Set([...groupBy, ...listed])] : groupBy.filter((g) => !listed.includes(g));
      const inner = rewrites[node.upperName] ? rewrites[node.upperName]!(node.args.map(sqlOf), node, { groupBy: keys, typeOf }) : `${node.upperName}(${node.star ? '*' : `${node.distinct ? 'DISTINCT ' : ''}${node.args.map(sqlOf).join(', ')}`})`;
      derived.push(`${inner} OVER (${keys.length > 0 ? `PARTITION BY ${keys.map(quoteColumn).join(', ')}` : ''})`);
      return `\`__fixed${derived.length - 1}\``;
    }
    if (node.kind === 'NestedCalculation') {
      // A nested calculation is its formula in place (one level deep, as the service allows).
      const nested = NESTED[String(node.id)];
      if (nested === undefined) throw new Error(`no nested calculation ${node.id} in NESTED (translate.ts)`);
      const inner = toMariadb(nested, { documented, groupBy, schema, typing });
      if (inner.derived.length > 0) throw new Error(`nested calculation ${node.id}: FIXED inside a nested calculation has no translation here`);
      for (const f of inner.functions) functions.add(f);
      return `(${inner.sql})`;
    }
    const kids = childrenOf(node).sort((a, b) => a.range.start.offset - b.range.start.offset);
    let out = '';
    let at = node.range.start.offset;
    for (const kid of kids) {
      out += formula.slice(at, kid.range.start.offset) + sqlOf(kid);
      at = kid.range.end.offset;
    }
    return out + formula.slice(at, node.range.end.offset);
  };
  const sql = sqlOf(root);
  return { sql, derived, functions };
}

/** The FROM clause for a translation: the table, or a derived table adding the FIXED windows' columns. */
export function fromClause(t: Translation): string {
  return t.derived.length === 0 ? 't' : `(SELECT t.*, ${t.derived.map((d, i) => `${d} AS \`__fixed${i}\``).join(', ')} FROM t) AS t`;
}

/** Upper-case names of the functions a formula calls. */
export function functionsOf(formula: string): ReadonlySet<string> {
  return toMariadb(formula, { documented: false }).functions;
}
