// fast-check arbitraries for formula-like text: corpus formulas mutated (cut, duplicated, spliced, characters
// inserted), sequences of the language's tokens with random spacing, and arbitrary Unicode strings.
import fc from 'fast-check';
import { loadCorpus } from '../../bench/lib/corpus.mjs';

export const CORPUS = loadCorpus().map((e) => e.formula);

const WORDS = [
  'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'AND', 'OR', 'NOT', 'IN', 'LIKE', 'BETWEEN', 'IS', 'NULL', 'TRUE', 'FALSE',
  'DISTINCT', 'OVER', 'PARTITION', 'BY', 'ORDER', 'ASC', 'DESC', 'FIXED', 'ADD', 'REMOVE', 'FILTER', 'NONE', 'ALLOW',
  'DENY', 'INTERVAL', 'DAY', 'MONTH', 'YEAR', 'SUM', 'COUNT', 'AVG', 'MIN', 'MAX', 'DATEDIFF', 'ADDDATE', 'CURRENT_DATE',
  'DATE_FORMAT', 'STR_TO_DATE', 'NULLIF', 'IFNULL', 'CONCAT', 'LAG', 'ROW_NUMBER', 'SQRT', 'WEEKDAY', 'SVC_BEAST_MODE',
  'ACME_BEAST_MODE', 'ROUND', 'CEILING', 'IF', 'COALESCE', 'DAYOFWEEK', 'Region', 'amount', 'salesperson',
];
const PUNCT = ['(', ')', ',', '+', '-', '*', '/', '=', '!=', '<>', '<', '>', '<=', '>=', '.', ';', '%'];
const ODD = ['`', "'", '"', '‘', '’', '“', '”', '--', '/*', '*/', '\n', '\r\n', '\t', '\u00a0', '\u2028', '\uFEFF', '\0', '😀', '\ud800', 'é', '\\'];

const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 4, arbitrary: fc.constantFrom(...PUNCT) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 3, arbitrary: fc.stringMatching(/^`[A-Za-z ]{0,12}`$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^'[A-Za-z%' ]{0,10}'$/) },
  { weight: 2, arbitrary: fc.oneof(fc.nat({ max: 100000 }).map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const space = fc.constantFrom('', ' ', ' ', '  ', '\n', '\t', ' -- c\n', ' /* c */ ');

/** Token soup: mostly the language's words and punctuation, with odd characters mixed in. */
export const tokenSoup = fc.array(fc.tuple(token, space), { maxLength: 40 }).map((parts) => parts.map(([t, s]) => t + s).join(''));

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete'), at: fc.nat(), length: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('insert'), at: fc.nat(), text: fc.oneof(token, fc.constantFrom(...ODD)) }),
  fc.record({ kind: fc.constant('duplicate'), at: fc.nat(), length: fc.nat({ max: 30 }) }),
  fc.record({ kind: fc.constant('splice'), at: fc.nat(), other: fc.nat(), length: fc.nat({ max: 40 }) }),
);

function applyMutation(text, m) {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'duplicate':
      return text.slice(0, at) + text.slice(at, at + m.length) + text.slice(at);
    default: {
      const other = CORPUS[m.other % CORPUS.length];
      const from = m.other % (other.length + 1);
      return text.slice(0, at) + other.slice(from, from + m.length) + text.slice(at);
    }
  }
}

/** A corpus formula with 0–6 mutations applied. */
export const mutatedCorpus = fc
  .tuple(fc.nat({ max: CORPUS.length - 1 }), fc.array(mutation, { maxLength: 6 }))
  .map(([i, ms]) => ms.reduce(applyMutation, CORPUS[i]));

