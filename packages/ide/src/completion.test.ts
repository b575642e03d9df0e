// Completion: one check() per position, fixtures with a `$0` cursor; expectations name the labels offered first.
import { describe, expect, it } from 'vitest';
import type { DatasetColumn } from '@calckit/formula';
import { complete } from './completion.js';
import { fixture } from './fixture.js';
import type { CompletionItem, IdeSettings } from './types.js';

const schema: DatasetColumn[] = [
  { name: 'Sales', type: 'DECIMAL', order: 0 },
  { name: 'Order Date', type: 'DATE', order: 1 },
  { name: 'Region', type: 'STRING', order: 2 },
];
const settings: IdeSettings = { schema, calculations: [{ id: 101, name: 'Gross Margin' }, { id: 102, name: 'Self' }], selfId: 102 };

function items(marked: string, s: IdeSettings = settings): CompletionItem[] {
  const { doc, offset } = fixture(marked);
  return [...complete(doc, offset, s).items].sort((a, b) => a.sortText.localeCompare(b.sortText));
}
const labels = (marked: string, s?: IdeSettings) => items(marked, s).map((i) => i.label);
/** The first `n` labels, in the order the editor shows them. */
function check(marked: string, first: string[], s?: IdeSettings) {
  expect(labels(marked, s).slice(0, first.length)).toEqual(first);
}

