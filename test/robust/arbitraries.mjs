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
