// Texts a formula builds are bounded as MariaDB 10.11 bounds them (max_allowed_packet, 16 MiB): past the bound the
// value is NULL, computed without building the text. Boundaries measured on MariaDB 10.11 with utf8mb4.
import { describe, expect, it } from 'vitest';
import type { OutputValue } from '../api.js';
import { evaluateFormula } from '../evaluate.js';
import { MAX_STRING_BYTES } from '../values.js';

const value = (formula: string): OutputValue => evaluateFormula(formula, [{}]).rows[0]!.value;
const length = (formula: string): OutputValue => value(`LENGTH(${formula})`);

describe('string results past MAX_STRING_BYTES are NULL, never built', () => {
  it('is MariaDB 10.11 default max_allowed_packet', () => {
    expect(MAX_STRING_BYTES).toBe(16_777_216);
  });

  it('LPAD and RPAD reserve 4 bytes per character asked for (utf8mb4)', () => {
    expect(length("LPAD('a', 4194304, 'b')")).toBe(4_194_304);
    expect(value("LPAD('a', 4194305, 'b')")).toBeNull();
    expect(length("RPAD('a', 4194304, 'é')")).toBe(8_388_607);
    expect(value("RPAD('a', 4194305, 'b')")).toBeNull();
    // Truncation comes first: a text already long enough is cut, whatever the length asked.
    expect(length("LPAD(LPAD('a', 4194304, 'b'), 4194303, 'c')")).toBe(4_194_303);
  });

  it('LPAD with a huge length is NULL at once (it built a 1e9-character text and died of memory)', { timeout: 2_000 }, () => {
    expect(value("LPAD('a', 1e9, 'b')")).toBeNull();
    expect(value("RPAD('a', 1e20, 'b')")).toBeNull();
    expect(value("LPAD('a', 4194304.4, 'b') IS NULL")).toBe(false);
  });

  it('CONCAT counts the UTF-8 bytes of its result', () => {
    const quarter = "LPAD('a', 4194304, 'b')";
    expect(length(`CONCAT(${quarter}, ${quarter}, ${quarter}, ${quarter})`)).toBe(16_777_216);
    expect(value(`CONCAT(${quarter}, ${quarter}, ${quarter}, ${quarter}, 'x')`)).toBeNull();
    // 'é' is two bytes: half as many characters reach the bound.
    const wide = "RPAD('é', 4194304, 'é')";
    expect(value(`CONCAT(${wide}, ${wide}, 'x')`)).toBeNull();
  });

  it('REPLACE is measured before it is built', () => {
    const thousand = "LPAD('a', 1000, 'a')";
    expect(length(`REPLACE(${thousand}, 'a', LPAD('b', 16777, 'b'))`)).toBe(16_777_000);
    expect(value(`REPLACE(${thousand}, 'a', LPAD('b', 16778, 'b'))`)).toBeNull();
  });

  it('a NULL past the bound is an ordinary NULL downstream', () => {
    expect(value("COALESCE(LPAD('a', 1e9, 'b'), 'too long')")).toBe('too long');
  });
});
