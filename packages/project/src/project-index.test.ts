// Tests of ProjectIndex on real folders: discovery (cached, --config), the per-file answers, nested ids counted the
// service's way, typed errors that never quote a file, and invalidate(path) dropping exactly what a file can change.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectError, ProjectIndex } from './index.js';

function makeTree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-index-'));
  write(root, files);
  return root;
}
function write(root: string, files: Record<string, unknown>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
}
const column = (name: string, type = 'DECIMAL', order = 0) => ({ name, id: name.toLowerCase(), type, visible: true, order });

const project = {
  service: { name: 'svc', baseUrl: 'http://127.0.0.1:9' },
  datasets: { sales: { id: 'ds', schema: 'schemas/sales.json' }, bare: { id: 'ds2' } },
  calculations: {
    'f/top.calc': { id: 10, dataset: 'sales' },
    'f/one.calc': { id: 1 },
    'f/two.calc': { id: 2 },
    'f/plain.calc': { id: 3, dataset: 'bare' },
    'f/dir.calc': { id: 4 },
  },
};
function salesTree(): string {
  const root = makeTree({
    'calckit.json': project,
    'schemas/sales.json': [column('Sales'), column('Region', 'STRING', 1)],
    // Only the service's own prefix nests: OTHER_BEAST_MODE is an unknown function to the service.
    'f/top.calc': 'SVC_BEAST_MODE(1) + OTHER_BEAST_MODE(2) + svc_beast_mode(1) + SVC_BEAST_MODE(3)',
    'f/one.calc': 'SUM(`Sales`) + SVC_BEAST_MODE(2)',
    'f/two.calc': 'OTHER_BEAST_MODE(1)',
    'f/plain.calc': '1',
  });
  mkdirSync(join(root, 'f/dir.calc')); // mapped, but not a readable formula file
  return root;
}

function errorOf(fn: () => unknown): ProjectError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProjectError) return error;
    throw error;
  }
  throw new Error('expected a ProjectError');
}

describe('ProjectIndex: discovery', () => {
  it('finds the nearest calckit.json above a file or in a folder, and nothing outside a project', () => {
    const root = makeTree({ 'calckit.json': {}, 'a/b/calckit.json': {}, 'a/b/c/x.calc': '1', 'a/y.calc': '1' });
    const index = new ProjectIndex();
    expect(index.projectFileFor(join(root, 'a/b/c/x.calc'))).toBe(join(root, 'a/b/calckit.json'));
    expect(index.projectFileFor(join(root, 'a/y.calc'))).toBe(join(root, 'calckit.json'));
    expect(index.projectFileIn(join(root, 'a/b'))).toBe(join(root, 'a/b/calckit.json'));
    expect(index.projectIn(join(root, 'a'))?.project.root).toBe(root);
    const outside = mkdtempSync(join(tmpdir(), 'calckit-index-none-'));
    expect(index.projectFileFor(join(outside, 'z.calc'))).toBeUndefined();
    expect(index.fileInfo(join(outside, 'z.calc'))).toBeUndefined();
  });

  it('caches per folder until a project file there or above changes', () => {
    const root = makeTree({ 'calckit.json': {}, 'a/b/x.calc': '1', 'c/y.calc': '1' });
    const index = new ProjectIndex();
    expect(index.projectFileFor(join(root, 'a/b/x.calc'))).toBe(join(root, 'calckit.json'));
    expect(index.projectFileFor(join(root, 'c/y.calc'))).toBe(join(root, 'calckit.json'));
    write(root, { 'a/calckit.json': {} });
    // Not told yet: the cached answer stands (the language server tells it from its file watcher).
    expect(index.projectFileFor(join(root, 'a/b/x.calc'))).toBe(join(root, 'calckit.json'));
    expect(index.invalidate(join(root, 'a/calckit.json'))).toBe(true);
    expect(index.projectFileFor(join(root, 'a/b/x.calc'))).toBe(join(root, 'a/calckit.json'));
    // A sibling folder's answer was not dropped, and nothing depends on an unrelated file.
    expect(index.invalidate(join(root, 'elsewhere/calckit.json'))).toBe(false);
    expect(index.invalidate(join(root, 'notes.txt'))).toBe(false);
  });

  it('uses --config for every path, and then a new calckit.json changes nothing', () => {
    const root = makeTree({ 'calckit.json': {}, 'sub/calckit.json': { service: { name: 'Acme', baseUrl: 'http://x.example' } }, 'a/x.calc': '1' });
    const index = new ProjectIndex({ config: join(root, 'sub/calckit.json') });
    expect(index.projectFileFor(join(root, 'a/x.calc'))).toBe(join(root, 'sub/calckit.json'));
    expect(index.projectFileIn('/')).toBe(join(root, 'sub/calckit.json'));
    const info = index.fileInfo(join(root, 'a/x.calc'))!;
    expect(info.serviceName).toBe('ACME');
    expect(info.relativePath).toBe('../a/x.calc');
    write(root, { 'a/calckit.json': {} });
    expect(index.invalidate(join(root, 'a/calckit.json'))).toBe(false);
  });
});

