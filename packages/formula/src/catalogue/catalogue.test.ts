// The function catalogue's data: every function records where the service documents or shows it and its status;
// every example analyzes VALID; the availability policy answers from that data alone; split names are found.
import { describe, expect, it } from 'vitest';
import { analyzeCalculation } from '../analysis/index.js';
import { parseFormula } from '../syntax/index.js';
import { AVAILABILITY_POLICY, FUNCTION_ENTRIES, bareAllowedFunction, findSplitFunctionNames, functionAvailability, lookupFunction } from './index.js';

describe('bareAllowedFunction', () => {
  it('answers as the catalogue does, in any letter case, for every function name and for other words', () => {
    const words = [...FUNCTION_ENTRIES.map((e) => e.name), 'revenue', 'Current_Date', 'current_timestamp', 'CURRENT_DATES', 'NOW', 'x', ''];
    for (const word of words.flatMap((w) => [w, w.toLowerCase()])) {
      const entry = lookupFunction(word);
      expect(bareAllowedFunction(word)).toBe(entry?.bareAllowed ? entry : undefined);
    }
    expect(bareAllowedFunction('current_date')?.name).toBe('CURRENT_DATE');
  });
});

describe('catalogue data', () => {
  it.each(FUNCTION_ENTRIES.map((e) => [e.name, e] as const))('%s records its source and a known status', (_, e) => {
    expect(e.source.length).toBeGreaterThan(10);
    expect(Object.keys(AVAILABILITY_POLICY)).toContain(e.availability);
    // A replaced function names its replacement, which is itself an accepted function.
    expect(e.replacedBy !== undefined).toBe(e.availability === 'replaced');
    if (e.replacedBy) expect(functionAvailability(e.replacedBy).accepted).toBe(true);
  });
  it.each(FUNCTION_ENTRIES.map((e) => [e.name, e.example] as const))('the example of %s analyzes VALID: %s', (_, example) => {
    const a = analyzeCalculation(example);
    expect(a.problems).toEqual([]);
    expect(a.status).toBe('VALID');
  });
  it('the example of an accepted function calls it; a rejected one shows what to write instead', () => {
    for (const e of FUNCTION_ENTRIES) {
      const calls = new RegExp(`\\b${e.name}\\b`).test(e.example.toUpperCase());
      // Replaced and deprecated functions are accepted, but their examples show what to write instead.
      expect(calls, e.name).toBe(functionAvailability(e.name).accepted && e.availability !== 'replaced' && e.availability !== 'deprecated');
    }
  });
  it('decides the contested functions from their sources', () => {
    const status = (n: string) => lookupFunction(n)?.availability;
    expect([status('WEEKDAY'), lookupFunction('WEEKDAY')?.replacedBy]).toEqual(['replaced', 'DAYOFWEEK']);
    // Documented as unsupported; a live run still served SQRT and CONVERT_TZ, refused MICROSECOND and PERCENT_RANK.
    expect([status('SQRT'), status('CONVERT_TZ'), status('MICROSECOND'), status('PERCENT_RANK')]).toEqual(['deprecated', 'deprecated', 'unsupported', 'unsupported']);
    expect([status('CONTAINS'), lookupFunction('CONTAINS')?.returns]).toEqual(['sample', 'BOOLEAN']);
    expect([status('MEDIAN'), status('PERCENTILE'), status('PERCENTILE_CONT'), status('CORR')]).toEqual(['engine', 'engine', 'engine', 'engine']);
    expect([status('DENSE_RANK'), status('ROW_NUMBER')]).toEqual(['unverified', 'unverified']);
    expect(lookupFunction('CORR')?.params.length).toBe(2);
    expect([lookupFunction('CEILING')?.kind, lookupFunction('FLOOR')?.kind]).toEqual(['scalar', 'scalar']);
    expect([lookupFunction('DENSE_RANK')?.needsOver, lookupFunction('ROW_NUMBER')?.needsOver]).toEqual([true, true]);
  });
});

describe('functionAvailability', () => {
  it.each([
    ['sum', 'documented', true, 'none'],
    ['WeekOfYear', 'sample', true, 'none'],
    ['MEDIAN', 'engine', true, 'warn'],
    ['ROW_NUMBER', 'unverified', true, 'warn'],
    ['weekday', 'replaced', true, 'warn'],
    ['SQRT', 'deprecated', true, 'warn'],
    ['MICROSECOND', 'unsupported', false, 'error'],
    ['DATE_DIFF', 'unknown', false, 'error'],
  ] as const)('%s: %s, accepted %s, finding %s', (name, status, accepted, finding) => {
    const v = functionAvailability(name);
    expect([v.status, v.accepted, v.finding]).toEqual([status, accepted, finding]);
    expect(v.entry === undefined).toBe(status === 'unknown');
  });
  it('an error exactly when the service rejects', () => {
    for (const p of Object.values(AVAILABILITY_POLICY)) expect(p.finding === 'error').toBe(!p.accepted);
  });
  it('analysis is INVALID exactly for the functions the policy rejects', () => {
    for (const e of FUNCTION_ENTRIES) {
      const args = e.params.filter((p) => !p.optional).map(() => '`x`');
      const call = `${e.name}(${args.join(', ')})${e.needsOver ? ' OVER (ORDER BY `d`)' : ''}`;
      expect(analyzeCalculation(call).status, call).toBe(functionAvailability(e.name).accepted ? 'VALID' : 'INVALID');
    }
    expect(analyzeCalculation('FROBNICATE(`x`)').status).toBe('INVALID');
  });
});

describe('findSplitFunctionNames', () => {
  const find = (text: string) => findSplitFunctionNames(text, parseFormula(text).tokens).map((s) => [s.kind, s.written, s.name, s.replacement, s.how]);
  it.each([
    ["STR_TO-DATE(`x`, '%y')", [['split', 'STR_TO-DATE', 'STR_TO_DATE', 'STR_TO_DATE', "a hyphen for '_'"]]],
    ["date format(`x`, '%Y')", [['split', 'date format', 'DATE_FORMAT', 'date_format', "a space for '_'"]]],
    ["DATE_ FORMAT(`x`, '%Y')", [['split', 'DATE_ FORMAT', 'DATE_FORMAT', 'DATE_FORMAT', 'a space inside its name']]],
    ['DAY-OF WEEK(`d`)', [['split', 'DAY-OF WEEK', 'DAYOFWEEK', 'DAYOFWEEK', 'a hyphen inside its name and a space inside its name']]],
    ['COUNT DISTINCT(`x`)', [['distinct', 'COUNT DISTINCT(', 'COUNT', 'COUNT(DISTINCT ', 'DISTINCT outside its parentheses']]],
    ['AVG DISTINCT(`x`)', []],
    ['THEN DATE(`x`)', []],
    ['`a` - DATE(`x`)', []],
    ['STR_TO - DATE(`x`)', []],
    ['DATE(`x`) - DATE(`y`)', []],
  ] as const)('%s', (text, expected) => {
    expect(find(text)).toEqual(expected);
  });
  it('analysis names the function meant instead of judging the call inside', () => {
    const a = analyzeCalculation("STR_TO-DATE(`x`, '%y')");
    expect(a.problems.map((p) => [p.code, p.message, p.start, p.end])).toEqual([
      ['split-function-name', "STR_TO-DATE looks like the function STR_TO_DATE with a hyphen for '_'", 0, 11],
    ]);
    expect(analyzeCalculation('DATE-FORMAT(`x`, 1)').problems.map((p) => p.code)).toEqual(['split-function-name']);
  });
});
