// Tables the features show beyond the core's vocabularies: what INTERVAL units mean, what keywords do, which
// functions take an INTERVAL. Data, not logic.

/** What the value of `INTERVAL value UNIT` means for each unit (the unit list itself is the core's INTERVAL_UNITS). */
export const INTERVAL_UNIT_DOCS: Readonly<Record<string, string>> = Object.fromEntries([
  ['MICROSECOND', 'n microseconds'],
  ['SECOND', 'n seconds'],
  ['MINUTE', 'n minutes'],
  ['HOUR', 'n hours'],
  ['DAY', 'n days'],
  ['WEEK', 'n weeks'],
  ['MONTH', 'n months'],
  ['QUARTER', 'n quarters'],
  ['YEAR', 'n years'],
  ['SECOND_MICROSECOND', "'seconds.microseconds'"],
  ['MINUTE_MICROSECOND', "'minutes:seconds.microseconds'"],
  ['MINUTE_SECOND', "'minutes:seconds'"],
  ['HOUR_MICROSECOND', "'hours:minutes:seconds.microseconds'"],
  ['HOUR_SECOND', "'hours:minutes:seconds'"],
  ['HOUR_MINUTE', "'hours:minutes'"],
  ['DAY_MICROSECOND', "'days hours:minutes:seconds.microseconds'"],
  ['DAY_SECOND', "'days hours:minutes:seconds'"],
  ['DAY_MINUTE', "'days hours:minutes'"],
  ['DAY_HOUR', "'days hours'"],
  ['YEAR_MONTH', "'years-months'"],
]);

/** Functions that take `INTERVAL n UNIT` as an argument. */
export const INTERVAL_FUNCTIONS: ReadonlySet<string> = new Set(['ADDDATE', 'DATE_ADD', 'DATE_SUB', 'SUBDATE']);

/** What each keyword does, for completion and hover. */
export const KEYWORD_DOCS: Readonly<Record<string, string>> = {
  CASE: 'Starts a conditional: `CASE WHEN condition THEN value … [ELSE value] END`, or `CASE x WHEN a THEN value … END`.',
  WHEN: 'A branch of CASE: `WHEN condition THEN value`.',
  THEN: 'The value of a CASE branch whose WHEN condition holds.',
  ELSE: 'The value of CASE when no WHEN holds (without ELSE: NULL).',
  END: 'Closes a CASE.',
  AND: 'True when both sides are true.',
  OR: 'True when either side is true.',
  NOT: 'Negates a condition.',
  IN: 'True when the value equals one in the list: `x IN (1, 2)`.',
  LIKE: 'Pattern match: `%` any text, `_` one character.',
  BETWEEN: 'Inclusive range test: `x BETWEEN low AND high`.',
  IS: '`IS NULL` / `IS NOT NULL` test for a missing value.',
  NULL: 'The missing value.',
  TRUE: 'Boolean true.',
  FALSE: 'Boolean false.',
  INTERVAL: 'A duration for date arithmetic: `INTERVAL 3 DAY`.',
  DISTINCT: 'Aggregate distinct values only: `COUNT(DISTINCT x)`.',
  OVER: 'Makes an aggregate a window function: `SUM(SUM(x)) OVER (PARTITION BY `Region`)`.',
  PARTITION: 'Window partitions: `PARTITION BY col, …`.',
  ORDER: 'Window order: `ORDER BY expr [ASC|DESC], …`.',
  BY: 'Follows PARTITION, ORDER or FIXED.',
  ASC: 'Ascending order (the default).',
  DESC: 'Descending order.',
  FIXED: 'Level of detail: `OUTER(INNER(x) FIXED (BY col))` aggregates at a fixed level.',
  ADD: 'FIXED (ADD col): adds columns to the level of detail.',
  REMOVE: 'FIXED (REMOVE col): removes columns from the level of detail.',
  FILTER: 'FIXED filter handling: `FILTER NONE`, `FILTER ALLOW col, …`, `FILTER DENY col, …`.',
  NONE: 'FILTER NONE: ignore page filters.',
  ALLOW: 'FILTER ALLOW col, …: apply only the filters on these columns.',
  DENY: 'FILTER DENY col, …: apply every filter except those on these columns.',
};
