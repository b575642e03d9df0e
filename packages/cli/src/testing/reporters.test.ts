// The reports of `calckit test`, whole, for every kind of result: passed, failed values (rows and groups), an
// evaluation error with its code frame, skipped, a case whose data could not be read, an invalid test file; text from
// files shown safely (control characters as escapes, well-formed XML).
import { describe, expect, it } from 'vitest';
import { compareResult, resolveTolerance, type TestCaseResult } from '@calckit/evaluate';
import { json, junit, stylish } from './reporters.js';
import type { TestFileReport } from './report.js';

const tolerance = resolveTolerance(undefined);
const passed = (name: string): TestCaseResult => ({ name, status: 'passed', tolerance, durationMs: 1.5 });

const files: TestFileReport[] = [
  { filePath: 'formulas/ok.calc.test.json', formulaPath: 'formulas/ok.calc', issues: [], cases: [passed('one'), passed('two'), { name: 'later', status: 'skipped', tolerance, durationMs: 0 }] },
  {
    filePath: 'formulas/band.calc.test.yaml',
    formulaPath: 'formulas/band.calc',
    formula: "CASE WHEN `Revenue` > 10 THEN 'Large'\n  ELSE SIZE_OF(`Revenue`) END",
    issues: [],
    positions: [
      { line: 2, column: 5, endLine: 5, endColumn: 1 },
      { line: 5, column: 5, endLine: 8, endColumn: 1 },
      { line: 8, column: 5, endLine: 10, endColumn: 1 },
      { line: 10, column: 5, endLine: 12, endColumn: 1 },
    ],
    cases: [
      passed('large'),
      {
        name: 'rows',
        status: 'failed',
        tolerance: resolveTolerance(0.01),
        comparison: compareResult(['Large', 1.5, null], { kind: 'rows', type: 'STRING', rows: [{ value: 'Large' }, { value: 1.52 }, { value: 'x\u001b[2J' }] }, [], resolveTolerance(0.01)),
        durationMs: 2,
      },
      {
        name: 'small',
        status: 'failed',
        tolerance,
        error: { code: 'unknown-function', message: 'unknown function SIZE_OF: it is not a function of the language', range: { start: { offset: 46, line: 2, column: 8 }, end: { offset: 53, line: 2, column: 15 } } },
        durationMs: 1,
      },
      { name: 'from <csv> & "more"', status: 'invalid', tolerance, problem: 'cannot read formulas/nope.csv: no such file', durationMs: 0 },
    ],
  },
  {
    filePath: 'formulas/bad.calc.test.yaml',
    formulaPath: 'formulas/bad.calc',
    issues: [
      { field: 'tests[0].expected', message: 'unknown field "expected"', line: 4, column: 5 },
      { field: '', message: 'not valid YAML: something', line: 9, column: 1 },
    ],
    cases: [],
  },
];

