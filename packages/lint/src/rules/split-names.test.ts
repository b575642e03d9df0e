// A function name split by a space or a hyphen is reported once, by split-function-name: its words are no bare
// column, its inner call is not counted or unknown, and the parser's stumble on its second word is left out. With
// split-function-name off, the other rules speak as usual.
import { describe, expect, it } from 'vitest';
import { lintText } from '../linter.js';

const ids = (text: string, rules: Record<string, 'off'> = {}) => lintText(text, { config: { rules } }).messages.map((m) => `${m.ruleId}@${m.range.start.offset}`);

describe('split function names', () => {
  it.each([
    ["DATE FORMAT(`d`, '%Y')", ['split-function-name@0']],
    ["STR_TO-DATE(`x`, '%y')", ['split-function-name@0']],
    ["DATE_ FORMAT(`d`, '%Y')", ['split-function-name@0']],
    ['COUNT DISTINCT(`id`)', ['split-function-name@0']],
    ["SUM(1) + DATE FORMAT(`d`, '%Y')", ['split-function-name@9']],
  ])('%s: one message', (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });

  it('leaves the name to the other rules when split-function-name is off', () => {
    expect(ids("DATE FORMAT(`d`, '%Y')", { 'split-function-name': 'off' })).toEqual(['bare-column@0', 'syntax-error@5']);
    expect(ids("STR_TO-DATE(`x`, '%y')", { 'split-function-name': 'off' })).toEqual(['bare-column@0', 'argument-count@11']);
  });
});
