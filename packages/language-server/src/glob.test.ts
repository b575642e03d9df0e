// The `calckit.schemas` glob matcher: a table of patterns, paths and whether they match.
import { describe, expect, it } from 'vitest';
import { globToRegExp } from './glob.js';

const CASES: Array<[string, string, boolean]> = [
  ['adhoc/**/*.calc', 'adhoc/q.calc', true],
  ['adhoc/**/*.calc', 'adhoc/deep/er/q.calc', true],
  ['adhoc/**/*.calc', 'other/q.calc', false],
  ['*.calc', 'q.calc', true],
  ['*.calc', 'dir/q.calc', false],
  ['**/*.calc', 'dir/q.calc', true],
  ['f?.calc', 'f1.calc', true],
  ['f?.calc', 'f12.calc', false],
  ['{sales,support}/*.calc', 'support/x.calc', true],
  ['{sales,support}/*.calc', 'hr/x.calc', false],
  ['a.b/(x)+.calc', 'a.b/(x)+.calc', true],
  ['a.b/*.calc', 'aXb/y.calc', false],
];

describe('globToRegExp', () => {
  it.each(CASES)('%s ~ %s → %s', (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});