describe('test reporters', () => {
  it('stylish: a line per passing file, the failed cases with their diff or code frame, a summary', () => {
    expect(stylish(files, { color: false })).toMatchInlineSnapshot(`
      "✔ formulas/ok.calc.test.json  2 tests passed, 1 skipped
      ✖ formulas/band.calc.test.yaml
        ✔ large
        ✖ rows: 2 of 3 rows differ; tolerance: 0.01 absolute
            row  expected  actual
            1    "Large"   "Large"
          ✖ 2    1.5       1.52
          ✖ 3    null      "x\\u001b[2J"
        ✖ small: formulas/band.calc:2:8: unknown function SIZE_OF: it is not a function of the language (unknown-function)
              1 | CASE WHEN \`Revenue\` > 10 THEN 'Large'
            > 2 |   ELSE SIZE_OF(\`Revenue\`) END
                |        ^^^^^^^
        ✖ from <csv> & "more": cannot read formulas/nope.csv: no such file
      ✖ formulas/bad.calc.test.yaml
        4:5  error  tests[0].expected: unknown field "expected"
        9:1  error  not valid YAML: something

      Tests: 2 failed, 1 invalid, 1 skipped, 3 passed, 7 total (3 test files, 1 invalid)
      "
    `);
  });

  it('stylish: colours on request', () => {
    const out = stylish(files.slice(0, 1), { color: true });
    expect(out).toBe('\u001b[32m✔\u001b[39m formulas/ok.calc.test.json  \u001b[2m2 tests passed, 1 skipped\u001b[22m\n\n\u001b[1mTests:\u001b[22m \u001b[33m1 skipped\u001b[39m, \u001b[32m2 passed\u001b[39m, 3 total \u001b[2m(1 test file)\u001b[22m\n');
  });

  it('json: per file and case, with positions and every compared row', () => {
    const doc = JSON.parse(json(files, { color: false }));
    expect(doc[1].tests.map((t: { name: string; line?: number; status: string; message?: string }) => [t.name, t.line, t.status, t.message])).toEqual([
      ['large', 2, 'passed', undefined],
      ['rows', 5, 'failed', '2 of 3 rows differ; tolerance: 0.01 absolute'],
      ['small', 8, 'failed', 'formulas/band.calc:2:8: unknown function SIZE_OF: it is not a function of the language (unknown-function)'],
      ['from <csv> & "more"', 10, 'invalid', 'cannot read formulas/nope.csv: no such file'],
    ]);
    expect(doc[1].tests[1].rows).toEqual([
      { row: 1, expected: 'Large', actual: 'Large', ok: true },
      { row: 2, expected: 1.5, actual: 1.52, ok: false },
      { row: 3, expected: null, actual: 'x\u001b[2J', ok: false },
    ]);
    expect(doc[1].tests[2].error).toEqual({ code: 'unknown-function', message: 'unknown function SIZE_OF: it is not a function of the language', line: 2, column: 8, endLine: 2, endColumn: 15 });
    expect(doc[2]).toMatchObject({ issues: [{ line: 4, column: 5, field: 'tests[0].expected' }, { line: 9, column: 1 }], tests: [], invalidCount: 1 });
  });

  it('junit: a suite per file, failures with their diff, errors for bad data and invalid files', () => {
    expect(junit(files, { color: false })).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="utf-8"?>
      <testsuites name="calckit test" tests="8" failures="2" errors="2" skipped="1">
        <testsuite name="formulas/ok.calc.test.json" tests="3" failures="0" errors="0" skipped="1">
          <testcase name="one" classname="formulas/ok.calc.test.json" time="0.002" />
          <testcase name="two" classname="formulas/ok.calc.test.json" time="0.002" />
          <testcase name="later" classname="formulas/ok.calc.test.json" time="0.000">
            <skipped />
          </testcase>
        </testsuite>
        <testsuite name="formulas/band.calc.test.yaml" tests="4" failures="2" errors="1" skipped="0">
          <testcase name="large" classname="formulas/band.calc.test.yaml" time="0.002" />
          <testcase name="rows" classname="formulas/band.calc.test.yaml" time="0.002">
            <failure message="2 of 3 rows differ; tolerance: 0.01 absolute" type="values">2 of 3 rows differ; tolerance: 0.01 absolute
        row  expected  actual
        1    &quot;Large&quot;   &quot;Large&quot;
      ✖ 2    1.5       1.52
      ✖ 3    null      &quot;x\\u001b[2J&quot;</failure>
          </testcase>
          <testcase name="small" classname="formulas/band.calc.test.yaml" time="0.001">
            <failure message="formulas/band.calc:2:8: unknown function SIZE_OF: it is not a function of the language (unknown-function)" type="unknown-function">formulas/band.calc:2:8: unknown function SIZE_OF: it is not a function of the language (unknown-function)</failure>
          </testcase>
          <testcase name="from &lt;csv&gt; &amp; &quot;more&quot;" classname="formulas/band.calc.test.yaml" time="0.000">
            <error message="cannot read formulas/nope.csv: no such file" type="invalid">cannot read formulas/nope.csv: no such file</error>
          </testcase>
        </testsuite>
        <testsuite name="formulas/bad.calc.test.yaml" tests="1" failures="0" errors="1" skipped="0">
          <testcase name="formulas/bad.calc.test.yaml" classname="formulas/bad.calc.test.yaml" time="0">
            <error message="invalid test file: unknown field &quot;expected&quot;" type="invalid">formulas/bad.calc.test.yaml:4:5: tests[0].expected: unknown field &quot;expected&quot;
      formulas/bad.calc.test.yaml:9:1: not valid YAML: something</error>
          </testcase>
        </testsuite>
      </testsuites>
      "
    `);
  });
});
