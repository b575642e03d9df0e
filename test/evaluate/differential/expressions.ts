// The expressions of the differential suite, over the columns of test/evaluate/rows.mjs:
// `Quantity`, `N` (LONG; N is small, -3…12), `Sales` (DECIMAL, scale 2), `Discount`, `Ratio` (DOUBLE),
// `Region` (clean categories), `Customer` (mixed case, accents, trailing spaces, empty), `Code` (codes, numbers and
// dates written as text), `Order Date` (DATE), `Ship Date` (DATETIME); every column has NULLs.
// coverage.test.ts fails when a function the evaluator implements is called by none of them.
import { mulberry32 } from '../../../bench/lib/prng.mjs';
import type { Case } from './harness.js';
import { arithmeticAggregateCases, rowPairs } from './arithmetic-pairs.js';

/** Row-level formulas: one value per row. Grouped by family for reading; the tests run them all. */
export const SCALAR: Readonly<Record<string, readonly string[]>> = {
  arithmetic: [
    '`Quantity` + `N`',
    '`Sales` + `Ratio`',
    '`Sales` + `Quantity`',
    '`Sales` - `Quantity`',
    '`Discount` - `Ratio`',
    '`Quantity` * `N`',
    '`Sales` * `Discount`',
    '`Sales` * `Quantity`',
    '`Sales` * 1.5',
    '`Quantity` / `N`',
    '`Quantity` / 7',
    '`Sales` / 3',
    '`Sales` / `Quantity`',
    '`Ratio` / `Discount`',
    '1 / 3',
    '10 / 4 * 4',
    '-`Quantity`',
    '-`Sales`',
    '- -`N`',
    '-`Ratio`',
    '+`N`',
    '`Quantity` + `N` * 2',
    '(`Quantity` + `N`) * 2',
    '`Quantity` - `N` - 1',
    '`Sales` - -1',
    '`Code` + 1',
    '`Code` * 2',
    '`Quantity` + NULL',
    // LONG overflow: a known difference (the service wraps, MariaDB fails).
    '`Quantity` * 100000000000000',
    '`Quantity` + 9223372036854775000',
    // The scale of a LONG / LONG quotient (4 decimals) as it is compared and reused.
    '7 / `Quantity` > 0',
    '`N` / `Quantity` * 1000000',
    '1 / 3 * 3',
    'NULLIF(2 / `Quantity`, 7) + `Ratio`',
    '0.5 / `Quantity` / `N`',
    // A quotient's inside decimals count the divisor's 9-digit words too (MariaDB's decimal_div).
    '`Sales` / 2.5 + `Ratio`',
    '`Quantity` / 3.000000000 + `Ratio`',
    'NULLIF(`Sales` / 7, 0) * 1e0',
    '(`Quantity` > 10) + (`N` > 2)',
    '`Order Date` + INTERVAL 1 DAY',
    '`Ship Date` - INTERVAL 2 HOUR',
    '`Order Date` - INTERVAL 1 MONTH',
  ],
  comparison: [
    '`Quantity` = `N`',
    '`Quantity` != 7',
    '`Quantity` <> 7',
    '`Quantity` > 100',
    '`Quantity` >= 7',
    '`Quantity` < `N`',
    '`Quantity` <= `N`',
    '`Sales` >= `Ratio`',
    '`Sales` = 2.5',
    '`Discount` > 0.5',
    "`Region` = 'east'",
    "`Customer` = 'ana'",
    "`Customer` = 'jose'",
    "`Customer` = ''",
    "`Customer` <> ''",
    "`Customer` < 'M'",
    "`Customer` > `Region`",
    "`Code` >= 'abc'",
    "`Order Date` < '2000-01-01'",
    '`Ship Date` >= `Order Date`',
    '`Order Date` = DATE(`Ship Date`)',
    "`Ship Date` > '2024-01-01 00:00:00'",
    "`Order Date` = '2024-02-29 00:00:00'",
    "`Ship Date` < '2000-01-01'",
    '`Order Date` < `Ship Date`',
    '`Quantity` = NULL',
    '`Code` = 12.5',
    "`Code` = '12.5'",
    "`Code` > 100",
  ],
  logical: [
    '`Quantity` > 10 AND `Discount` < 0.5',
    '`Quantity` > 10 OR `Region` IS NULL',
    '`Quantity` > 10 OR `Discount` > 0.5',
    'NOT (`Quantity` > 10)',
    'NOT `Quantity` > 10',
    "`Region` = 'East' AND NOT `Discount` > 0.2",
    'TRUE AND `Quantity` > 0',
    'FALSE OR `Sales` > 0',
    '(`Quantity` > 0) = TRUE',
  ],
  predicates: [
    "`Region` IN ('East', 'west')",
    '`Quantity` IN (1, 7, 10)',
    "`Region` NOT IN ('East', 'North')",
    '`Quantity` NOT IN (1, NULL)',
    '`Quantity` IN (1, NULL)',
    "`Customer` IN ('ana', 'zoe')",
    '`Quantity` BETWEEN 1 AND 100',
    '`Sales` NOT BETWEEN 0 AND 1000',
    "`Order Date` BETWEEN '2000-01-01' AND '2020-12-31'",
    "`Customer` BETWEEN 'a' AND 'm'",
    '`Region` IS NULL',
    '`Ship Date` IS NOT NULL',
    "`Customer` LIKE 'a%'",
    "`Customer` LIKE '%a_'",
    "`Customer` LIKE 'jos_'",
    "`Customer` NOT LIKE '%e%'",
    "`Code` LIKE 'ab%'",
    "`Code` LIKE '%,%'",
    "`Customer` LIKE ''",
  ],
  case: [
    "CASE WHEN `Sales` >= 10000 THEN 'Large' WHEN `Sales` > 0 THEN 'Small' ELSE 'None' END",
    "CASE `Region` WHEN 'east' THEN 1 WHEN 'West' THEN 2 END",
    'CASE WHEN `Quantity` > 100 THEN `Sales` END',
    'CASE WHEN `Quantity` > 100 THEN `Sales` ELSE `Quantity` END',
    "CASE `N` WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END",
    "CASE WHEN `Region` IS NULL THEN 'none' ELSE `Region` END",
    'CASE WHEN `Discount` > 0.5 THEN `Order Date` ELSE DATE(`Ship Date`) END',
    "CASE WHEN `N` > 5 THEN `Quantity` ELSE 'small' END",
    'CASE WHEN `N` > 5 THEN `Quantity` ELSE `Sales` END',
    'CASE WHEN `N` > 5 THEN `Discount` ELSE `Quantity` END',
  ],
  math: [
    'ABS(`Quantity`)',
    'ABS(`Sales`)',
    'ABS(`Ratio`)',
    'CEILING(`Sales`)',
    'CEILING(`Ratio`)',
    'CEILING(`Quantity`)',
    'FLOOR(`Sales`)',
    'FLOOR(`Ratio`)',
    'FLOOR(`Discount` * 10)',
    'MOD(`Quantity`, 7)',
    'MOD(`Quantity`, `N`)',
    'MOD(`Sales`, 3)',
    'MOD(`Ratio`, 2.5)',
    'POWER(`Discount`, 2)',
    'POWER(`N`, 3)',
    'POWER(2, `N`)',
    'POWER(ABS(`Ratio`), 0.5)',
    'ROUND(`Sales`)',
    'ROUND(`Sales`, 1)',
    'ROUND(`Sales`, -2)',
    'ROUND(`Ratio`)',
    'ROUND(`Ratio`, 2)',
    'ROUND(`Discount`, `N`)',
    'ROUND(`Quantity`, -1)',
    'ROUND(`Quantity` / 7, 2)',
    'ROUND(2.5)',
    'ROUND(-2.5)',
    'ROUND(`Discount`, 2)',
    // A DOUBLE's halves (MariaDB rounds them to even, as its C library does; DECIMAL halves away from zero).
    'ROUND(CEILING(`Ratio`), -1)',
    'ROUND(`Discount` * 10)',
    'ROUND(`Ratio` * 0 + 2.5)',
    'CEILING(`Ratio`) / 4',
    'LN(`Discount`)',
    'LN(`Quantity`)',
    'LOG(`Quantity`)',
    'LOG(2, `Quantity`)',
    'LOG(10, ABS(`Ratio`))',
    'SQRT(`Discount`)',
    'SQRT(`Quantity`)',
    'RAND(42)',
    'FLOOR(RAND(7) * 100)',
    'WIDTH_BUCKET(`Discount`, 0, 1, 4)',
    'WIDTH_BUCKET(`Quantity`, 0, 500, 10)',
  ],
  conditional: [
    'IFNULL(`Quantity`, 0)',
    "IFNULL(`Region`, 'none')",
    'IFNULL(`Sales`, `Ratio`)',
    'IFNULL(`Order Date`, DATE(`Ship Date`))',
    'NULLIF(`Quantity`, 7)',
    "NULLIF(`Region`, 'East')",
    "NULLIF(`Customer`, 'ana')",
    'NULLIF(`Sales`, 0)',
    'COALESCE(`Quantity`, `N`, -1)',
    "COALESCE(`Region`, `Customer`, 'x')",
    'COALESCE(`Discount`, `Ratio`)',
    'COALESCE(`Order Date`, DATE(`Ship Date`))',
    'NVL(`Discount`, 0)',
    "NVL(`Customer`, '?')",
    "IFNULL(`Quantity`, 'x')",
    "COALESCE(`Order Date`, 'none')",
    'IFNULL(`Sales`, 0) + IFNULL(`Quantity`, 0)',
  ],
  string: [
    "CONCAT(`Region`, '-', `Customer`)",
    'CONCAT(`Region`, `Quantity`)',
    "CONCAT(`Sales`, '')",
    "CONCAT(`Discount`, '')",
    "CONCAT(`Ratio`, '')",
    "CONCAT(`Order Date`, ' ', `Ship Date`)",
    "CONCAT('[', `Customer`, ']')",
    "CONCAT(`Quantity` / 7, '')",
    "CONCAT(`Sales` / 3, '')",
    "CONCAT(`Discount` * 100, '%')",
    "CONCAT(`Sales` * `Discount`, '')",
    "CONCAT(ROUND(`Ratio`, 2), '')",
    "CONCAT(`Ratio` * 1e10, '')",
    "CONCAT(`Ratio` * 1e-12, '')",
    "CONCAT(`Discount` * 1e20, '')",
    "CONCAT(`Quantity` > 10, '')",
    "INSTR(`Customer`, 'a')",
    "INSTR(`Code`, '-')",
    "INSTR(`Code`, '')",
    'INSTR(`Customer`, `Region`)',
    'LEFT(`Customer`, 3)',
    'LEFT(`Code`, `N`)',
    'RIGHT(`Customer`, 2)',
    'RIGHT(`Code`, `N`)',
    'LENGTH(`Customer`)',
    'LENGTH(`Code`)',
    'LENGTH(`Quantity`)',
    'LOWER(`Customer`)',
    'UPPER(`Customer`)',
    'LOWER(`Code`)',
    'UPPER(`Region`)',
    "REPLACE(`Code`, '-', '+')",
    "REPLACE(`Customer`, 'a', 'o')",
    "REPLACE(`Code`, '', 'x')",
    "REPLACE(`Customer`, ' ', '')",
    'SUBSTRING(`Customer`, 2)',
    'SUBSTRING(`Customer`, 2, 3)',
    'SUBSTRING(`Code`, -3)',
    'SUBSTRING(`Code`, `N`, 2)',
    'SUBSTRING(`Code`, 0)',
    'SUBSTRING(`Customer`, -2, 1)',
    'TRIM(`Customer`)',
    'TRIM(`Code`)',
    "CONCAT('[', TRIM(`Customer`), ']')",
    "LPAD(`Region`, 8, '*')",
    "RPAD(`Customer`, 5, '.')",
    "LPAD(`Code`, `N`, 'ab')",
    "RPAD(`Code`, 3, '')",
    'OCTET_LENGTH(`Customer`)',
    "CONTAINS(`Customer`, 'an')",
    'CONTAINS(`Code`, `Region`)',
    "SPLIT_PART(`Code`, ',', 2)",
    "SPLIT_PART(`Code`, '-', 3)",
    "SPLIT_PART(`Customer`, ' ', 1)",
    "TO_NUMBER(CONCAT(`Quantity`, ''))",
    "TO_NUMBER(CONCAT(`Sales`, ''))",
    // MariaDB's TO_CHAR formats times only (Oracle's templates): number templates and text are not compared, nor DY
    // (MariaDB writes 'Sat' where Oracle, PostgreSQL and the engine write 'SAT').
    "TO_CHAR(`Ship Date`, 'YYYY-MM-DD HH24:MI:SS')",
    "TO_CHAR(`Order Date`, 'DD/MM/YY')",
    "TO_CHAR(`Ship Date`, 'HH12 AM Mon')",
    "TO_CHAR(`Order Date`, 'Month Day YYYY')",
  ],
  date: [
    'DATE(`Ship Date`)',
    'DATE(`Code`)',
    'DATE(`Order Date`)',
    'DAY(`Order Date`)',
    'DAYOFMONTH(`Ship Date`)',
    'DAYOFWEEK(`Order Date`)',
    'DAYOFYEAR(`Order Date`)',
    'DAYNAME(`Order Date`)',
    'MONTHNAME(`Ship Date`)',
    'HOUR(`Ship Date`)',
    'MINUTE(`Ship Date`)',
    'SECOND(`Ship Date`)',
    'HOUR(`Order Date`)',
    'MONTH(`Order Date`)',
    'QUARTER(`Ship Date`)',
    'YEAR(`Order Date`)',
    'YEAR(`Code`)',
    'WEEK(`Order Date`)',
    'WEEK(`Order Date`, 1)',
    'WEEK(`Order Date`, 2)',
    'WEEK(`Order Date`, 3)',
    'WEEK(`Ship Date`, 4)',
    'WEEK(`Order Date`, 5)',
    'WEEK(`Order Date`, 6)',
    'WEEK(`Order Date`, 7)',
    'YEARWEEK(`Order Date`)',
    'YEARWEEK(`Order Date`, 1)',
    'YEARWEEK(`Ship Date`, 3)',
    'WEEKOFYEAR(`Order Date`)',
    'WEEKDAY(`Order Date`)',
    'WEEKDAY(`Ship Date`)',
    'DATEDIFF(`Ship Date`, `Order Date`)',
    "DATEDIFF(`Order Date`, '2020-01-01')",
    'DATEDIFF(CURRENT_DATE(), `Order Date`)',
    'DATE_ADD(`Order Date`, INTERVAL 1 MONTH)',
    'DATE_ADD(`Order Date`, INTERVAL `N` DAY)',
    'DATE_ADD(`Ship Date`, INTERVAL `N` HOUR)',
    'DATE_ADD(`Order Date`, INTERVAL 2 QUARTER)',
    'DATE_ADD(`Order Date`, INTERVAL 1 WEEK)',
    'DATE_ADD(`Order Date`, INTERVAL 3 HOUR)',
    "DATE_ADD(`Ship Date`, INTERVAL '1:30' HOUR_MINUTE)",
    "DATE_ADD(`Order Date`, INTERVAL '1-2' YEAR_MONTH)",
    'DATE_ADD(`Ship Date`, INTERVAL 90 SECOND)',
    'DATE_SUB(`Order Date`, INTERVAL 1 YEAR)',
    'DATE_SUB(`Ship Date`, INTERVAL 36 MINUTE)',
    'ADDDATE(`Order Date`, 30)',
    'ADDDATE(`Order Date`, INTERVAL -1 MONTH)',
    'SUBDATE(`Ship Date`, INTERVAL 90 MINUTE)',
    'SUBDATE(`Order Date`, `N`)',
    "DATE_FORMAT(`Ship Date`, '%Y-%m-%d %H:%i:%s')",
    "DATE_FORMAT(`Order Date`, '%a %b %e %j %M %W %w %y')",
    "DATE_FORMAT(`Ship Date`, '%h %p %r %T %f')",
    "DATE_FORMAT(`Order Date`, '%v %x %U %u %V %X')",
    "DATE_FORMAT(`Order Date`, '%d/%m/%Y')",
    "DATE_FORMAT(`Ship Date`, '%D %k %l %I %c')",
    "TIME_FORMAT(`Ship Date`, '%H:%i')",
    "TIME_FORMAT(`Ship Date`, '%h:%i:%s %p')",
    "STR_TO_DATE(`Code`, '%Y-%m-%d')",
    "STR_TO_DATE(DATE_FORMAT(`Order Date`, '%d/%m/%Y'), '%d/%m/%Y')",
    "STR_TO_DATE(DATE_FORMAT(`Ship Date`, '%d.%m.%Y %H:%i'), '%d.%m.%Y %H:%i')",
    'TO_DAYS(`Order Date`)',
    'TO_DAYS(`Ship Date`)',
    'FROM_DAYS(TO_DAYS(`Order Date`) + 1)',
    'FROM_DAYS(`Quantity` * 1000)',
    'UNIX_TIMESTAMP(`Ship Date`)',
    'UNIX_TIMESTAMP(`Order Date`)',
    'FROM_UNIXTIME(`Quantity` * 100000)',
    "FROM_UNIXTIME(`Quantity` * 100000, '%Y %m')",
    'LAST_DAY(`Order Date`)',
    'LAST_DAY(`Ship Date`)',
    'PERIOD_ADD(202401, `N`)',
    'PERIOD_ADD(YEAR(`Order Date`) * 100 + MONTH(`Order Date`), `N`)',
    'PERIOD_DIFF(202401, YEAR(`Order Date`) * 100 + MONTH(`Order Date`))',
    'SEC_TO_TIME(`Quantity`)',
    'SEC_TO_TIME(`Quantity` * 100)',
    'TIME(`Ship Date`)',
    'TIMEDIFF(`Ship Date`, TIMESTAMP(`Order Date`))',
    "TIMEDIFF(`Ship Date`, '2020-01-01 00:00:00')",
    'TIMESTAMP(`Order Date`)',
    "TIMESTAMP(`Order Date`, '12:00:00')",
    'TIME_TO_SEC(`Ship Date`)',
    'TIME_TO_SEC(TIMEDIFF(`Ship Date`, TIMESTAMP(`Order Date`)))',
    "ADDTIME(`Ship Date`, '01:30:00')",
    "SUBTIME(`Ship Date`, '25:00:00')",
    'CURDATE()',
    'CURRENT_DATE',
    'CURRENT_DATE()',
    'CURTIME()',
    'CURRENT_TIME',
    'NOW()',
    'CURRENT_TIMESTAMP',
    'CURRENT_TIMESTAMP()',
    'DATEDIFF(NOW(), `Ship Date`)',
    "TIMESTAMP(CONCAT(`Order Date`, ' 10:11'))",
    'FROM_UNIXTIME(`Ratio`)',
    'DATE_ADD(`Order Date`, INTERVAL `Discount` DAY)',
    'ADDDATE(`Ship Date`, `Discount`)',
    'DATE_ADD(`Order Date`, INTERVAL 1.5 DAY)',
    "DATE_ADD(`Ship Date`, INTERVAL '1:2:3' HOUR_SECOND)",
    "DATE_ADD(`Ship Date`, INTERVAL '-1:30' MINUTE_SECOND)",
    "STR_TO_DATE(DATE_FORMAT(`Ship Date`, '%b %e, %Y %h:%i %p'), '%b %e, %Y %h:%i %p')",
    'YEAR(`Sales`)',
    'MONTH(`Sales`)',
    'QUARTER(`N` * 10000)',
    'TIME(`Ratio`)',
    "DATE_FORMAT(FROM_UNIXTIME(`Ratio`), '%s.%f')",
    'DATE_ADD(FROM_UNIXTIME(`Ratio`), INTERVAL 1 MICROSECOND)',
    'UNIX_TIMESTAMP(FROM_UNIXTIME(`Ratio`))',
    "CONVERT_TZ(`Ship Date`, '+00:00', '+05:30')",
    'MICROSECOND(`Ship Date`)',
    'TO_DATE(`Ship Date`)',
    "DATE_TRUNC('month', `Order Date`)",
    "DATE_TRUNC('year', `Ship Date`)",
    "DATE_TRUNC('week', `Order Date`)",
    "DATE_TRUNC('quarter', `Order Date`)",
    "DATE_TRUNC('hour', `Ship Date`)",
  ],
  // Microseconds outside the date functions: a datetime as a number (YYYYMMDDHHMMSS.ffffff), text compared with a
  // datetime (six digits, truncated), DISTINCT and partitions (AGGREGATE, WINDOW); DATE_FORMAT of zero dates and parts.
  'microseconds and zero dates': [
    'DATE_ADD(`Ship Date`, INTERVAL 500000 MICROSECOND) + 0 - (`Ship Date` + 0)',
    'MOD(DATE_ADD(`Ship Date`, INTERVAL 250000 MICROSECOND) + 0, 1)',
    "DATE_ADD(`Ship Date`, INTERVAL 123456 MICROSECOND) = CONCAT(`Ship Date`, '.123456')",
    "DATE_ADD(`Ship Date`, INTERVAL `N` MICROSECOND) > CONCAT(`Ship Date`, '.000005')",
    "DATE_ADD(`Ship Date`, INTERVAL 1 MICROSECOND) = CONCAT(`Ship Date`, '.0000019')",
    "TIMESTAMP(`Order Date`) < CONCAT(`Order Date`, ' 00:00:00.000001')",
    "DATE_FORMAT(`N` * 10000, '%Y-%m-%d %H:%i:%s %c %e %D %y %f')",
    "DATE_FORMAT(20240001 + `N` * 10000, '%Y-%m-%d %a %W %w %D')",
    "DATE_FORMAT(20240000 + `Quantity` * 100, '%Y-%m-%d %a %j %U %u %V %v %X %x')",
    "DATE_FORMAT(`Quantity` * 100, '%Y-%m-%d %M %b %e %D')",
    // A known difference: the weeks of month 0 (MariaDB prints wrapped numbers).
    "DATE_FORMAT(20240000 + `N` * 100, '%Y-%m-%d %U %u %V %v %X %x')",
  ],
  // INTERVAL with a whole expression (MySQL's `INTERVAL expr unit`; docs/language.md), and string literals read with
  // MySQL's backslash escapes (the Code column holds `C:\temp\new` and `50\%`).
  'interval expressions and string escapes': [
    'DATE_SUB(`Order Date`, INTERVAL DAYOFMONTH(`Order Date`) - 1 DAY)',
    'DATE_ADD(`Order Date`, INTERVAL `Quantity` * 7 DAY)',
    'DATE_ADD(`Order Date`, INTERVAL 1 + 1 DAY)',
    '`Order Date` + INTERVAL 1 DAY + INTERVAL 1 DAY',
    '`Ship Date` - INTERVAL `N` + 1 HOUR',
    'INTERVAL `N` * 2 MONTH + `Order Date`',
    'DATE_ADD(`Ship Date`, INTERVAL -`N` * 30 MINUTE)',
    'DATE_ADD(`Order Date`, INTERVAL CASE WHEN `N` > 5 THEN 1 ELSE 2 END + 1 WEEK)',
    'DATE_ADD(`Order Date`, INTERVAL `N` > 3 DAY)',
    "LENGTH('C:\\\\temp')",
    "CONCAT('it\\'s ', `Region`, ' C:\\\\', 'tab\\there', '\\%\\_\\x')",
    "`Code` LIKE '%\\\\%'",
    "`Code` LIKE '%\\%'",
    "`Code` LIKE '%\\\\\\\\%'",
    "`Code` = 'C:\\\\temp\\\\new'",
    "REPLACE(`Code`, '\\\\', '/')",
    "INSTR(`Code`, '\\\\')",
    // IS [NOT] TRUE|FALSE: never NULL; the precedence of a comparison (below + and -, above NOT and AND).
    '`N` IS TRUE',
    '`Code` IS NOT TRUE',
    '`Ratio` IS FALSE',
    '`Customer` IS NOT FALSE',
    '`Order Date` IS TRUE',
    '`N` - 3 IS FALSE',
    '`N` > 3 IS TRUE',
    '`N` = 1 IS FALSE',
    'NOT `Quantity` IS TRUE',
    '`Quantity` AND `N` IS FALSE',
    '`N` IS NULL IS FALSE',
    'CASE WHEN `Discount` IS NOT FALSE THEN `N` END',
  ],
  // TIME as a value of its own (not text), numbers read as dates where a TIME is read, TIMESTAMP's unclipped amount,
  // time text as MariaDB reads it, TIMEDIFF's kinds, zero-date text, and string results bounded at 16 MiB.
  'time values': [
    'SEC_TO_TIME(`Quantity`) + 0',
    // The service's SEC_TO_TIME wraps at 24 h (a known difference): 90001 s is 01:00:01, 10001.
    'SEC_TO_TIME(90001) + 0',
    'TIME(`Ship Date`) + 0',
    'TIMEDIFF(`Ship Date`, `Order Date` + INTERVAL 0 SECOND) + 0',
    "TIME('10:10:10') > 10",
    'TIME(`Ship Date`) > `N` * 10000',
    "TIME(`Ship Date`) < '12:00:00'",
    "TIME(`Ship Date`) = TIME('00:00:00')",
    "-TIME(CONCAT(`N`, ':30:00'))",
    "TIME(' 1 02:03:04') + INTERVAL 2 DAY",
    "TIME(CONCAT(`N`, ':00:00')) + INTERVAL `Quantity` MINUTE",
    "TIME(CONCAT(`N`, ':00:00')) - INTERVAL 1 HOUR",
    "DATE_ADD(TIME(`Ship Date`), INTERVAL `N` HOUR)",
    "TIME('26:00:00') + INTERVAL 1 MONTH",
    "DAY(TIME('26:00:00'))",
    "DATE(TIME(CONCAT(`N` + 24, ':00:00')))",
    "DATEDIFF(TIME(CONCAT(`N` + 30, ':00:00')), `Order Date`)",
    "TIMESTAMP(TIME(`Ship Date`))",
    "TIME(CONCAT(`N`, ':00:00')) > NOW()",
    "DATE_FORMAT(TIME(CONCAT(`N`, ':07:08')), '%Y-%m-%d %H %k %i %s %p')",
    "CONCAT(TIME(`Ship Date`), '|')",
    "CASE WHEN `N` > 3 THEN TIME(`Ship Date`) ELSE `Code` END",
    'TIME(99991231235957)',
    'TIME(`Order Date` + 0)',
    'TIME(`Ship Date` + 0)',
    'HOUR(`Ship Date` + 0)',
    // ADDTIME(20010101, 1e0) prints six zero decimals in MariaDB, typed text (the harness trims them only from times).
    'ADDTIME(20010101, 1)',
    'ADDTIME(20010101, 1e0) + 0',
    'ADDTIME(`Order Date` + 0, `N`)',
    'ADDTIME(0, `N`) > 5',
    'ADDTIME(`Order Date` + 0, `N`) > 20200101000000',
    'TIMEDIFF(20140101000000.000, 20140101010000.000)',
    'TIMEDIFF(`Ship Date` + 0, 20140101010000)',
    "TIMESTAMP('2001-01-01', 8395959)",
    'TIMESTAMP(`Order Date`, `Quantity` * 100)',
    "TIMESTAMP(`Order Date`, '900:00:00')",
    "ADDTIME(`Ship Date`, '900:00:00')",
    // Clipped at 838:59:59 with the declared digits of the fraction as nines.
    "ADDTIME(CONCAT(`N` * 100, ':00:00'), '416:40:00')",
    "SUBTIME(CONCAT(`N` * 100, ':00:00'), '416:40:00')",
    "TIMEDIFF(`Ship Date`, '1900-01-01 00:00:00')",
    'TIMEDIFF(`Ship Date` + 0, 19000101000000.0)',
    "TIME(CONCAT(`N` * 100, ':00:00'))",
    "TIME('+100:20:30')",
    "TIME('- 01:00:00')",
    "TIME('2001-01-01T')",
    "TIME(' 1 02:03:04')",
    "TIME('1 02:03:04.5')",
    "TIME('1 10')",
    "TIME('1 2')",
    "TIME(CONCAT(`N`, ' ', `N` + 10, ':', `N`))",
    'TIME(`Code`)',
    'TIMEDIFF(`Ship Date`, `Order Date`)',
    'TIMEDIFF(`Ship Date`, `Ship Date`)',
    'TIMEDIFF(`Order Date`, `Order Date` - INTERVAL 1 DAY)',
    'TIMEDIFF(NOW(), CURDATE())',
    'MONTH(`Code`)',
    'YEAR(`Code`)',
    "DATE_FORMAT(`Code`, '%Y-%m')",
    "MONTH('00/00/0000')",
    "DATE_FORMAT('00/00/0000', '%Y-%m')",
    'LAST_DAY(20240100 + `N`)',
    // Just past the bound (4 bytes a character): NULL. Texts of 16 MiB built per row are too slow here: the unit
    // test string-bounds.test.ts holds the lengths at the bound, measured on MariaDB.
    "LPAD('a', 4194305, 'b')",
    "LPAD(`Customer`, 1e9, 'b')",
    "RPAD(`Code`, `Quantity` * 1e8, 'é') IS NULL",
  ],
};

