// Hover and inlay hints: fixtures with a `$0` cursor; expectations on the Markdown shown, whole hovers as inline
// snapshots (`npx vitest run packages/ide/src/hover.test.ts -u` rewrites them after a deliberate change).
import { describe, expect, it } from 'vitest';
import type { DatasetColumn } from '@calckit/formula';
import { fixture } from './fixture.js';
import { hover } from './hover.js';
import { inlayHints } from './inlay-hints.js';
import type { IdeSettings } from './types.js';

const schema: DatasetColumn[] = [{ name: 'Sales', type: 'DECIMAL' }, { name: 'Qty', type: 'LONG' }];
const settings: IdeSettings = { schema, calculations: [{ id: 7, name: 'Margin', dataset: 'sales' }] };

function check(marked: string, contains: string[], s: IdeSettings = settings) {
  const { doc, offset } = fixture(marked);
  const h = hover(doc, offset, s);
  expect(h).toBeDefined();
  for (const c of contains) expect(h!.contents).toContain(c);
  return h!;
}

describe('hover', () => {
  it('shows a function signature, description and example', () => {
    const h = check('S$0UM(`Sales`)', ['SUM(DISTINCT NUMERIC) → NUMERIC', 'Adds up the values', 'SUM(`Sales`)']);
    expect(h.span).toEqual({ start: 0, end: 3 });
    check('sum$0(`Sales`)', ['SUM(']);
  });

  it.each([
    ['WEEK$0DAY(`d`)', '**Replaced**: the service accepts it but silently computes `DAYOFWEEK` instead'],
    ['SQ$0RT(4)', '**Deprecated**: documented as not available in formulas, yet the service accepted it'],
    ['MICRO$0SECOND(`d`)', '**Unsupported**: documented as not available in formulas, or refused by the service'],
    ['MED$0IAN(`Sales`)', 'Known to the engine (its dataflow reference)'],
    ['DENSE_R$0ANK() OVER (ORDER BY `Sales`)', 'In no reference and no sample of the service'],
  ])('says how available %s is, and where the catalogue has it from', (marked, note) => {
    check(marked, [note, '_Source: ']);
  });

  // The whole Markdown of the common hovers, as the editor shows it (`-u` rewrites these snapshots).
  const shown = (marked: string) => {
    const { doc, offset } = fixture(marked);
    return hover(doc, offset, settings)?.contents;
  };
  it('shows all of a function hover', () => {
    expect(shown('S$0UM(`Sales`)')).toMatchInlineSnapshot(`
      "\`\`\`calc
      SUM(DISTINCT NUMERIC) → NUMERIC
      \`\`\`

      Adds up the values of a numeric column.

      Example:

      \`\`\`calc
      SUM(\`Sales\`)
      \`\`\`

      _DISTINCT allowed; also a window function_

      _Source: formula reference: aggregate functions_"
    `);
  });
  it('shows all of a column hover', () => {
    expect(shown('SUM(`Sa$0les`)')).toMatchInlineSnapshot(`
      "\`\`\`calc
      \`Sales\`
      \`\`\`

      Column of type **DECIMAL**."
    `);
  });
  it('shows all of a nested calculation hover', () => {
    expect(shown('SVC_BEAST_MO$0DE(7) + 1')).toMatchInlineSnapshot(`"Nested calculation **7**: Margin (dataset sales)."`);
  });
  it('shows all of a date-format specifier hover', () => {
    expect(shown("DATE_FORMAT(`d`, '%$0Y')")).toMatchInlineSnapshot(`"\`%Y\`: Year, four digits"`);
  });

  it('says when a function is unknown', () => {
    check('FOO$0(1)', ['Unknown function']);
  });

  it("shows a column's type from the schema, or says it is not in it", () => {
    expect(check('SUM(`Sa$0les`)', ['**DECIMAL**']).span).toEqual({ start: 4, end: 11 });
    check('SUM(`Nope$0`)', ['Not a column']);
    check('`Amount$0` > 1', ['type unknown', 'numeric'], {});
  });

  it('shows nested calculations from the project', () => {
    check('SVC_BEAST_MO$0DE(7) + 1', ['**7**', 'Margin', 'sales']);
  });

  it('explains INTERVAL units and date-format specifiers', () => {
    check('DATE_ADD(`d`, INTERVAL 2 WE$0EK)', ['INTERVAL n WEEK', 'n weeks']);
    expect(check("DATE_FORMAT(`d`, '%Y-%$0m')", ['`%m`', 'Month, two digits']).span).toEqual({ start: 21, end: 23 });
    check("DATE_FORMAT(`d`, '%$0Y')", ['Year, four digits']);
  });

  it('explains keywords', () => {
    check('CA$0SE WHEN 1 THEN 2 END', ['Starts a conditional']);
  });

  it("shows an expression's type and the formula's result elsewhere", () => {
    check('SUM(`Sales`) /$0 SUM(`Qty`)', ['Formula result: **DECIMAL, aggregated**']);
    check('`Qty` + 1$0', ['Expression type: **LONG**', 'row-level']);
  });

  it('shows nothing in comments or past the end of empty text', () => {
    const { doc, offset } = fixture('1 -- c$0');
    expect(hover(doc, offset, settings)).toBeUndefined();
    const empty = fixture('$0');
    expect(hover(empty.doc, empty.offset, settings)).toBeUndefined();
  });
});

describe('inlay hints', () => {
  it("shows the result type after the formula's last token", () => {
    const { doc } = fixture('SUM(`Sales`) / COUNT(`Qty`) -- ratio');
    expect(inlayHints(doc, { start: 0, end: doc.text.length }, settings)).toEqual([
      { offset: 27, label: ': DECIMAL', tooltip: 'Inferred result: DECIMAL, aggregated' },
    ]);
  });

  it('can be turned off, and is absent for an empty formula or outside the range', () => {
    const { doc } = fixture('`Qty` + 1');
    expect(inlayHints(doc, { start: 0, end: 9 }, { ...settings, inlayResultType: false })).toEqual([]);
    expect(inlayHints(doc, { start: 0, end: 3 }, settings)).toEqual([]);
    expect(inlayHints(fixture('-- only a comment').doc, { start: 0, end: 100 }, settings)).toEqual([]);
  });
});
