// Rows from CSV and JSON text, and which test files `calckit test` finds for the paths it is given.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectIndex } from '@calckit/project';
import { DataFileError, csvRows, jsonRows } from './data.js';
import { discoverTestFiles } from './discover.js';

describe('csvRows', () => {
  it.each([
    ['a header and rows', 'a,b\n1,x\n2,y\n', [{ a: '1', b: 'x' }, { a: '2', b: 'y' }]],
    ['an empty cell is NULL, "" is empty text', 'a,b\n,""\n', [{ a: null, b: '' }]],
    ['quoted commas, quotes and line breaks', 'a,b\n"1,5","say ""hi""\nthere"\n', [{ a: '1,5', b: 'say "hi"\nthere' }]],
    ['a BOM and CRLF line ends', '\uFEFFa,b\r\n1,2\r\n', [{ a: '1', b: '2' }]],
    ['blank lines skipped', 'a\n1\n\n2\n', [{ a: '1' }, { a: '2' }]],
    ['a header only', 'a,b\n', []],
  ])('%s', (_name, text, rows) => {
    expect(csvRows(text, 'rows.csv')).toEqual(rows);
  });

  it.each([
    ['a row with more cells than the header', 'a,b\n1,2,3\n', 'rows.csv: line 2: not valid CSV: Invalid Record Length: columns length is 2, got 3'],
    ['a quote never closed', 'a,b\n1,"x\n', 'rows.csv: line 2: not valid CSV: Quote Not Closed: the file ends with an opening quote'],
    ['a header naming a column twice', 'a,a\n1,2\n', 'rows.csv: line 1: the column "a" appears twice in the header'],
    ['a header with an empty name', 'a,\n1,2\n', 'rows.csv: line 1: a column without a name in the header'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => csvRows(text, 'rows.csv')).toThrow(new DataFileError(message));
  });
});

describe('jsonRows', () => {
  it('reads an array of row objects', () => {
    expect(jsonRows('[{"a": 1, "b": null}, {"a": "x"}]', 'rows.json')).toEqual([{ a: 1, b: null }, { a: 'x' }]);
  });

  it.each([
    ['[{"a": 1},]', 'rows.json: not valid JSON at line 1, column 11: expected a value'],
    ['{"a": 1}', 'rows.json: must hold an array of row objects ([{ "column": value, … }, …])'],
    ['[1]', 'rows.json: row 1 is not an object of column name → value'],
    ['[{"a": [1]}]', 'rows.json: row 1, column "a": a cell must be text, a number, true/false or null'],
  ])('refuses %s', (text, message) => {
    expect(() => jsonRows(text, 'rows.json')).toThrow(new DataFileError(message));
  });
});

describe('discoverTestFiles', () => {
  /** A project whose calckit.json maps `formulas/a.calc` and `other/plain` (a formula file without the extension). */
  const root = mkdtempSync(join(tmpdir(), 'calckit-discover-'));
  mkdirSync(join(root, 'formulas/nested'), { recursive: true });
  mkdirSync(join(root, 'other'));
  mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
  writeFileSync(join(root, 'calckit.json'), JSON.stringify({ calculations: { 'formulas/a.calc': { id: 1 }, 'other/plain': { id: 2 } } }));
  for (const f of ['formulas/a.calc', 'formulas/none.calc', 'formulas/a.calc.test.json', 'formulas/a.calc.test.yaml', 'formulas/nested/b.calc', 'formulas/nested/b.calc.test.yml', 'other/plain', 'other/plain.test.json', 'other/notes.test.json', 'node_modules/pkg/c.calc.test.json']) {
    writeFileSync(join(root, f), '');
  }
  const found = async (paths: string[], cwd = root) => {
    const r = await discoverTestFiles(paths, cwd, new ProjectIndex());
    return { files: r.files.map((f) => relative(root, f)), unmatched: r.unmatched };
  };

  it.each([
    ['no paths: the whole project, from any folder in it', [], 'formulas/nested', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml', 'formulas/nested/b.calc.test.yml', 'other/plain.test.json']],
    ['a folder', ['formulas/nested'], '', ['formulas/nested/b.calc.test.yml']],
    ['a formula file: its tests', ['formulas/a.calc'], '', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml']],
    ['a test file, whatever its name', ['other/notes.test.json'], '', ['other/notes.test.json']],
    ['a glob of formulas', ['formulas/**/*.calc'], '', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml', 'formulas/nested/b.calc.test.yml']],
  ])('%s', async (_name, paths, from, files) => {
    expect(await found(paths, join(root, from))).toEqual({ files, unmatched: [] });
  });

  it('says which paths have no tests', async () => {
    expect(await found(['formulas/nested/b.calc', 'missing', 'formulas/none.calc'])).toEqual({ files: ['formulas/nested/b.calc.test.yml'], unmatched: ['missing', 'formulas/none.calc'] });
  });
});
