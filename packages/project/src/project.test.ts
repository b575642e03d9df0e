// Tests of the project file: discovery, validation errors naming fields, lookups, schema files, the JSON Schema copy.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  ProjectError,
  calculationForFile,
  loadDatasetSchema,
  loadProject,
  ProjectIndex,
  projectJsonSchema,
  schemaForFile,
} from './index.js';

function makeProject(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-project-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

const good = {
  service: { name: 'SVC', baseUrl: 'http://127.0.0.1:8787' },
  datasets: { sales: { id: 'ds-1', schema: 'schemas/sales.json' } },
  calculations: { 'formulas/margin.calc': { id: 101, dataset: 'sales', name: 'Margin' } },
  lint: { rules: { 'no-unknown-column': 'error' } },
  format: { lineWidth: 100 },
};
const salesSchema = [
  { name: 'Amount', id: 'amount', type: 'DECIMAL', visible: true, order: 0 },
  { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 1 },
];

function errorOf(fn: () => unknown): ProjectError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProjectError) return error;
    throw error;
  }
  throw new Error('expected a ProjectError');
}

describe('project file', () => {
  it('is found by walking up from a file and loads with absolute paths', () => {
    const root = makeProject({ 'calckit.json': good, 'schemas/sales.json': salesSchema, 'formulas/margin.calc': 'SUM(`Amount`)' });
    const found = new ProjectIndex().projectFileFor(join(root, 'formulas/margin.calc'));
    expect(found).toBe(join(root, 'calckit.json'));
    const project = loadProject(found as string);
    expect(project.root).toBe(root);
    expect(project.statePath).toBe(join(root, '.calckit/state.json'));
    expect(project.datasets.sales?.schemaPath).toBe(join(root, 'schemas/sales.json'));
    expect(project.calculations).toEqual([
      { id: 101, dataset: 'sales', name: 'Margin', path: 'formulas/margin.calc', file: join(root, 'formulas/margin.calc') },
    ]);
    expect(project.lint).toEqual(good.lint);
    expect(project.format).toEqual({ lineWidth: 100 });
  });

  it('returns undefined when no project file is above', () => {
    const root = makeProject({ 'a/b.calc': '1' });
    // tmpdir() itself has no calckit.json on a sane machine; the walk ends at the file system root.
    expect(new ProjectIndex().projectFileFor(join(root, 'a/b.calc'))).toBeUndefined();
  });

  it('names every field at fault', () => {
    const root = makeProject({
      'calckit.json': {
        service: { name: 'SVC' },
        datasets: { sales: { id: '' } },
        calculations: { 'a.calc': { id: 'x' } },
        extra: true,
      },
    });
    const error = errorOf(() => loadProject(join(root, 'calckit.json')));
    const fields = error.issues.map((i) => i.field).sort();
    expect(fields).toEqual(['', 'calculations."a.calc".id', 'datasets.sales.id', 'service']);
    expect(error.message).toContain('calckit.json');
    expect(error.issues.find((i) => i.field === '')?.message).toContain('extra');
  });

  it('checks cross references once the fields are well formed', () => {
    // zod runs refinements only on data that passed the field checks, so these come in a second round.
    const root = makeProject({
      'calckit.json': { calculations: { 'b.calc': { id: 5, dataset: 'nope' }, 'c.calc': { id: 5 } } },
    });
    const error = errorOf(() => loadProject(join(root, 'calckit.json')));
    expect(error.issues.map((i) => i.field).sort()).toEqual(['calculations."b.calc".dataset', 'calculations."c.calc".id']);
    expect(error.issues.find((i) => i.field === 'calculations."b.calc".dataset')?.message).toContain('"nope"');
    expect(error.issues.find((i) => i.field === 'calculations."c.calc".id')?.message).toContain('"b.calc"');
  });

  it('reports malformed JSON with the file name', () => {
    const root = makeProject({ 'calckit.json': '{ "service": ' });
    const error = errorOf(() => loadProject(join(root, 'calckit.json')));
    expect(error.file).toBe(join(root, 'calckit.json'));
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('maps files to calculations and schemas', () => {
    const root = makeProject({ 'calckit.json': good, 'schemas/sales.json': salesSchema });
    const project = loadProject(join(root, 'calckit.json'));
    expect(calculationForFile(project, join(root, 'formulas/margin.calc'))?.id).toBe(101);
    expect(calculationForFile(project, join(root, 'formulas/other.calc'))).toBeUndefined();
    expect(schemaForFile(project, join(root, 'formulas/margin.calc'))).toEqual(salesSchema);
    expect(schemaForFile(project, join(root, 'formulas/other.calc'))).toBeUndefined();
    expect(loadDatasetSchema(project, 'sales').map((c) => c.name)).toEqual(['Amount', 'Region']);
    expect(errorOf(() => loadDatasetSchema(project, 'missing')).message).toContain('no dataset "missing"');
  });

  it('rejects a schema file with duplicate names or unknown types', () => {
    const root = makeProject({
      'calckit.json': good,
      'schemas/sales.json': [
        { name: 'A', id: 'a', type: 'STRING', visible: true, order: 0 },
        { name: 'A', id: 'b', type: 'BLOB', visible: true, order: 1 },
      ],
    });
    const project = loadProject(join(root, 'calckit.json'));
    expect(errorOf(() => loadDatasetSchema(project, 'sales')).issues.map((i) => i.field)).toEqual(['[1].type']);
    writeFileSync(
      join(root, 'schemas/sales.json'),
      JSON.stringify([
        { name: 'A', id: 'a', type: 'STRING', visible: true, order: 0 },
        { name: 'A', id: 'a', type: 'LONG', visible: true, order: 1 },
      ]),
    );
    expect(errorOf(() => loadDatasetSchema(project, 'sales')).issues.map((i) => i.field)).toEqual(['[1].name', '[1].id']);
  });

  it('reads a schema written by hand with only names and types: the id is the name, visible, in file order', () => {
    const root = makeProject({
      'calckit.json': good,
      'schemas/sales.json': [
        { name: 'Order Date', type: 'DATE' },
        { name: 'Amount', type: 'DECIMAL', visible: false },
      ],
    });
    const project = loadProject(join(root, 'calckit.json'));
    expect(loadDatasetSchema(project, 'sales')).toEqual([
      { name: 'Order Date', id: 'Order Date', type: 'DATE', visible: true, order: 0 },
      { name: 'Amount', id: 'Amount', type: 'DECIMAL', visible: false, order: 1 },
    ]);
    writeFileSync(join(root, 'schemas/sales.json'), JSON.stringify([{ type: 'DATE' }, 'Amount']));
    expect(errorOf(() => loadDatasetSchema(project, 'sales')).issues.map((i) => i.field)).toEqual(['[0].name', '[0].id', '[1]']);
  });

  it('ships a JSON Schema that matches the zod schema and accepts the example', () => {
    const shipped = JSON.parse(readFileSync(new URL('../schema/calckit.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(projectJsonSchema());
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const validate = ajv.compile(shipped);
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, calculations: { 'a.calc': { id: -1 } } })).toBe(false);
  });
});