describe('ProjectIndex: what it answers for a formula file', () => {
  it('the project, the relative path, the entry, the dataset schema and the canonical service name', () => {
    const root = salesTree();
    const index = new ProjectIndex();
    const info = index.fileInfo(join(root, 'f/top.calc'))!;
    expect(info.project.file).toBe(join(root, 'calckit.json'));
    expect(info.file).toBe(join(root, 'f/top.calc'));
    expect(info.relativePath).toBe('f/top.calc');
    expect(info.calculation?.id).toBe(10);
    expect(info.dataset?.key).toBe('sales');
    expect(info.schema?.map((c) => c.name)).toEqual(['Sales', 'Region']);
    expect(info.schemaError).toBeUndefined();
    expect(info.serviceName).toBe('SVC');
    const plain = index.fileInfo(join(root, 'f/plain.calc'))!;
    expect([plain.calculation?.id, plain.dataset?.key, plain.schema]).toEqual([3, 'bare', undefined]);
    const unmapped = index.fileInfo(join(root, 'drafts/new.calc'))!;
    expect([unmapped.relativePath, unmapped.calculation, unmapped.schema]).toEqual(['drafts/new.calc', undefined, undefined]);
  });

  it('loads each project and schema file once: answers hold after the files go away, until invalidated', () => {
    const root = salesTree();
    const index = new ProjectIndex();
    const first = index.fileInfo(join(root, 'f/top.calc'))!;
    rmSync(join(root, 'schemas/sales.json'));
    rmSync(join(root, 'calckit.json'));
    const again = index.fileInfo(join(root, 'f/top.calc'))!;
    expect(again.project).toBe(first.project);
    expect(again.schema).toBe(first.schema);
    expect(index.invalidate(join(root, 'schemas/sales.json'))).toBe(true);
    const error = index.fileInfo(join(root, 'f/top.calc'))!.schemaError;
    expect(error).toBeInstanceOf(ProjectError);
    expect(error?.file).toBe(join(root, 'schemas/sales.json'));
    expect(index.invalidate(join(root, 'calckit.json'))).toBe(true);
    expect(index.fileInfo(join(root, 'f/top.calc'))).toBeUndefined();
  });

  it('a broken project file is a ProjectError naming the file and the field, never its text; kept until changed', () => {
    const secret = 'do-not-echo-this';
    const root = makeTree({ 'calckit.json': `{ "calculations": { "a.calc": { "id": "${secret}" } } }`, 'a.calc': '1' });
    const index = new ProjectIndex();
    const error = errorOf(() => index.fileInfo(join(root, 'a.calc')));
    expect(error.file).toBe(join(root, 'calckit.json'));
    expect(error.issues.map((i) => i.field)).toEqual(['calculations."a.calc".id']);
    expect(error.message).not.toContain(secret);
    write(root, { 'calckit.json': { calculations: { 'a.calc': { id: 5 } } } });
    expect(errorOf(() => index.fileInfo(join(root, 'a.calc')))).toBe(error);
    expect(index.invalidate(join(root, 'calckit.json'))).toBe(true);
    expect(index.fileInfo(join(root, 'a.calc'))?.calculation?.id).toBe(5);
  });

  it('a schema file that is not valid JSON: a position, not its contents', () => {
    const root = salesTree();
    write(root, { 'schemas/sales.json': '[{"name": "token=abc123" ' });
    const info = new ProjectIndex().fileInfo(join(root, 'f/top.calc'))!;
    expect(info.schema).toBeUndefined();
    expect(info.schemaError?.message).toMatch(/sales\.json: not valid JSON at line 1, column \d+/);
    expect(info.schemaError?.message).not.toContain('abc123');
  });
});

describe('ProjectIndex: nested calculations, the service way', () => {
  it('counts only <SERVICE>_BEAST_MODE(id) with the project’s service name, distinct, in order', () => {
    const root = salesTree();
    const index = new ProjectIndex();
    const info = index.fileInfo(join(root, 'f/top.calc'))!;
    expect(info.nestedIds(10)).toEqual([1, 3]);
    expect(info.nestedIds(1)).toEqual([2]);
    expect(info.nestedIds(2)).toEqual([]);
    expect(info.nestedIds(3)).toEqual([]);
  });

  it('unknown for an id the project does not map, and for a mapped file that cannot be read as a formula', () => {
    const root = salesTree();
    writeFileSync(join(root, 'f/two.calc'), Buffer.from([0x53, 0xff, 0x00])); // not UTF-8 text
    const info = new ProjectIndex().fileInfo(join(root, 'f/top.calc'))!;
    expect(info.nestedIds(99)).toBeUndefined();
    expect(info.nestedIds(4)).toBeUndefined(); // a directory
    expect(info.nestedIds(2)).toBeUndefined();
  });

  it('another service name (a flag, or the editor’s setting) selects other calls', () => {
    const root = salesTree();
    const byFlag = new ProjectIndex({ serviceName: 'other' });
    const info = byFlag.fileInfo(join(root, 'f/top.calc'))!;
    expect(info.serviceName).toBe('OTHER');
    expect(info.nestedIds(10)).toEqual([2]);
    expect(info.nestedIds(2)).toEqual([1]);
    const index = new ProjectIndex();
    expect(index.nestedIds(info.project, 10, 'Other')).toEqual([2]);
    expect(index.nestedIds(info.project, 10)).toEqual([1, 3]);
  });

  it('parses a formula file once, and again after invalidate(that file)', () => {
    const root = salesTree();
    const index = new ProjectIndex();
    const info = index.fileInfo(join(root, 'f/top.calc'))!;
    expect(info.nestedIds(1)).toEqual([2]);
    write(root, { 'f/one.calc': 'SVC_BEAST_MODE(3)' });
    expect(info.nestedIds(1)).toEqual([2]);
    expect(index.invalidate(join(root, 'f/two.calc'))).toBe(false); // never read: nothing to drop
    expect(index.invalidate(join(root, 'f/one.calc'))).toBe(true);
    expect(info.nestedIds(1)).toEqual([3]);
  });
});
