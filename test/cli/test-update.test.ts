// `calckit test` as a process, for its newer parts: `--update` (-u) rewriting failed cases' expected values in JSON and
// YAML test files (layout and comments kept, cases stopped by an error left alone, nothing written outside the
// project), cases that expect an evaluation error, and the `collation` of a file or a case.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { salesProject } from './sales-project.js';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/calckit.js');
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_') && k !== 'FORCE_COLOR' && k !== 'NO_COLOR'));
const run = (args: string[], cwd: string) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, env: cleanEnv() });

/** A project with `formulas/<name>.calc` files (calculations of the `sales` dataset), other files as given, and
 * `orders.csv`. */
const project = (formulas: Record<string, string>, files: Record<string, string> = {}): string =>
  salesProject(formulas, { ...files, 'orders.csv': 'Region,Revenue,Cost\nEast,100,60\nWest,70,35\nEast,50,30\nWest,30,15\n' });

const MARGIN = '(SUM(`Revenue`) - SUM(`Cost`)) / NULLIF(SUM(`Revenue`), 0)\n';
const MARGIN_TESTS = `{
  "tests": [
    { "name": "overall", "rows": { "csv": "../orders.csv" }, "expect": [0.44] },
    {
      "name": "by region",
      "rows": { "csv": "../orders.csv" },
      "groupBy": ["Region"],
      "expect": [
        { "Region": "East", "value": 0.4 },
        { "Region": "West", "value": 0.45 },
        { "Region": "North", "value": 0.1 }
      ]
    }
  ]
}
`;

describe('calckit test --update', () => {
  it('rewrites the failed values of a JSON test file in its layout, reports them, and exits 0', () => {
    const root = project({ margin: MARGIN }, { 'formulas/margin.calc.test.json': MARGIN_TESTS });
    const r = run(['test', '--update', '--no-color'], root);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      ['✔ formulas/margin.calc.test.json  2 tests passed', '  ↻ updated 1 case: "by region"', '', 'Tests: 2 passed, 2 total (1 test file)', 'Updated: 1 case in 1 test file', ''].join('\n'),
    );
    expect(r.status).toBe(0);
    // West's value replaced where it stood; North, which the data has no group for, gone.
    expect(readFileSync(join(root, 'formulas/margin.calc.test.json'), 'utf8')).toBe(
      MARGIN_TESTS.replace('"value": 0.45 },\n', '"value": 0.5 }\n').replace('        { "Region": "North", "value": 0.1 }\n', ''),
    );
    // Nothing left to update: the file is not touched again.
    const again = run(['test', '-u', '--no-color'], root);
    expect(again.stdout).toBe('✔ formulas/margin.calc.test.json  2 tests passed\n\nTests: 2 passed, 2 total (1 test file)\nUpdated: 0 cases in 0 test files\n');
    expect(again.status).toBe(0);
  });

  it('keeps a YAML file’s comments; leaves a case stopped by an error as it is (exit 1); says so on stderr with -f json', () => {
    const yaml = [
      '# bands of an order',
      'tests:',
      '  - name: bands  # the usual ones',
      '    rows:',
      '      - { Revenue: 15000 }',
      '      - { Revenue: 5 }',
      '    expect:',
      '      - Large',
      '      - Tiny   # was Tiny once',
      '  - name: one row more',
      '    rows: [{ Revenue: 1 }, { Revenue: 20000 }]',
      '    expect: [Small]',
      '',
    ].join('\n');
    const root = project(
      { band: "CASE WHEN `Revenue` >= 10000 THEN 'Large' ELSE 'Small' END\n", broken: 'NOSUCH(`Revenue`)\n' },
      {
        'formulas/band.calc.test.yaml': yaml,
        'formulas/broken.calc.test.json': JSON.stringify({ tests: [{ name: 'stops', rows: [{ Revenue: 1 }], expect: [1] }] }, null, 2),
      },
    );
    const r = run(['test', '-u', '-f', 'json'], root);
    expect(r.stderr).toBe('calckit test --update: 2 cases updated in 1 test file, 1 not updated\n');
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as Array<{ filePath: string; update: unknown; tests: Array<{ name: string; status: string; updated: boolean }> }>;
    expect(report.map((f) => [f.filePath, f.update])).toEqual([
      ['formulas/band.calc.test.yaml', { updated: ['bands', 'one row more'], notUpdated: [] }],
      ['formulas/broken.calc.test.json', { updated: [], notUpdated: [{ name: 'stops', reason: 'the formula stopped with unknown-function: unknown function NOSUCH: it is not a function of the language' }] }],
    ]);
    expect(report[0]!.tests.map((t) => [t.name, t.status, t.updated])).toEqual([
      ['bands', 'passed', true],
      ['one row more', 'passed', true],
    ]);
    expect(readFileSync(join(root, 'formulas/band.calc.test.yaml'), 'utf8')).toBe(yaml.replace('- Tiny   #', '- Small   #').replace('expect: [Small]', 'expect: [Small, Large]'));
    expect(JSON.parse(readFileSync(join(root, 'formulas/broken.calc.test.json'), 'utf8'))).toEqual({ tests: [{ name: 'stops', rows: [{ Revenue: 1 }], expect: [1] }] });
  });

  it('never writes through a link that leads out of the project', () => {
    const outside = mkdtempSync(join(tmpdir(), 'calckit-outside-'));
    const target = join(outside, 'margin.calc.test.json');
    writeFileSync(target, MARGIN_TESTS);
    const root = project({ margin: MARGIN });
    symlinkSync(target, join(root, 'formulas/margin.calc.test.json'));
    const r = run(['test', '-u', '--no-color'], root);
    // Not even read (issue 32, item 2): a file reached through the project must really be inside it.
    expect(r.stdout).toContain(`cannot read the test file: it leads outside the project, to ${realpathSync(target)} (through a symbolic link)`);
    expect(r.stdout).toContain('Updated: 0 cases in 0 test files\n');
    expect(r.status).toBe(2);
    expect(readFileSync(target, 'utf8')).toBe(MARGIN_TESTS);
  });

  it('is not for --watch', () => {
    const root = project({ margin: MARGIN }, { 'formulas/margin.calc.test.json': MARGIN_TESTS });
    const r = run(['test', '-u', '--watch'], root);
    expect(r.stderr).toBe('calckit test: --update cannot be combined with --watch (update once, then watch)\n');
    expect(r.status).toBe(2);
  });
});

