// The extractor over small mysqltest scripts: which expressions it takes, which it leaves out and why, and which
// settings it replays.
import { describe, expect, test } from 'vitest';
import { extractCases, outsideVocabulary } from './extract.js';
import { readScript } from './mtr-script.js';
import { sqlTokens } from './sql-tokens.js';

const cases = (script: string) =>
  extractCases('func_x.test', script)
    .steps.map((s) => (s.kind === 'case' ? s.expression : `[${s.sql}]`));
const skipped = (script: string) => Object.fromEntries(extractCases('func_x.test', script).skipped);

describe('readScript', () => {
  test('statements, comments, commands, delimiters and expected errors', () => {
    const script = [
      '# a comment',
      '--disable_warnings',
      'drop table if exists t1;',
      '--enable_warnings',
      "select 1, 'a;b'",
      '  , 2;',
      '--error ER_PARSE_ERROR',
      'select (;',
      'let $x= 1;',
      'delimiter |;',
      'select 3|',
      'delimiter ;|',
      'if ($x) {',
      '  select 4;',
      '}',
      'select 5; select 6;',
    ].join('\n');
    expect(readScript(script)).toEqual([
      { sql: 'drop table if exists t1', line: 3, expectsError: false },
      { sql: "select 1, 'a;b'\n  , 2", line: 5, expectsError: false },
      { sql: 'select (', line: 8, expectsError: true },
      { sql: 'select 3', line: 11, expectsError: false },
      { sql: 'select 5', line: 16, expectsError: false },
      { sql: 'select 6', line: 16, expectsError: false },
    ]);
  });
});

describe('extractCases', () => {
  test('takes the expressions of literal SELECTs, without their aliases', () => {
    expect(cases("select 1+1 as two, concat('a','b') ab, LENGTH('x') 'len', CASE WHEN 1 THEN 2 END;")).toEqual(["1+1", "concat('a','b')", "LENGTH('x')", 'CASE WHEN 1 THEN 2 END']);
  });

  test('leaves out queries of tables and expressions outside the vocabulary', () => {
    expect(cases('select a from t1; select 1 from dual; select distinct 1;')).toEqual([]);
    expect(cases("select 5 DIV 2, 1 <=> 1, IF(1,2,3), `col`, @v, _latin1'a', 'a' 'b', (1,2) IN ((1,2)), RAND(1), 2;")).toEqual(['2']);
  });

  test("takes MySQL's argument syntax of catalogue functions and IS TRUE, for calckit to read or refuse", () => {
    expect(cases("select trim(LEADING 'x' FROM 'xa'), 1 IS NOT TRUE, DATE_ADD('2001-01-01', INTERVAL 1 + 1 DAY);")).toEqual(["trim(LEADING 'x' FROM 'xa')", '1 IS NOT TRUE', "DATE_ADD('2001-01-01', INTERVAL 1 + 1 DAY)"]);
  });

  test('skips the statements the script expects MariaDB to refuse', () => {
    expect(cases("--error 1064\nselect 1;\nselect 2;")).toEqual(['2']);
    expect(skipped("--error 1064\nselect 1;")).toEqual({ 'the test expects MariaDB to refuse the statement': 1 });
  });

  test('replays time_zone and timestamp; skips after settings it does not model, until they are back to their default', () => {
    const script = [
      "set time_zone='+03:00';",
      'select NOW(), FROM_UNIXTIME(0);',
      'SET timestamp=UNIX_TIMESTAMP(\'2001-01-01 00:00:00\');',
      'set default_week_format = 6;',
      'select week(20001231);',
      'set default_week_format = 0;',
      "set sql_mode='ANSI';",
      "select 'a' || 'b', 3;",
      'set sql_mode=DEFAULT;',
      'set timestamp=DEFAULT;',
      'select week(20001231);',
    ].join('\n');
    expect(cases(script)).toEqual(["[SET time_zone = '+03:00']", 'NOW()', "[SET timestamp = UNIX_TIMESTAMP('2001-01-01 00:00:00')]", '[SET timestamp = UNIX_TIMESTAMP(@calckit_now)]', 'week(20001231)']);
    expect(skipped(script)).toEqual({
      'UNIX_TIMESTAMP, FROM_UNIXTIME or CONVERT_TZ under a time_zone other than UTC (the evaluator has none)': 1,
      'after SET default_week_format (not modelled)': 1,
      'after SET sql_mode (not modelled)': 1,
    });
  });

  test('a setting set back from a saved or global value, and UTC by name, are modelled again', () => {
    const script = ["set time_zone='Europe/Moscow';", 'select 1;', 'set time_zone= @@global.time_zone;', 'select 2;', "set @@session.time_zone='UTC';", 'select 3;'].join('\n');
    expect(cases(script)).toEqual(["[SET time_zone = '+00:00']", '2', "[SET time_zone = '+00:00']", '3']);
  });

  test('settings without effect on literal SELECTs change nothing', () => {
    expect(cases("set names latin1;\nset global max_allowed_packet=1048576;\nset sql_mode='STRICT_ALL_TABLES,NO_ZERO_DATE';\nselect 1;")).toEqual(['1']);
  });
});

describe('outsideVocabulary', () => {
  test('names what puts an expression out', () => {
    expect(outsideVocabulary(sqlTokens('1 DIV 2'))).toBe('word DIV');
    expect(outsideVocabulary(sqlTokens('IF(1, 2, 3)'))).toBe('function IF');
    expect(outsideVocabulary(sqlTokens("X'41'"))).toBe("prefix X'…'");
    expect(outsideVocabulary(sqlTokens('1 % 2'))).toBe('operator %');
    expect(outsideVocabulary(sqlTokens('SYSDATE()'))).toBe('not deterministic: SYSDATE');
    expect(outsideVocabulary(sqlTokens("CURRENT_DATE + INTERVAL 1 DAY"))).toBeUndefined();
  });
});
