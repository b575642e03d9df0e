// The hover table of a formula's test values: the formula's columns first, values bold, rows capped, Markdown escaped.
import { describe, expect, it } from 'vitest';
import { createDocument } from './document.js';
import { testValuesHover } from './test-values.js';

describe('testValuesHover', () => {
  it('shows the first case: the columns the formula uses, then its value per row', () => {
    const doc = createDocument('`Revenue` - `Cost`');
    const md = testValuesHover(doc, {
      testFile: 'margin.calc.test.json',
      caseName: 'two orders',
      rows: [
        { Id: 'O-1', Revenue: '100', Cost: '60' },
        { Id: 'O-2', Revenue: '70', Cost: null },
      ],
      groupBy: [],
      kind: 'rows',
      values: [{ value: 40 }, { value: null }],
      counts: { passed: 1, failed: 1, skipped: 0, invalid: 0 },
    });
    expect(md).toMatchInlineSnapshot(`
      "**Tests** margin.calc.test.json — ✗ 1 of 2 failed

      *two orders* (2 rows):

      | Revenue | Cost | value |
      | --- | --- | --- |
      | 100 | 60 | **40** |
      | 70 | NULL | **NULL** |"
    `);
  });

  it('shows groups by their group-by values, caps the rows and escapes cells', () => {
    const values = Array.from({ length: 12 }, (_, i) => ({ group: { Region: `R|${i}` }, value: i }));
    const md = testValuesHover(undefined, { testFile: 't.yaml', caseName: 'by *region*', rows: [], groupBy: ['Region'], kind: 'groups', values, counts: { passed: 2, failed: 0, skipped: 1, invalid: 0 } });
    expect(md).toContain('✓ 2 passed, 1 skipped');
    expect(md).toContain('*by \\*region\\** (12 groups):');
    expect(md).toContain('| R\\|0 | **0** |');
    expect(md).not.toContain('R\\|10');
    expect(md).toContain('… 2 more groups');
  });

  it('says why there are no values', () => {
    expect(testValuesHover(undefined, { testFile: 't.json', caseName: 'a', rows: [], groupBy: [], kind: 'rows', values: [], problem: 'unknown column `X`' })).toBe(
      '**Tests** t.json\n\n*a*: unknown column \\`X\\`',
    );
  });
});
