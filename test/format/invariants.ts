// The formatter's invariants, checked on every fixture, corpus formula and generated formula: the output formats to
// itself, parses to the same AST (ranges and case aside), and keeps every comment.
import { expect } from 'vitest';
import { parseFormula } from '@calckit/formula';
import { astShape, formatText, type FormatOptions, type FormatResult } from '@calckit/format';

/** Comment texts of a formula, sorted (a line comment's trailing blanks are not part of its text). */
export function commentsOf(text: string): string[] {
  return parseFormula(text)
    .trivia.filter((t) => t.tokenType.name !== 'WhiteSpace')
    .map((t) => (t.tokenType.name === 'LineComment' ? t.image.trimEnd() : t.image))
    .sort();
}

/** Formats `input` and asserts every invariant; returns the result for further checks. */
export function checkInvariants(input: string, options: FormatOptions = {}): FormatResult {
  const result = formatText(input, options);
  const before = parseFormula(input);
  if (before.errors.length > 0) {
    // Syntax errors: the text is returned exactly as given.
    expect(result.status).toBe('syntax-error');
    expect(result.text).toBe(input);
    expect(result.changed).toBe(false);
    return result;
  }
  expect(result.status, result.message).toBe('formatted');
  const after = parseFormula(result.text);
  expect(after.errors).toEqual([]);
  expect(astShape(after.formula)).toEqual(astShape(before.formula));
  expect(commentsOf(result.text)).toEqual(commentsOf(input));
  const again = formatText(result.text, options);
  expect(again.text).toBe(result.text);
  expect(again.changed).toBe(false);
  expect(result.changed).toBe(result.text !== input);
  return result;
}
