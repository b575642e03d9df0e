// Formula tests on disk: which test files a formula has and which `calckit test` finds for the paths it is given,
// loading one (problems with places, case places), the rows of data files (CSV/JSON, errors naming the file), the
// project's settings (schema, service name, nested calculations) and running a test file for a formula in its project.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DataFileError,
  ProjectIndex,
  csvRows,
  dataFilesOf,
  discoverTestFiles,
  formulaFileOf,
  formulaSettings,
  jsonRows,
  loadTestFile,
  readRowsFile,
  rowsFrom,
  runFormulaTestFile,
  testCasePlaces,
  testFilesOf,
} from './index.js';

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-formula-tests-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

const column = (name: string, type: string, order: number) => ({ name, id: name.toLowerCase(), type, visible: true, order });

function project(extra: Record<string, unknown> = {}): string {
  return tree({
    'calckit.json': {
      service: { name: 'ACME', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'ds', schema: 'schemas/sales.json' } },
      calculations: { 'f/margin.calc': { id: 1, dataset: 'sales' }, 'f/nested.calc': { id: 2, dataset: 'sales' }, 'f/double.calc': { id: 3, dataset: 'sales' } },
    },
    'schemas/sales.json': [column('Region', 'STRING', 0), column('Revenue', 'DECIMAL', 1), column('Cost', 'DECIMAL', 2)],
    'f/margin.calc': '-- margin\n`Revenue` - `Cost`\n',
    'f/double.calc': '`Revenue` * 2',
    'f/nested.calc': 'ACME_BEAST_MODE(3) + 1',
    'data/orders.csv': 'Region,Revenue,Cost\nEast,100,60\nWest,70,\n',
    ...extra,
  });
}

describe('which files', () => {
  it('finds the test files beside a formula, in suffix order, and the formula of a test file', () => {
    const root = project({ 'f/margin.calc.test.yaml': 'tests: []', 'f/margin.calc.test.json': '{}' });
    expect(testFilesOf(join(root, 'f/margin.calc'))).toEqual([join(root, 'f/margin.calc.test.json'), join(root, 'f/margin.calc.test.yaml')]);
    expect(testFilesOf(join(root, 'f/double.calc'))).toEqual([]);
    expect(formulaFileOf(join(root, 'f/margin.calc.test.yml'))).toBe(join(root, 'f/margin.calc'));
    expect(formulaFileOf(join(root, 't/x.calc.test.json'), { formula: '../f/double.calc' })).toBe(join(root, 'f/double.calc'));
  });
});

