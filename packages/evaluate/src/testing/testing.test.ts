// The test file format, its errors with places in the file, the comparison with tolerances, the runner and the diff.
// The runner is driven by a stand-in evaluator here (the real one is tested on its own; the CLI's tests run both).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EvaluationError, type EvaluateOptions, type EvaluationResult, type InputRow } from '../api.js';
import { compareResult, resolveTolerance, valuesMatch } from './compare.js';
import { diffSummary, formatDiff } from './diff.js';
import { testFileJsonSchema } from './json-schema.js';
import { parseTestFile } from './parse.js';
import { runTestFile, schemaColumns, TestDataError, type Evaluate } from './run.js';
import { defaultFormulaPath, isTestFile, testFilePathsFor, type TestFile } from './spec.js';

const issues = (text: string, format: 'json' | 'yaml') => {
  const r = parseTestFile(text, format);
  return r.ok ? [] : r.issues.map((i) => `${i.line}:${i.column} ${i.field ? `${i.field}: ` : ''}${i.message}`);
};

describe('parseTestFile', () => {
  it('reads JSON and YAML into the same spec', () => {
    const json = parseTestFile(
      JSON.stringify({ tests: [{ name: 'one', rows: [{ Revenue: 10, Region: 'East' }], groupBy: ['Region'], expect: [{ Region: 'East', value: 10 }], tolerance: { absolute: 0.01 } }] }),
      'json',
    );
    const yaml = parseTestFile(
      ['tests:', '  - name: one', '    rows:', '      - { Revenue: 10, Region: East }', '    groupBy: [Region]', '    expect:', '      - { Region: East, value: 10 }', '    tolerance: { absolute: 0.01 }', ''].join('\n'),
      'yaml',
    );
    expect(json.ok && yaml.ok).toBe(true);
    expect(yaml.ok && yaml.file).toEqual(json.ok && json.file);
    // Where each case is, for reports and editors.
    expect(yaml.ok && yaml.positions).toEqual([{ line: 2, column: 5, endLine: 9, endColumn: 1 }]);
  });

  it('keeps YAML dates as text and reads rows from files', () => {
    const r = parseTestFile('now: 2024-03-31\nrows: { csv: orders.csv }\ntests:\n  - name: a\n    expect: [2024-03-01, null, 1.5]\n', 'yaml');
    expect(r.ok && r.file).toEqual({ now: '2024-03-31', rows: { csv: 'orders.csv' }, tests: [{ name: 'a', expect: ['2024-03-01', null, 1.5] }] });
  });

  it.each([
    ['json', '{\n  "tests": [\n    { "name": "a", "rows": [], "expect": [1] },\n  ]\n}', ['1:1 not valid JSON: unexpected character \']\'']],
    ['json', '{ "tests": [] }', ['1:12 tests: must list at least one test case']],
    ['json', '{\n  "tests": [\n    { "name": "a", "rows": [{ "x": {} }], "expect": [1], "expected": [2] }\n  ]\n}', ['3:36 tests[0].rows[0].x: must be text, a number, true/false or null', '3:58 tests[0].expected: unknown field "expected"']],
    ['yaml', 'tests:\n  - name: a\n    rows: [{ x: 1 }]\n    expect: [1]\n  - name: a\n    expect: [2]\n', ['5:5 tests[1]: has no "rows" (and the file has no shared "rows")', '5:11 tests[1].name: "a" is already the name of test 1']],
    ['yaml', 'tests:\n  - name: a\n    rows: { csv: a.csv, json: b.json }\n    expect: [{ Region: East }]\n    now: yesterday\n', ['3:11 tests[0].rows: give exactly one of "csv" or "json"', '4:14 tests[0].expect[0]: an expected group needs "value" beside its group-by columns', '5:10 tests[0].now: must be an ISO date or date-time, e.g. "2024-03-31" or "2024-03-31T09:30:00"']],
    ['yaml', 'tests:\n  - name: a\n    rows: [{x: 1}]\n    schema: { x: INTEGER }\n    expect: [1]\n', ['4:18 tests[0].schema.x: must be one of STRING, LONG, DECIMAL, DOUBLE, DATE, DATETIME']],
    ['yaml', 'tests:\n  - name: a\n    rows: [{x: 1}\n    expect: [1]\n', ['4:5 not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]']],
    ['yaml', '', ['1:1 the file is empty: it must hold an object with "tests"']],
  ] as const)('%s: %j', (format, text, expected) => {
    expect(issues(text, format)).toEqual(expected);
  });

  it('uses a JSON error locator when given one', () => {
    const r = parseTestFile('{ "tests": x }', 'json', { locateJsonError: () => ({ line: 1, column: 12, problem: 'expected a value' }) });
    expect(r).toEqual({ ok: false, issues: [{ field: '', message: 'not valid JSON: expected a value', line: 1, column: 12 }] });
  });

  it('names test files and their formulas', () => {
    expect(['a.calc.test.json', 'a.calc.test.yaml', 'a.calc.test.yml', 'a.calc', 'a.test.txt'].map(isTestFile)).toEqual([true, true, true, false, false]);
    expect(defaultFormulaPath('formulas/margin.calc.test.yaml')).toBe('formulas/margin.calc');
    expect(testFilePathsFor('m.calc')).toEqual(['m.calc.test.json', 'm.calc.test.yaml', 'm.calc.test.yml']);
  });

  it('ships its JSON Schema', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../schema/calc-test.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(testFileJsonSchema());
  });

  it("accepts the examples' test files, and its JSON Schema agrees", () => {
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(testFileJsonSchema());
    const folder = join(import.meta.dirname, '../../../../examples/formulas');
    const files = readdirSync(folder).filter((f) => /\.calc\.test\.(json|yaml)$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const text = readFileSync(join(folder, f), 'utf8');
      expect(parseTestFile(text, f.endsWith('.json') ? 'json' : 'yaml'), f).toMatchObject({ ok: true });
      expect(validate(f.endsWith('.json') ? JSON.parse(text) : parseYaml(text)), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ tests: [{ name: 'a', rows: [], expect: [], extra: 1 }] })).toBe(false);
  });

  it("examples' test files name the schema where an installed calckit has it, a path that works in this clone too", () => {
    // Before: `../../packages/evaluate/src/testing/calc-test.schema.json`, a folder only a clone of calckit has.
    const folder = join(import.meta.dirname, '../../../../examples/formulas');
    const installedPath = 'node_modules/@calckit/evaluate/schema/calc-test.schema.json';
    for (const f of readdirSync(folder).filter((name) => /\.calc\.test\.(json|yaml)$/.test(name))) {
      const text = readFileSync(join(folder, f), 'utf8');
      const ref = f.endsWith('.json') ? (JSON.parse(text) as { $schema: string }).$schema : /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1];
      expect(ref, f).toBe(`../../${installedPath}`);
      expect(JSON.parse(readFileSync(join(folder, ref!), 'utf8')), f).toEqual(testFileJsonSchema());
    }
  });
});

