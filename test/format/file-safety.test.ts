// `calckit format` and the files it touches, run as a process on temporary directories (the built CLI: run
// `npm run build` first): formula files must be UTF-8 text, writes keep mode, owner and symbolic links, a failed write
// is one line and leaves no temporary file, and directories and globs select *.calc files only.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MAIN = resolve(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'main.js');
const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

function calckit(args: string[], options: { cwd: string; input?: string | Buffer; as?: SpawnSyncOptions }) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: options.cwd, input: options.input ?? '', encoding: 'utf8', ...options.as });
  return { code: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}
const format = (args: string[], options: Parameters<typeof calckit>[1]) => calckit(['format', ...args], options);

let dir: string;
const write = (path: string, content: string | Buffer): string => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
  return join(dir, path);
};
const bytes = (path: string): Buffer => readFileSync(join(dir, path));
const read = (path: string): string => readFileSync(join(dir, path), 'utf8');
/** Every entry under `sub` (relative), to catch a temporary file left behind. */
const entries = (sub = '.'): string[] => readdirSync(join(dir, sub)).sort();
const noStackTrace = (stderr: string): void => {
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toContain('internal error');
};

/** A Latin-1 formula: `é` is the single byte 0xE9. */
const LATIN1 = Buffer.concat([Buffer.from('case when `Caf'), Buffer.from([0xe9]), Buffer.from('` = 1 then sum(`x`) end\n')]);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-format-files-'));
});
afterEach(() => {
  for (const sub of ['ro']) {
    try {
      chmodSync(join(dir, sub), 0o755);
    } catch {
      // not made by this test
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('calckit format: text encoding', () => {
  it('refuses a Latin-1 file with its path and byte offset, writes nothing for it, formats the others, exits 2', () => {
    write('latin.calc', LATIN1);
    write('ok.calc', 'sum(1)\n');
    const r = format(['.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('calckit format: latin.calc: not UTF-8 text (invalid byte 0xE9 at byte offset 14, line 1, column 15); save it as UTF-8\n');
    expect(r.stderr).toContain('1 file formatted, 0 already formatted, 1 failed (see above)');
    noStackTrace(r.stderr);
    expect(bytes('latin.calc')).toEqual(LATIN1);
    expect(read('ok.calc')).toBe('SUM(1)\n');
    expect(r.stdout).toBe('ok.calc\n');
    expect(entries()).toEqual(['latin.calc', 'ok.calc']);
  });

  it('--check refuses it too (exit 2), and standard input that is not UTF-8 prints nothing', () => {
    write('latin.calc', LATIN1);
    const check = format(['--check', 'latin.calc'], { cwd: dir });
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('latin.calc: not UTF-8 text (invalid byte 0xE9 at byte offset 14');
    const stdin = format(['-'], { cwd: dir, input: LATIN1 });
    expect(stdin.code).toBe(2);
    expect(stdin.stdout).toBe('');
    expect(stdin.stderr).toBe('calckit format: <stdin>: not UTF-8 text (invalid byte 0xE9 at byte offset 14, line 1, column 15); save it as UTF-8\n');
  });

  it('refuses UTF-16 and binary files, and keeps a UTF-8 byte-order mark', () => {
    write('utf16.calc', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sum(1)', 'utf16le')]));
    write('image.calc', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    write('bom.calc', '\uFEFFsum(`é`)\n');
    const r = format(['.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('calckit format: utf16.calc: UTF-16 text (byte-order mark 0xFF 0xFE), not UTF-8; save it as UTF-8');
    expect(r.stderr).toContain('calckit format: image.calc: a binary file, not formula text (NUL byte at byte offset 8, line 3)');
    expect(bytes('bom.calc')).toEqual(Buffer.from('\uFEFFSUM(`é`)\n', 'utf8'));
  });
});

describe('calckit format: how files are written', () => {
  it('keeps a 0600 file 0600', () => {
    const file = write('secret.calc', 'sum(1)\n');
    chmodSync(file, 0o600);
    expect(format(['secret.calc'], { cwd: dir }).code).toBe(0);
    expect(read('secret.calc')).toBe('SUM(1)\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes through a symbolic link: the link stays a link, its target is formatted', () => {
    write('shared/real.calc', 'sum(1)\n');
    chmodSync(join(dir, 'shared/real.calc'), 0o640);
    mkdirSync(join(dir, 'f'));
    symlinkSync('../shared/real.calc', join(dir, 'f/link.calc'));
    const r = format(['f'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${join('f', 'link.calc')}\n`);
    expect(lstatSync(join(dir, 'f/link.calc')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'f/link.calc'))).toBe('../shared/real.calc');
    expect(read('shared/real.calc')).toBe('SUM(1)\n');
    expect(statSync(join(dir, 'shared/real.calc')).mode & 0o777).toBe(0o640);
    expect(entries('f')).toEqual(['link.calc']);
    expect(entries('shared')).toEqual(['real.calc']);
  });

  it('keeps the owner of a file it may write but does not own', { skip: !ROOT }, () => {
    const file = write('theirs.calc', 'sum(1)\n');
    chownSync(file, NOBODY, NOBODY);
    expect(format(['theirs.calc'], { cwd: dir }).code).toBe(0);
    expect(read('theirs.calc')).toBe('SUM(1)\n');
    expect(statSync(file)).toMatchObject({ uid: NOBODY, gid: NOBODY });
  });

  it('a directory it cannot write into: one line, exit 2, the file unchanged, no temporary file left', () => {
    const file = write('ro/a.calc', 'sum(1)\n');
    write('ok.calc', 'sum(2)\n');
    // Root writes anywhere: the CLI then runs as nobody, who owns (and may write) the file but not its directory.
    let as: SpawnSyncOptions = {};
    if (ROOT) {
      chownSync(file, NOBODY, NOBODY);
      chownSync(join(dir, 'ok.calc'), NOBODY, NOBODY);
      chmodSync(dir, 0o777); // nobody may replace ok.calc
      as = { uid: NOBODY, gid: NOBODY };
    }
    chmodSync(join(dir, 'ro'), 0o555);
    const r = format(['ro/a.calc', 'ok.calc'], { cwd: dir, as });
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      `calckit format: cannot write ${join('ro', 'a.calc')}: permission denied (EACCES) (creating a temporary file in its directory, which calckit needs to replace the file)`,
    );
    expect(lines).toHaveLength(2); // and the summary
    noStackTrace(r.stderr);
    expect(read('ro/a.calc')).toBe('sum(1)\n');
    expect(entries('ro')).toEqual(['a.calc']);
    expect(read('ok.calc')).toBe('SUM(2)\n');
  });

  it('a read-only file is refused, not replaced, though its directory would allow a rename over it', () => {
    const file = write('ro.calc', 'sum(1)\n');
    chmodSync(file, 0o444);
    let as: SpawnSyncOptions = {};
    if (ROOT) {
      chownSync(file, NOBODY, NOBODY);
      chmodSync(dir, 0o777);
      as = { uid: NOBODY, gid: NOBODY };
    }
    const r = format(['ro.calc'], { cwd: dir, as });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('calckit format: cannot write ro.calc: the file is read-only (EACCES)');
    expect(read('ro.calc')).toBe('sum(1)\n');
  });
});

/** Runs `script` in a user and mount namespace, where a tmpfs can be mounted; undefined when the system does not allow it. */
function inMountNamespace(script: string, args: string[]): string | undefined {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs tmpfs "${dir}"`], { encoding: 'utf8' });
  if (probe.status !== 0) return undefined;
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script, 'sh', ...args], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout;
}

describe('calckit format: a full disk and a read-only file system (tmpfs in a mount namespace)', () => {
  const canMount = spawnSync('unshare', ['-rm', 'true']).status === 0;

  it('no space left: one line, exit 2, the file unchanged, no temporary file', { skip: !canMount }, () => {
    const out = inMountNamespace(
      `D="$1"; mount -t tmpfs -o size=64k tmpfs "$D" && cd "$D" && printf 'sum(1)\\n' > a.calc
       dd if=/dev/zero of=fill bs=4096 2>/dev/null
       "$2" "$3" format a.calc 2>&1; echo "exit=$?"; ls -a; cat a.calc`,
      [dir, process.execPath, MAIN],
    )!;
    expect(out).toBe(['calckit format: cannot write a.calc: no space left on device (ENOSPC)', 'calckit format: 0 files formatted, 0 already formatted, 1 failed (see above)', 'exit=2', '.', '..', 'a.calc', 'fill', 'sum(1)', ''].join('\n'));
  });

  it('read-only file system: one line, exit 2, the file unchanged', { skip: !canMount }, () => {
    const out = inMountNamespace(
      `D="$1"; mount -t tmpfs tmpfs "$D" && cd "$D" && printf 'sum(1)\\n' > a.calc && mount -o remount,ro "$D"
       "$2" "$3" format a.calc 2>&1; echo "exit=$?"; ls -a; cat a.calc`,
      [dir, process.execPath, MAIN],
    )!;
    expect(out).toBe(['calckit format: cannot write a.calc: read-only file system (EROFS)', 'calckit format: 0 files formatted, 0 already formatted, 1 failed (see above)', 'exit=2', '.', '..', 'a.calc', 'sum(1)', ''].join('\n'));
  });
});

describe('calckit format: which files', () => {
  it("'*' touches *.calc files only: a .bak file matched by the glob is left alone", () => {
    write('a.calc', 'sum(1)\n');
    write('x.bak', 'sum(1)\n');
    write('notes.txt', 'sum(1)\n');
    const r = format(['*'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('a.calc\n');
    expect(read('a.calc')).toBe('SUM(1)\n');
    expect(read('x.bak')).toBe('sum(1)\n');
    expect(read('notes.txt')).toBe('sum(1)\n');
  });

  it('a glob that matches only other files is unmatched, with a hint; a file named explicitly is formatted whatever its extension', () => {
    write('x.bak', 'sum(1)\n');
    const glob = format(['*.bak'], { cwd: dir });
    expect(glob.code).toBe(2);
    expect(glob.stderr).toContain("calckit format: no files match '*.bak' (directories and globs select *.calc files only: name other files one by one)");
    expect(read('x.bak')).toBe('sum(1)\n');
    const named = format(['x.bak'], { cwd: dir });
    expect(named.code).toBe(0);
    expect(read('x.bak')).toBe('SUM(1)\n');
  });
});