describe('discoverTestFiles', () => {
  /** A project whose calckit.json maps `formulas/a.calc` and `other/plain` (a formula file without the extension). */
  const root = tree({
    'calckit.json': { calculations: { 'formulas/a.calc': { id: 1 }, 'other/plain': { id: 2 } } },
    ...Object.fromEntries(
      [
        'formulas/a.calc',
        'formulas/none.calc',
        'formulas/a.calc.test.json',
        'formulas/a.calc.test.yaml',
        'formulas/nested/b.calc',
        'formulas/nested/b.calc.test.yml',
        'other/plain',
        'other/plain.test.json',
        'other/notes.test.json',
        'node_modules/pkg/c.calc.test.json',
      ].map((f) => [f, '']),
    ),
  });
  const found = async (paths: string[], cwd = root) => {
    const r = await discoverTestFiles(paths, cwd, new ProjectIndex());
    return { files: r.files.map((f) => relative(root, f)), unmatched: r.unmatched, roots: r.roots.map((f) => relative(root, f)) };
  };

  it.each([
    ['no paths: the whole project, from any folder in it', [], 'formulas/nested', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml', 'formulas/nested/b.calc.test.yml', 'other/plain.test.json'], ['']],
    ['a folder', ['formulas/nested'], '', ['formulas/nested/b.calc.test.yml'], ['formulas/nested']],
    ['a formula file: its tests', ['formulas/a.calc'], '', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml'], ['formulas']],
    ['a test file, whatever its name', ['other/notes.test.json'], '', ['other/notes.test.json'], ['other']],
    ['a glob of formulas', ['formulas/**/*.calc'], '', ['formulas/a.calc.test.json', 'formulas/a.calc.test.yaml', 'formulas/nested/b.calc.test.yml'], ['']],
  ])('%s', async (_name, paths, from, files, roots) => {
    expect(await found(paths, join(root, from))).toEqual({ files, unmatched: [], roots });
  });

  it('says which paths have no tests', async () => {
    expect(await found(['formulas/nested/b.calc', 'missing', 'formulas/none.calc'])).toMatchObject({ files: ['formulas/nested/b.calc.test.yml'], unmatched: ['missing', 'formulas/none.calc'] });
  });
});

describe('data files', () => {
  it.each([
    ['a header and rows', 'a,b\n1,x\n2,y\n', [{ a: '1', b: 'x' }, { a: '2', b: 'y' }]],
    ['an empty cell is NULL, "" is empty text', 'a,b\n,""\n1,\n', [{ a: null, b: '' }, { a: '1', b: null }]],
    ['quoted commas, quotes and line breaks', 'a,b\n"1,5","say ""hi""\nthere"\n', [{ a: '1,5', b: 'say "hi"\nthere' }]],
    ['a BOM and CRLF line ends', '\uFEFFa,b\r\n1,2\r\n', [{ a: '1', b: '2' }]],
    ['blank lines skipped', 'a\n1\n\n2\n', [{ a: '1' }, { a: '2' }]],
    ['a header only', 'a,b\n', []],
  ])('CSV: %s', (_name, text, rows) => {
    expect(csvRows(text, 'rows.csv')).toEqual(rows);
  });

  it('JSON: an array of row objects', () => {
    expect(jsonRows('[{"a": 1, "b": null}, {"a": "x"}]', 'rows.json')).toEqual([{ a: 1, b: null }, { a: 'x' }]);
  });

  it.each([
    ['a row with more cells than the header', 'csv', 'a,b\n1,2,3\n', 'rows.csv: line 2: not valid CSV: this row has 3 cells where the header names 2 columns'],
    ['a quote never closed', 'csv', 'a,b\n1,"x\n', 'rows.csv: line 2: not valid CSV: a quote opens a cell that is never closed'],
    ['a header naming a column twice', 'csv', 'a,a\n1,2\n', 'rows.csv: line 1: the column "a" appears twice in the header'],
    ['a header with an empty name', 'csv', 'a,\n1,2\n', 'rows.csv: line 1: a column without a name in the header'],
    ['text that is not JSON', 'json', '[{"a": 1},]', 'rows.json: not valid JSON at line 1, column 11: expected a value'],
    ['JSON that is not an array', 'json', '{"a": 1}', 'rows.json: must hold an array of row objects ([{ "column": value, … }, …])'],
    ['a row that is not an object', 'json', '[1]', 'rows.json: row 1 is not an object of column name → value'],
    ['a cell that is an array or object', 'json', '[{"a": [1]}]', 'rows.json: row 1, column "a": a cell must be text, a number, true/false or null'],
  ])('refuses %s, in one line naming the file', (_name, kind, text, message) => {
    const read = () => (kind === 'csv' ? csvRows(text, 'rows.csv') : jsonRows(text, 'rows.json'));
    expect(read).toThrow(DataFileError);
    expect(read).toThrow(new DataFileError(message));
  });

  it('reads files by extension; a missing file or another extension is a DataFileError', () => {
    const root = project();
    expect(readRowsFile(join(root, 'data/orders.csv'))).toHaveLength(2);
    expect(() => readRowsFile(join(root, 'data/none.csv'), 'data/none.csv')).toThrow(/^cannot read data\/none\.csv: /);
    expect(() => readRowsFile(join(root, 'data/orders.txt'), 'data/orders.txt')).toThrow('data/orders.txt: rows must be a .csv or .json file');
  });

  it('rowsFrom resolves relative to the test file, reads each file once, and turns problems into TestDataError', () => {
    const root = project();
    const cache = new Map();
    const read: string[] = [];
    const from = rowsFrom(join(root, 'f/margin.calc.test.json'), { cache, onRead: (p) => read.push(p) });
    expect(from({ csv: '../data/orders.csv' })).toHaveLength(2);
    from({ csv: '../data/orders.csv' });
    expect(cache.size).toBe(1);
    expect(read).toEqual([join(root, 'data/orders.csv'), join(root, 'data/orders.csv')]);
    expect(() => from({ json: 'missing.json' })).toThrow(expect.objectContaining({ name: 'TestDataError' }));
  });
});

describe('loading a test file', () => {
  it('gives the spec, the formula file and the places of the cases (JSON and YAML)', () => {
    const root = project();
    const json = '{\n  "tests": [\n    { "name": "a", "rows": [{ "Revenue": 1 }], "expect": [1] },\n    { "name": "b", "rows": [], "expect": [] }\n  ]\n}\n';
    const loaded = loadTestFile(join(root, 'f/margin.calc.test.json'), { text: json });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.formulaFile).toBe(join(root, 'f/margin.calc'));
    expect(loaded.places).toHaveLength(2);
    const first = loaded.places[0]!;
    expect(json.slice(first.name!.start, first.name!.end)).toBe('"a"');
    expect(json.slice(first.expect!.start, first.expect!.end)).toBe('[1]');
    expect(json.slice(first.expectEntries![0]!.start, first.expectEntries![0]!.end)).toBe('1');
    expect(loaded.positions).toEqual([
      { line: 3, column: 5, endLine: 3, endColumn: 63 },
      { line: 4, column: 5, endLine: 4, endColumn: 46 },
    ]);
    const yaml = 'tests:\n  - name: only\n    rows: [{ Revenue: 1 }]\n    expect:\n      - 1\n';
    const places = testCasePlaces(yaml);
    expect(yaml.slice(places[0]!.name!.start, places[0]!.name!.end)).toBe('only');
    expect(yaml.slice(places[0]!.expectEntries![0]!.start, places[0]!.expectEntries![0]!.end)).toBe('1');
  });

  it('never throws for a bad file: the problems with their lines and columns', () => {
    const root = project({ 'f/margin.calc.test.json': '{ "tests": [ { "name": "x", "expect": [1], "bogus": 1 } ] }' });
    const bad = loadTestFile(join(root, 'f/margin.calc.test.json'));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.map((i) => [i.field, i.line, i.column])).toEqual([
      ['tests[0]', 1, 14],
      ['tests[0].bogus', 1, 44],
    ]);
    const broken = loadTestFile(join(root, 'f/margin.calc.test.json'), { text: '{ "tests": [' });
    expect(broken.ok ? [] : broken.issues[0]!.message).toMatch(/^not valid JSON/);
    const missing = loadTestFile(join(root, 'f/none.calc.test.yaml'));
    expect(missing.ok ? '' : missing.issues[0]!.message).toMatch(/^cannot read the test file: /);
    expect(testCasePlaces('{ "tests": ')).toEqual([]);
  });
});

