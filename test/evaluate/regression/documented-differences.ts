// Expressions of MariaDB's regression tests where calckit differs from MariaDB on purpose: the service is documented
// (or shown) to compute them otherwise, or to refuse them. Each entry says why, and where that is established. Bugs
// to fix are not documented differences: they are pending-differences.json.
export interface DocumentedDifference {
  /** The cases' keys (`<file>: <expression>`, as the test reports them). */
  readonly keys: readonly string[];
  /** What the service does instead, in a few words. */
  readonly cause: string;
  /** Where that is established: facts.md, the service's documentation, a known difference of the differential suite. */
  readonly evidence: string;
}

export const DOCUMENTED_DIFFERENCES: readonly DocumentedDifference[] = [
  {
    cause: "MICROSECOND is refused: the service documents it as unsupported and refused it live (ILLEGAL_FUNCTION)",
    evidence: "facts.md, 'Rules the service applies' (SQRT, CONVERT_TZ, MICROSECOND and WEEKDAY documented as unsupported) and 'The API beyond the seed' (live evidence, 2026-09-23: MICROSECOND marked ILLEGAL_FUNCTION); the catalogue's status unsupported (scripts/functions.tsv)",
    keys: [
      "func_sapdb.test: microsecond(\"1997-12-31 23:59:59.000001\")",
      "func_sapdb.test: microsecond(\"1997-12-31 23:59:59.01\")",
      "func_sapdb.test: microsecond(19971231235959.01)",
      "func_time.test: microsecond('12:00:00.123456')",
      "func_time.test: microsecond('2009-12-31 23:59:59.000010')",
      "func_time.test: MICROSECOND(ADDTIME(0, 8395959))",
      "func_time.test: MICROSECOND(ADDTIME(20010101000000, 8395959))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959))",
      "func_time.test: MICROSECOND(ADDTIME(20010101000000.0, 8395959))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.0))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.00))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.000))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.0000))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.00000))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.000000))",
      "func_time.test: MICROSECOND(ADDTIME(0.0, 8395959.0000000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.0))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.00))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.0000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.00000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.000000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', 8395959.0000000))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.0'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.00'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.000'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.0000'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.00000'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.000000'))",
      "func_time.test: MICROSECOND(TIMESTAMP('2001-01-01', '839:59:59.0000000'))",
    ],
  },
  {
    cause: "`--` starts a comment to the end of the line in the formula language, with or without a space after it; MySQL needs the space, so MariaDB reads `--6e-16` as minus minus 6e-16",
    evidence: "facts.md, 'The language': comments `-- to end of line` appear in published samples; the formula lexer's LineComment (packages/formula/src/syntax/tokens.ts)",
    keys: [
      "type_float.test: --6e-16",
    ],
  },
  {
    cause: "lint's string-as-column errs on a quoted text where a column's values are expected (the value computed is NULL, as MariaDB's): the service answers such formulas with Invalid Query",
    evidence: "facts.md, 'Rules the service applies': \"Invalid Query\" most often comes from single-quoted column names; docs/rules/string-as-column.md",
    keys: [
      "func_time.test: TIME('-xxx')",
      "func_time.test: TIME('-xxxxxxxxxxxxxxxxxxxx')",
      "func_time.test: NULLIF(FROM_UNIXTIME('foo'), '2012-12-12 21:10:14')",
      "type_timestamp.test: UNIX_TIMESTAMP('abc') > 0",
      "type_timestamp.test: UNIX_TIMESTAMP('abc')",
    ],
  },
  {
    cause: "LPAD and RPAD take three arguments: lint refuses the two-argument form, which only MariaDB has (since 10.3; padding with spaces)",
    evidence: "the service's engine reference types LPAD(STRING, LONG, STRING) and RPAD(STRING, LONG, STRING) (packages/formula/scripts/functions.tsv), as MySQL 8.0's reference manual writes LPAD(str, len, padstr); MariaDB's knowledge base: padstr optional from 10.3.1",
    keys: [
      "func_str.test: rpad('abcd',7)",
      "func_str.test: lpad('abcd',7)",
      "func_str.test: rpad('hello', -1)",
      "func_str.test: rpad('hello', -4294967295)",
      "func_str.test: rpad('hello', 4294967295)",
      "func_str.test: rpad('hello', -4294967296)",
      "func_str.test: rpad('hello', 4294967296)",
      "func_str.test: rpad('hello', -4294967297)",
      "func_str.test: rpad('hello', 4294967297)",
      "func_str.test: rpad('hello', -18446744073709551615)",
      "func_str.test: rpad('hello', 18446744073709551615)",
      "func_str.test: rpad('hello', -18446744073709551616)",
      "func_str.test: rpad('hello', 18446744073709551616)",
      "func_str.test: rpad('hello', -18446744073709551617)",
      "func_str.test: rpad('hello', 18446744073709551617)",
      "func_str.test: rpad('hello', 0)",
      "func_str.test: lpad('hello', -1)",
      "func_str.test: lpad('hello', -4294967295)",
      "func_str.test: lpad('hello', 4294967295)",
      "func_str.test: lpad('hello', -4294967296)",
      "func_str.test: lpad('hello', 4294967296)",
      "func_str.test: lpad('hello', -4294967297)",
      "func_str.test: lpad('hello', 4294967297)",
      "func_str.test: lpad('hello', -18446744073709551615)",
      "func_str.test: lpad('hello', 18446744073709551615)",
      "func_str.test: lpad('hello', -18446744073709551616)",
      "func_str.test: lpad('hello', 18446744073709551616)",
      "func_str.test: lpad('hello', -18446744073709551617)",
      "func_str.test: lpad('hello', 18446744073709551617)",
      "func_str.test: lpad('hello', 0)",
      "func_str.test: RPAD('hi', DAY(FROM_UNIXTIME(-1)))",
      "func_str.test: LPAD('hi', DAY(FROM_UNIXTIME(-1)))",
    ],
  },
];