describe('completion', () => {
  it('strikes through functions the service rejects or replaces, and lists them after the promised ones', () => {
    const all = items('$0', {});
    const deprecated = (label: string) => all.find((i) => i.label === label)?.deprecated === true;
    expect(['WEEKDAY', 'SQRT', 'MICROSECOND', 'SUM', 'MEDIAN'].map(deprecated)).toEqual([true, true, true, false, false]);
    const order = (label: string) => all.findIndex((i) => i.label === label);
    expect(order('SUM')).toBeLessThan(order('MEDIAN'));
    expect(order('MEDIAN')).toBeLessThan(order('WEEKDAY'));
    expect(order('SQRT')).toBeLessThan(order('WEEKDAY'));
    expect(order('WEEKDAY')).toBeLessThan(order('MICROSECOND'));
  });

  it('offers schema columns first after CASE WHEN, inserted in backticks with their types', () => {
    check('CASE WHEN $0', ['Sales', 'Order Date', 'Region']);
    const od = items('CASE WHEN $0').find((i) => i.label === 'Order Date')!;
    expect(od).toMatchObject({ kind: 'column', detail: 'DATE', insertText: '`Order Date`', replace: { start: 10, end: 10 } });
  });

  it('offers WHEN right after CASE', () => {
    check('CASE $0', ['WHEN']);
    expect(items('CASE $0')[0]!.preselect).toBe(true);
  });

  it('offers THEN after a WHEN condition, and WHEN/ELSE/END after a THEN value', () => {
    check('CASE WHEN `Sales` > 1 $0', ['THEN']);
    check('CASE WHEN `Sales` > 1 THEN 1 $0', ['WHEN', 'ELSE', 'END']);
    check('CASE WHEN `Sales` > 1 THEN 1 ELSE 0 $0', ['END']);
    check('CASE WHEN (`Sales` > 1) THEN SUM(`Sales`) $0', ['WHEN', 'ELSE', 'END']);
  });

  it('ignores a CASE closed inside the clause', () => {
    check('CASE WHEN CASE WHEN 1 THEN 2 END = 2 $0', ['THEN']);
  });

  it('replaces the word being typed', () => {
    const sum = items('SU$0').find((i) => i.label === 'SUM')!;
    expect(sum).toMatchObject({ kind: 'function', insertText: 'SUM(${1:numeric})', snippet: true, replace: { start: 0, end: 2 } });
    expect(sum.detail).toBe('(NUMERIC) → NUMERIC');
    expect(sum.documentation).toContain('SUM(`Sales`)');
  });

  it('inserts only the name before an existing parenthesis', () => {
    expect(items('SU$0M(`Sales`)').find((i) => i.label === 'SUM')).toMatchObject({ insertText: 'SUM', snippet: false, replace: { start: 0, end: 3 } });
    expect(items('$0(`Sales`)').find((i) => i.label === 'AVG')).toMatchObject({ insertText: 'AVG', snippet: false });
    expect(items('SU$0 (`Sales`)').find((i) => i.label === 'SUM')!.snippet).toBe(true);
  });

  it('replaces a whole backtick name when the cursor is inside it, even unterminated', () => {
    const inside = items('SUM(`Or$0');
    expect(inside.map((i) => i.label)).toEqual(['Sales', 'Order Date', 'Region']);
    expect(inside[1]).toMatchObject({ replace: { start: 4, end: 7 }, filterText: '`Order Date`' });
    expect(labels('`Sa$0les`')).toEqual(['Sales', 'Order Date', 'Region']);
    expect(labels('`Sales`$0')).toEqual([]);
  });

  it('escapes backticks in column names', () => {
    const s: IdeSettings = { schema: [{ name: 'a`b', type: 'LONG' }] };
    expect(items('$0', s).find((i) => i.kind === 'column')!.insertText).toBe('`a``b`');
  });

  it('offers nested calculations of the project, but not the formula itself', () => {
    const calc = items('1 + $0').filter((i) => i.kind === 'calculation');
    expect(calc.map((i) => i.insertText)).toEqual(['SVC_BEAST_MODE(101)']);
    const named = items('$0', { ...settings, serviceName: 'ACME' }).find((i) => i.kind === 'calculation')!;
    expect(named.insertText).toBe('ACME_BEAST_MODE(101)');
  });

  it('offers INTERVAL units after INTERVAL n', () => {
    check('DATE_ADD(`Order Date`, INTERVAL 3 $0', ['MICROSECOND', 'SECOND', 'MINUTE', 'HOUR', 'DAY']);
    check('DATE_ADD(`Order Date`, INTERVAL 3 D$0)', ['MICROSECOND']);
    expect(labels('DATE_ADD(`Order Date`, $0')).toContain('INTERVAL n UNIT');
    expect(labels('SUM($0')).not.toContain('INTERVAL n UNIT');
  });

  it('offers date-format specifiers inside the format string, replacing the %', () => {
    const spec = items("DATE_FORMAT(`Order Date`, '%Y-%$0");
    expect(spec[0]).toMatchObject({ kind: 'specifier', label: '%a' });
    expect(spec.find((i) => i.label === '%m')).toMatchObject({ replace: { start: 30, end: 31 }, insertText: '%m' });
    expect(labels("STR_TO_DATE(`Region`, '$0')")).toContain('%d');
    expect(labels("DATE_FORMAT('%$0', 'x')")).toEqual([]);
    expect(labels("CONCAT('a', '%$0')")).toEqual([]);
  });

  it('offers window and FIXED keywords where they fit', () => {
    expect(labels('SUM(`Sales`)$0')).toContain('OVER (…)');
    expect(labels('ABS(`Sales`) $0')).not.toContain('OVER (…)');
    check('SUM(`Sales`) OVER ($0', ['PARTITION BY', 'ORDER BY']);
    check('SUM(`Sales`) OVER (PARTITION $0', ['BY']);
    expect(labels('SUM(SUM(`Sales`) $0')).toContain('FIXED (BY …)');
    check('SUM(SUM(`Sales`) FIXED ($0', ['BY', 'ADD', 'REMOVE', 'FILTER']);
    check('SUM(SUM(`Sales`) FIXED (BY `Region` FILTER $0', ['NONE', 'ALLOW', 'DENY']);
  });

  it('pops up after a typed space only what the position needs', () => {
    const typed = (marked: string) => {
      const { doc, offset } = fixture(marked);
      return complete(doc, offset, settings, { triggerCharacter: ' ' }).items.map((i) => i.label);
    };
    expect(typed('CASE WHEN `Sales` > 1 $0')).toEqual(['THEN']);
    expect(typed('`Sales` + 1 $0')).toEqual([]);
    expect(typed('CASE WHEN $0')).toContain('Sales');
    expect(typed('DATE_ADD(`Order Date`, INTERVAL 2 $0')).toContain('DAY');
    // A longer value (MySQL's INTERVAL takes any expression): its unit, or an operator to go on with it.
    expect(labels('DATE_SUB(`Order Date`, INTERVAL DAYOFMONTH(`Order Date`) - 1 $0')).toEqual(expect.arrayContaining(['DAY', 'MONTH', 'AND']));
    expect(labels('DATE_ADD(`Order Date`, INTERVAL 1 DAY) $0')).not.toContain('DAY');
  });

  it('offers what must follow IS and a NOT after a value', () => {
    check('`Region` IS $0', ['NULL', 'NOT NULL', 'TRUE', 'FALSE', 'NOT TRUE', 'NOT FALSE']);
    check('`Region` NOT $0', ['IN', 'LIKE', 'BETWEEN']);
    expect(labels('NOT $0')).toContain('Sales');
  });

  it('offers DISTINCT first in a call that accepts it', () => {
    expect(labels('COUNT($0')).toContain('DISTINCT');
    expect(labels('ABS($0')).not.toContain('DISTINCT');
  });

  it('offers operators after a complete value', () => {
    expect(labels('`Region` $0')).toEqual(expect.arrayContaining(['AND', 'OR', 'LIKE', 'IS NULL']));
    expect(labels('`Region` $0')).not.toContain('SUM');
  });

  it('offers nothing inside comments, numbers and double-quoted text', () => {
    expect(labels('1 -- note $0')).toEqual([]);
    expect(labels('/* $0 */ 1')).toEqual([]);
    expect(labels('12$0')).toEqual([]);
    expect(labels('"ab$0"')).toEqual([]);
  });

  it('works on garbage and empty input', () => {
    expect(labels('$0')).toContain('SUM');
    expect(labels(')))(($0')).toContain('Sales');
    expect(labels('\u201c$0')).toBeInstanceOf(Array);
    expect(labels('CASE WHEN WHEN THEN $0 END END')).toContain('Sales');
  });

  it('offers no columns without a schema, but still functions', () => {
    const none = labels('SUM($0', {});
    expect(none).toContain('COUNT');
    expect(items('SUM($0', {}).some((i) => i.kind === 'column')).toBe(false);
  });
});
