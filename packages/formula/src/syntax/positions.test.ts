import { describe, expect, it } from 'vitest';
import { LineIndex } from './positions.js';

describe('LineIndex', () => {
  const text = 'a\nbc\r\n\rdef\n\nlast';
  const lines = new LineIndex(text);

  it('counts lines split at \\n, \\r\\n and a lone \\r', () => {
    expect(lines.lineCount).toBe(6);
    expect([0, 2, 5, 6, 7, 11, 12, 16].map((o) => `${lines.positionAt(o).line}:${lines.positionAt(o).column}`)).toEqual(['1:1', '2:1', '2:4', '3:1', '4:1', '5:1', '6:1', '6:5']);
  });

  it('answers the same whatever line it is told the offset is near, in range or not', () => {
    for (let offset = -2; offset <= text.length + 2; offset++) {
      const plain = lines.positionAt(offset);
      for (let near = 0; near <= lines.lineCount + 1; near++) expect(lines.positionAt(offset, near)).toEqual(plain);
    }
  });

  it('answers positionAfter as positionAt, from any position before the offset, on its line or not', () => {
    for (let from = 0; from <= text.length; from++) {
      for (let offset = from; offset <= text.length + 2; offset++) expect(lines.positionAfter(lines.positionAt(from), offset)).toEqual(lines.positionAt(offset));
    }
  });

  it('clamps offsets to the text', () => {
    expect(lines.positionAt(-5)).toEqual({ offset: 0, line: 1, column: 1 });
    expect(lines.positionAt(99)).toEqual({ offset: text.length, line: 6, column: 5 });
  });
});
