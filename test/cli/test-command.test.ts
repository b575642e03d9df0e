// `calckit test` run as a process: the examples project's tests pass; a broken formula's test fails with a readable
// diff (stylish, json, junit asserted whole); invalid test files give their line and column and exit 2; colour only on
// request or a terminal, never with NO_COLOR; --watch runs again when a file changes.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { salesProject } from './sales-project.js';

/** The bundle that the `calckit` bin runs (`npm run build`): it starts several times faster than dist/main.js. */
const CLI = join(import.meta.dirname, '../../packages/cli/dist/calckit.js');
const EXAMPLES = join(import.meta.dirname, '../../examples');
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_') && k !== 'FORCE_COLOR' && k !== 'NO_COLOR'));
const run = (args: string[], cwd: string, env: Record<string, string> = {}) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, env: { ...cleanEnv(), ...env } });

/** A project whose `margin.calc` is a calculation of the `sales` dataset, with the given test files beside it. */
const project = (files: Record<string, string>, formula = '(SUM(`Revenue`) - SUM(`Cost`)) / NULLIF(SUM(`Revenue`), 0)\n'): string =>
  salesProject({ margin: formula }, files);

/** A deliberately wrong expectation: West's margin is 0.5, the test says 0.45; and a passing case beside it. */
const BROKEN = JSON.stringify(
  {
    tests: [
      { name: 'overall', rows: { csv: '../orders.csv' }, expect: [0.44] },
      {
        name: 'by region',
        rows: { csv: '../orders.csv' },
        groupBy: ['Region'],
        expect: [
          { Region: 'East', value: 0.4 },
          { Region: 'West', value: 0.45 },
          { Region: 'North', value: 0.1 },
        ],
      },
    ],
  },
  null,
  2,
);
const ORDERS = 'Region,Revenue,Cost\nEast,100,60\nWest,70,35\nEast,50,30\nWest,30,15\n';

