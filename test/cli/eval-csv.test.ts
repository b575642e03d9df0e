// `calckit eval` and `calckit test` over CSV files, run as processes: the same values as from the same rows in JSON
// (with a dataset schema and without), quoting, line breaks in cells, a BOM, CRLF and CR line ends, empty lines,
// NULL (an empty cell) against empty text (`""`), a header with no rows, and malformed files refused with their line.
// CALCKIT_TEST_CLI=<calckit.js> runs them against another build (one of the code before a change, to see a test fail).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvText, schemaFile } from '../../bench/csv.mjs';
import { generateRows } from '../evaluate/rows.mjs';

const CLI = process.env['CALCKIT_TEST_CLI'] ?? join(import.meta.dirname, '../../packages/cli/dist/calckit.js');
const dir = mkdtempSync(join(tmpdir(), 'calckit-eval-csv-'));
const run = (args: string[], input?: string) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_') && k !== 'FORCE_COLOR'));
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', cwd: dir, env });
};
const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return name;
};

describe('calckit eval over CSV: the values of the same rows in JSON', () => {
  // The differential tests' rows: NULLs in every column, accents, empty text, quotes, commas, zero dates, backslashes.
  const rows: Record<string, unknown>[] = generateRows(2000);
  const csv = write('rows.csv', csvText(rows, undefined, '\r\n'));
  const json = write('rows.json', JSON.stringify(rows));
  const schema = write('schema.json', schemaFile());
  it.each([
    ['arithmetic', '`Sales` * (1 - IFNULL(`Discount`, 0)) + `Quantity`', []],
    ['text and dates', "CONCAT(IFNULL(`Customer`, '<null>'), '|', `Code`, '|', YEAR(`Order Date`), '|', DATEDIFF(`Ship Date`, `Order Date`))", []],
    ['aggregates by group', 'SUM(`Sales`) / COUNT(`N`) + MAX(`Ratio`)', ['--group-by', 'Region']],
  ])('%s, with the schema and without', (_name, formula, extra) => {
    for (const withSchema of [['--schema', schema], []]) {
      const fromCsv = run(['eval', '-', '--data', csv, '--json', ...withSchema, ...extra], formula);
      const fromJson = run(['eval', '-', '--data', json, '--json', ...withSchema, ...extra], formula);
      expect(fromCsv.stderr).toBe('');
      expect(fromCsv.status).toBe(0);
      expect(JSON.parse(fromCsv.stdout)).toEqual(JSON.parse(fromJson.stdout));
    }
  });
});

describe('calckit eval over CSV: how a file is read', () => {
  const formula = "CONCAT(IFNULL(`y`, '<null>'), '|', `x`)";
  it.each([
    ['a BOM, CRLF line ends, a line break in a quoted cell, NULL and empty text', '\uFEFFx,y\r\n1,"a\r\nb"\r\n2,\r\n3,""\r\n', ['a\r\nb|1', '<null>|2', '|3']],
    ['doubled quotes, a quoted comma, empty lines skipped', 'x,"y"\n\n1,"say ""hi"", then"\n\n\n2,plain\n', ['say "hi", then|1', 'plain|2']],
    ['CR line ends, no line end at the end', 'x,y\r1,a\r2,b', ['a|1', 'b|2']],
    ['a line end other than the first one is text of its cell', 'x,y\n1,a\r\n', ['a\r|1']],
  ])('%s', (_name, text, values) => {
    const r = run(['eval', '-', '--data', write('read.csv', text), '--json'], formula);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(values.map((value) => ({ value })));
  });

  it('a header without rows gives no values (before: its columns were unknown, exit 1)', () => {
    const r = run(['eval', '-', '--data', write('header-only.csv', 'x,y\n')], formula);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it.each([
    // Before: "calckit: internal error: Error: Invalid Opening Quote …" and csv-parse's stack trace.
    ['a quote inside an unquoted cell', 'x,y\n1,a"b\n', 'line 2: not valid CSV: a quote inside a cell that does not start with one (a"…): quote the whole cell and double its quotes ("a ""b"" c")'],
    // Before: line 3, the end of the file, where csv-parse noticed.
    ['a quote never closed, at the line where it opens', 'x,y\n1,"a\n2,3\n', 'line 2: not valid CSV: a quote opens a cell that is never closed'],
    ['text after a closing quote', 'x,y\n1,"a"b\n', 'line 2: not valid CSV: "b" follows the closing quote of a cell (a cell with a quote in it is written "a ""quoted"" word")'],
    ['a row with fewer cells than the header', 'x,y\n1,2\n3\n', 'line 3: not valid CSV: this row has 1 cell where the header names 2 columns'],
    ['a header column without a name', 'x,\n1,2\n', 'line 1: a column without a name in the header'],
  ])('refuses %s: one line naming the file and the line, exit 2', (_name, text, problem) => {
    const r = run(['eval', '-', '--data', write('bad.csv', text)], formula);
    expect(r.stderr).toBe(`calckit eval: bad.csv: ${problem}\n`);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(2);
  });
});

describe('calckit test over CSV', () => {
  it('reads a CSV data file as eval does: quoted line breaks, NULL and empty text', () => {
    write('concat.calc', "CONCAT(IFNULL(`y`, '<null>'), '|', `x`)\n");
    write('concat.csv', 'x,y\r\n1,"a\r\nb"\r\n2,\r\n3,""\r\n');
    write('concat.calc.test.json', JSON.stringify({ tests: [{ name: 'cells', rows: { csv: 'concat.csv' }, expect: ['a\r\nb|1', '<null>|2', '|3'] }] }));
    const r = run(['test', 'concat.calc.test.json', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('reports a malformed CSV data file with its line, as an invalid case', () => {
    write('broken.calc', '`x`\n');
    write('broken.csv', 'x\n1\n"2\n');
    write('broken.calc.test.json', JSON.stringify({ tests: [{ name: 'cells', rows: { csv: 'broken.csv' }, expect: [1, 2] }] }));
    const r = run(['test', 'broken.calc.test.json']);
    expect(r.stdout).toContain('line 3: not valid CSV: a quote opens a cell that is never closed');
    expect(r.status).not.toBe(0);
  });
});