describe('calckit test: expected errors and collation', () => {
  it('passes a case that expects the error the formula stops with, and fails readably otherwise', () => {
    const root = project(
      { broken: 'NOSUCH(`Revenue`)\n', fine: '`Revenue` * 2\n' },
      {
        'formulas/broken.calc.test.yaml': [
          'rows: [{ Revenue: 1 }]',
          'tests:',
          '  - name: by code',
          '    expect: { error: unknown-function }',
          '  - name: by message',
          '    expect: { error: "unknown function NOSUCH" }',
          '  - name: another error',
          '    expect: { error: runtime }',
          '',
        ].join('\n'),
        'formulas/fine.calc.test.json': JSON.stringify({ tests: [{ name: 'expects an error', rows: [{ Revenue: 1 }, { Revenue: 2.5 }], expect: { error: { code: 'runtime', message: 'division' } } }] }),
      },
    );
    const r = run(['test', '--no-color'], root);
    expect(r.stdout).toBe(
      [
        '✖ formulas/broken.calc.test.yaml',
        '  ✔ by code',
        '  ✔ by message',
        '  ✖ another error: expected the error runtime, but the formula stopped with unknown-function: unknown function NOSUCH: it is not a function of the language (formulas/broken.calc:1:1)',
        '      > 1 | NOSUCH(`Revenue`)',
        '          | ^^^^^^',
        '✖ formulas/fine.calc.test.json',
        '  ✖ expects an error: expected the error runtime with a message containing "division", but the formula evaluated: 2 rows [2, 5]',
        '',
        'Tests: 2 failed, 2 passed, 4 total (2 test files)',
        '',
      ].join('\n'),
    );
    expect(r.status).toBe(1);
    const json = JSON.parse(run(['test', '-f', 'json', 'formulas/fine.calc'], root).stdout) as Array<{ tests: unknown[] }>;
    expect(json[0]!.tests[0]).toMatchObject({ name: 'expects an error', status: 'failed', expectedError: 'the error runtime with a message containing "division"' });
    // --update gives the case that evaluated its values, and leaves the one stopped by another error.
    const u = run(['test', '-u', '--no-color'], root);
    expect(u.stdout).toContain('  ⚠ not updated "another error": the formula stopped with unknown-function: ');
    expect(u.stdout).toContain('✔ formulas/fine.calc.test.json  1 test passed\n  ↻ updated 1 case: "expects an error"\n');
    expect(JSON.parse(readFileSync(join(root, 'formulas/fine.calc.test.json'), 'utf8')).tests[0].expect).toEqual([2, 5]);
  });

  it("uses the file's collation, a case's over it, and MySQL's default without one", () => {
    const root = project(
      { east: "`Region` = 'east'\n" },
      {
        'formulas/east.calc.test.json': JSON.stringify({
          collation: 'binary',
          rows: [{ Region: 'East' }, { Region: 'east' }],
          tests: [
            { name: 'binary', expect: [false, true] },
            { name: 'general_ci', collation: 'utf8mb4_general_ci', expect: [true, true] },
          ],
        }),
        'formulas/other.calc': "`Region` = 'east'\n",
        'formulas/other.calc.test.json': JSON.stringify({ tests: [{ name: 'default', rows: [{ Region: 'EAST' }], expect: [true] }] }),
      },
    );
    const r = run(['test', '--no-color'], root);
    expect(r.stdout).toBe('✔ formulas/east.calc.test.json  2 tests passed\n✔ formulas/other.calc.test.json  1 test passed\n\nTests: 3 passed, 3 total (2 test files)\n');
    expect(r.status).toBe(0);
    writeFileSync(join(root, 'formulas/other.calc.test.json'), JSON.stringify({ collation: 'latin1', tests: [{ name: 'default', rows: [{ Region: 'EAST' }], expect: [true] }] }));
    const bad = run(['test', '--no-color', 'formulas/other.calc'], root);
    expect(bad.stdout).toContain('1:14  error  collation: must be "utf8mb4_general_ci" (case- and accent-insensitive, the default) or "binary"');
    expect(bad.status).toBe(2);
  });
});
