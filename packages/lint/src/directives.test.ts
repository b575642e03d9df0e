// Inline directives through the real engine: which messages they silence, and which directives are unused.
import { describe, expect, it } from 'vitest';
import { lintText } from './linter.js';

const ids = (text: string) => lintText(text).messages.map((m) => `${m.range.start.line}:${m.ruleId}`);

describe('directives', () => {
  it('disable-next-line silences the named rule on the next line only', () => {
    expect(ids('-- calckit-disable-next-line bare-column\nSUM(a) +\nSUM(b)')).toEqual(['3:bare-column']);
  });
  it('disable-line silences its own line', () => {
    expect(ids('SUM(a) -- calckit-disable-line bare-column\n+ SUM(b)')).toEqual(['2:bare-column']);
  });
  it('a block disable lasts until enable', () => {
    expect(ids('/* calckit-disable bare-column */ SUM(a) /* calckit-enable bare-column */ + SUM(b)')).toEqual(['1:bare-column']);
  });
  it('a disable without rules silences every rule; enable of one rule re-enables it', () => {
    expect(ids('/* calckit-disable */ SUM(a) / 0')).toEqual([]);
    expect(ids('/* calckit-disable */ /* calckit-enable bare-column */ SUM(a) / 0')).toEqual(['1:bare-column']);
  });
  it('block comments can carry line directives, with a reason after --', () => {
    expect(ids('/* calckit-disable-next-line bare-column -- legacy */\nSUM(a)')).toEqual([]);
  });
  it('reports unused directives and unknown rule names', () => {
    const r = lintText('-- calckit-disable-next-line bare-column, no-such-rule\nSUM(`a`)');
    expect(r.messages.map((m) => m.message)).toEqual([
      "Directive names unknown rule 'no-such-rule'",
      "Unused calckit-disable-next-line directive for 'bare-column' (no problem was reported there)",
    ]);
  });
  it('does not report unused directives when the rule is off', () => {
    expect(lintText('-- calckit-disable-next-line bare-column\nSUM(`a`)', { config: { rules: { 'unused-directive': 'off' } } }).messages).toEqual([]);
  });
  it('--fix removes an unused directive line', () => {
    expect(lintText('-- calckit-disable-next-line bare-column\nSUM(`a`)', { fix: true }).output).toBe('SUM(`a`)');
  });
});
