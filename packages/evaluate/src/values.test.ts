// Conversions and rounding with MySQL's rules; string comparison under the two collations.
import { describe, expect, it } from 'vitest';
import { collationKey, compareStrings, likeMatcher } from './collation.js';
import { compareValues } from './compare.js';
import { formatNumber, parseTimeText, quotientDigits, roundHalfAwayFromZero, roundHalfEven, scaleOf, textToNumber, timeToNumber, toOutputValue } from './values.js';

describe('numbers', () => {
  it.each<[string, number]>([
    ['12', 12],
    [' 12abc', 12],
    ['-1.5e2x', -150],
    ['.5', 0.5],
    ['abc', 0],
    ['', 0],
    ['0x1A', 0],
    ['Infinity', 0],
  ])('text %j → %d', (text, n) => {
    expect(textToNumber(text)).toBe(n);
  });

  it.each<[number, number, number, number]>([
    // x, decimals, half away from zero, half to even
    [2.5, 0, 3, 2],
    [-2.5, 0, -3, -2],
    [1.005, 2, 1.01, 1],
    [0.125, 2, 0.13, 0.12],
    [1234.5, -2, 1200, 1200],
    [1250, -2, 1300, 1200],
    [0.00005, 4, 0.0001, 0],
  ])('round(%d, %d)', (x, d, away, even) => {
    expect(roundHalfAwayFromZero(x, d)).toBe(away);
    expect(roundHalfEven(x, d)).toBe(even);
  });

  it.each<[number, string, number, string]>([
    [3, 'LONG', 0, '3'],
    [1 / 3, 'DECIMAL', 4, '0.3333'],
    [1.5, 'DECIMAL', 2, '1.50'],
    [1e21, 'DOUBLE', -1, '1e21'],
    [0.1 + 0.2, 'DOUBLE', -1, '0.30000000000000004'],
    // MariaDB's forms (measured): plain for decimal exponents -15 … 14, and above 14 when digits follow the decimal
    // point; else an exponent without '+'
    [1585500569082796.5, 'DOUBLE', -1, '1585500569082796.5'],
    [-1234567890123456.8, 'DOUBLE', -1, '-1234567890123456.8'],
    [9999999999999998, 'DOUBLE', -1, '9.999999999999998e15'],
    [12345678901234568, 'DOUBLE', -1, '1.2345678901234568e16'],
    [1e17, 'DOUBLE', -1, '1e17'],
    [1e14, 'DOUBLE', -1, '100000000000000'],
    [1e-5, 'DOUBLE', -1, '0.00001'],
    [-1.2345678901234567e-15, 'DOUBLE', -1, '-0.0000000000000012345678901234568'],
    [1.2345678901234567e-16, 'DOUBLE', -1, '1.2345678901234568e-16'],
    [1e15, 'DOUBLE', -1, '1e15'],
    [-1.5e15, 'DOUBLE', -1, '-1.5e15'],
    [1234567890123456, 'DOUBLE', -1, '1.234567890123456e15'],
    [123456789012345, 'DOUBLE', -1, '123456789012345'],
    [999999999999999.9, 'DOUBLE', -1, '999999999999999.9'],
    [1.5e-7, 'DOUBLE', -1, '0.00000015'],
    [1.23456789e-13, 'DOUBLE', -1, '0.000000000000123456789'],
    [1e-15, 'DOUBLE', -1, '0.000000000000001'],
    [1e-16, 'DOUBLE', -1, '1e-16'],
    [-2.5e-17, 'DOUBLE', -1, '-2.5e-17'],
    [-0, 'DOUBLE', -1, '0'],
    [1 / 3, 'DOUBLE', -1, '0.3333333333333333'],
  ])('%d as %s (scale %d) prints %j', (x, type, scale, text) => {
    expect(formatNumber(x, type as 'LONG', scale)).toBe(text);
  });

  it.each<[number, number, number]>([
    // MariaDB's decimal_div (measured): the dividend's and divisor's decimals in 9-digit words, one more word when
    // the 4 of div_precision_increment do not fit in what that rounding added
    [0, 0, 9],
    [3, 0, 9],
    [5, 0, 9],
    [6, 0, 18],
    [9, 0, 18],
    [0, 1, 9],
    [0, 9, 18],
    [1, 1, 18],
    [2, 1, 18],
    [7, 0, 18],
  ])('a quotient of %d decimals by %d keeps %d', (dividend, divisor, digits) => {
    expect(quotientDigits(dividend, divisor)).toBe(digits);
  });

  it('rounds half up the decimal a double stands for (15 significant digits), also for large values', () => {
    expect(roundHalfAwayFromZero(0.001838235 / 6, 9)).toBe(0.000306373);
    expect(roundHalfAwayFromZero(-558.804278 + -122.1790625, 6)).toBe(-680.983341);
    expect(roundHalfAwayFromZero(0.1234567894, 9)).toBe(0.123456789);
  });

  it('scaleOf', () => {
    expect([scaleOf(1), scaleOf(1.25), scaleOf(1e-7), scaleOf(123.456)]).toEqual([0, 2, 7, 3]);
  });

  it('toOutputValue', () => {
    expect([toOutputValue(-0), toOutputValue(NaN), toOutputValue({ type: 'DATE', epochMs: Date.UTC(2024, 1, 29) })]).toEqual([0, null, '2024-02-29']);
  });
});

