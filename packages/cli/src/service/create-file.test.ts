import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileAccessError, FileEncodingError } from '@calckit/project';
import { describe, expect, it } from 'vitest';
import { createFormulaFileSync, FileExistsError, syncFolder } from './create-file.js';

describe('createFormulaFileSync', () => {
  it('creates the file with its text and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-create-'));
    createFormulaFileSync(join(dir, 'Café.calc'), 'SUM(`Ventes`) -- é\n');
    expect(readFileSync(join(dir, 'Café.calc'), 'utf8')).toBe('SUM(`Ventes`) -- é\n');
    await syncFolder(dir);
    expect(readdirSync(dir)).toEqual(['Café.calc']);
  });

  it('never replaces a file that holds the name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-create-'));
    writeFileSync(join(dir, 'a.calc'), 'theirs\n');
    expect(() => createFormulaFileSync(join(dir, 'a.calc'), 'ours\n', 'formulas/a.calc')).toThrow(FileExistsError);
    expect(() => createFormulaFileSync(join(dir, 'a.calc'), 'ours\n', 'formulas/a.calc')).toThrow(/formulas\/a\.calc appeared meanwhile/);
    expect(readFileSync(join(dir, 'a.calc'), 'utf8')).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['a.calc']);
  });

  it('refuses text that cannot be written as UTF-8 or holds NUL, writing nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-create-'));
    expect(() => createFormulaFileSync(join(dir, 'a.calc'), 'SUM(1)\n\uD800\n')).toThrow(FileEncodingError);
    expect(() => createFormulaFileSync(join(dir, 'a.calc'), 'SUM(1)\n\uD800\n')).toThrow(/lone surrogate \(U\+D800\) at line 2, column 1/);
    expect(() => createFormulaFileSync(join(dir, 'b.calc'), 'a\u0000b')).toThrow(/NUL byte at byte offset 1/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a missing folder is a one-line access error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-create-'));
    let error: unknown;
    try {
      createFormulaFileSync(join(dir, 'missing', 'a.calc'), 'x\n', 'missing/a.calc');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FileAccessError);
    expect((error as Error).message).toBe('cannot write missing/a.calc: the folder does not exist (ENOENT)');
  });
});