/** Everything the fuzzers feed in: mutated corpus, token soup, arbitrary (also lone-surrogate) strings. */
export const formulaText = fc.oneof(
  { weight: 5, arbitrary: mutatedCorpus },
  { weight: 4, arbitrary: tokenSoup },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

// Long shapes ----------------------------------------------------------------------------------------------------
// What a user pastes or a script writes, far longer than any fuzzed input: flat chains of 100,000 terms (a tree
// 100,000 levels deep once precedence is applied), CASEs of 10,000 WHENs, IN lists and calls of 100,000 values,
// megabyte literals and comments, prefix runs, chains that nest without parentheses, broken chains, and text past the
// limits. Each is made by a seeded generator (varied operators, terms, spacing and comments), at `scale` (1 in the
// full run: the sizes above; smaller in the quick one).

import { mulberry32 } from '../../bench/lib/prng.mjs';

/** Joins n terms with separators, both chosen by the generator; a line break or a comment now and then. */
function joinTerms(n, rnd, term, separator) {
  const parts = new Array(n);
  for (let i = 0; i < n; i++) {
    const gap = rnd() < 0.02 ? (rnd() < 0.5 ? '\n' : rnd() < 0.5 ? ' /* c */ ' : ' -- c\n') : ' ';
    parts[i] = i === 0 ? term(i) : `${gap}${separator(i)} ${term(i)}`;
  }
  return parts.join('');
}
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const COMPARISONS = ['=', '<>', '!=', '<', '>', '<=', '>='];

/** The long shapes: name → (scale, rnd) → { text, valid } (`valid`: the text must parse without errors). */
export const LONG_SHAPES = {
  'OR chain of comparisons': (scale, rnd) => ({
    text: joinTerms(100_000 * scale, rnd, (i) => `\`r\` ${pick(rnd, COMPARISONS)} 'R${i}'`, () => 'OR'),
    valid: true,
  }),
  'AND chain of predicates': (scale, rnd) => ({
    text: joinTerms(100_000 * scale, rnd, (i) => pick(rnd, [`a LIKE 'x%'`, `b IN (${i}, 2)`, 'c IS NULL', `d BETWEEN 1 AND ${i}`, `NOT e = ${i}`]), () => 'AND'),
    valid: true,
  }),
  '+ chain of aggregates and columns': (scale, rnd) => ({
    text: joinTerms(100_000 * scale, rnd, (i) => pick(rnd, ['SUM(`Sales`)', '`Cost`', String(i), 'Amount', 'COUNT(*)']), () => pick(rnd, ['+', '-'])),
    valid: true,
  }),
  '* chain': (scale, rnd) => ({
    text: joinTerms(100_000 * scale, rnd, (i) => pick(rnd, ['`Qty`', `${i}.5`, '-`Price`', 'NULLIF(`x`, 0)']), () => pick(rnd, ['*', '/'])),
    valid: true,
  }),
  'chain of every operator mixed': (scale, rnd) => ({
    text: joinTerms(
      100_000 * scale,
      rnd,
      (i) => `${pick(rnd, ['', '', '', 'NOT ', '- '])}${pick(rnd, ['`a`', String(i), "'s'", 'SUM(`b`)', 'NULL', 'TRUE'])}${pick(rnd, ['', '', '', '', ' IS NULL', ' IN (1, 2)', " LIKE 'x%'"])}`,
      () => pick(rnd, ['OR', 'AND', '+', '-', '*', '/', ...COMPARISONS]),
    ),
    valid: true,
  }),
  'CASE of 10,000 WHENs': (scale, rnd) => ({
    text: `CASE${rnd() < 0.5 ? ' `Region`' : ''}\n${Array.from({ length: 10_000 * scale }, (_, i) => `  WHEN ${rnd() < 0.5 ? `'R${i}'` : `${i}`} THEN ${pick(rnd, [`'v${i}'`, `${i}`, 'SUM(`x`)', 'NULL'])}`).join('\n')}\n  ELSE NULL\nEND`,
    valid: true,
  }),
  'IN list of 100,000 values': (scale, rnd) => ({
    text: `\`Code\` ${rnd() < 0.5 ? 'NOT ' : ''}IN (${Array.from({ length: 100_000 * scale }, (_, i) => pick(rnd, [String(i), `'${i}'`, `"${i}"`])).join(', ')})`,
    valid: true,
  }),
  'call of 100,000 arguments': (scale, rnd) => ({
    text: `${pick(rnd, ['COALESCE', 'CONCAT'])}(${Array.from({ length: 100_000 * scale }, (_, i) => pick(rnd, ['`a`', `'${i}'`, `"${i}"`, String(i)])).join(', ')})`,
    valid: true,
  }),
  'run of 100,000 prefix operators': (scale, rnd) => ({
    text: `${Array.from({ length: 100_000 * scale }, () => pick(rnd, ['- ', '+ ', 'NOT '])).join('')}\`x\``,
    valid: true,
  }),
  'chain that nests without parentheses': (scale, rnd) => ({
    text: joinTerms(50_000 * scale, rnd, (i) => (rnd() < 0.5 ? `\`a${i % 7}\` IN (1)` : `\`a${i % 7}\` IS NULL`), () => pick(rnd, ['+', '= NOT', '*'])),
    valid: true,
  }),
  'megabyte string literal': (scale, rnd) => {
    const body = Array.from({ length: Math.ceil(((1 << 20) * scale) / 64) }, () => pick(rnd, ['x'.repeat(64), `${'y'.repeat(60)}''ok`, `é€😀${'z'.repeat(59)}`])).join('');
    const name = 'n'.repeat((1 << 20) * scale);
    return { text: `\`Note\` = '${body}' OR ${rnd() < 0.5 ? `\`${name}\`` : `"${name}"`} IS NULL`, valid: true };
  },
  'megabyte comments': (scale, rnd) => ({
    text: `/* ${'c'.repeat((1 << 20) * scale)} */ SUM(\`Sales\`) -- ${pick(rnd, ['n', 'm']).repeat((1 << 20) * scale)}\n+ 1`,
    valid: true,
  }),
  'chain with a syntax error in the middle': (scale, rnd) => {
    const n = 100_000 * scale;
    const broken = Math.floor(n / 2);
    return { text: joinTerms(n, rnd, (i) => (i === broken ? pick(rnd, ['(`a` =', '`a` = =', 'CASE WHEN', "'open"]) : `\`a\` = ${i}`), () => 'OR'), valid: false };
  },
  'text past the length limit': (_scale, rnd) => ({ text: `'${pick(rnd, ['x', 'y']).repeat(4 * 1024 * 1024 + 10)}'`, valid: false }),
  'nesting past the depth limit': (scale, rnd) => ({ text: `${pick(rnd, ['(', 'ABS(', 'CASE WHEN 1 THEN '])}`.repeat(Math.max(300, 100_000 * scale)), valid: false }),
};

/** Every long shape, generated with `seed`, at `scale`. */
export function longShapes(scale, seed) {
  return Object.entries(LONG_SHAPES).map(([name, make], i) => ({ name, ...make(scale, mulberry32(seed + i)) }));
}