describe('collations', () => {
  it.each<[string, string, number, number]>([
    // a, b, general_ci, binary
    ['a', 'A', 0, 1],
    ['a', 'a ', 0, -1],
    ['a\t', 'a', -1, 1],
    ['é', 'e', 0, 1],
    ['Ána', 'ANA', 0, 1],
    ['a', 'B', -1, 1],
    ['_', 'a', 1, -1],
    ['😀', '🙂', 0, -1],
    ['\uffff', '😀', 1, -1],
  ])('%j vs %j', (a, b, ci, binary) => {
    expect(compareStrings(a, b, 'utf8mb4_general_ci')).toBe(ci);
    expect(compareStrings(a, b, 'binary')).toBe(binary);
  });

  it('keys group text equal under the collation', () => {
    expect(collationKey('José ', 'utf8mb4_general_ci')).toBe(collationKey('JOSE', 'utf8mb4_general_ci'));
    expect(collationKey('José ', 'binary')).not.toBe(collationKey('JOSE', 'binary'));
  });

  it.each<[string, string, boolean, boolean]>([
    ['ABC', 'a%', true, false],
    ['abc', 'a_c', true, true],
    ['ac', 'a_c', false, false],
    ['a.c', 'a.c', true, true],
    ['a+c', 'a+c', true, true],
    ['a%c', 'a\\%c', true, true],
    ['abc', 'a\\%c', false, false],
    ['abc ', 'abc', false, false],
    ['😀x', '_x', true, true],
    ['line\nbreak', 'line%', true, true],
  ])('%j LIKE %j', (text, pattern, ci, binary) => {
    expect(likeMatcher(pattern, 'utf8mb4_general_ci')(text)).toBe(ci);
    expect(likeMatcher(pattern, 'binary')(text)).toBe(binary);
  });
});

describe('compareValues', () => {
  const day = (s: string) => ({ type: 'DATE' as const, epochMs: Date.parse(`${s}T00:00:00Z`) });
  it.each<[unknown, unknown, number | null]>([
    [1, 2, -1],
    ['10', 9, 1],
    ['abc', 0, 0],
    [true, 1, 0],
    [null, 1, null],
    [day('2024-01-31'), '2024-01-31', 0],
    [day('2024-01-31'), '2024-01-31 00:00:01', -1],
    [day('2024-01-31'), 20240131, 0],
    [day('2024-01-31'), { type: 'DATETIME', epochMs: Date.parse('2024-01-31T00:00:00Z') }, 0],
  ])('%j vs %j', (a, b, expected) => {
    expect(compareValues(a as never, b as never, 'utf8mb4_general_ci')).toBe(expected);
  });
});

