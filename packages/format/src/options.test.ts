// Validation of the `format` section: one table of accepted and rejected settings.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORMAT_OPTIONS, applyCase, resolveFormatOptions } from './options.js';

describe('resolveFormatOptions', () => {
  it('returns the defaults for an absent section', () => {
    expect(resolveFormatOptions(undefined)).toEqual({ options: DEFAULT_FORMAT_OPTIONS, problems: [] });
    expect(DEFAULT_FORMAT_OPTIONS).toEqual({ lineWidth: 100, indent: 2, keywordCase: 'upper', functionCase: 'upper' });
  });

  it.each([
    [{ lineWidth: 80 }, { lineWidth: 80 }],
    [{ indent: 4, keywordCase: 'lower' }, { indent: 4, keywordCase: 'lower' }],
    [{ functionCase: 'preserve' }, { functionCase: 'preserve' }],
  ])('accepts %j', (section, expected) => {
    const r = resolveFormatOptions(section);
    expect(r.problems).toEqual([]);
    expect(r.options).toEqual({ ...DEFAULT_FORMAT_OPTIONS, ...expected });
  });

  it.each([
    [{ lineWidth: 10 }, 'format.lineWidth: expected an integer from 20 to 1000, got 10'],
    [{ lineWidth: 80.5 }, 'format.lineWidth: expected an integer from 20 to 1000, got 80.5'],
    [{ indent: -1 }, 'format.indent: expected an integer from 0 to 16, got -1'],
    [{ keywordCase: 'UPPER' }, 'format.keywordCase: expected one of upper, lower, preserve, got "UPPER"'],
    [{ tabs: true }, 'format.tabs: unknown setting (known: lineWidth, indent, keywordCase, functionCase)'],
    [[1], 'format: expected an object of settings'],
  ])('rejects %j and keeps the default', (section, problem) => {
    const r = resolveFormatOptions(section);
    expect(r.problems).toEqual([problem]);
    expect(r.options).toEqual(DEFAULT_FORMAT_OPTIONS);
  });

  it('merges over a base', () => {
    const base = resolveFormatOptions({ indent: 4 }).options;
    expect(resolveFormatOptions({ lineWidth: 60 }, base).options).toEqual({ ...DEFAULT_FORMAT_OPTIONS, indent: 4, lineWidth: 60 });
  });

  it('applies a case style', () => {
    expect(['upper', 'lower', 'preserve'].map((s) => applyCase('DateDiff', s as 'upper'))).toEqual(['DATEDIFF', 'datediff', 'DateDiff']);
  });
});
