// The project's boundary on disk (inside.ts) and its use by the readers and writers of packages/project: a file
// reached through a project is read or written only while its real place, links followed, is inside the project.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FileAccessError,
  OutsideProjectError,
  ProjectError,
  ProjectIndex,
  loadDatasetSchema,
  loadProject,
  openPushState,
  readFormulaFile,
  readState,
  resolveInsideProject,
  runFormulaTestFile,
  writeFormulaFile,
  writeTextFileAtomicSync,
} from './index.js';

let root: string;
let outside: string;
const SECRET = 'SUM(`Revenue`) -- secret';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'calckit-inside-'));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'calckit-outside-')));
  writeFileSync(join(outside, 'secret.calc'), SECRET);
  mkdirSync(join(root, 'formulas'));
  writeFileSync(join(root, 'formulas/a.calc'), 'SUM(`Revenue`)\n');
});

describe('resolveInsideProject', () => {
  it('gives the real path of a file inside, of a link to a file inside, and of a new file in a real folder', () => {
    symlinkSync('a.calc', join(root, 'formulas/alias.calc'));
    const real = realpathSync(root);
    expect(resolveInsideProject(root, join(root, 'formulas/a.calc'))).toBe(join(real, 'formulas/a.calc'));
    expect(resolveInsideProject(root, join(root, 'formulas/alias.calc'))).toBe(join(real, 'formulas/a.calc'));
    expect(resolveInsideProject(root, join(root, 'formulas/new/deeper.calc'))).toBe(join(real, 'formulas/new/deeper.calc'));
  });

  it('refuses a link out, a dangling link out, a file under a folder linked out, and a path outside, naming where each leads', () => {
    symlinkSync(join(outside, 'secret.calc'), join(root, 'formulas/link.calc'));
    symlinkSync(join(outside, 'not-yet.calc'), join(root, 'formulas/dangling.calc'));
    symlinkSync(outside, join(root, 'out'));
    const cases: Array<[string, string]> = [
      ['formulas/link.calc', join(outside, 'secret.calc')],
      ['formulas/dangling.calc', join(outside, 'not-yet.calc')],
      ['out/new.calc', join(outside, 'new.calc')],
      ['out/secret.calc', join(outside, 'secret.calc')],
    ];
    for (const [path, target] of cases) {
      expect(() => resolveInsideProject(root, join(root, path), { operation: 'write', displayPath: path })).toThrow(
        `cannot write ${path}: it leads outside the project, to ${target} (through a symbolic link); calckit reads and writes only files inside the project folder ${realpathSync(root)}`,
      );
    }
    expect(() => resolveInsideProject(root, join(outside, 'secret.calc'))).toThrow(/: it is outside the project \(/);
    try {
      resolveInsideProject(root, join(root, 'formulas/link.calc'));
    } catch (error) {
      expect(error).toBeInstanceOf(OutsideProjectError);
      expect(error).toBeInstanceOf(FileAccessError);
      expect(String(error)).not.toContain('secret`');
    }
  });

  it('takes a project folder reached through a link as itself', () => {
    const alias = join(mkdtempSync(join(tmpdir(), 'calckit-alias-')), 'project');
    symlinkSync(root, alias);
    expect(resolveInsideProject(alias, join(alias, 'formulas/a.calc'))).toBe(join(realpathSync(root), 'formulas/a.calc'));
  });
});

describe('reads and writes with projectRoot', () => {
  beforeEach(() => {
    symlinkSync(join(outside, 'secret.calc'), join(root, 'formulas/link.calc'));
  });

  it('readFormulaFile refuses a link out with projectRoot, and reads it without (a file named by the user)', () => {
    expect(() => readFormulaFile(join(root, 'formulas/link.calc'), { projectRoot: root, displayPath: 'formulas/link.calc' })).toThrow(
      /^cannot read formulas\/link\.calc: it leads outside the project, to .*secret\.calc/,
    );
    expect(readFormulaFile(join(root, 'formulas/link.calc'))).toBe(SECRET);
  });

  it('writes refuse a link out (the outside file untouched), and write through a link inside, which stays a link', async () => {
    expect(() => writeTextFileAtomicSync(join(root, 'formulas/link.calc'), 'x', { projectRoot: root })).toThrow(OutsideProjectError);
    await expect(writeFormulaFile(join(root, 'formulas/link.calc'), 'x', { projectRoot: root })).rejects.toThrow(OutsideProjectError);
    expect(readFileSync(join(outside, 'secret.calc'), 'utf8')).toBe(SECRET);
    symlinkSync('a.calc', join(root, 'formulas/alias.calc'));
    await writeFormulaFile(join(root, 'formulas/alias.calc'), 'SUM(`Cost`)\n', { projectRoot: root });
    expect(lstatSync(join(root, 'formulas/alias.calc')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, 'formulas/a.calc'), 'utf8')).toBe('SUM(`Cost`)\n');
  });

  it('a folder swapped for a link out after an earlier check (as while pull waits for the service) is caught at the write', () => {
    mkdirSync(join(root, 'moving'));
    const path = join(root, 'moving/f.calc');
    expect(resolveInsideProject(root, path, { operation: 'write' })).toBe(join(realpathSync(root), 'moving/f.calc'));
    renameSync(join(root, 'moving'), join(root, 'moved-away'));
    symlinkSync(outside, join(root, 'moving'));
    expect(() => writeTextFileAtomicSync(path, 'x', { projectRoot: root })).toThrow(OutsideProjectError);
    expect(existsSync(join(outside, 'f.calc'))).toBe(false);
  });
});