// Checked against MariaDB 10.11: text read as a DATETIME(6) keeps six digits of a fraction, truncating the rest
// (`'…30.1234569'` equals TIMESTAMP('…30.123456')); a DATETIME(6) + 0 is YYYYMMDDHHMMSS.ffffff.
describe('microseconds of times read from text and as numbers', () => {
  const at = (s: string, micros?: number) => ({ type: 'DATETIME' as const, epochMs: Date.parse(`${s}Z`), ...(micros ? { micros } : {}) });
  it.each<[string, ReturnType<typeof at> | { type: 'DATE'; epochMs: number } | undefined]>([
    ['2024-01-01 10:20:30.123456', at('2024-01-01T10:20:30.123', 456)],
    ['2024-01-01T10:20:30.123456', at('2024-01-01T10:20:30.123', 456)],
    ['2024-01-01 10:20:30.000001', at('2024-01-01T10:20:30.000', 1)],
    ['2024-01-01 10:20:30.5', at('2024-01-01T10:20:30.500')],
    ['2024-01-01 10:20:30.123', at('2024-01-01T10:20:30.123')],
    ['2024-01-01 10:20:30.1234567', at('2024-01-01T10:20:30.123', 456)],
    ['2024-01-01 10:20:30.9999999', at('2024-01-01T10:20:30.999', 999)],
    ['2024-01-01 10:20:30.000000', at('2024-01-01T10:20:30.000')],
    ['2024-01-01 10:20:30', at('2024-01-01T10:20:30.000')],
    ['2024-01-01', { type: 'DATE', epochMs: Date.parse('2024-01-01T00:00:00Z') }],
    ['2024-01-01 10:20:30.', undefined],
  ])('parseTimeText(%j)', (text, expected) => {
    expect(parseTimeText(text)).toEqual(expected);
  });

  it.each<[ReturnType<typeof at> | { type: 'DATE'; epochMs: number }, number]>([
    [at('2024-01-01T10:20:30.000'), 20240101102030],
    [at('2024-01-01T10:20:30.500'), 20240101102030.5],
    [at('2024-01-01T10:20:30.250'), 20240101102030.25],
    [at('2024-01-01T10:20:30.123', 456), 20240101102030.123456],
    [at('1970-01-01T00:00:01.000', 5), 19700101000001.000005],
    [{ type: 'DATE', epochMs: Date.parse('2024-01-01T00:00:00Z') }, 20240101],
  ])('timeToNumber(%j)', (t, expected) => {
    expect(timeToNumber(t)).toBe(expected);
  });

  it.each<[unknown, unknown, number | null]>([
    [at('2024-01-01T10:20:30.123', 456), '2024-01-01 10:20:30.123456', 0],
    [at('2024-01-01T10:20:30.123', 456), '2024-01-01 10:20:30.123', 1],
    [at('2024-01-01T10:20:30.123', 456), '2024-01-01 10:20:30.123455', 1],
    [at('2024-01-01T10:20:30.123', 456), '2024-01-01 10:20:30.123457', -1],
    [at('2024-01-01T10:20:30.123', 456), '2024-01-01 10:20:30.1234569', 0],
    [at('2024-01-01T10:20:30.000'), '2024-01-01 10:20:30.0000009', 0],
    [at('2024-01-01T10:20:30.000'), '2024-01-01 10:20:30.000001', -1],
    [{ type: 'DATE', epochMs: Date.parse('2024-01-01T00:00:00Z') }, '2024-01-01 00:00:00.000001', -1],
    [at('2024-01-01T10:20:30.500'), '2024-01-01 10:20:30.5', 0],
  ])('compareValues(%j, %j)', (a, b, expected) => {
    expect(compareValues(a as never, b as never, 'utf8mb4_general_ci')).toBe(expected);
    expect(compareValues(b as never, a as never, 'utf8mb4_general_ci')).toBe(expected === null ? null : -expected || 0);
  });
});