describe('valuesMatch', () => {
  it.each([
    [0.3, 0.1 + 0.2, undefined, true],
    [0.3, 0.31, undefined, false],
    [0.3, 0.31, 0.01, true],
    [100, 101, { relative: 0.01 }, true],
    [100, 101.5, { relative: 0.01 }, false],
    [100, 101.5, { relative: 0.01, absolute: 2 }, true],
    ['2024-01-31 10:00:00', '2024-01-31T10:00:00', undefined, true],
    ['East', 'east', undefined, false],
    [1, '1', undefined, false],
    [1, true, undefined, false],
    [null, null, undefined, true],
    [null, 0, undefined, false],
  ] as const)('%j ~ %j (tolerance %j): %s', (expected, actual, tolerance, ok) => {
    expect(valuesMatch(expected, actual, resolveTolerance(tolerance))).toBe(ok);
  });
});

const groups = (rows: Array<[Record<string, string | number | null>, number | null]>): EvaluationResult => ({ kind: 'groups', type: 'DECIMAL', rows: rows.map(([group, value]) => ({ group, value })) });

describe('compareResult and formatDiff', () => {
  it('compares row-level values by position, marking differences and missing rows', () => {
    const c = compareResult(['Large', 'Small', 'Small'], { kind: 'rows', type: 'STRING', rows: [{ value: 'Large' }, { value: 'Medium' }] }, [], resolveTolerance(undefined));
    expect(diffSummary(c)).toBe('2 of 3 rows differ (expected 3 rows, got 2)');
    expect(formatDiff(c).join('\n')).toMatchInlineSnapshot(`
      "  row  expected  actual
        1    "Large"   "Large"
      ✖ 2    "Small"   "Medium"
      ✖ 3    "Small"   (none)"
    `);
  });

  it('compares groups by their group-by values, whatever the order', () => {
    const c = compareResult(
      [
        { Region: 'West', value: 0.5 },
        { Region: 'East', value: 0.4 },
        { Region: 'North', value: 1 },
      ],
      groups([
        [{ Region: 'East' }, 0.35],
        [{ Region: 'South' }, 0.2],
        [{ Region: 'West' }, 0.5000000001],
      ]),
      ['Region'],
      resolveTolerance(undefined),
    );
    expect(diffSummary(c)).toBe('3 of 4 groups differ');
    expect(formatDiff(c).join('\n')).toMatchInlineSnapshot(`
      "  Region   expected  actual
      ✖ "East"   0.4       0.35
      ✖ "South"  (none)    0.2
        "West"   0.5       0.5000000001
      ✖ "North"  1         (none)"
    `);
  });

  it('shows the differing lines of a long table with one line of context', () => {
    const actual = Array.from({ length: 100 }, (_, i) => ({ value: i }));
    const expected = actual.map((r) => (r.value === 50 ? 51 : r.value));
    const c = compareResult(expected, { kind: 'rows', type: 'LONG', rows: actual }, [], resolveTolerance(undefined));
    expect(formatDiff(c).join('\n')).toMatchInlineSnapshot(`
      "  row  expected  actual
        … 49 more rows
        50   49        49
      ✖ 51   51        50
        52   51        51
        … 48 more rows"
    `);
  });

  it('colours the differing lines on request', () => {
    const c = compareResult([1], { kind: 'rows', type: 'LONG', rows: [{ value: 2 }] }, [], resolveTolerance(undefined));
    expect(formatDiff(c, { red: (s) => `<${s}>`, green: (s) => s, dim: (s) => `{${s}}`, bold: (s) => s })).toEqual(['  {row  expected  actual}', '<✖> <1    1         2>']);
  });
});