/** Aggregate formulas, each run over the whole table and grouped by each of GROUPINGS. */
export const AGGREGATE: readonly string[] = [
  'SUM(`Sales`)',
  'SUM(`Quantity`)',
  'SUM(`Ratio`)',
  'SUM(`Discount`)',
  'AVG(`Sales`)',
  'AVG(`Quantity`)',
  'AVG(`Discount`)',
  'COUNT(`Region`)',
  'COUNT(*)',
  'COUNT(`Order Date`)',
  'COUNT(DISTINCT `Customer`)',
  'COUNT(DISTINCT `Region`)',
  'COUNT(DISTINCT `Code`)',
  'SUM(DISTINCT `Quantity`)',
  'MIN(`Sales`)',
  'MAX(`Quantity`)',
  'MIN(`Customer`)',
  'MAX(`Customer`)',
  'MIN(`Order Date`)',
  'MAX(`Ship Date`)',
  'STDDEV_POP(`Sales`)',
  'STDDEV_POP(`Quantity`)',
  'VAR_POP(`Ratio`)',
  'VAR_POP(`Quantity`)',
  'STDDEV(`Discount`)',
  'SUM(`Sales`) / SUM(`Quantity`)',
  'SUM(`Sales` * (1 - IFNULL(`Discount`, 0)))',
  '(SUM(`Sales`) - SUM(`Ratio`)) / NULLIF(SUM(`Sales`), 0)',
  'COUNT(DISTINCT CASE WHEN `Discount` > 0.5 THEN `Customer` END)',
  "SUM(CASE WHEN `Region` = 'East' THEN 1 ELSE 0 END)",
  'DATEDIFF(MAX(`Ship Date`), MIN(`Order Date`))',
  'ROUND(AVG(`Ratio`), 2)',
  'MAX(`Quantity`) - MIN(`Quantity`)',
  "CONCAT(MIN(`Region`), '…', MAX(`Region`))",
  "CONCAT(AVG(`Sales`), '')",
  'COUNT(DISTINCT `Order Date`)',
  'COUNT(DISTINCT DATE_ADD(TIMESTAMP(\'2024-01-01\'), INTERVAL `N` MICROSECOND))',
  'COUNT(DISTINCT `Sales`)',
  'MIN(`Code`)',
  'MAX(`Code`)',
  'AVG(`Sales` / `Quantity`)',
  'SUM(`Quantity` > 100)',
  'STDDEV_POP(`N` / `Quantity`) + 0',
  'SUM(`N` / `Quantity`)',
  'COUNT(DISTINCT MOD(CASE WHEN `Sales` * 7 > `Ratio` + `N` THEN ROUND(`Quantity`) ELSE `Ratio` + `N` END, 3))',
  'AVG(ROUND(CEILING(-`Ratio`), -1))',
  'COUNT(DISTINCT MOD(`Ratio` + `N`, 3))',
  'AVG(MOD(`Quantity`, 2.5))',
  'MAX(0.001 - `Discount`) - AVG(MOD(`Quantity`, 2.5))',
  'AVG(`N` / `Quantity`)',
  'SUM(0.001 / `Quantity`)',
  'COUNT(DISTINCT 0.001 / `Quantity`)',
  'SUM(DISTINCT 0.001 / `Quantity`)',
  // A DISTINCT aggregate or GROUP_CONCAT makes MariaDB group by sorting: SUM and AVG total the inside values.
  'SUM(0.001 / `Quantity`) + COUNT(DISTINCT `N`) * 0',
  'AVG(0.001 / `Quantity`) + LENGTH(LISTAGG(`N`)) * 0',
  'AVG(`Sales` / `Quantity`) + 0e0',
  'MEDIAN(`Sales`)',
  'APPROXIMATE_MEDIAN(`Quantity`)',
  'PERCENTILE(`Ratio`, 0.9)',
  'PERCENTILE_CONT(`Sales`, 0.25)',
  'APPROXIMATE_PERCENTILE(`Discount`, 0.5)',
  'APPROXIMATE_COUNT_DISTINCT(`Customer`)',
  'LISTAGG(`Region`)',
  "LISTAGG(`Quantity`, 100000, '; ')",
  'CORR(`Sales`, `Discount`)',
  'CORR(`Quantity`, `N`)',
  // TIME values in aggregates: summed as [-]HHMMSS, compared and made distinct as durations.
  'SUM(TIME(`Ship Date`))',
  'MAX(TIMEDIFF(`Ship Date`, `Order Date` + INTERVAL 0 SECOND))',
  'MIN(TIME(`Ship Date`))',
  'COUNT(DISTINCT TIME(`Ship Date`))',
];

