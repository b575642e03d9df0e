// Line width in display columns: wide (CJK) characters and emoji count two, combining marks none, in the printer's
// fits and in whole formulas, whose every line then fits and whose formatting is idempotent.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { group, indent, join, line, softline, type Doc } from './doc.js';
import { formatText } from './format.js';
import { printDocToString } from './printer.js';
import { textWidth } from './width.js';

const print = (doc: Doc, lineWidth: number): string => printDocToString(doc, { lineWidth, indentUnit: '  ', newline: '\n' });
const call = (name: string, args: string[]): Doc => group([name, '(', indent([softline, join([',', line], args)]), softline, ')']);
const widest = (text: string): number => Math.max(...text.split('\n').map(textWidth));

describe('textWidth', () => {
  it.each([
    ['ASCII', 'SUM(`Sales`)', 12],
    ['CJK', '売上高', 6],
    ['Hangul', '매출', 4],
    ['full-width letters', 'ＡＢ', 4],
    ['an emoji', '🎉', 2],
    ['a flag', '🇯🇵', 2],
    ['a ZWJ family', '👨‍👩‍👧', 2],
    ['combining acute accents', 'e\u0301e\u0301', 2],
    ['a zero-width space', 'a\u200bb', 2],
  ])('%s', (_, text, width) => {
    expect(textWidth(text)).toBe(width);
  });
});

describe('the printer measures display columns', () => {
  // `f(売上高, 利益)` is 11 characters but 15 columns.
  const doc = call('f', ['売上高', '利益']);

  it('breaks a group of wide characters that is short in characters but not in columns', () => {
    expect(print(doc, 14)).toBe('f(\n  売上高,\n  利益\n)');
    expect(print(doc, 15)).toBe('f(売上高, 利益)');
  });

  it('counts emoji as two columns, whatever their length in UTF-16 units, and combining marks as none', () => {
    // `f(☕☕☕, x)`: 9 units, 12 columns; `f(🇯🇵🇯🇵🇯🇵, x)`: 18 units, 12 columns.
    expect(print(call('f', ['☕☕☕', 'x']), 11)).toBe('f(\n  ☕☕☕,\n  x\n)');
    expect(print(call('f', ['☕☕☕', 'x']), 12)).toBe('f(☕☕☕, x)');
    expect(print(call('f', ['🇯🇵🇯🇵🇯🇵', 'x']), 12)).toBe('f(🇯🇵🇯🇵🇯🇵, x)');
    const accented = 'e\u0301'.repeat(8); // 16 units, 8 columns
    expect(print(call('f', [accented, 'x']), 14)).toBe(`f(${accented}, x)`);
  });

  it('measures the text after a line break in a verbatim piece from that break', () => {
    // A block comment spanning lines: the column after it is the width of its last line (`売上 */`: 7 columns).
    expect(print(['/* a\n売 */', group([' +', line, 'bb'])], 10)).toBe('/* a\n売 */ + bb');
    expect(print(['/* a\n売上 */', group([' +', line, 'bb'])], 10)).toBe('/* a\n売上 */ +\nbb');
  });
});

describe('formulas with wide characters', () => {
  it.each([
    ['CJK column names', 'SUM(`売上高の合計金額`) / SUM(`数量の合計`)', 30],
    ['Hangul column names', 'SUM(`매출액`) - SUM(`비용`) + SUM(`할인`)', 24],
    ['emoji in strings', "CASE WHEN `Region` = '🇯🇵' THEN '🎉🎉🎉🎉🎉' ELSE '😐' END", 30],
    ['a CJK string in a long call', "CONCAT(`Region`, ' — ', '東京都千代田区丸の内一丁目', `City`)", 40],
  ])('%s: every line fits the budget in columns, and formatting again changes nothing', (_, source, lineWidth) => {
    const once = formatText(source, { lineWidth });
    expect(once.status, once.message).toBe('formatted');
    expect(widest(once.text)).toBeLessThanOrEqual(lineWidth);
    expect(formatText(once.text, { lineWidth }).text).toBe(once.text);
  });

  it('breaks a formula that is short enough in characters but too wide on screen', () => {
    const source = 'SUM(`売上高`) + SUM(`利益率`)'; // 23 characters, 29 columns
    expect(formatText(source, { lineWidth: 28 }).text).toBe('SUM(`売上高`)\n  + SUM(`利益率`)');
    expect(formatText(source, { lineWidth: 29 }).text).toBe(source);
  });

  it('keeps a formula on one line when combining marks make it long in characters only', () => {
    const name = `Cafe\u0301 Re\u0301sume\u0301 Nai\u0308ve`; // 21 characters, 17 columns
    const source = `SUM(\`${name}\`) + 1`;
    expect(source.length).toBeGreaterThan(30);
    expect(textWidth(source)).toBeLessThanOrEqual(30);
    expect(formatText(source, { lineWidth: 30 }).text).toBe(source);
  });
});

describe('textWidth of long texts', () => {
  // Texts longer than a piece are measured piecewise (string-width's segmenter slows down on long strings): the sum
  // is the same as measuring the whole text at once.
  it.each([
    ['mixed ASCII, accents, CJK and emoji', 'é€😀zzz漢字 ok '],
    ['combining marks after ASCII', 'e\u0301x '],
    ['family emoji with joiners', '👨‍👩‍👧 ok '],
    ['CJK only (no ASCII to cut at)', '漢字かな'],
    ['emoji only (surrogate pairs)', '😀🎉'],
  ])('%s: the same as string-width on the whole text', (_name, unit) => {
    const text = unit.repeat(Math.ceil(10_000 / unit.length));
    expect(textWidth(text)).toBe(stringWidth(text));
    // And again, from the memo.
    expect(textWidth(text)).toBe(stringWidth(text));
  });
});