describe('calckit test', () => {
  it("passes the examples project's tests", () => {
    const r = run(['test'], EXAMPLES);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatchInlineSnapshot(`
      "✔ formulas/avg-revenue-per-customer.calc.test.json  1 test passed
      ✔ formulas/days-since-order.calc.test.yaml  1 test passed
      ✔ formulas/gross-margin.calc.test.json  3 tests passed
      ✔ formulas/net-revenue.calc.test.json  2 tests passed
      ✔ formulas/open-ticket-age.calc.test.yaml  2 tests passed
      ✔ formulas/order-size-band.calc.test.yaml  2 tests passed
      ✔ formulas/return-rate.calc.test.yaml  3 tests passed
      ✔ formulas/running-revenue-by-region.calc.test.json  1 test passed

      Tests: 15 passed, 15 total (8 test files)
      "
    `);
    expect(r.status).toBe(0);
  });

  it('runs the tests of the formulas and folders named', () => {
    const r = run(['test', 'formulas/net-revenue.calc', 'formulas/order-size-band.calc.test.yaml', '-f', 'json'], EXAMPLES);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).map((f: { filePath: string; passCount: number }) => [f.filePath, f.passCount])).toEqual([
      ['formulas/net-revenue.calc.test.json', 2],
      ['formulas/order-size-band.calc.test.yaml', 2],
    ]);
  });

  it('fails a wrong expectation with a readable diff (stylish)', () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    const r = run(['test'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatchInlineSnapshot(`
      "✖ formulas/margin.calc.test.json
        ✔ overall
        ✖ by region: 2 of 3 groups differ (expected 3 groups, got 2); tolerance: 1e-9 relative
            Region   expected  actual
            "East"   0.4       0.4
          ✖ "West"   0.45      0.5
          ✖ "North"  0.1       (none)

      Tests: 1 failed, 1 passed, 2 total (1 test file)
      "
    `);
  });

  it('shows a row-level failure beside the cells the formula reads', () => {
    const band = "CASE WHEN `Revenue` >= 1000 THEN 'Large' WHEN `Revenue` > 0 THEN 'Small' ELSE 'None' END\n";
    const test = 'tests:\n  - name: bands\n    rows: [{ Revenue: 1000 }, { Revenue: 999.99 }, { Revenue: null }, { Revenue: 0.5 }]\n    expect: [Large, Large, None, Small]\n';
    const r = run(['test'], project({ 'formulas/margin.calc.test.yaml': test }, band));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "✖ formulas/margin.calc.test.yaml
        ✖ bands: 1 of 4 rows differs
            row  Revenue  expected  actual
            1    1000     "Large"   "Large"
          ✖ 2    999.99   "Large"   "Small"
            3    null     "None"    "None"
            4    0.5      "Small"   "Small"

      Tests: 1 failed, 1 total (1 test file)
      "
    `);
  });

  it('reports the same failure as JSON', () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    const r = run(['test', '--format', 'json'], root);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "[
        {
          "filePath": "formulas/margin.calc.test.json",
          "formulaPath": "formulas/margin.calc",
          "issues": [],
          "tests": [
            {
              "name": "overall",
              "line": 3,
              "column": 5,
              "status": "passed",
              "by": "rows",
              "rows": [
                {
                  "row": 1,
                  "expected": 0.44,
                  "actual": 0.44,
                  "ok": true
                }
              ],
              "tolerance": {
                "absolute": 0,
                "relative": 1e-9
              }
            },
            {
              "name": "by region",
              "line": 12,
              "column": 5,
              "status": "failed",
              "message": "2 of 3 groups differ (expected 3 groups, got 2); tolerance: 1e-9 relative",
              "by": "groups",
              "rows": [
                {
                  "group": {
                    "Region": "East"
                  },
                  "expected": 0.4,
                  "actual": 0.4,
                  "ok": true
                },
                {
                  "group": {
                    "Region": "West"
                  },
                  "expected": 0.45,
                  "actual": 0.5,
                  "ok": false
                },
                {
                  "group": {
                    "Region": "North"
                  },
                  "expected": 0.1,
                  "ok": false
                }
              ],
              "tolerance": {
                "absolute": 0,
                "relative": 1e-9
              }
            }
          ],
          "passCount": 1,
          "failCount": 1,
          "skipCount": 0,
          "invalidCount": 0
        }
      ]
      "
    `);
  });

  it('reports the same failure as JUnit XML', () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    const r = run(['test', '-f', 'junit'], root);
    expect(r.status).toBe(1);
    expect(r.stdout.replace(/time="[\d.]+"/g, 'time="…"')).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="utf-8"?>
      <testsuites name="calckit test" tests="2" failures="1" errors="0" skipped="0">
        <testsuite name="formulas/margin.calc.test.json" tests="2" failures="1" errors="0" skipped="0">
          <testcase name="overall" classname="formulas/margin.calc.test.json" time="…" />
          <testcase name="by region" classname="formulas/margin.calc.test.json" time="…">
            <failure message="2 of 3 groups differ (expected 3 groups, got 2); tolerance: 1e-9 relative" type="values">2 of 3 groups differ (expected 3 groups, got 2); tolerance: 1e-9 relative
        Region   expected  actual
        &quot;East&quot;   0.4       0.4
      ✖ &quot;West&quot;   0.45      0.5
      ✖ &quot;North&quot;  0.1       (none)</failure>
          </testcase>
        </testsuite>
      </testsuites>
      "
    `);
  });

  it('evaluates nested calculations from the project, a named formula, a schema override and skipped cases', () => {
    const root = project({
      'formulas/base.calc': '`Revenue` - `Cost`\n',
      'formulas/checks.test.yaml': [
        'formula: margin.calc',
        'tests:',
        '  - name: the nested calculation and the schema override',
        '    formula: ignored',
        '    rows: [{ Revenue: "10", Cost: "4" }]',
        '    schema: { Revenue: LONG, Cost: LONG }',
        '    expect: [12]',
        '',
      ].join('\n'),
    });
    writeFileSync(
      join(root, 'calckit.json'),
      JSON.stringify({ service: { name: 'ACME', baseUrl: 'http://127.0.0.1:9' }, calculations: { 'formulas/margin.calc': { id: 1 }, 'formulas/base.calc': { id: 2 } } }),
    );
    writeFileSync(join(root, 'formulas/margin.calc'), 'ACME_BEAST_MODE(2) * 2\n');
    // "formula" belongs to the file, not to a case: the case is invalid (exit 2) until it moves.
    const bad = run(['test', 'formulas/checks.test.yaml'], root);
    expect(bad.stdout).toContain('4:5  error  tests[0].formula: unknown field "formula"');
    expect(bad.status).toBe(2);
    writeFileSync(
      join(root, 'formulas/checks.test.yaml'),
      'formula: margin.calc\ntests:\n  - name: nested, with a schema override\n    rows: [{ Revenue: "10", Cost: "4" }]\n    schema: { Revenue: LONG, Cost: LONG }\n    expect: [12]\n  - name: later\n    skip: true\n    rows: []\n    expect: []\n',
    );
    const r = run(['test', 'formulas/checks.test.yaml'], root);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('✔ formulas/checks.test.yaml  1 test passed, 1 skipped\n\nTests: 1 skipped, 1 passed, 2 total (1 test file)\n');
    expect(r.status).toBe(0);
  });

  it('fails a case whose evaluation stops, showing the place in the formula', () => {
    const root = project({ 'formulas/margin.calc.test.yaml': 'tests:\n  - name: a\n    rows: [{ Revenue: 1 }]\n    expect: [1]\n' }, 'SUM(`Revenue`) +\n  NO_SUCH_FN(1)\n');
    const r = run(['test'], root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✖ a: formulas/margin.calc:2:3: ');
    expect(r.stdout).toContain('> 2 |   NO_SUCH_FN(1)');
  });

  it.each([
    ['a missing field, an unknown one and a bad value', 'tests:\n  - name: a\n    rows: [{ Revenue: 1 }]\n    expected: [1]\n    now: soon\n', 'yaml', ['2:5  error  tests[0].expect: is missing (a list is required)', '4:5  error  tests[0].expected: unknown field "expected"', '5:10  error  tests[0].now: must be an ISO date or date-time']],
    ['YAML that does not parse', 'tests:\n  - name: a\n    rows: [{ Revenue: 1 }\n    expect: [1]\n', 'yaml', ['4:5  error  not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]']],
    ['JSON that does not parse', '{\n  "tests": [\n    { "name": "a" "rows": [] }\n  ]\n}', 'json', ["3:19  error  not valid JSON: expected ',' or '}'"]],
    ['a missing data file', 'tests:\n  - name: a\n    rows: { csv: nope.csv }\n    expect: [1]\n', 'yaml', ['✖ a: cannot read formulas/nope.csv: no such file']],
    ['a cell not of its column type', 'tests:\n  - name: a\n    rows: [{ Revenue: abc, Cost: 1 }]\n    expect: [1]\n', 'yaml', ["✖ a: row 1, column `Revenue`: 'abc' is not a DECIMAL (bad-input)", 'Tests: 1 invalid, 1 total']],
    ['a missing formula', '{ "formula": "other.calc", "tests": [{ "name": "a", "rows": [], "expect": [] }] }', 'json', ['1:1  error  formula: cannot read the formula formulas/other.calc: no such file']],
  ])('exits 2 for a test file with %s, saying where', (_name, text, format, lines) => {
    const root = project({ [`formulas/margin.calc.test.${format}`]: text });
    const r = run(['test'], root);
    for (const line of lines) expect(r.stdout).toContain(line);
    expect(r.status).toBe(2);
  });

  it('exits 2 when there is nothing to test, unless --pass-with-no-tests', () => {
    const root = project({});
    const none = run(['test'], root);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^calckit test: no test files found/);
    expect(run(['test', 'formulas/missing.calc'], root).stderr).toMatch(/^calckit test: no test files for 'formulas\/missing\.calc'/);
    const ok = run(['test', '--pass-with-no-tests'], root);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('\nTests: 0 total (0 test files)\n');
  });

  it('colours only when asked or on a terminal, and never with NO_COLOR', () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    expect(run(['test'], root).stdout).not.toContain('\u001b[');
    expect(run(['test'], root, { FORCE_COLOR: '1' }).stdout).toContain('\u001b[31m✖\u001b[39m');
    expect(run(['test', '--color'], root).stdout).toContain('\u001b[31m');
    expect(run(['test'], root, { FORCE_COLOR: '1', NO_COLOR: '1' }).stdout).not.toContain('\u001b[');
  });

  it('writes the report to a file with -o', () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    const r = run(['test', '-f', 'junit', '-o', 'reports/tests.xml'], root);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(spawnSync('cat', [join(root, 'reports/tests.xml')], { encoding: 'utf8' }).stdout).toContain('<testsuites name="calckit test" tests="2" failures="1"');
  });

  it('runs again in --watch mode when the formula changes', async () => {
    const root = project({ 'formulas/margin.calc.test.json': BROKEN, 'orders.csv': ORDERS });
    const child = spawn(process.execPath, [CLI, 'test', '--watch'], { cwd: root, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(check(), `stdout: ${stdout}\nstderr: ${stderr}`).toBe(true);
    };
    try {
      await until(() => stderr.includes('Watching for changes'));
      expect(stdout).toContain('Tests: 1 failed, 1 passed, 2 total');
      // A formula that returns the revenue: now both cases fail.
      writeFileSync(join(root, 'formulas/margin.calc'), 'SUM(`Revenue`)\n');
      await until(() => stdout.includes('Tests: 2 failed, 2 total'));
    } finally {
      child.kill('SIGINT');
    }
  });
});
