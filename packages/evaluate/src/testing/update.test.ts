// The test runner's newer parts with the real evaluator: cases that expect an evaluation error, the collation of a
// file or a case, and `--update`'s new expectations and its edits of JSON and YAML text (only what changes).
import { describe, expect, it } from 'vitest';
import { evaluateFormula } from '../index.js';
import { parseTestFile } from './parse.js';
import { describeErrorExpectation, errorMatches, runTestFile, type RunTestFileOptions } from './run.js';
import type { TestFile } from './spec.js';
import { updatedExpectation, updateTestFileText, type ExpectUpdate } from './update.js';

const file = (text: string, format: 'json' | 'yaml' = 'json'): TestFile => {
  const r = parseTestFile(text, format);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.line}:${i.column} ${i.field}: ${i.message}`).join('\n'));
  return r.file;
};
const run = (formula: string, f: TestFile, options: Partial<RunTestFileOptions> = {}) => runTestFile(f, { formula, evaluate: evaluateFormula, now: '2024-03-31', ...options });

describe('cases that expect an evaluation error', () => {
  it('pass with the error (by code, by a part of the message, or both), and fail readably otherwise', () => {
    const f = file(
      JSON.stringify({
        rows: [{ a: 1 }],
        tests: [
          { name: 'by code', expect: { error: 'unknown-function' } },
          { name: 'by message', expect: { error: 'NOSUCH' } },
          { name: 'by both', expect: { error: { code: 'unknown-function', message: 'nosuch' } } },
          { name: 'another code', expect: { error: 'runtime' } },
          { name: 'another message', expect: { error: { code: 'unknown-function', message: 'something else' } } },
        ],
      }),
    );
    const results = run('NOSUCH(`a`)', f);
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed', 'failed', 'failed']);
    expect(results[0]!.error?.code).toBe('unknown-function');
    expect(results[3]!.mismatch).toMatch(/^expected the error runtime, but the formula stopped with unknown-function: /);
    expect(results[4]!.mismatch).toMatch(/^expected the error unknown-function with a message containing "something else", but the formula stopped with unknown-function/);
  });

  it('fail when the formula evaluates, quoting its values', () => {
    const f = file(JSON.stringify({ tests: [{ name: 'no error', rows: [{ a: 1 }, { a: 2 }], expect: { error: 'runtime' } }] }));
    const [r] = run('`a` * 2', f);
    expect(r).toMatchObject({ status: 'failed', expectedError: 'the error runtime', mismatch: 'expected the error runtime, but the formula evaluated: 2 rows [2, 4]' });
    expect(r!.error).toBeUndefined();
  });

  it('pass on bad input when that is what they expect (else such a case is invalid)', () => {
    const f = file(JSON.stringify({ schema: { a: 'LONG' }, rows: [{ a: 'x' }], tests: [{ name: 'bad', expect: { error: 'bad-input' } }, { name: 'values', expect: [1] }] }));
    expect(run('`a`', f).map((r) => r.status)).toEqual(['passed', 'invalid']);
  });

  it('are validated: an unknown code in the object form, an empty object, a field beside error', () => {
    const issues = (expectValue: unknown) => {
      const r = parseTestFile(JSON.stringify({ rows: [], tests: [{ name: 'a', expect: expectValue }] }), 'json');
      return r.ok ? [] : r.issues.map((i) => `${i.field}: ${i.message}`);
    };
    expect(issues({ error: { code: 'oops' } })).toEqual(['tests[0].expect.error.code: must be an evaluation error code: syntax, unknown-function, unsupported-function, unknown-column, bad-input, nested-calculation, runtime']);
    expect(issues({ error: {} })).toEqual(['tests[0].expect.error: give "code", "message" or both']);
    expect(issues({ error: 'runtime', value: 1 })).toEqual(['tests[0].expect.value: unknown field "value"']);
    expect(issues({})).toEqual(['tests[0].expect.error: is missing: give an error code or a part of the message']);
    expect(issues(3)).toEqual(['tests[0].expect: must be an array of expected values, or { "error": <code or part of the message> }']);
  });

  it('describe and match', () => {
    expect(describeErrorExpectation({ error: 'syntax' })).toBe('the error syntax');
    expect(describeErrorExpectation({ error: 'by zero' })).toBe('an error with a message containing "by zero"');
    expect(errorMatches({ error: 'BY ZERO' }, { code: 'runtime', message: 'division by zero' })).toBe(true);
    expect(errorMatches({ error: { message: 'zero' } }, { code: 'runtime', message: 'division by zero' })).toBe(true);
    expect(errorMatches({ error: 'syntax' }, { code: 'runtime', message: 'syntax is fine' })).toBe(false);
  });
});

describe('collation', () => {
  const rows = [{ r: 'East' }, { r: 'east' }];
  it('is utf8mb4_general_ci by default; binary from the file, or from a case over the file', () => {
    const f = file(
      JSON.stringify({
        rows,
        tests: [
          { name: 'default', expect: [true, true] },
          { name: 'binary case', collation: 'binary', expect: [true, false] },
          { name: 'ci case', collation: 'utf8mb4_general_ci', expect: [true, true] },
        ],
      }),
    );
    const formula = "`r` = 'East'";
    expect(run(formula, f).map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    const binaryFile = file(JSON.stringify({ rows, collation: 'binary', tests: [{ name: 'file', expect: [true, false] }, { name: 'case over file', collation: 'utf8mb4_general_ci', expect: [true, true] }] }));
    expect(run(formula, binaryFile).map((r) => r.status)).toEqual(['passed', 'passed']);
    // Grouping too: binary keeps East and east apart.
    const grouped = file(JSON.stringify({ rows, collation: 'binary', tests: [{ name: 'groups', groupBy: ['r'], expect: [{ r: 'East', value: 1 }, { r: 'east', value: 1 }] }] }));
    expect(run('COUNT(`r`)', grouped).map((r) => r.status)).toEqual(['passed']);
  });

  it('is validated', () => {
    const r = parseTestFile(JSON.stringify({ rows, collation: 'latin1', tests: [{ name: 'a', expect: [] }] }), 'json');
    expect(r.ok ? [] : r.issues.map((i) => `${i.field}: ${i.message}`)).toEqual(['collation: must be "utf8mb4_general_ci" (case- and accent-insensitive, the default) or "binary"']);
  });
});

describe('--update: the new expectations', () => {
  const newExpect = (formula: string, text: string) => {
    const f = file(text);
    return run(formula, f).map((r, i) => updatedExpectation(f.tests[i]!, r));
  };

  it('keeps the passing entries as written, replaces differing ones, adds and drops rows', () => {
    const out = newExpect(
      '`a` * 2',
      JSON.stringify({
        tests: [
          { name: 'passes', rows: [{ a: 1 }], expect: [2] },
          { name: 'one differs', rows: [{ a: 0.1 }, { a: 2 }], expect: [0.2000000001, 5], tolerance: 0.001 },
          { name: 'too few', rows: [{ a: 1 }, { a: 2 }], expect: [2] },
          { name: 'too many', rows: [{ a: 1 }], expect: [2, 9] },
          { name: 'skipped', rows: [{ a: 1 }], expect: [0], skip: true },
        ],
      }),
    );
    expect(out).toEqual([
      { kind: 'unchanged' },
      { kind: 'update', expect: [0.2000000001, 4] },
      { kind: 'update', expect: [2, 4] },
      { kind: 'update', expect: [2] },
      { kind: 'unchanged' },
    ]);
  });

  it('groups: the expected ones in their order, the new ones after', () => {
    const out = newExpect(
      'SUM(`v`)',
      JSON.stringify({
        rows: [{ g: 'a', v: 1 }, { g: 'b', v: 2 }, { g: 'c', v: 3 }],
        tests: [{ name: 'g', groupBy: ['g'], expect: [{ g: 'c', value: 3 }, { g: 'x', value: 1 }, { g: 'a', value: 7 }] }],
      }),
    );
    expect(out).toEqual([{ kind: 'update', expect: [{ g: 'c', value: 3 }, { g: 'a', value: 1 }, { g: 'b', value: 2 }] }]);
  });

  it('an error case that evaluated gets its values; a case stopped by an error or bad data is not updated', () => {
    const out = newExpect(
      '`a` + 1',
      JSON.stringify({ schema: { a: 'LONG' }, tests: [{ name: 'values now', rows: [{ a: 1 }], expect: { error: 'runtime' } }, { name: 'bad data', rows: [{ a: 'x' }], expect: [1] }] }),
    );
    expect(out[0]).toEqual({ kind: 'update', expect: [2] });
    expect(out[1]).toMatchObject({ kind: 'not-updated', reason: expect.stringMatching(/^not run: /) });
    const broken = newExpect('NOSUCH(`a`)', JSON.stringify({ tests: [{ name: 'n', rows: [{ a: 1 }], expect: [1] }] }));
    expect(broken[0]).toMatchObject({ kind: 'not-updated', reason: expect.stringMatching(/^the formula stopped with unknown-function: /) });
  });
});

describe('--update: the edited text', () => {
  const update = (text: string, format: 'json' | 'yaml', updates: ExpectUpdate[]) => {
    const r = updateTestFileText(text, format, updates);
    if (!r.ok) throw new Error(r.problem);
    return r.text;
  };

  it('JSON: replaces differing values where they stand, keeping the layout', () => {
    const text = '{\n    "tests": [\n        {"name": "a", "rows": [{"x": 1}],   "expect": [1.0, 2,  3]},\n        { "name": "b", "rows": [], "expect": [\n            { "g": "East", "value": 0.4 },\n            { "g": "West", "value": 0.5 }\n        ] }\n    ]\n}';
    const out = update(text, 'json', [
      { index: 0, expect: [1, 20, 3] },
      { index: 1, expect: [{ g: 'East', value: 0.4 }, { g: 'West', value: 'five' }] },
    ]);
    expect(out).toBe(text.replace('[1.0, 2,  3]', '[1.0, 20,  3]').replace('"value": 0.5', '"value": "five"'));
  });

  it('JSON: a changed shape is written whole, in the style it had, indented as the file is', () => {
    const text = '{\n\t"tests": [\n\t\t{ "name": "a", "rows": [], "expect": [1] },\n\t\t{\n\t\t\t"name": "b",\n\t\t\t"rows": [],\n\t\t\t"expect": [\n\t\t\t\t{ "g": "East", "value": 1 }\n\t\t\t]\n\t\t},\n\t\t{ "name": "c", "rows": [], "expect": { "error": "runtime" } }\n\t]\n}\r\n';
    const out = update(text.replace(/\r\n/, '\n'), 'json', [
      { index: 0, expect: [1, 2] },
      { index: 1, expect: [{ g: 'East', value: 1 }, { g: 'West', value: 2 }] },
      { index: 2, expect: [null] },
    ]);
    expect(out).toBe(
      '{\n\t"tests": [\n\t\t{ "name": "a", "rows": [], "expect": [1, 2] },\n\t\t{\n\t\t\t"name": "b",\n\t\t\t"rows": [],\n\t\t\t"expect": [\n\t\t\t\t{ "g": "East", "value": 1 },\n\t\t\t\t{ "g": "West", "value": 2 }\n\t\t\t]\n\t\t},\n\t\t{ "name": "c", "rows": [], "expect": [null] }\n\t]\n}\n',
    );
  });

  it('YAML: keeps comments, quoting and layout; replaces values in place', () => {
    const text = [
      '# yaml-language-server: $schema=../schema.json',
      'rows: { csv: orders.csv }  # shared',
      'tests:',
      '  # the first case',
      '  - name: bands',
      '    expect:',
      '      - Large   # big',
      '      - "Small"',
      '      - None',
      '  - name: groups',
      '    groupBy: [Region]',
      '    expect: [{ Region: East, value: 0.4 }, { Region: West, value: 0.5 }]  # two',
      '',
    ].join('\n');
    const out = update(text, 'yaml', [
      { index: 0, expect: ['Large', 'Medium', 'yes'] },
      { index: 1, expect: [{ Region: 'East', value: 0.4 }, { Region: 'West', value: 0.25 }] },
    ]);
    expect(out).toBe(text.replace('"Small"', '"Medium"').replace('- None', '- "yes"').replace('value: 0.5', 'value: 0.25'));
  });

  it('YAML: a changed shape is written as the block or flow sequence it was', () => {
    const text = [
      'tests:',
      '  - name: block',
      '    rows: [{ x: 1 }]',
      '    expect:',
      '      - 1  # one',
      '    tolerance: 0.1',
      '  - name: groups',
      '    rows: [{ x: 1 }]',
      '    expect:',
      '    - Region: East',
      '      value: 1',
      '  - name: flow',
      '    rows: [{ x: 1 }]',
      '    expect: [1]',
      '  - name: error',
      '    rows: [{ x: 1 }]',
      '    expect:',
      '      error: runtime  # why',
      '',
    ].join('\n');
    const out = update(text, 'yaml', [
      { index: 0, expect: [1, 'a: b', null] },
      { index: 1, expect: [{ Region: 'East', value: 1 }, { Region: 'Order Date', value: '2024-03-31 10:00:00' }] },
      { index: 2, expect: [1, 2] },
      { index: 3, expect: [true, false] },
    ]);
    expect(out).toBe(
      [
        'tests:',
        '  - name: block',
        '    rows: [{ x: 1 }]',
        '    expect:',
        '      - 1',
        '      - "a: b"',
        '      - null',
        '    tolerance: 0.1',
        '  - name: groups',
        '    rows: [{ x: 1 }]',
        '    expect:',
        '    - Region: East',
        '      value: 1',
        '    - Region: Order Date',
        '      value: "2024-03-31 10:00:00"',
        '  - name: flow',
        '    rows: [{ x: 1 }]',
        '    expect: [1, 2]',
        '  - name: error',
        '    rows: [{ x: 1 }]',
        '    expect:',
        '      - true',
        '      - false',
        '',
      ].join('\n'),
    );
  });

  it('keeps a BOM and CRLF line endings', () => {
    const text = '\ufeff{\r\n  "tests": [\r\n    { "name": "a", "rows": [], "expect": [\r\n      1\r\n    ] }\r\n  ]\r\n}\r\n';
    expect(update(text, 'json', [{ index: 0, expect: [1, 2] }])).toBe('\ufeff{\r\n  "tests": [\r\n    { "name": "a", "rows": [], "expect": [\r\n      1,\r\n      2\r\n    ] }\r\n  ]\r\n}\r\n');
  });

  it('refuses a file that is not valid', () => {
    expect(updateTestFileText('{ "tests": [] }', 'json', [{ index: 0, expect: [1] }])).toMatchObject({ ok: false });
  });
});
