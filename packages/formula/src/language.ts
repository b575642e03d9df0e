// Vocabularies of the language beyond the function catalogue (facts.md, documented).

/** Units of `INTERVAL n UNIT`, case-insensitive. */
export const INTERVAL_UNITS: readonly string[] = [
  'MICROSECOND', 'SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'SECOND_MICROSECOND',
  'MINUTE_MICROSECOND', 'MINUTE_SECOND', 'HOUR_MICROSECOND', 'HOUR_SECOND', 'HOUR_MINUTE', 'DAY_MICROSECOND',
  'DAY_SECOND', 'DAY_MINUTE', 'DAY_HOUR', 'YEAR_MONTH',
];

/** Specifiers of DATE_FORMAT, STR_TO_DATE and TIME_FORMAT (`%` before each), with what they print. */
export const DATE_FORMAT_SPECIFIERS: Readonly<Record<string, string>> = {
  '%a': 'Abbreviated weekday name (Sun..Sat)',
  '%b': 'Abbreviated month name (Jan..Dec)',
  '%d': 'Day of the month, two digits (00..31)',
  '%e': 'Day of the month (0..31)',
  '%f': 'Microseconds (000000..999999)',
  '%H': 'Hour, 24-hour clock (00..23)',
  '%h': 'Hour, 12-hour clock (01..12)',
  '%i': 'Minutes (00..59)',
  '%j': 'Day of the year (001..366)',
  '%M': 'Month name (January..December)',
  '%m': 'Month, two digits (00..12)',
  '%p': 'AM or PM',
  '%r': 'Time, 12-hour (hh:mm:ss AM/PM)',
  '%s': 'Seconds (00..59)',
  '%T': 'Time, 24-hour (hh:mm:ss)',
  '%v': 'Week (01..53), Monday first, with %x',
  '%W': 'Weekday name (Sunday..Saturday)',
  '%w': 'Day of the week (0 = Sunday..6 = Saturday)',
  '%x': 'Year of the week, Monday first, four digits, with %v',
  '%Y': 'Year, four digits',
  '%y': 'Year, two digits',
  '%%': 'A literal %',
};

/** MySQL's other specifiers: not in the service's list, but its engine (MySQL's DATE_FORMAT) accepts them. */
export const ENGINE_DATE_FORMAT_SPECIFIERS: Readonly<Record<string, string>> = {
  '%c': 'Month (0..12)',
  '%D': 'Day of the month with an English suffix (1st, 2nd, …)',
  '%I': 'Hour, 12-hour clock (01..12)',
  '%k': 'Hour, 24-hour clock (0..23)',
  '%l': 'Hour, 12-hour clock (1..12)',
  '%S': 'Seconds (00..59)',
  '%U': 'Week (00..53), Sunday first',
  '%u': 'Week (00..53), Monday first',
  '%V': 'Week (01..53), Sunday first, with %X',
  '%X': 'Year of the week, Sunday first, four digits, with %V',
};

/** Functions whose second argument is a date format string (FROM_UNIXTIME's is optional). */
export const DATE_FORMAT_FUNCTIONS: readonly string[] = ['DATE_FORMAT', 'STR_TO_DATE', 'TIME_FORMAT', 'FROM_UNIXTIME'];

/** The `cacheWindow` a time-dependent constant gives a calculation, shortest first. `day` for the current date is
 * verified; the window of the current time is not known (facts.md: "likely a shorter window"): `hour` is our choice. */
export const CACHE_WINDOW_ORDER: readonly string[] = ['hour', 'day', 'non_dynamic'];
export const CACHE_WINDOWS: Readonly<Record<string, string>> = {
  CURRENT_DATE: 'day',
  CURDATE: 'day',
  NOW: 'hour',
  CURRENT_TIMESTAMP: 'hour',
  SYSDATE: 'hour',
  CURTIME: 'hour',
  CURRENT_TIME: 'hour',
};
