// The versions of a file that git knows, read from repositories made here: commits on any branch, renames, the
// index; outside git, nothing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitVersionLookup, readFileHistory } from './index.js';

const sum = (text: string): string => createHash('sha1').update(text.trimEnd()).digest('hex');
const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-history-'));
  git(dir, 'init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'formulas'));
  return dir;
}

function commit(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `write ${file}`);
}

describe('readFileHistory', () => {
  it('finds every committed version, on any branch and under an earlier name, and the staged one', async () => {
    const dir = repo();
    commit(dir, 'formulas/old-name.calc', 'SUM(`a`)\n');
    git(dir, 'mv', 'formulas/old-name.calc', 'formulas/margin.calc');
    git(dir, 'commit', '-q', '-m', 'rename');
    commit(dir, 'formulas/margin.calc', 'SUM(`a`) * 2\n');
    git(dir, 'checkout', '-q', '-b', 'feature');
    commit(dir, 'formulas/margin.calc', 'SUM(`a`) * 3\n');
    git(dir, 'checkout', '-q', 'main');
    writeFileSync(join(dir, 'formulas/margin.calc'), 'SUM(`a`) * 4\n');
    git(dir, 'add', 'formulas/margin.calc');
    writeFileSync(join(dir, 'formulas/margin.calc'), 'SUM(`a`) * 5\n'); // the working tree: not a version git keeps

    const history = await readFileHistory(join(dir, 'formulas/margin.calc'), sum);
    expect(history.inGit).toBe(true);
    expect(history.shallow).toBe(false);
    for (const text of ['SUM(`a`)', 'SUM(`a`) * 2', 'SUM(`a`) * 3']) expect(history.find(sum(text))).toMatch(/^commit [0-9a-f]{10}$/);
    expect(history.find(sum('SUM(`a`) * 4'))).toBe('the index');
    expect(history.find(sum('SUM(`a`) * 5'))).toBeUndefined();
  });

  it('outside a git repository there is no history, and the lookup says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-history-'));
    writeFileSync(join(dir, 'x.calc'), 'SUM(`a`)\n');
    expect((await readFileHistory(join(dir, 'x.calc'), sum)).inGit).toBe(false);
    expect(await gitVersionLookup(join(dir, 'x.calc'), sum)(sum('SUM(`a`)'))).toEqual({ missing: 'the file is not in a git repository' });
  });

  it('a file git never saw has no versions; a lookup counts what it searched', async () => {
    const dir = repo();
    commit(dir, 'formulas/a.calc', 'SUM(`a`)\n');
    writeFileSync(join(dir, 'formulas/new.calc'), 'SUM(`b`)\n');
    const lookup = gitVersionLookup(join(dir, 'formulas/new.calc'), sum);
    expect(await lookup(sum('SUM(`b`)'))).toEqual({ missing: 'it is none of the 0 version(s) of the file in git' });
    renameSync(join(dir, 'formulas/a.calc'), join(dir, 'formulas/b.calc'));
    expect(await gitVersionLookup(join(dir, 'formulas/a.calc'), sum)(sum('SUM(`a`)'))).toMatchObject({ found: expect.stringMatching(/^(commit|the index)/) });
  });
});
