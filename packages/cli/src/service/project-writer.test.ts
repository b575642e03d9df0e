import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProjectError } from '@calckit/project';
import { describe, expect, it } from 'vitest';
import { CliExit } from '../exit.js';
import { editProjectText, folderInsideProject, writeProjectEdit } from './project-writer.js';

const calc = (path: string, id: number, extra: Record<string, string> = {}) => new Map([[path, { id, ...extra }]]);

describe('editProjectText', () => {
  it('adds missing sections at the end and leaves the rest byte for byte', () => {
    const text = '{\n  "service": { "name": "SVC", "baseUrl": "https://a.example.com" },\n  "lint": { "rules": { "bare-column": "error" } }\n}\n';
    const out = editProjectText(text, {
      datasets: new Map([['sales', { id: 'sales' }]]),
      calculations: calc('formulas/a.calc', 1, { dataset: 'sales', name: 'A' }),
    });
    expect(out).toBe(
      '{\n  "service": { "name": "SVC", "baseUrl": "https://a.example.com" },\n  "lint": { "rules": { "bare-column": "error" } },\n' +
        '  "datasets": {\n    "sales": { "id": "sales" }\n  },\n' +
        '  "calculations": {\n    "formulas/a.calc": { "id": 1, "dataset": "sales", "name": "A" }\n  }\n}\n',
    );
    expect(JSON.parse(out)).toMatchObject({ datasets: { sales: { id: 'sales' } }, calculations: { 'formulas/a.calc': { id: 1 } } });
  });

  it('appends to existing sections in their order, merges changed entries keeping their key order', () => {
    const text = [
      '{',
      '  "$schema": "./x.json",',
      '  "calculations": {',
      '    "b.calc": {"name": "B", "id": 2},',
      '    "a.calc": {"id": 1}',
      '  },',
      '  "format": {"lineWidth": 80}',
      '}',
    ].join('\n');
    const out = editProjectText(text, { calculations: new Map([['c.calc', { id: 3 }], ['b.calc', { id: 2, name: 'B2' }]]) });
    expect(out).toBe(
      [
        '{',
        '  "$schema": "./x.json",',
        '  "calculations": {',
        '    "b.calc": { "name": "B2", "id": 2 },',
        '    "a.calc": { "id": 1 },',
        '    "c.calc": { "id": 3 }',
        '  },',
        '  "format": {"lineWidth": 80}',
        '}',
      ].join('\n'),
    );
  });

  it('returns the text unchanged when nothing changes', () => {
    const text = '{ "calculations": { "a.calc": { "id": 1, "name": "A" } } }';
    expect(editProjectText(text, { calculations: calc('a.calc', 1, { name: 'A' }) })).toBe(text);
    expect(editProjectText(text, {})).toBe(text);
  });

  it('keeps CRLF line ends, tab indentation and a BOM; strings with braces do not confuse it', () => {
    const text = '\uFEFF{\r\n\t"lint": { "ignores": ["a}{b", "q\\"}"] },\r\n\t"calculations": {}\r\n}\r\n';
    const out = editProjectText(text, { calculations: calc('x.calc', 9) });
    expect(out).toBe('\uFEFF{\r\n\t"lint": { "ignores": ["a}{b", "q\\"}"] },\r\n\t"calculations": {\r\n\t\t"x.calc": { "id": 9 }\r\n\t}\r\n}\r\n');
  });

  it('handles an empty object', () => {
    expect(JSON.parse(editProjectText('{}', { calculations: calc('a.calc', 1) }))).toEqual({ calculations: { 'a.calc': { id: 1 } } });
  });
});

describe('writeProjectEdit', () => {
  it('writes a valid result and refuses one calckit could not load, leaving the file as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-writer-'));
    const file = join(dir, 'calckit.json');
    writeFileSync(file, '{\n  "calculations": {}\n}\n');
    expect(writeProjectEdit(file, { calculations: calc('a.calc', 1) })).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).calculations).toEqual({ 'a.calc': { id: 1 } });
    expect(writeProjectEdit(file, { calculations: calc('a.calc', 1) })).toBe(false);
    const before = readFileSync(file, 'utf8');
    expect(() => writeProjectEdit(file, { calculations: calc('b.calc', 2, { dataset: 'undeclared' }) })).toThrow(ProjectError);
    expect(() => writeProjectEdit(file, { calculations: calc('c.calc', 1) })).toThrow(/id 1 is already used/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses a calckit.json that is a link out of its folder (made after the project was loaded), writing nothing there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-writer-'));
    const outside = join(mkdtempSync(join(tmpdir(), 'calckit-outside-')), 'other.json');
    writeFileSync(outside, '{\n  "calculations": {}\n}\n');
    symlinkSync(outside, join(dir, 'calckit.json'));
    expect(() => writeProjectEdit(join(dir, 'calckit.json'), { calculations: calc('a.calc', 1) })).toThrow(/calckit\.json: it leads outside the project, to .*other\.json/);
    expect(readFileSync(outside, 'utf8')).toBe('{\n  "calculations": {}\n}\n');
  });
});

describe('folderInsideProject', () => {
  it('accepts folders inside (existing or not) and refuses ones outside, also through a symbolic link', () => {
    const root = mkdtempSync(join(tmpdir(), 'calckit-root-'));
    const outside = mkdtempSync(join(tmpdir(), 'calckit-outside-'));
    mkdirSync(join(root, 'formulas'));
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(root, 'formulas'), join(root, 'alias'));
    expect(folderInsideProject(root, root, 'formulas', '--dir')).toEqual({ abs: join(root, 'formulas'), rel: 'formulas' });
    expect(folderInsideProject(root, join(root, 'formulas'), 'new/deeper', '--dir').rel).toBe('formulas/new/deeper');
    expect(folderInsideProject(root, root, 'alias', '--dir').rel).toBe('alias'); // a link that stays inside
    const refused = (dir: string): string => {
      try {
        folderInsideProject(root, root, dir, '--dir', 'calckit import');
      } catch (error) {
        expect(error).toBeInstanceOf(CliExit);
        expect((error as CliExit).code).toBe(2);
        return (error as Error).message;
      }
      throw new Error(`${dir} was accepted`);
    };
    expect(refused('../x')).toMatch(/^calckit import: --dir \.\.\/x is outside the project/);
    expect(refused(outside)).toMatch(/is outside the project/);
    expect(refused('escape')).toMatch(/leads outside the project through a symbolic link/);
    expect(refused('escape/sub')).toMatch(/leads outside the project through a symbolic link/);
    writeFileSync(join(root, 'file'), '');
    expect(refused('file')).toMatch(/is a file, not a folder/);
  });
});