describe('runTestFile', () => {
  /** A stand-in evaluator: the formula is a column name whose values it returns; `SUM x` sums x per group. */
  const seen: EvaluateOptions[] = [];
  const evaluate: Evaluate = (text, rows, options) => {
    seen.push(options);
    if (text === 'BROKEN') throw new EvaluationError('unknown-function', 'Unknown function BROKEN', { start: { offset: 0, line: 1, column: 1 }, end: { offset: 6, line: 1, column: 7 } });
    const [fn, column] = text.split(' ');
    if (fn !== 'SUM') return { kind: 'rows', type: 'DECIMAL', rows: rows.map((r) => ({ value: (r[text.replaceAll('`', '')] ?? null) as number })) };
    const by = options.groupBy ?? [];
    const sums = new Map<string, { group: Record<string, string>; value: number }>();
    for (const r of rows as InputRow[]) {
      const key = by.map((b) => String(r[b])).join('|');
      const g = sums.get(key) ?? { group: Object.fromEntries(by.map((b) => [b, String(r[b])])), value: 0 };
      g.value += Number(r[column!]);
      sums.set(key, g);
    }
    return { kind: 'groups', type: 'DECIMAL', rows: [...sums.values()].sort((a, b) => JSON.stringify(a.group).localeCompare(JSON.stringify(b.group))) };
  };
  const file: TestFile = {
    rows: [
      { Region: 'East', Revenue: 10 },
      { Region: 'West', Revenue: 5 },
      { Region: 'East', Revenue: 2.5 },
    ],
    now: '2024-03-31',
    tests: [
      { name: 'total', expect: [17.5] },
      { name: 'by region', groupBy: ['Region'], expect: [{ Region: 'West', value: 5 }, { Region: 'East', value: 12 }], tolerance: 0.1 },
      { name: 'from a file', rows: { csv: 'missing.csv' }, expect: [1] },
      { name: 'skipped', skip: true, expect: [] },
    ],
  };

  it('runs every case: passes, differences, invalid data, skips', () => {
    const results = runTestFile(file, {
      formula: 'SUM Revenue',
      evaluate,
      schema: [{ name: 'Revenue', type: 'DECIMAL' }],
      rowsFrom: (spec) => {
        throw new TestDataError(`cannot read ${spec.csv}: no such file`);
      },
    });
    expect(results.map((r) => [r.name, r.status, r.problem])).toEqual([
      ['total', 'passed', undefined],
      ['by region', 'failed', undefined],
      ['from a file', 'invalid', 'cannot read missing.csv: no such file'],
      ['skipped', 'skipped', undefined],
    ]);
    expect(formatDiff(results[1]!.comparison!)).toEqual(['  Region  expected  actual', '✖ "East"  12        12.5', '  "West"  5         5']);
    expect(seen.slice(-2)).toEqual([
      { schema: [{ name: 'Revenue', type: 'DECIMAL' }], now: '2024-03-31' },
      { schema: [{ name: 'Revenue', type: 'DECIMAL' }], groupBy: ['Region'], now: '2024-03-31' },
    ]);
  });

  it('fails a case on an evaluation error, keeping its place in the formula', () => {
    const [r] = runTestFile({ rows: [{}], tests: [{ name: 'a', expect: [1] }] }, { formula: 'BROKEN', evaluate });
    expect(r).toMatchObject({ status: 'failed', error: { code: 'unknown-function', message: 'Unknown function BROKEN', range: { start: { line: 1, column: 1 } } } });
  });

  it('makes a case invalid when its own input is at fault, not the formula', () => {
    const failing: Evaluate = (_text, _rows, options) => {
      if (options.groupBy) throw new EvaluationError('unknown-column', 'unknown group-by column `Nope`');
      throw new EvaluationError('bad-input', "row 1, column `x`: 'abc' is not a DECIMAL");
    };
    const results = runTestFile({ rows: [{ x: 'abc' }], tests: [{ name: 'cell', expect: [1] }, { name: 'group', groupBy: ['Nope'], expect: [] }] }, { formula: '`x`', evaluate: failing });
    expect(results.map((r) => [r.status, r.problem])).toEqual([
      ['invalid', "row 1, column `x`: 'abc' is not a DECIMAL (bad-input)"],
      ['invalid', 'unknown group-by column `Nope` (unknown-column)'],
    ]);
  });

  it('shows the input cells the formula reads beside a row-level diff', () => {
    const [r] = runTestFile({ rows: [{ Revenue: 10, Region: 'East' }, { Revenue: '5.50', Region: 'West' }, { Region: 'North' }], tests: [{ name: 'a', expect: [10, 6, null] }] }, { formula: '`Revenue`', evaluate });
    expect(formatDiff(r!.comparison!)).toEqual(['  row  Revenue  expected  actual', '  1    10       10        10', '✖ 2    5.50     6         "5.50"', '  3    null     null      null']);
  });

  it('turns a schema override into dataset columns', () => {
    expect(schemaColumns({ Revenue: 'DECIMAL', Day: 'DATE' })).toEqual([
      { name: 'Revenue', id: 'Revenue', type: 'DECIMAL', visible: true, order: 0 },
      { name: 'Day', id: 'Day', type: 'DATE', visible: true, order: 1 },
    ]);
  });
});
