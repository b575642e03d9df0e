// Folding, selection ranges, document symbols and semantic tokens: spans shown as the text they cover. Long
// expectations are inline snapshots: `npx vitest run packages/ide/src/structure.test.ts -u` rewrites them.
import { describe, expect, it } from 'vitest';
import { fixture } from './fixture.js';
import { foldingRanges } from './folding.js';
import { selectionRanges } from './selection-ranges.js';
import { semanticTokens } from './semantic-tokens.js';
import { documentSymbols } from './symbols.js';

describe('folding ranges', () => {
  it('folds multi-line CASE, calls, parentheses and comments', () => {
    const text = [
      '/* header',
      '   comment */',
      '-- a',
      '-- b',
      'SUM(',
      '  CASE',
      '    WHEN `a` > 1 THEN (1 +',
      '      2)',
      '  END',
      ') -- single',
    ].join('\n');
    const { doc } = fixture(text);
    const folds = foldingRanges(doc).map((f) => `${f.kind ?? 'region'}:${doc.parse.lines.positionAt(f.span.start).line}-${doc.parse.lines.positionAt(f.span.end).line}`);
    expect(folds).toMatchInlineSnapshot(`
      [
        "comment:1-2",
        "comment:3-4",
        "region:5-10",
        "region:6-9",
        "region:7-8",
      ]
    `);
  });

  it('folds nothing on one line, and survives broken input', () => {
    expect(foldingRanges(fixture('CASE WHEN 1 THEN 2 END').doc)).toEqual([]);
    expect(foldingRanges(fixture('SUM(\n(\nCASE WHEN').doc).length).toBeGreaterThan(0);
  });
});

describe('selection ranges', () => {
  it('grows from the token to the whole formula', () => {
    const { doc, offset } = fixture('ROUND(SUM(`a$0` * 2), 1)');
    const texts = selectionRanges(doc, offset).map((s) => doc.text.slice(s.start, s.end));
    expect(texts).toEqual(['`a`', '`a` * 2', 'SUM(`a` * 2)', 'ROUND(SUM(`a` * 2), 1)']);
  });

  it('returns at least the whole text for empty input', () => {
    const { doc, offset } = fixture('$0');
    expect(selectionRanges(doc, offset)).toEqual([{ start: 0, end: 0 }]);
  });
});

describe('document symbols', () => {
  it('lists columns, functions and nested calculations once each', () => {
    const { doc } = fixture('SUM(`a`) + SUM(`b`) + `a` + SVC_BEAST_MODE(12)');
    expect(documentSymbols(doc).map((s) => `${s.kind}:${s.name}`)).toEqual(['function:SUM', 'field:a', 'field:b', 'calculation:SVC_BEAST_MODE(12)']);
  });

  it('names an empty or blank column readably (editors refuse an empty or blank name)', () => {
    const names = (text: string) => documentSymbols(fixture(text).doc).filter((s) => s.kind === 'field').map((s) => s.name);
    expect(names('SUM(``)')).toEqual(['(empty column name)']);
    expect(names('SUM(`a`) OVER (PARTITION BY ``)')).toEqual(['a', '(empty column name)']);
    expect(names('SUM(` `) + `\t`')).toEqual(['` `', '`\t`']);
  });
});

describe('semantic tokens', () => {
  const show = (text: string, range?: { start: number; end: number }) => {
    const { doc } = fixture(text);
    return semanticTokens(doc, range).map((t) => `${t.type}${t.modifiers.length ? `[${t.modifiers.join(',')}]` : ''}:${text.slice(t.start, t.start + t.length)}`);
  };

  it('classifies every token and comment', () => {
    expect(show("/* c */ CASE WHEN `a` >= 1 AND Order IS NULL THEN DATE_FORMAT(`d`, '%Y') ELSE foo(2.5) END -- x")).toMatchInlineSnapshot(`
      [
        "comment:/* c */",
        "keyword:CASE",
        "keyword:WHEN",
        "variable[readonly]:\`a\`",
        "operator:>=",
        "number:1",
        "keyword:AND",
        "variable[readonly]:Order",
        "keyword:IS",
        "keyword:NULL",
        "keyword:THEN",
        "function[defaultLibrary]:DATE_FORMAT",
        "variable[readonly]:\`d\`",
        "string:'%Y'",
        "keyword:ELSE",
        "function:foo",
        "number:2.5",
        "keyword:END",
        "comment:-- x",
      ]
    `);
  });

  it('colours INTERVAL units as keywords', () => {
    expect(show('DATE_ADD(`d`, INTERVAL 1 day)')).toEqual(['function[defaultLibrary]:DATE_ADD', 'variable[readonly]:`d`', 'keyword:INTERVAL', 'number:1', 'keyword:day']);
  });

  it('marks refused, replaced and deprecated functions deprecated and nested calculations as macros', () => {
    expect(show('SQRT(4) + SVC_BEAST_MODE(3)')).toEqual(['function[defaultLibrary,deprecated]:SQRT', 'number:4', 'operator:+', 'macro:SVC_BEAST_MODE', 'number:3']);
    expect(show('MICROSECOND(`t`) + WEEKDAY(`t`) + DAY(`t`)').filter((t) => t.startsWith('function'))).toEqual(['function[defaultLibrary,deprecated]:MICROSECOND', 'function[defaultLibrary,deprecated]:WEEKDAY', 'function[defaultLibrary]:DAY']);
  });

  it('answers a range with the tokens overlapping it', () => {
    expect(show('1 + 2 + 3', { start: 2, end: 5 })).toEqual(['operator:+', 'number:2']);
  });
});
