// The features' Markdown as plain text: what a plaintext-only client shows in hovers and documentation.
import { describe, expect, it } from 'vitest';
import { FUNCTION_ENTRIES, lookupFunction } from '@calckit/formula';
import { KEYWORD_DOCS } from './data.js';
import { createDocument } from './document.js';
import { hover } from './hover.js';
import { functionHover } from './markdown.js';
import { markdownToPlainText } from './plain-text.js';
import { testValuesHover } from './test-values.js';

describe('markdownToPlainText', () => {
  it('drops code fences, code span backticks, emphasis and escapes', () => {
    expect(markdownToPlainText('```calc\nSUM(`Sales`)\n```\n\nColumn of type **DECIMAL**, _hidden_ and *new*: `x IN (1, 2)`; a\\|b')).toBe(
      'SUM(`Sales`)\n\nColumn of type DECIMAL, hidden and new: x IN (1, 2); a|b',
    );
    expect(markdownToPlainText('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
    expect(markdownToPlainText('_DISTINCT allowed; COUNT(*) uncertain_')).toBe('DISTINCT allowed; COUNT(*) uncertain');
  });

  it('reads a function hover without Markdown marks', () => {
    const text = markdownToPlainText(functionHover(lookupFunction('SUM')!));
    expect(text.split('\n')[0]).toBe('SUM(DISTINCT NUMERIC) → NUMERIC');
    expect(text).not.toMatch(/```|\*\*|^_|_$/m);
  });

  it('leaves no Markdown mark in any function or keyword documentation', () => {
    for (const entry of FUNCTION_ENTRIES) expect(markdownToPlainText(functionHover(entry)), entry.name).not.toMatch(/```|\*\*|(^|\s)[_*]\S|\S[_*]($|\s)|\\/m);
    for (const [word, doc] of Object.entries(KEYWORD_DOCS)) expect(markdownToPlainText(doc), word).not.toMatch(/\*\*|(^|\s)_\S|\\/);
  });

  it('lays a table out as aligned columns, without its delimiter row', () => {
    const md = testValuesHover(createDocument('SUM(`Sales`)'), {
      testFile: 'a.calc.test.yaml', caseName: 'two rows', rows: [{ Sales: 1 }, { Sales: 250.5 }], groupBy: [], kind: 'rows', values: [{ value: 1 }, { value: 'a|b' }],
    });
    expect(markdownToPlainText(md)).toBe(['Tests a.calc.test.yaml', '', 'two rows (2 rows):', '', 'Sales  value', '1      1', '250.5  a|b'].join('\n'));
  });

  it('leaves a column hover readable', () => {
    const h = hover(createDocument('SUM(`Sales`)'), 6, { schema: [{ name: 'Sales', type: 'DECIMAL' }] })!;
    expect(markdownToPlainText(h.contents)).toBe('`Sales`\n\nColumn of type DECIMAL.');
  });
});