describe('settings and runs', () => {
  it('takes the schema and the service name from the project and reads nested calculations', () => {
    const root = project();
    const index = new ProjectIndex();
    const settings = formulaSettings(index, join(root, 'f/nested.calc'), root, {}, {});
    expect(settings.serviceName).toBe('ACME');
    expect(settings.schema?.map((c) => c.name)).toEqual(['Region', 'Revenue', 'Cost']);
    expect(settings.nestedFormula!('3')).toBe('`Revenue` * 2');
    expect(settings.nestedFormula!('9')).toBeUndefined();
    expect(formulaSettings(index, join(root, 'f/nested.calc'), root, { serviceName: 'OTHER' }, {}).serviceName).toBe('OTHER');
    expect(settings.schemaPath).toBe(join(root, 'schemas/sales.json'));
  });

  it('runs a test file: passing and failing cases, data files, nested calculations, kept values', () => {
    const root = project({
      'f/margin.calc.test.json': {
        tests: [
          { name: 'from the CSV', rows: { csv: '../data/orders.csv' }, expect: [40, null] },
          { name: 'wrong', rows: [{ Revenue: 10, Cost: 4 }], expect: [7] },
          { name: 'missing data', rows: { json: 'none.json' }, expect: [] },
          { name: 'skipped', rows: [], expect: [], skip: true },
        ],
      },
      'f/nested.calc.test.yaml': 'tests:\n  - name: nested\n    rows: [{ Revenue: 2 }]\n    expect: [5]\n',
    });
    const index = new ProjectIndex();
    const run = runFormulaTestFile(join(root, 'f/margin.calc.test.json'), { index, keepValues: true, env: {} });
    expect(run.issues).toEqual([]);
    expect(run.formula).toBe('-- margin\n`Revenue` - `Cost`');
    expect(run.cases.map((c) => c.status)).toEqual(['passed', 'failed', 'invalid', 'skipped']);
    expect(run.cases[1]!.comparison!.rows[0]).toMatchObject({ expected: 7, actual: 6, ok: false });
    expect(run.cases[2]!.problem).toMatch(/^cannot read .*none\.json: /);
    expect(run.values![0]!.rows).toHaveLength(2);
    expect(run.values![0]!.result.rows.map((r) => r.value)).toEqual([40, null]);
    expect(run.values![3]).toBeUndefined();
    expect(run.dataFiles).toEqual([join(root, 'data/orders.csv'), join(root, 'f/none.json')]);
    expect(dataFilesOf(run.testFile, run.loaded!.file)).toEqual(run.dataFiles);
    expect(run.filesRead).toEqual([
      join(root, 'f/margin.calc.test.json'),
      join(root, 'f/margin.calc'),
      join(root, 'calckit.json'),
      join(root, 'schemas/sales.json'),
      join(root, 'data/orders.csv'),
      join(root, 'f/none.json'),
    ]);
    // The editor's unsaved texts win over the disk.
    const edited = runFormulaTestFile(join(root, 'f/margin.calc.test.json'), { index, formulaText: () => '`Revenue` - `Cost` + 1', env: {} });
    expect(edited.cases[1]!.status).toBe('passed');
    const nested = runFormulaTestFile(join(root, 'f/nested.calc.test.yaml'), { index, env: {} });
    expect(nested.cases.map((c) => c.status)).toEqual(['passed']);
  });

  it('a missing formula or a broken project is an issue at the start of the test file', () => {
    const root = project({ 'f/gone.calc.test.json': { tests: [{ name: 'x', rows: [], expect: [] }] } });
    const run = runFormulaTestFile(join(root, 'f/gone.calc.test.json'), { index: new ProjectIndex(), displayPath: (p) => p.slice(root.length + 1), env: {} });
    expect(run.issues).toEqual([{ field: '', message: expect.stringMatching(/^cannot read the formula f\/gone\.calc: /), line: 1, column: 1 }]);
    const broken = project({ 'f/margin.calc.test.json': { tests: [{ name: 'x', rows: [], expect: [] }] } });
    writeFileSync(join(broken, 'calckit.json'), '{ "calculations": 1 }');
    const bad = runFormulaTestFile(join(broken, 'f/margin.calc.test.json'), { index: new ProjectIndex(), env: {} });
    expect(bad.issues).toHaveLength(1);
    expect(bad.cases).toEqual([]);
  });
});
