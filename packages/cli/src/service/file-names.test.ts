import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainFileName, MAX_STEM_BYTES, nameKey, planFileNames, safeStem } from './file-names.js';

describe('safeStem', () => {
  it.each([
    ['Gross Margin %', 'Gross Margin %'],
    ['Revenue / Cost', 'Revenue - Cost'],
    ['a\\b', 'a-b'],
    ['../../etc/passwd', 'etc-passwd'],
    ['..', 'calculation-7'],
    ['.', 'calculation-7'],
    ['', 'calculation-7'],
    ['   ', 'calculation-7'],
    ['.hidden', 'hidden'],
    ['-rf', 'rf'],
    ['trailing dots...', 'trailing dots'],
    ['trailing space ', 'trailing space'],
    ['a<b>c:d"e|f?g*h', "a-b-c-d'e-f-g-h"],
    ['tab\there\nnewline\r', 'tab here newline'],
    ['nul\u0000byte', 'nul byte'],
    ['\u202Eevil\u202C', 'evil'],
    ['zero\u200Bwidth', 'zerowidth'],
    ['CON', 'CON_'],
    ['con', 'con_'],
    ['Aux', 'Aux_'],
    ['NUL.old', 'NUL_.old'],
    ['nul .old', 'nul_.old'],
    ['COM1', 'COM1_'],
    ['LPT9', 'LPT9_'],
    ['COM¹', 'COM¹_'],
    ['CONSOLE', 'CONSOLE'],
    ['Café', 'Café'],
    ['Cafe\u0301', 'Café'],
    ['Ünïcödé Ωmega – naïve façade', 'Ünïcödé Ωmega – naïve façade'],
    ['emoji 📈', 'emoji 📈'],
    ['lone \uD800 surrogate', 'lone _ surrogate'],
  ])('%j → %j', (name, stem) => {
    expect(safeStem(name, 7)).toBe(stem);
  });

  it('cuts long names to the byte limit at a character boundary (accents and emoji kept whole)', () => {
    const accented = safeStem('é'.repeat(200), 1);
    expect(Buffer.byteLength(accented)).toBeLessThanOrEqual(MAX_STEM_BYTES);
    expect(accented).toBe('é'.repeat(MAX_STEM_BYTES / 2));
    const decomposed = safeStem('e\u0301'.repeat(200), 1); // NFC first: é is one character of 2 bytes
    expect(decomposed).toBe(accented);
    const family = '👨‍👩‍👧'; // one grapheme of 18 bytes
    const cut = safeStem(`${'x'.repeat(MAX_STEM_BYTES - 10)}${family}`, 1);
    expect(cut).toBe('x'.repeat(MAX_STEM_BYTES - 10));
    const spaced = safeStem(`${'x'.repeat(MAX_STEM_BYTES - 1)} and more`, 1);
    expect(spaced).toBe('x'.repeat(MAX_STEM_BYTES - 1)); // no trailing space after the cut
  });

  it('always gives a plain, portable, NFC, bounded name (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 1, max: 1e12 }), (name, id) => {
        const stem = safeStem(name, id);
        expect(stem.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(stem)).toBeLessThanOrEqual(MAX_STEM_BYTES);
        expect(stem).toBe(stem.normalize('NFC'));
        expect(stem.isWellFormed()).toBe(true);
        expect(stem).not.toMatch(/[<>:"|?*/\\\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(stem).not.toMatch(/^[\s.-]|[\s.]$/);
        expect(stem.split('.')[0]!.trimEnd()).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i);
        expect(isPlainFileName(`${stem}.calc`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('planFileNames', () => {
  const requests = [
    { id: 30, name: 'Margin' },
    { id: 10, name: 'Margin' },
    { id: 20, name: 'MARGIN' },
    { id: 40, name: 'Café' },
    { id: 50, name: 'Cafe\u0301' },
    { id: 60, name: 'Other' },
  ];

  it('gives the plain name to the lowest id and `-<id>` to the others, case- and normalisation-insensitively', () => {
    const plan = planFileNames({ dir: 'formulas', requests, mapped: [], onDisk: [] });
    expect(Object.fromEntries(plan)).toEqual({
      10: 'formulas/Margin.calc',
      20: 'formulas/MARGIN-20.calc',
      30: 'formulas/Margin-30.calc',
      40: 'formulas/Café.calc',
      50: 'formulas/Café-50.calc',
      60: 'formulas/Other.calc',
    });
  });

  it('does not depend on the order of the requests', () => {
    const reference = Object.fromEntries(planFileNames({ dir: 'f', requests, mapped: [], onDisk: [] }));
    fc.assert(
      fc.property(fc.shuffledSubarray(requests, { minLength: requests.length, maxLength: requests.length }), (shuffled) => {
        expect(Object.fromEntries(planFileNames({ dir: 'f', requests: shuffled, mapped: [], onDisk: [] }))).toEqual(reference);
      }),
    );
  });

  it('never gives a mapped path or a file on disk, unless that file may be adopted', () => {
    const plan = planFileNames({
      dir: 'formulas',
      requests: [
        { id: 1, name: 'Margin' },
        { id: 2, name: 'Other' },
        { id: 3, name: 'Kept' },
      ],
      mapped: ['formulas/margin.calc'],
      onDisk: ['OTHER.calc', 'Other-2.calc', 'Kept.calc'],
      canAdopt: (rel, id) => rel === 'formulas/Kept.calc' && id === 3,
    });
    expect(Object.fromEntries(plan)).toEqual({ 1: 'formulas/Margin-1.calc', 2: 'formulas/Other-2 (2).calc', 3: 'formulas/Kept.calc' });
  });

  it('works at the project root too', () => {
    expect(planFileNames({ dir: '', requests: [{ id: 1, name: 'A/B' }], mapped: [], onDisk: [] }).get(1)).toBe('A-B.calc');
  });

  it('nameKey folds case and Unicode normalisation', () => {
    expect(nameKey('F/CAFE\u0301.calc')).toBe(nameKey('f/café.calc'));
  });
});
