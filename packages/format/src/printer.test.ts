// The layout printer on hand-built documents: groups fit or break, indentation, hard lines, line suffixes. Multi-line
// outputs are inline snapshots (`npx vitest run packages/format/src/printer.test.ts -u` rewrites them).
import { describe, expect, it } from 'vitest';
import { breakParent, fill, group, hardline, ifBreak, indent, join, line, lineSuffix, softline, verbatim, type Doc } from './doc.js';
import { printDocToString } from './printer.js';

const print = (doc: Doc, lineWidth = 20): string => printDocToString(doc, { lineWidth, indentUnit: '  ', newline: '\n' });
const call = (name: string, args: string[]): Doc => group([name, '(', indent([softline, join([',', line], args)]), softline, ')']);

describe('printDocToString', () => {
  it('prints a group flat when it fits', () => {
    expect(print(call('f', ['a', 'b', 'c']))).toBe('f(a, b, c)');
  });

  it('breaks a group that does not fit, one line per item, indented', () => {
    expect(print(call('f', ['alpha', 'beta', 'gamma', 'delta']))).toMatchInlineSnapshot(`
      "f(
        alpha,
        beta,
        gamma,
        delta
      )"
    `);
  });

  it('counts the text after a group on the same line when deciding whether it fits', () => {
    const doc = [call('f', ['a', 'b']), ' + something long'];
    expect(print(doc)).toMatchInlineSnapshot(`
      "f(
        a,
        b
      ) + something long"
    `);
  });

  it('breaks outer groups first and keeps inner groups flat when they fit', () => {
    const doc = call('outer', ['first', call('g', ['x', 'y'])]);
    expect(print(doc)).toMatchInlineSnapshot(`
      "outer(
        first,
        g(x, y)
      )"
    `);
  });

  it('breaks every enclosing group of a hard line or breakParent', () => {
    expect(print(group(['a', line, 'b', breakParent]))).toMatchInlineSnapshot(`
      "a
      b"
    `);
    expect(print(group(['a', indent([line, group(['b', hardline, 'c'])])]))).toMatchInlineSnapshot(`
      "a
        b
        c"
    `);
  });

  it('does not add a blank line when a line follows a hard line', () => {
    expect(print(group(['-- note', hardline, indent([line, 'x'])]))).toMatchInlineSnapshot(`
      "-- note
        x"
    `);
  });

  it('drops separating spaces at the start of a line', () => {
    expect(print(['a', hardline, ' ', 'b'])).toMatchInlineSnapshot(`
      "a
      b"
    `);
  });

  it('honours shouldBreak', () => {
    expect(print(group(['a', line, 'b'], { shouldBreak: true }))).toMatchInlineSnapshot(`
      "a
      b"
    `);
  });

  it('chooses if-break contents by the mode of the enclosing group', () => {
    expect(print(group(['a', ifBreak(',', ''), softline]))).toBe('a');
    expect(print(group(['a', ifBreak(',', ''), softline, breakParent]))).toBe('a,');
  });

  it('defers a line suffix to the end of the line', () => {
    expect(print(group(['a', lineSuffix(' -- c'), ';', hardline, 'b']))).toMatchInlineSnapshot(`
      "a; -- c
      b"
    `);
    expect(print(['a', lineSuffix(' -- end')])).toBe('a -- end');
  });

  it('prints multi-line text as written and breaks around it', () => {
    expect(print(group(['x', line, verbatim('/* a\n   b */'), line, 'y']))).toMatchInlineSnapshot(`
      "x
      /* a
         b */
      y"
    `);
  });

  it('trims trailing blanks on every line and at the end', () => {
    expect(print(group(['a ', hardline, 'b  ']))).toMatchInlineSnapshot(`
      "a
      b"
    `);
  });

  it('uses the given newline and indentation', () => {
    const doc = group(['a', indent([line, 'b'])], { shouldBreak: true });
    expect(printDocToString(doc, { lineWidth: 80, indentUnit: '\t', newline: '\r\n' })).toMatchInlineSnapshot(`
      "a
      	b"
    `);
  });
});

describe('fill', () => {
  const items = (n: number): Doc[] => Array.from({ length: n }, (_, i) => `item${i}`).flatMap((x, i) => (i === 0 ? [x] : [line, x]));

  it('puts as many items on a line as fit', () => {
    expect(print(fill(items(6)), 20)).toMatchInlineSnapshot(`
      "item0 item1 item2
      item3 item4 item5"
    `);
  });

  it('prints everything on one line when it fits', () => {
    expect(print(fill(items(3)), 80)).toBe('item0 item1 item2');
  });
});
