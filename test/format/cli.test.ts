// `calckit format` run as a process (the built CLI: run `npx tsc -b` first): standard input, --check, in-place
// writes, directories and globs, project-file options, and each exit code.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MAIN = resolve(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'main.js');

function calckit(args: string[], options: { cwd: string; input?: string }) {
  const r = spawnSync(process.execPath, [MAIN, 'format', ...args], { cwd: options.cwd, input: options.input ?? '', encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
const write = (path: string, text: string): void => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const read = (path: string): string => readFileSync(join(dir, path), 'utf8');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-format-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('calckit format (process)', () => {
  it('formats standard input to standard output', () => {
    const r = calckit(['-'], { cwd: dir, input: 'case when `a`=1 then sum(`b`) end\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('CASE WHEN `a` = 1 THEN SUM(`b`) END\n');
    expect(r.stderr).toBe('');
  });

  it('passes standard input with a syntax error through unchanged, with a warning', () => {
    const input = 'sum(`a`\n';
    const r = calckit(['-'], { cwd: dir, input });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(input);
    expect(r.stderr).toMatch(/^<stdin>:1:\d+: warning: not formatted, the formula has a syntax error: /);
  });

  it('--check lists unformatted files, writes nothing and exits 1', () => {
    write('a.calc', 'sum(`a`)');
    write('b.calc', 'SUM(`b`)');
    const r = calckit(['--check', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a.calc\n');
    expect(r.stderr).toContain('1 file not formatted, 1 already formatted');
    expect(read('a.calc')).toBe('sum(`a`)');
  });

  it('--check exits 0 when every file is formatted, and 1 for unformatted standard input', () => {
    write('b.calc', 'SUM(`b`)\n');
    expect(calckit(['--check', 'b.calc'], { cwd: dir }).code).toBe(0);
    const r = calckit(['--check', '-'], { cwd: dir, input: 'sum(1)' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('<stdin>\n');
  });

  it('rewrites files in place by default (and with --write), listing the files it changed', () => {
    write('f/one.calc', 'count( distinct `x` )\n');
    write('f/two.calc', 'sum(`y`)');
    write('f/notes.txt', 'sum(`y`)');
    const r = calckit(['f'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').sort()).toEqual(['', join('f', 'one.calc'), join('f', 'two.calc')]);
    expect(read('f/one.calc')).toBe('COUNT(DISTINCT `x`)\n');
    expect(read('f/two.calc')).toBe('SUM(`y`)');
    expect(read('f/notes.txt')).toBe('sum(`y`)');
    write('f/two.calc', 'avg(`y`)');
    expect(calckit(['--write', 'f/two.calc'], { cwd: dir }).code).toBe(0);
    expect(read('f/two.calc')).toBe('AVG(`y`)');
    expect(calckit(['--check', 'f'], { cwd: dir }).code).toBe(0);
  });

  it('expands globs', () => {
    write('x/a.calc', 'sum(1)');
    write('y/b.calc', 'sum(2)');
    const r = calckit(['--check', '**/a.calc'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${join('x', 'a.calc')}\n`);
  });

  it('leaves a file with a syntax error untouched, with a warning naming its position', () => {
    write('bad.calc', 'case when `a` then 1\n');
    write('good.calc', 'sum(1)');
    const r = calckit(['.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(read('bad.calc')).toBe('case when `a` then 1\n');
    expect(read('good.calc')).toBe('SUM(1)');
    expect(r.stderr).toMatch(/bad\.calc:\d+:\d+: warning: not formatted/);
    expect(r.stderr).toContain('1 skipped (syntax errors)');
  });

  it('exits 2 on a missing path, and not with --no-error-on-unmatched-pattern', () => {
    const r = calckit(['missing.calc'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no files match 'missing.calc'");
    expect(calckit(['--no-error-on-unmatched-pattern', 'missing.calc'], { cwd: dir }).code).toBe(0);
  });

  it('exits 2 on an unreadable file and still formats the others', () => {
    write('ok.calc', 'sum(1)');
    symlinkSync(join(dir, 'nowhere.calc'), join(dir, 'dangling.calc'));
    const r = calckit(['dangling.calc', 'ok.calc'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read dangling.calc: a symbolic link to a missing file (ENOENT)');
    expect(read('ok.calc')).toBe('SUM(1)');
  });

  it('reads options from the nearest calckit.json, and flags override it', () => {
    write('calckit.json', JSON.stringify({ format: { keywordCase: 'lower', functionCase: 'preserve', indent: 4 } }));
    write('deep/er/f.calc', 'CASE WHEN `a` THEN DateDiff(`b`, `c`) WHEN `b` THEN 2 END');
    expect(calckit(['deep'], { cwd: dir }).code).toBe(0);
    expect(read('deep/er/f.calc')).toBe('case\n    when `a` then DateDiff(`b`, `c`)\n    when `b` then 2\nend');
    expect(calckit(['--keyword-case', 'upper', '--indent', '2', 'deep'], { cwd: dir }).code).toBe(0);
    expect(read('deep/er/f.calc')).toBe('CASE\n  WHEN `a` THEN DateDiff(`b`, `c`)\n  WHEN `b` THEN 2\nEND');
  });

  it('finds the project file of --stdin-filename', () => {
    write('p/calckit.json', JSON.stringify({ format: { functionCase: 'lower' } }));
    const r = calckit(['--stdin-filename', 'p/f.calc', '-'], { cwd: dir, input: 'SUM(1)' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('sum(1)');
  });

  it('exits 2 on an invalid format section, an invalid project file or an invalid flag', () => {
    write('f.calc', 'sum(1)');
    write('calckit.json', JSON.stringify({ format: { lineWidth: 'wide', tabs: true } }));
    let r = calckit(['f.calc'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('format.lineWidth: expected an integer from 20 to 1000');
    expect(r.stderr).toContain('format.tabs: unknown setting');
    expect(read('f.calc')).toBe('sum(1)');
    write('calckit.json', '{ not json');
    r = calckit(['f.calc'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not valid JSON');
    rmSync(join(dir, 'calckit.json'));
    r = calckit(['--keyword-case', 'shout', 'f.calc'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--keyword-case: expected one of upper, lower, preserve');
    expect(calckit(['--check', '--write', 'f.calc'], { cwd: dir }).code).toBe(2);
    expect(calckit([], { cwd: dir }).code).toBe(2);
  });

  it('keeps CRLF line endings and the final newline', () => {
    write('w.calc', 'case when `a` then 1 -- one\r\nwhen `b` then 2 end\r\n');
    expect(calckit(['w.calc'], { cwd: dir }).code).toBe(0);
    expect(read('w.calc')).toBe('CASE\r\n  WHEN `a` THEN 1 -- one\r\n  WHEN `b` THEN 2\r\nEND\r\n');
  });
});
