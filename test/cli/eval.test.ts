// `calckit eval` run as a process: one value per row or per group over CSV or JSON rows, --json, the dataset schema
// and nested calculations from the project, evaluation errors with their place in the formula, exit codes 0/1/2.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The bundle that the `calckit` bin runs (`npm run build`): it starts several times faster than dist/main.js. */
const CLI = join(import.meta.dirname, '../../packages/cli/dist/calckit.js');
const EXAMPLES = join(import.meta.dirname, '../../examples');
const dir = mkdtempSync(join(tmpdir(), 'calckit-eval-'));
const run = (args: string[], input?: string, cwd = dir) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_') && k !== 'FORCE_COLOR'));
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', cwd, env });
};
/** Writes a file in the working directory of the runs; returns its name there. */
const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return name;
};

const orders = write('orders.csv', 'Region,Revenue,Cost\nEast,100,60\nWest,70,35\nEast,50,\n');
const times = write('times.csv', 'Shipped\n2024-01-31 10:20:30\n2024-02-01 00:00:00\n');
const schema = write(
  'schema.json',
  JSON.stringify([
    { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
    { name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 1 },
    { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 2 },
  ]),
);

describe('calckit eval', () => {
  it.each([
    ['a row-level formula: one value per row', ['-', '--data', orders, '--schema', schema], '`Revenue` - IFNULL(`Cost`, 0)', '40\n35\n50\n'],
    ['NULL shown as NULL', ['-', '--data', orders, '--schema', schema], '`Cost` * 2', '120\n70\nNULL\n'],
    ['an aggregate: one value', ['-', '--data', orders, '--schema', schema], 'SUM(`Revenue`)', '220\n'],
    ['an aggregate by group, sorted by the group-by values', ['-', '--data', orders, '--schema', schema, '--group-by', 'Region'], 'SUM(`Revenue`)', 'Region  value\nEast    150\nWest    70\n'],
    ['the clock from --now', ['-', '--data', orders, '--now', '2024-03-31T10:00:00'], "DATEDIFF(CURRENT_DATE(), '2024-03-01')", '30\n30\n30\n'],
    // A time prints the fraction digits its expression declares, as MariaDB: a DATETIME column none.
    ['a DATETIME column as it is', ['-', '--data', times], '`Shipped`', '2024-01-31 10:20:30\n2024-02-01 00:00:00\n'],
    ['a MICROSECOND interval declares 6 digits', ['-', '--data', times], 'DATE_ADD(`Shipped`, INTERVAL 500000 MICROSECOND)', '2024-01-31 10:20:30.500000\n2024-02-01 00:00:00.500000\n'],
  ])('%s', (_name, args, formula, expected) => {
    const r = run(['eval', ...args], formula);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected);
    expect(r.status).toBe(0);
  });

  it('a text built past 16 MiB is NULL, as in MariaDB, without building it (LPAD to 1e9 took 48 s and 4.3 GB, then crashed)', () => {
    const started = Date.now();
    const r = run(['eval', '-', '--data', orders, '--schema', schema], "LPAD(`Region`, 1e9, '-')");
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('NULL\nNULL\nNULL\n');
    expect(r.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('computes with TIME values as MariaDB: a number in arithmetic, a duration with an INTERVAL', () => {
    const r = run(['eval', '-', '--data', orders, '--json'], "CONCAT(SEC_TO_TIME(9001) + 0, ' ', TIME(' 1 02:03:04') + INTERVAL 2 DAY)");
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([{ value: '23001 74:03:04' }, { value: '23001 74:03:04' }, { value: '23001 74:03:04' }]);
  });

  it('prints JSON objects with the group-by columns and the value', () => {
    const json = write('orders.json', JSON.stringify([{ Region: 'West', Revenue: 5 }, { Region: 'East', Revenue: 2.5 }, { Region: 'East', Revenue: 1 }]));
    const r = run(['eval', '-', '--data', json, '--group-by', 'Region', '--json'], 'SUM(`Revenue`)');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { Region: 'East', value: 3.5 },
      { Region: 'West', value: 5 },
    ]);
  });

  it("uses the project's dataset schema for a formula file of the examples", () => {
    const r = run(['eval', 'formulas/gross-margin.calc', '--data', 'data/orders.csv', '--group-by', 'Region', '--json'], undefined, EXAMPLES);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([
      { Region: 'East', value: 0.4 },
      { Region: 'West', value: 0.5 },
    ]);
  });

  it('resolves nested calculations through the project', () => {
    const root = mkdtempSync(join(tmpdir(), 'calckit-eval-project-'));
    mkdirSync(join(root, 'formulas'));
    writeFileSync(join(root, 'calckit.json'), JSON.stringify({ service: { name: 'ACME', baseUrl: 'http://127.0.0.1:9' }, calculations: { 'formulas/base.calc': { id: 7 }, 'formulas/double.calc': { id: 8 } } }));
    writeFileSync(join(root, 'formulas/base.calc'), '`Revenue` - `Cost`\n');
    writeFileSync(join(root, 'formulas/double.calc'), 'ACME_BEAST_MODE(7) * 2\n');
    writeFileSync(join(root, 'rows.json'), JSON.stringify([{ Revenue: 10, Cost: 4 }]));
    const r = run(['eval', 'formulas/double.calc', '--data', 'rows.json'], undefined, root);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('12\n');
  });

  it('shows an evaluation error at its place in the formula (exit 1)', () => {
    const r = run(['eval', '-', '--data', orders], '1 +\n  NO_SUCH_FN(`Revenue`)');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^<stdin>:2:3: error: .*NO_SUCH_FN.* \(unknown-function\)\n/);
    expect(r.stderr).toContain('> 2 |   NO_SUCH_FN(`Revenue`)');
  });

  it.each([
    ['no --data', ['eval', '-'], /required option '--data <file>' not specified/],
    ['a missing data file', ['eval', '-', '--data', 'nope.csv'], /^calckit eval: cannot read nope\.csv: no such file/],
    ['a data file of another kind', ['eval', '-', '--data', schema.replace('.json', '.txt')], /rows must be a \.csv or \.json file/],
    ['a CSV row with too many cells', ['eval', '-', '--data', write('bad.csv', 'a,b\n1,2\n3,4,5\n')], /^calckit eval: bad\.csv: line 3: not valid CSV: this row has 3 cells where the header names 2 columns\n/],
    ['a CSV header naming a column twice', ['eval', '-', '--data', write('twice.csv', 'a,a\n1,2\n')], /^calckit eval: twice\.csv: line 1: the column "a" appears twice in the header\n/],
    ['JSON that is not rows', ['eval', '-', '--data', write('obj.json', '{"a": 1}')], /^calckit eval: obj\.json: must hold an array of row objects/],
    ['JSON that is not JSON', ['eval', '-', '--data', write('broken.json', '[{"a": 1},\n {"a" 2}]')], /^calckit eval: broken\.json: not valid JSON at line 2, column 7: expected ':'/],
    ['a schema file that does not validate', ['eval', '-', '--data', orders, '--schema', write('bad-schema.json', '[{"name": "x"}]')], /^calckit eval: .*bad-schema\.json: \[0\]\.(id|type)/],
    ['a bad --now', ['eval', '-', '--data', orders, '--now', 'yesterday'], /--now must be an ISO date or date-time/],
    ['a --group-by column the rows lack', ['eval', '-', '--data', orders, '--group-by', 'Nope'], /^<stdin>: error: .*`Nope`.* \(unknown-column\)\n$/],
    ['a cell that is not of its column type', ['eval', '-', '--data', write('text.csv', 'Revenue\nabc\n'), '--schema', schema], /^<stdin>: error: row 1, column `Revenue`: 'abc' is not a DECIMAL \(bad-input\)\n$/],
  ])('exits 2 for %s', (_name, args, message) => {
    const r = run(args, '1');
    expect(r.stderr).toMatch(message);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe('calckit eval: input that is not UTF-8', () => {
  it('is refused (file or standard input) naming the first bad byte, never evaluated with U+FFFD in it', () => {
    // Before: the formula was evaluated with `Caf\uFFFD` as the column name.
    const latin1 = Buffer.from("CONCAT(`Region`, 'caf\xe9')\n", 'latin1');
    writeFileSync(join(dir, 'latin1.calc'), latin1);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_')));
    const fromFile = spawnSync(process.execPath, [CLI, 'eval', 'latin1.calc', '--data', orders], { cwd: dir, env, encoding: 'utf8' });
    expect(fromFile.status).toBe(2);
    expect(fromFile.stdout).toBe('');
    expect(fromFile.stderr).toBe('calckit eval: latin1.calc: not UTF-8 text (invalid byte 0xE9 at byte offset 21, line 1, column 22); save it as UTF-8\n');
    const fromStdin = spawnSync(process.execPath, [CLI, 'eval', '-', '--data', orders], { input: latin1, cwd: dir, env, encoding: 'utf8' });
    expect(fromStdin.status).toBe(2);
    expect(fromStdin.stderr).toContain('calckit eval: <stdin>: not UTF-8 text (invalid byte 0xE9 at byte offset 21');
  });
});
