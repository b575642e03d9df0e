// `calckit lint` and the files it reads and writes, run as a process (built dist): a file that is not UTF-8 text is one
// fatal error in every output format while the other files are linted, --fix never writes it and writes the others
// through the atomic writer (mode, owner, symbolic links kept; a failed write is one line), and directories and globs
// select *.calc files only.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

function run(cwd: string, args: string[], options: { input?: string | Buffer; as?: SpawnSyncOptions } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, input: options.input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' }, ...options.as });
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

const dirs: string[] = [];
/** A fresh directory with the given files (paths → contents). */
function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-lint-files-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    try {
      chmodSync(join(dir, 'ro'), 0o755);
    } catch {
      // no read-only directory in this test
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
const noStackTrace = (stderr: string): void => {
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toContain('internal error');
};

/** A Latin-1 formula: `é` is the single byte 0xE9, at byte offset 18 (line 2, column 9). */
const LATIN1 = Buffer.concat([Buffer.from('-- margin\nSUM(`Caf'), Buffer.from([0xe9]), Buffer.from('`)\n')]);
const MESSAGE = 'not UTF-8 text (invalid byte 0xE9 at byte offset 18, line 2, column 9); save it as UTF-8';

describe('calckit lint: a file that is not UTF-8 text', () => {
  const files = { 'f/latin.calc': LATIN1, 'f/wrong.calc': 'SUM(`x`) / ABS()\n', 'f/ok.calc': 'SUM(`x`)\n' };

  it('json: one fatal message (ruleId null, severity 2) and the other files linted; exit 1', () => {
    const dir = project(files);
    const r = run(dir, ['lint', 'f', '--format', 'json']);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.map((f: { filePath: string }) => f.filePath)).toEqual(['f/latin.calc', 'f/ok.calc', 'f/wrong.calc']);
    expect(out[0]).toEqual({
      filePath: 'f/latin.calc',
      messages: [{ ruleId: null, fatal: true, severity: 2, message: MESSAGE, line: 2, column: 9, endLine: 2, endColumn: 10 }],
      errorCount: 1,
      warningCount: 0,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
    });
    expect(out[2].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['argument-count']);
  });

  it('stylish, github, junit and sarif carry the message too', () => {
    const dir = project(files);
    const stylish = run(dir, ['lint', 'f']);
    expect(stylish.status).toBe(1);
    expect(stylish.stdout).toContain(`f/latin.calc\n  2:9  error  ${MESSAGE}\n`);
    expect(stylish.stdout).toContain('✖ 2 problems (2 errors, 0 warnings)');

    const github = run(dir, ['lint', 'f', '--format', 'github']);
    expect(github.stdout.split('\n')[0]).toBe(`::error file=f/latin.calc,line=2,col=9,endLine=2,endColumn=10,title=calckit::${MESSAGE}`);

    const junit = run(dir, ['lint', 'f', '--format', 'junit']).stdout;
    expect(junit).toContain(`<testcase name="2:9 fatal" classname="f/latin.calc" time="0">`);
    expect(junit).toContain(`<failure message="${MESSAGE}" type="error">`);

    const sarif = run(dir, ['lint', 'f', '--format', 'sarif']);
    const log = JSON.parse(sarif.stdout);
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'sarif-schema-2.1.0.json'), 'utf8'));
    const ajv = new Ajv.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(log.runs[0].results[0]).toMatchObject({
      ruleId: 'file-encoding',
      level: 'error',
      message: { text: MESSAGE },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'f/latin.calc' }, region: { startLine: 2, startColumn: 9 } } }],
    });
  });

  it('--fix never writes it (its bytes stay), and fixes the others', () => {
    const dir = project({ 'latin.calc': LATIN1, 'bare.calc': 'SUM(revenue)\n' });
    const r = run(dir, ['lint', '--fix', '--format', 'json']);
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'latin.calc'))).toEqual(LATIN1);
    expect(readFileSync(join(dir, 'bare.calc'), 'utf8')).toBe('SUM(`revenue`)\n');
    expect(JSON.parse(r.stdout)[1].messages[0]).toMatchObject({ ruleId: null, fatal: true });
    expect(readdirSync(dir).sort()).toEqual(['bare.calc', 'latin.calc']);
  });

  it('is the same with --cache (never cached), in worker threads, and for standard input', () => {
    const dir = project(files);
    for (let i = 0; i < 2; i++) {
      const cached = JSON.parse(run(dir, ['lint', 'f', '--cache', '--format', 'json']).stdout);
      expect(cached[0].messages).toEqual([expect.objectContaining({ fatal: true, message: MESSAGE })]);
    }
    const threads = JSON.parse(run(dir, ['lint', 'f', '--concurrency', '2', '--format', 'json']).stdout);
    expect(threads[0].messages).toEqual([expect.objectContaining({ fatal: true, message: MESSAGE })]);
    const stdin = run(dir, ['lint', '-', '--stdin-filename', 'f/x.calc', '--format', 'json'], { input: LATIN1 });
    expect(stdin.status).toBe(1);
    expect(JSON.parse(stdin.stdout)).toEqual([expect.objectContaining({ filePath: 'f/x.calc', errorCount: 1, messages: [expect.objectContaining({ fatal: true, message: MESSAGE })] })]);
  });

  it('a binary file (a NUL byte) and a UTF-16 file are one fatal message each, not hundreds of problems', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(2000, 0x41)]);
    const dir = project({ 'img.calc': png, 'wide.calc': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SUM(`x`)', 'utf16le')]), 'bom.calc': '\uFEFFSUM(`é`)\n' });
    const out = JSON.parse(run(dir, ['lint', '--format', 'json']).stdout);
    expect(out.map((f: { filePath: string; messages: unknown[] }) => [f.filePath, f.messages])).toEqual([
      ['bom.calc', []],
      ['img.calc', [expect.objectContaining({ fatal: true, ruleId: null, message: 'a binary file, not formula text (NUL byte at byte offset 8, line 3)' })]],
      ['wide.calc', [expect.objectContaining({ fatal: true, message: 'UTF-16 text (byte-order mark 0xFF 0xFE), not UTF-8; save it as UTF-8' })]],
    ]);
  });
});