describe('a folder swapped for a link out during an atomic write', () => {
  it('the temporary file is checked once made, before any byte is written or renamed; nothing is left out there', async () => {
    mkdirSync(join(root, 'moving'));
    const path = join(root, 'moving/f.calc');
    // writeFormulaFile checks the path before it returns its promise; write-file-atomic makes its temporary file later.
    const writing = writeFormulaFile(path, 'SUM(`Revenue`)\n', { projectRoot: root });
    renameSync(join(root, 'moving'), join(root, 'moved-away'));
    symlinkSync(outside, join(root, 'moving'));
    await expect(writing).rejects.toThrow(/cannot write .*f\.calc: it leads outside the project, to /);
    expect(readdirSync(outside)).toEqual(['secret.calc']);
  });
});

describe('project, schema, state and test files', () => {
  function writeProject(extra: Record<string, unknown> = {}): void {
    writeFileSync(
      join(root, 'calckit.json'),
      JSON.stringify({ datasets: { sales: { id: 'ds', schema: 'schemas/sales.json' } }, calculations: { 'formulas/a.calc': { id: 1, dataset: 'sales' } }, ...extra }),
    );
  }

  it('a calckit.json linked out of its folder is refused', () => {
    writeFileSync(join(outside, 'calckit.json'), '{}');
    symlinkSync(join(outside, 'calckit.json'), join(root, 'calckit.json'));
    expect(() => loadProject(join(root, 'calckit.json'))).toThrow(/cannot read the project file: it leads outside the project, to .*calckit\.json/);
  });

  it('a dataset schema file linked out is refused', () => {
    writeProject();
    mkdirSync(join(root, 'schemas'));
    writeFileSync(join(outside, 'columns.json'), '[]');
    symlinkSync(join(outside, 'columns.json'), join(root, 'schemas/sales.json'));
    const project = loadProject(join(root, 'calckit.json'));
    expect(() => loadDatasetSchema(project, 'sales')).toThrow(/cannot read the schema file: it leads outside the project, to .*columns\.json/);
    expect(new ProjectIndex().fileInfo(join(root, 'formulas/a.calc'))?.schemaError?.message).toMatch(/leads outside the project/);
  });

  it('a state file or state folder linked out is refused before the lock is taken; nothing is made out there', () => {
    writeProject();
    symlinkSync(outside, join(root, '.calckit'));
    const statePath = join(root, '.calckit/state.json');
    expect(() => openPushState(statePath, 'http://x', { projectRoot: root })).toThrow(ProjectError);
    expect(() => openPushState(statePath, 'http://x', { projectRoot: root })).toThrow(/the state file cannot be used: it leads outside the project/);
    expect(() => readState(statePath, { projectRoot: root })).toThrow(/cannot read the state file: it leads outside the project/);
    expect(existsSync(join(outside, 'state.json.lock'))).toBe(false);
  });

  it("a test file's data file linked out makes its case invalid, naming it; nothing of it is read", () => {
    writeProject();
    mkdirSync(join(root, 'schemas'));
    writeFileSync(join(root, 'schemas/sales.json'), JSON.stringify([{ name: 'Revenue', id: 'r', type: 'DECIMAL', visible: true, order: 0 }]));
    writeFileSync(join(outside, 'rows.csv'), 'Revenue\n1\n');
    symlinkSync(join(outside, 'rows.csv'), join(root, 'formulas/rows.csv'));
    writeFileSync(join(root, 'formulas/a.calc.test.json'), JSON.stringify({ tests: [{ name: 'rows', rows: { csv: 'rows.csv' }, expect: [1] }] }));
    const run = runFormulaTestFile(join(root, 'formulas/a.calc.test.json'), { index: new ProjectIndex(), env: {} });
    expect(run.issues).toEqual([]);
    expect(run.cases[0]!.status).toBe('invalid');
    expect(run.cases[0]!.problem).toMatch(/rows\.csv: it leads outside the project, to .*rows\.csv/);
  });
});
