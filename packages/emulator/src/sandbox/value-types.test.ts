// Type checks of code-function values: a table of (declared type, value) -> fits or the reason it does not.
import { describe, expect, it } from 'vitest';
import { describeActual, errorInformation, mismatch } from './value-types.js';
import type { TypeSpec } from '../fixtures-format.js';

const spec = (type: TypeSpec['type'], isList = false, allowNull = false): TypeSpec => ({ type, isList, allowNull });

const FITS: readonly [TypeSpec, unknown][] = [
  [spec('STRING'), 'a'],
  [spec('NUMBER'), 1.5],
  [spec('NUMBER'), 3],
  [spec('INTEGER'), -7],
  [spec('BOOLEAN'), false],
  [spec('OBJECT'), { a: 1 }],
  [spec('ANY'), [1, 'x']],
  [spec('STRING', false, true), null],
  [spec('INTEGER', true), [1, 2]],
  [spec('INTEGER', true), []],
  [spec('STRING', true, true), ['a', null]],
];

const MISFITS: readonly [TypeSpec, unknown, RegExp][] = [
  [spec('STRING'), 1, /expected STRING, got INTEGER/],
  [spec('NUMBER'), '1', /got STRING/],
  [spec('INTEGER'), 1.5, /got NUMBER/],
  [spec('BOOLEAN'), null, /got null/],
  [spec('OBJECT'), [1], /got a list/],
  [spec('OBJECT'), null, /got null/],
  [spec('ANY'), null, /got null/],
  [spec('INTEGER', true), [1, 'a'], /element 1 is STRING/],
  [spec('INTEGER', true), 1, /a list of INTEGER, got INTEGER/],
  [spec('STRING', true), ['a', null], /element 1 is NULL/],
];

describe('mismatch', () => {
  it.each(FITS)('%o accepts %o', (s, v) => expect(mismatch(s, v)).toBeUndefined());
  it.each(MISFITS)('%o refuses %o', (s, v, reason) => expect(mismatch(s, v)).toMatch(reason));
});

describe('errorInformation', () => {
  it('describes lists by their elements', () => {
    expect(describeActual([1, 2])).toEqual({ type: 'INTEGER', isList: true });
    expect(describeActual([1, 'a'])).toEqual({ type: 'MIXED', isList: true });
    expect(describeActual([])).toEqual({ type: 'EMPTY', isList: true });
    expect(describeActual(undefined)).toEqual({ type: 'NULL', isList: false });
  });
  it('fills every field', () => {
    expect(errorInformation(spec('NUMBER', false, true), ['x'], ['m'])).toEqual({
      result: ['x'], expectedType: 'NUMBER', actualType: 'STRING', expectedIsList: false, actualIsList: true, expectedAllowNull: true, errorMessages: ['m'],
    });
  });
});