describe('calckit lint --fix: how files are written', () => {
  it('keeps a 0600 file 0600, and writes through a symbolic link (the link stays a link)', () => {
    const dir = project({ 'secret.calc': 'SUM(revenue)\n', 'shared/real.calc': 'SUM(cost)\n' });
    chmodSync(join(dir, 'secret.calc'), 0o600);
    mkdirSync(join(dir, 'f'));
    symlinkSync('../shared/real.calc', join(dir, 'f/link.calc'));
    const r = run(dir, ['lint', '--fix', 'secret.calc', 'f']);
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'secret.calc'), 'utf8')).toBe('SUM(`revenue`)\n');
    expect(statSync(join(dir, 'secret.calc')).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(dir, 'f/link.calc')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'f/link.calc'))).toBe('../shared/real.calc');
    expect(readFileSync(join(dir, 'shared/real.calc'), 'utf8')).toBe('SUM(`cost`)\n');
    expect(readdirSync(join(dir, 'f'))).toEqual(['link.calc']);
    expect(readdirSync(join(dir, 'shared'))).toEqual(['real.calc']);
  });

  it('a directory it cannot write into: one line, exit 2, the report still printed, no temporary file', () => {
    const dir = project({ 'ro/a.calc': 'SUM(revenue)\n', 'b.calc': 'SUM(cost)\n' });
    let as: SpawnSyncOptions = {};
    if (ROOT) {
      // Root writes anywhere: run as nobody, who owns (and may write) the files but not the directory ro/.
      chownSync(join(dir, 'ro/a.calc'), NOBODY, NOBODY);
      chownSync(join(dir, 'b.calc'), NOBODY, NOBODY);
      chmodSync(dir, 0o777);
      as = { uid: NOBODY, gid: NOBODY };
    }
    chmodSync(join(dir, 'ro'), 0o555);
    const r = run(dir, ['lint', '--fix', '--format', 'json'], { as });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'calckit lint: cannot write ro/a.calc: permission denied (EACCES) (creating a temporary file in its directory, which calckit needs to replace the file); its fixes were not applied\n',
    );
    noStackTrace(r.stderr);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(readFileSync(join(dir, 'ro/a.calc'), 'utf8')).toBe('SUM(revenue)\n');
    expect(readdirSync(join(dir, 'ro'))).toEqual(['a.calc']);
    expect(readFileSync(join(dir, 'b.calc'), 'utf8')).toBe('SUM(`cost`)\n');
  });

  it('-o into a path it cannot write: one line, exit 2', () => {
    const dir = project({ 'a.calc': 'SUM(`x`)\n' });
    mkdirSync(join(dir, 'report.json'));
    const r = run(dir, ['lint', '--format', 'json', '-o', 'report.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('calckit lint: cannot write report.json: is a directory (EISDIR)\n');
    expect(readdirSync(dir).sort()).toEqual(['a.calc', 'report.json']);
  });
});

describe('calckit lint: which files', () => {
  it("'*' and directories lint *.calc files only; a file named explicitly is linted whatever its extension", () => {
    const dir = project({ 'a.calc': 'SUM(`x`)\n', 'x.bak': 'SUM(`x`) / ABS()\n', 'sub/y.bak': 'SUM(`y`) / ABS()\n' });
    const glob = run(dir, ['lint', '*', '--format', 'json']);
    expect(glob.status).toBe(0);
    expect(JSON.parse(glob.stdout).map((f: { filePath: string }) => f.filePath)).toEqual(['a.calc']);
    expect(JSON.parse(run(dir, ['lint', '.', '--format', 'json']).stdout).map((f: { filePath: string }) => f.filePath)).toEqual(['a.calc']);
    const onlyBak = run(dir, ['lint', '**/*.bak']);
    expect(onlyBak.status).toBe(2);
    expect(onlyBak.stderr).toContain('directories and globs select *.calc files only: name other files one by one');
    const named = run(dir, ['lint', 'x.bak', '--fix', '--format', 'json']);
    expect(named.status).toBe(1);
    expect(JSON.parse(named.stdout)[0]).toMatchObject({ filePath: 'x.bak', errorCount: 1 });
  });
});