/** Group-by column lists the aggregates run with (the empty list is the whole table). */
export const GROUPINGS: readonly (readonly string[])[] = [[], ['Region'], ['Region', 'N']];

/** Window formulas: row level (no group-by) or over aggregates with a group-by, as a card computes them. */
export const WINDOW: readonly Case[] = [
  { formula: 'RANK() OVER (PARTITION BY `Region` ORDER BY `Sales`)' },
  { formula: 'RANK() OVER (ORDER BY `Quantity` DESC)' },
  { formula: 'DENSE_RANK() OVER (PARTITION BY `Region` ORDER BY `N`)' },
  { formula: 'DENSE_RANK() OVER (ORDER BY `Order Date`)' },
  { formula: 'RANK() OVER (ORDER BY `Ship Date` DESC)' },
  { formula: 'RANK() OVER (ORDER BY SUM(`Sales`) DESC)', groupBy: ['Customer'] },
  { formula: 'SUM(COUNT(*)) OVER (ORDER BY `Customer`)', groupBy: ['Customer'] },
  { formula: 'LAG(MAX(`Customer`)) OVER (ORDER BY `Region`)', groupBy: ['Region'] },
  { formula: 'DENSE_RANK() OVER (ORDER BY MIN(`Discount`))', groupBy: ['Region', 'N'] },
  { formula: 'RANK() OVER (PARTITION BY `Customer` ORDER BY `N` DESC)' },
  { formula: 'SUM(`Quantity`) OVER (PARTITION BY `Customer` ORDER BY `N`)' },
  { formula: 'COUNT(*) OVER (PARTITION BY `Order Date`)' },
  { formula: "COUNT(*) OVER (PARTITION BY DATE_ADD(TIMESTAMP('2024-01-01'), INTERVAL `N` MICROSECOND))" },
  { formula: 'FIRST_VALUE(`Customer`) OVER (PARTITION BY `Region` ORDER BY `Customer`, `Quantity`, `Ratio`)' },
  { formula: 'NTILE(5) OVER (ORDER BY SUM(`Quantity`) DESC)', groupBy: ['Region', 'N'] },
  { formula: 'LEAD(SUM(`Sales`), 3) OVER (ORDER BY `N`)', groupBy: ['N'] },
  { formula: 'AVG(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N` DESC)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(SUM(`Quantity`)) OVER (ORDER BY `Region` DESC)', groupBy: ['Region'] },
  { formula: 'MEDIAN(`Sales`) OVER (PARTITION BY `Region`)' },
  { formula: 'AVG(`Discount`) OVER (PARTITION BY `N`)' },
  { formula: 'MAX(`Customer`) OVER (PARTITION BY `Region`)' },
  { formula: 'MIN(`Order Date`) OVER (PARTITION BY `Region` ORDER BY `N`)' },
  { formula: 'RANK() OVER (PARTITION BY `Customer` ORDER BY `Quantity`)' },
  { formula: 'SUM(`Sales`) OVER (PARTITION BY `Region`)' },
  { formula: 'COUNT(`Sales`) OVER (PARTITION BY `Region`, `N`)' },
  { formula: 'RANK() OVER (PARTITION BY `Region` ORDER BY SUM(`Sales`) DESC)', groupBy: ['Region', 'N'] },
  { formula: 'ROW_NUMBER() OVER (ORDER BY SUM(`Sales`))', groupBy: ['Region', 'N'] },
  { formula: 'ROW_NUMBER() OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'DENSE_RANK() OVER (ORDER BY COUNT(*))', groupBy: ['Region', 'N'] },
  { formula: 'NTILE(4) OVER (ORDER BY SUM(`Sales`))', groupBy: ['Region', 'N'] },
  { formula: 'NTILE(3) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'LAG(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'LAG(SUM(`Quantity`), 2) OVER (ORDER BY SUM(`Sales`))', groupBy: ['Region', 'N'] },
  { formula: 'LEAD(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'LEAD(MAX(`Order Date`), 1) OVER (PARTITION BY `Region` ORDER BY `N` DESC)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(SUM(`Sales`)) OVER ()', groupBy: ['Region'] },
  { formula: 'AVG(SUM(`Quantity`)) OVER (ORDER BY `N`)', groupBy: ['N'] },
  { formula: 'MAX(MAX(`Order Date`)) OVER (PARTITION BY `Region`)', groupBy: ['Region', 'N'] },
  { formula: 'MIN(SUM(`Ratio`)) OVER (PARTITION BY `Region` ORDER BY `N` DESC)', groupBy: ['Region', 'N'] },
  { formula: 'COUNT(COUNT(*)) OVER (PARTITION BY `Region`)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(`Sales`) / SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)', groupBy: ['Region', 'N'] },
  { formula: 'FIRST_VALUE(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'LAST_VALUE(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N`)', groupBy: ['Region', 'N'] },
  { formula: 'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region` ORDER BY `N` DESC)', groupBy: ['Region', 'N'] },
];

/** Groups by columns of every type (dates, datetimes, DOUBLE, DECIMAL, messy text) and LISTAGG/MEDIAN per group. */
export const GROUPS: readonly Case[] = [
  { formula: 'COUNT(*)', groupBy: ['Order Date'] },
  { formula: 'SUM(`Quantity`)', groupBy: ['Ship Date'] },
  { formula: 'COUNT(*)', groupBy: ['Discount'] },
  { formula: 'COUNT(*)', groupBy: ['Sales'] },
  { formula: 'MAX(`Customer`)', groupBy: ['Code'] },
  { formula: 'COUNT(*)', groupBy: ['Customer', 'Region'] },
  { formula: 'MEDIAN(`Quantity`)', groupBy: ['Customer'] },
  { formula: 'LISTAGG(`N`)', groupBy: ['Region'] },
  { formula: "LISTAGG(`Customer`, 1000, '|')", groupBy: ['Region', 'N'] },
];

/**
 * FIXED, as the evaluator reads the documentation: the inner aggregate over the rows sharing the row's values of the
 * BY columns (ADD: the group-by columns and these; REMOVE: the group-by columns but these), aggregated again by the
 * outer aggregate over the group's rows. MariaDB computes the inner one as a window (PARTITION BY) in a derived table.
 */
export const FIXED: readonly Case[] = [
  { formula: '`Sales` / SUM(`Sales`) FIXED (BY `Region`)' },
  { formula: 'COUNT(*) FIXED (BY `Region`, `N`)' },
  { formula: 'AVG(SUM(`Sales`) FIXED (BY `Customer`))' },
  { formula: 'AVG(SUM(`Sales`) FIXED (BY `Customer`))', groupBy: ['Region'] },
  { formula: 'MAX(COUNT(*) FIXED (BY `Region`, `N`))', groupBy: ['Region'] },
  { formula: 'SUM(`Sales`) / MAX(SUM(`Sales`) FIXED (REMOVE `N`))', groupBy: ['Region', 'N'] },
  { formula: 'MIN(AVG(`Quantity`) FIXED (ADD `N`))', groupBy: ['Region'] },
  { formula: 'MAX(MAX(`Order Date`) FIXED (BY `Region`))', groupBy: ['N'] },
  { formula: 'SUM(MIN(`Discount`) FIXED (BY `Code`))', groupBy: ['Region'] },
];

/** Nested calculations (translate.ts's NESTED): the nested formula in place. */
export const NESTED_CASES: readonly Case[] = [
  { formula: 'SVC_BEAST_MODE(1001) + 1' },
  { formula: "CONCAT(SVC_BEAST_MODE(1002), ':', `N`)" },
  { formula: 'SUM(SVC_BEAST_MODE(1001))', groupBy: ['Region'] },
  { formula: 'SVC_BEAST_MODE(1003) / COUNT(*)', groupBy: ['Region', 'N'] },
];

/**
 * Seeded random numeric formulas: LONG, DECIMAL and DOUBLE columns and literals mixed by the operators and the
 * numeric functions, up to 3 levels deep (one multiplication per formula, so no LONG overflows).
 */
export function generatedNumeric(count = 200, seed = 7): string[] {
  const random = mulberry32(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const COLUMNS = ['`Quantity`', '`N`', '`Sales`', '`Discount`', '`Ratio`'];
  const LITERALS = ['0', '1', '2', '7', '0.5', '2.25', '-3', '100', '0.001'];
  let multiplied = false;
  const gen = (depth: number, top = false): string => {
    if (depth === 0 || (!top && random() < 0.2)) return random() < 0.7 ? pick(COLUMNS) : pick(LITERALS);
    const a = () => gen(depth - 1);
    switch (Math.floor(random() * 12)) {
      case 0:
        return `${a()} + ${a()}`;
      case 1:
        return `(${a()} - ${a()})`;
      case 2:
        if (multiplied) return `${a()} + ${a()}`;
        multiplied = true;
        return `(${a()}) * ${pick(LITERALS)}`;
      case 3:
        return `(${a()}) / ${pick(['7', '3', '0.5', '`N`', '`Discount`', '`Quantity`'])}`;
      case 4:
        return `-(${a()})`;
      case 5:
        return `ABS(${a()})`;
      case 6:
        return random() < 0.5 ? `ROUND(${a()})` : `ROUND(${a()}, ${pick(['0', '1', '2', '-1', '3'])})`;
      case 7:
        return random() < 0.5 ? `FLOOR(${a()})` : `CEILING(${a()})`;
      case 8:
        return `IFNULL(${a()}, ${pick(LITERALS)})`;
      case 9:
        return `MOD(${a()}, ${pick(['7', '3', '2.5', '`N`'])})`;
      case 10:
        return `CASE WHEN ${a()} > ${a()} THEN ${a()} ELSE ${a()} END`;
      default:
        return `NULLIF(${a()}, ${pick(LITERALS)})`;
    }
  };
  const out = new Set<string>();
  while (out.size < count) {
    multiplied = false;
    out.add(gen(3, true));
  }
  return [...out];
}

/** Seeded random aggregate formulas: aggregates of generated numeric formulas, combined, each with a grouping. */
export function generatedAggregates(count = 80, seed = 17): Case[] {
  const random = mulberry32(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const inner = generatedNumeric(400, seed + 1);
  const agg = () => {
    const x = pick(inner);
    switch (Math.floor(random() * 8)) {
      case 0:
        return `SUM(${x})`;
      case 1:
        return `AVG(${x})`;
      case 2:
        return `MIN(${x})`;
      case 3:
        return `MAX(${x})`;
      case 4:
        return `COUNT(${x})`;
      case 5:
        return `COUNT(DISTINCT ${x})`;
      case 6:
        return `STDDEV_POP(${x})`;
      default:
        return `SUM(CASE WHEN ${pick(inner)} > ${pick(['0', '1', '`N`'])} THEN ${x} ELSE 0 END)`;
    }
  };
  const out = new Map<string, Case>();
  while (out.size < count) {
    const formula = random() < 0.6 ? agg() : `${agg()} ${pick(['+', '-', '/'])} ${agg()}`;
    const groupBy = pick(GROUPINGS);
    const c: Case = groupBy.length > 0 ? { formula, groupBy } : { formula };
    out.set(`${formula} ${groupBy.join(',')}`, c);
  }
  return [...out.values()];
}

/** Seeded random text formulas: the string functions composed over the text columns, numbers and dates as text. */
export function generatedText(count = 120, seed = 11): string[] {
  const random = mulberry32(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const TEXT = ['`Region`', '`Customer`', '`Code`', "'abc'", "' x '", "''", "'Ä-ö'"];
  const INT = ['`N`', '1', '2', '3', '0', '-1', '-2', '5'];
  const gen = (depth: number, top = false): string => {
    if (depth === 0 || (!top && random() < 0.2)) return random() < 0.85 ? pick(TEXT) : pick(['`Quantity`', '`Sales`', '`Order Date`', '`Ship Date`', '`Discount`']);
    const a = () => gen(depth - 1);
    switch (Math.floor(random() * 13)) {
      case 0:
        return `CONCAT(${a()}, ${a()})`;
      case 1:
        return `LEFT(${a()}, ${pick(INT)})`;
      case 2:
        return `RIGHT(${a()}, ${pick(INT)})`;
      case 3:
        return random() < 0.5 ? `SUBSTRING(${a()}, ${pick(INT)})` : `SUBSTRING(${a()}, ${pick(INT)}, ${pick(INT)})`;
      case 4:
        return `LOWER(${a()})`;
      case 5:
        return `UPPER(${a()})`;
      case 6:
        return `TRIM(${a()})`;
      case 7:
        return `REPLACE(${a()}, ${pick(["'a'", "'-'", "' '", "'AB'"])}, ${pick(["'_'", "''", "'xyz'"])})`;
      case 8:
        return `${random() < 0.5 ? 'LPAD' : 'RPAD'}(${a()}, ${pick(['0', '3', '6', '`N`'])}, ${pick(["'*'", "'ab'", "'é'"])})`;
      case 9:
        return `CONCAT(INSTR(${a()}, ${pick(["'a'", "'B'", "' '", "'-'"])}), '')`;
      case 10:
        return `CONCAT(LENGTH(${a()}), '/', ${a()})`;
      case 11:
        return `IFNULL(${a()}, ${pick(TEXT)})`;
      default:
        return `CASE WHEN ${a()} = ${a()} THEN ${a()} ELSE ${a()} END`;
    }
  };
  const out = new Set<string>();
  while (out.size < count) out.add(gen(3, true));
  return [...out];
}

/** Seeded random date formulas: date arithmetic, parts and formats over DATE and DATETIME columns. */
export function generatedDates(count = 120, seed = 13): string[] {
  const random = mulberry32(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const UNITS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'HOUR', 'MINUTE', 'SECOND'];
  const SPECIFIERS = ['%Y', '%y', '%m', '%c', '%d', '%e', '%j', '%H', '%k', '%h', '%I', '%l', '%i', '%s', '%p', '%W', '%a', '%M', '%b', '%U', '%u', '%V', '%v', '%X', '%x', '%w', '%D', '%r', '%T', '%%'];
  const time = (depth: number): string => {
    if (depth === 0 || random() < 0.3) return pick(['`Order Date`', '`Ship Date`', "'2024-02-29'", "'2023-12-31 23:59:59'"]);
    const a = () => time(depth - 1);
    switch (Math.floor(random() * 6)) {
      case 0:
        return `DATE_ADD(${a()}, INTERVAL ${pick(['1', '-1', '`N`', '13', '400'])} ${pick(UNITS)})`;
      case 1:
        return `DATE_SUB(${a()}, INTERVAL ${pick(['1', '2', '`N`', '31'])} ${pick(UNITS)})`;
      case 2:
        return `LAST_DAY(${a()})`;
      case 3:
        return `DATE(${a()})`;
      case 4:
        return `ADDDATE(${a()}, ${pick(['1', '-30', '`N`', '365'])})`;
      default:
        return `FROM_DAYS(TO_DAYS(${a()}) + ${pick(['0', '1', '`N`'])})`;
    }
  };
  const out = new Set<string>();
  while (out.size < count) {
    const t = time(2);
    switch (Math.floor(random() * 8)) {
      case 0:
        out.add(`DATE_FORMAT(${t}, '${Array.from({ length: 3 }, () => pick(SPECIFIERS)).join(' ')}')`);
        break;
      case 1:
        out.add(`DATEDIFF(${t}, ${time(1)})`);
        break;
      case 2:
        out.add(`WEEK(${t}, ${pick(['0', '1', '2', '3', '4', '5', '6', '7'])})`);
        break;
      case 3:
        out.add(`YEARWEEK(${t}, ${pick(['0', '1', '2', '3', '4', '5', '6', '7'])})`);
        break;
      case 4:
        out.add(`${pick(['YEAR', 'MONTH', 'DAY', 'DAYOFYEAR', 'DAYOFWEEK', 'QUARTER', 'HOUR', 'MINUTE', 'SECOND', 'WEEKOFYEAR', 'TO_DAYS', 'DAYNAME', 'MONTHNAME'])}(${t})`);
        break;
      case 5:
        out.add(`${t} < ${time(1)}`);
        break;
      case 6:
        out.add(`TIMESTAMP(${t})`);
        break;
      default:
        out.add(t);
    }
  }
  return [...out];
}

/** Text comparisons under the evaluator's `binary` collation (MariaDB: utf8mb4_nopad_bin columns and connection), and
 * groups of the messy `Customer` column under both collations. */
export const COLLATION: readonly Case[] = [
  ...[
    "`Region` = 'east'",
    "`Customer` = 'ana'",
    "`Customer` = 'trail'",
    "`Customer` = ''",
    "`Customer` < 'M'",
    "`Customer` BETWEEN 'a' AND 'm'",
    "`Customer` LIKE 'a%'",
    "`Customer` LIKE 'jos_'",
    "`Code` LIKE 'ab%'",
    "`Region` IN ('East', 'west')",
    "INSTR(`Customer`, 'a')",
    "INSTR(`Code`, 'x')",
    "CONTAINS(`Customer`, 'an')",
    "NULLIF(`Customer`, 'ana')",
    "REPLACE(`Customer`, 'a', 'o')",
    "CASE `Region` WHEN 'east' THEN 1 WHEN 'West' THEN 2 END",
    'COUNT(DISTINCT `Customer`)',
    'MIN(`Customer`)',
    'MAX(`Customer`)',
  ].map((formula) => ({ formula, collation: 'binary' as const })),
  { formula: 'COUNT(*)', groupBy: ['Customer'] },
  { formula: 'COUNT(*)', groupBy: ['Customer'], collation: 'binary' },
  { formula: 'SUM(`Quantity`)', groupBy: ['Code'] },
  { formula: 'SUM(`Quantity`)', groupBy: ['Code'], collation: 'binary' },
  { formula: 'MAX(`Customer`)', groupBy: ['Region'], collation: 'binary' },
];

/**
 * Functions the evaluator implements that this suite cannot compare with MariaDB, and why. coverage.test.ts accepts
 * them without an expression; each reason must stay true (a function listed here that MariaDB can compare should
 * move to the expressions).
 */
export const NOT_COMPARED: Readonly<Record<string, string>> = {
  RANDOM: 'not a MariaDB function (the engine\'s random number; RAND(seed) is compared)',
  INITCAP: "MariaDB has no INITCAP, and no short SQL spells the engine's word boundaries",
  SYSDATE: "the real clock at execution in MariaDB (it ignores the session's fixed timestamp), the `now` option in the evaluator",
};

/** Every case of the suite (scalar, aggregates × groupings, windows, collations, the pairs of arithmetic-pairs.ts). */
export function allCases(): Case[] {
  return [
    ...Object.values(SCALAR).flatMap((list) => list.map((formula) => ({ formula }))),
    ...generatedNumeric().map((formula) => ({ formula })),
    ...generatedText().map((formula) => ({ formula })),
    ...generatedDates().map((formula) => ({ formula })),
    ...generatedAggregates(),
    ...AGGREGATE.flatMap((formula) => GROUPINGS.map((g) => (g.length > 0 ? { formula, groupBy: g } : { formula }))),
    ...WINDOW,
    ...GROUPS,
    ...FIXED,
    ...NESTED_CASES,
    ...COLLATION,
    ...rowPairs().map((formula) => ({ formula })),
    ...arithmeticAggregateCases(),
  ];
}
