// A fast-check generator of syntactically valid formulas from the language's grammar (facts.md): columns,
// literals, operators, CASE, IN/LIKE/BETWEEN/IS NULL, calls with DISTINCT and *, INTERVAL, windows, FIXED —
// with random spacing, line breaks and comments between tokens. Used to check the formatter keeps meaning.
import fc from 'fast-check';

const COLUMNS = ['Sales', 'Cost', 'Region', 'Order Date', 'Quantity', 'Ünïcode col', 'a``b'];
const gap = fc.constantFrom(' ', ' ', ' ', '\n', '  ', '\n  ', ' /* c */ ', ' -- note\n', '\t');
const joinTokens = (parts) => fc.array(gap, { minLength: parts.length - 1, maxLength: parts.length - 1 }).map((gaps) => parts.reduce((acc, p, i) => (i === 0 ? p : acc + gaps[i - 1] + p), ''));

const column = fc.constantFrom(...COLUMNS).map((c) => `\`${c}\``);
const literal = fc.oneof(
  fc.nat({ max: 100000 }).map(String),
  fc.constantFrom('0.5', '1e3', '2.50', '.75'),
  fc.constantFrom("'West'", "'it''s'", "''", "'%Y-%m'", "'a -- not a comment'"),
  fc.constantFrom('NULL', 'TRUE', 'FALSE'),
);

const BINARY = ['+', '-', '*', '/', '=', '!=', '<>', '<', '>', '<=', '>=', 'AND', 'OR'];
const UNITS = ['DAY', 'MONTH', 'YEAR', 'WEEK', 'HOUR'];
const AGGREGATES = ['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'];

/** Any expression up to a depth; `tie` is fast-check's letrec reference. */
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    column,
    literal,
    tie('binary'),
    tie('paren'),
    tie('unary'),
    tie('call'),
    tie('case'),
    tie('predicate'),
    tie('window'),
    tie('fixed'),
  ),
  binary: fc.tuple(tie('expr'), fc.constantFrom(...BINARY), tie('expr')).chain(([a, op, b]) => joinTokens([a, op, b])),
  paren: tie('expr').map((a) => `(${a})`),
  unary: fc.tuple(fc.constantFrom('- ', 'NOT ', '+ '), tie('expr')).map(([op, a]) => `${op}${a}`),
  call: fc.oneof(
    fc.tuple(fc.constantFrom('ABS', 'CEILING', 'YEAR', 'UPPER', 'LENGTH'), tie('expr')).map(([f, a]) => `${f}(${a})`),
    fc.tuple(fc.constantFrom('ROUND', 'IFNULL', 'NULLIF', 'DATEDIFF'), tie('expr'), tie('expr')).map(([f, a, b]) => `${f}(${a}, ${b})`),
    fc.array(tie('expr'), { minLength: 1, maxLength: 4 }).map((xs) => `CONCAT(${xs.join(', ')})`),
    fc.tuple(fc.constantFrom(...AGGREGATES), fc.boolean(), tie('expr')).map(([f, d, a]) => `${f}(${d ? 'DISTINCT ' : ''}${a})`),
    fc.constantFrom('COUNT(*)', 'CURRENT_DATE()', 'CURRENT_DATE', 'NOW()'),
    fc.tuple(tie('expr'), fc.nat({ max: 30 }), fc.constantFrom(...UNITS)).map(([a, n, u]) => `ADDDATE(${a}, INTERVAL ${n} ${u})`),
    fc.tuple(tie('expr'), fc.constantFrom("'%Y-%m-%d'", "'%b %e'")).map(([a, f]) => `DATE_FORMAT(${a}, ${f})`),
  ),
  case: fc.oneof(
    fc.tuple(fc.array(fc.tuple(tie('expr'), tie('expr')), { minLength: 1, maxLength: 3 }), fc.option(tie('expr'))).map(
      ([whens, e]) => `CASE ${whens.map(([c, r]) => `WHEN ${c} THEN ${r}`).join(' ')}${e === null ? '' : ` ELSE ${e}`} END`,
    ),
    fc.tuple(column, fc.array(fc.tuple(literal, tie('expr')), { minLength: 1, maxLength: 3 })).map(([x, whens]) => `CASE ${x} ${whens.map(([v, r]) => `WHEN ${v} THEN ${r}`).join(' ')} END`),
  ),
  predicate: fc.oneof(
    fc.tuple(tie('expr'), fc.boolean(), fc.array(literal, { minLength: 1, maxLength: 4 })).map(([a, not, xs]) => `${a} ${not ? 'NOT ' : ''}IN (${xs.join(', ')})`),
    fc.tuple(tie('expr'), fc.boolean()).map(([a, not]) => `${a} ${not ? 'NOT ' : ''}LIKE 'W%'`),
    // BETWEEN's bounds are bit expressions in MySQL's grammar (no comparison or predicate): parenthesised.
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `${a} BETWEEN (${b}) AND (${c})`),
    fc.tuple(tie('expr'), fc.boolean()).map(([a, not]) => `${a} IS ${not ? 'NOT ' : ''}NULL`),
  ),
  window: fc.tuple(fc.constantFrom('SUM', 'AVG', 'COUNT'), column, fc.option(column), fc.option(fc.tuple(column, fc.constantFrom('', ' ASC', ' DESC')))).map(
    ([f, a, p, o]) => `${f}(${a}) OVER (${p ? `PARTITION BY ${p}` : ''}${p && o ? ' ' : ''}${o ? `ORDER BY ${o[0]}${o[1]}` : ''})`,
  ),
  fixed: fc.tuple(fc.constantFrom('SUM', 'MAX'), column, fc.constantFrom('BY', 'ADD', 'REMOVE'), column).map(([f, a, mode, c]) => `${f}(${a}) FIXED (${mode} ${c})`),
}));

/** A valid formula, sometimes with a leading or trailing comment. */
export const validFormula = fc.tuple(expr, fc.constantFrom('', '-- head\n', '/* head */ '), fc.constantFrom('', ' -- tail', '\n')).map(([e, head, tail]) => `${head}${e}${tail}`);
