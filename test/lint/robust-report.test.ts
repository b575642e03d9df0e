// `calckit lint` always reports, run as a process (built dist) on temporary folders:
// - an internal error on one file (a stack overflow; made with the documented test hook CALCKIT_TEST_INTERNAL_ERROR,
//   see packages/cli/src/lint/lint-file.ts) is that file's one fatal message in every format, in worker threads too;
//   the other files are linted and the exit code is 2;
// - a file of garbage shows at most 100 problems (then one note), quickly; a binary file is one fatal message;
// - control characters in formulas and file names never reach the terminal raw; junit is well-formed XML 1.0 (saxes),
//   json parses, sarif validates against the SARIF 2.1.0 schema;
// - formula, schema and project files that are not regular files, or are larger than 10 MB, are clear errors naming
//   the file, found at once and never read whole; JSON errors give a position, never the file's text.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { SaxesParser } from 'saxes';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const RSS_HOOK = join(import.meta.dirname, 'fixtures/report-rss.cjs');
const LINUX = process.platform === 'linux';
const HOOK = 'CALCKIT_TEST_INTERNAL_ERROR';
const MARKER = 'CRASH-HERE';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Peak RSS of the process, in MB. */
  rssMb: number;
}
function run(cwd: string, args: string[], options: { env?: Record<string, string>; input?: string | Buffer; timeout?: number } = {}): Run {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--require', RSS_HOOK, CLI, ...args], {
    cwd,
    input: options.input,
    encoding: 'utf8',
    timeout: options.timeout ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', [HOOK]: '', ...options.env },
  });
  const stderr = String(r.stderr);
  const rss = /\nmaxRSS=(\d+)\n$/.exec(stderr);
  return { status: r.status, stdout: String(r.stdout), stderr: stderr.replace(/\nmaxRSS=\d+\n$/, ''), ms: Date.now() - started, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

const dirs: string[] = [];
function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-lint-robust-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sarifValidator = (() => {
  const ajv = new Ajv.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, 'sarif-schema-2.1.0.json'), 'utf8')));
})();
function expectValidSarif(text: string): { runs: Array<{ results: Array<Record<string, unknown>> }> } {
  const log = JSON.parse(text);
  expect(sarifValidator(log), JSON.stringify(sarifValidator.errors, null, 2)).toBe(true);
  return log;
}
/** Well-formedness errors of an XML document, by a conforming XML 1.0 parser. */
function xmlErrors(text: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.write(text).close();
  if (!text.isWellFormed()) errors.push('lone surrogate');
  return errors;
}
/** What a terminal would act on: C0 controls other than LF, DEL, C1 controls. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at /);
const sparse = (path: string, size: number) => {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
};
/** A deterministic megabyte of formula-like garbage (no NUL byte: text, not binary). */
function garbage(size: number): string {
  let seed = 12345;
  const chars = "abc()+-*/,'\"`xyz 0123456789;=<>!@#$%^&{}[]|\\~?:\n\t";
  let out = '';
  while (out.length < size) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out += chars[(seed >> 8) % chars.length];
  }
  return out;
}

const INTERNAL = 'internal error: rule test-internal-error failed: RangeError: Maximum call stack size exceeded; this is a bug in calckit, please report it (calckit lint --debug prints the details)';

describe('calckit lint: an internal error on one file', () => {
  const files = { 'f/a.calc': 'SUM(`x`) / ABS()\n', 'f/b.calc': `SUM(\`x\`) -- ${MARKER}\n`, 'f/c.calc': 'SUM(revenue)\n' };
  const env = { [HOOK]: MARKER };

  it('json: that file has one fatal message, the others are linted; exit 2; stderr names the file, no stack', () => {
    const dir = project(files);
    const r = run(dir, ['lint', 'f', '-f', 'json'], { env });
    expect(r.status).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.map((f: { filePath: string }) => f.filePath)).toEqual(['f/a.calc', 'f/b.calc', 'f/c.calc']);
    expect(out[1]).toEqual({
      filePath: 'f/b.calc',
      messages: [{ ruleId: null, fatal: true, severity: 2, message: INTERNAL, line: 1, column: 1, endLine: 1, endColumn: 2 }],
      errorCount: 1,
      warningCount: 0,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
    });
    expect(out[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['argument-count']);
    expect(out[2].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['bare-column']);
    expect(r.stderr).toBe(
      'calckit lint: f/b.calc: internal error: rule test-internal-error failed: RangeError: Maximum call stack size exceeded\n' +
        'calckit lint: that file was not linted because of a bug in calckit; the other files were. Please report it (--debug prints the stack).\n',
    );
    noStackTrace(r.stderr);
  });

  it('--debug prints the stack on stderr; the report stays one line per problem', () => {
    const dir = project(files);
    const r = run(dir, ['lint', 'f', '-f', 'json', '--debug'], { env });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/RuleError: rule test-internal-error failed: Maximum call stack size exceeded\n\s+at /);
    expect(r.stderr).toContain('caused by: RangeError: Maximum call stack size exceeded');
    expect(JSON.parse(r.stdout)[1].messages[0].message).toBe(INTERNAL);
  });

  it('every format carries on: stylish, sarif (valid), github, junit (well-formed), -o', () => {
    const dir = project(files);
    const stylish = run(dir, ['lint', 'f'], { env });
    expect(stylish.status).toBe(2);
    expect(stylish.stdout).toContain(`f/b.calc\n  1:1  error  ${INTERNAL}\n`);
    expect(stylish.stdout).toContain("f/a.calc\n  1:15  error  'ABS' takes 1 argument");
    expect(stylish.stdout).toContain('✖ 3 problems (2 errors, 1 warning)');

    const sarif = run(dir, ['lint', 'f', '-f', 'sarif'], { env });
    expect(sarif.status).toBe(2);
    const log = expectValidSarif(sarif.stdout);
    expect(log.runs[0]!.results.map((x) => x['ruleId'])).toEqual(['argument-count', 'internal-error', 'bare-column']);

    const github = run(dir, ['lint', 'f', '-f', 'github'], { env });
    expect(github.stdout).toContain(`::error file=f/b.calc,line=1,col=1,endLine=1,endColumn=2,title=calckit::${INTERNAL}\n`);

    const junit = run(dir, ['lint', 'f', '-f', 'junit'], { env });
    expect(xmlErrors(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('<testcase name="1:1 fatal" classname="f/b.calc" time="0">');

    const file = run(dir, ['lint', 'f', '-f', 'sarif', '-o', 'out/report.sarif'], { env });
    expect(file.status).toBe(2);
    expect(file.stdout).toBe('');
    expectValidSarif(readFileSync(join(dir, 'out/report.sarif'), 'utf8'));
  });

  it('worker threads: the same results as in one thread', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 12; i++) many[`f/${String(i).padStart(2, '0')}.calc`] = i % 5 === 2 ? `SUM(x) -- ${MARKER}\n` : `SUM(x) / ${i % 2}\n`;
    const dir = project(many);
    const one = run(dir, ['lint', 'f', '-f', 'json', '--concurrency', 'off'], { env });
    const threads = run(dir, ['lint', 'f', '-f', 'json', '--concurrency', '3'], { env });
    expect(one.status).toBe(2);
    expect(threads.status).toBe(2);
    expect(JSON.parse(threads.stdout)).toEqual(JSON.parse(one.stdout));
    expect(JSON.parse(one.stdout).filter((f: { messages: Array<{ fatal?: boolean }> }) => f.messages[0]?.fatal).map((f: { filePath: string }) => f.filePath)).toEqual(['f/02.calc', 'f/07.calc']);
  });

  it('a worker thread that stops (as one out of memory does): its remaining files get a fatal message, the others are linted', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 8; i++) many[`f/${i}.calc`] = i === 1 ? `SUM(x) -- ${MARKER}\n` : 'SUM(`x`) / ABS()\n';
    const dir = project(many);
    // Two threads: files 0-3 and 4-7. The first stops at file 1.
    const r = run(dir, ['lint', 'f', '-f', 'json', '--concurrency', '2'], { env: { [HOOK]: `exit:${MARKER}` } });
    expect(r.status).toBe(2);
    const out = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ fatal?: boolean; message: string; ruleId: string | null }> }>;
    expect(out).toHaveLength(8);
    const fatal = out.filter((f) => f.messages[0]?.fatal).map((f) => f.filePath);
    // File 0 was linted but not yet sent back when the worker stopped (results travel in batches): it is reported too.
    expect(fatal).toEqual(['f/0.calc', 'f/1.calc', 'f/2.calc', 'f/3.calc']);
    expect(out[1]!.messages[0]!.message).toBe('internal error: the lint worker thread stopped (exit code 70) before linting this file; this is a bug in calckit, please report it (calckit lint --debug prints the details)');
    for (const f of out.slice(4)) expect(f.messages.map((m) => m.ruleId)).toEqual(['argument-count']);
    expect(r.stderr).toContain('those 4 files were not linted because of a bug in calckit');
  });

  it('--fix: that file is not written, the others are fixed; --cache does not keep the failure', () => {
    const dir = project(files);
    const fixed = run(dir, ['lint', 'f', '--fix', '-f', 'json'], { env });
    expect(fixed.status).toBe(2);
    expect(readFileSync(join(dir, 'f/c.calc'), 'utf8')).toBe('SUM(`revenue`)\n');
    expect(readFileSync(join(dir, 'f/b.calc'), 'utf8')).toBe(files['f/b.calc']);

    const first = run(dir, ['lint', 'f', '--cache', '-f', 'json'], { env });
    expect(first.status).toBe(2);
    // The bug is fixed (no hook): the file is linted, not served from the cache as a failure.
    const second = run(dir, ['lint', 'f', '--cache', '-f', 'json']);
    expect(second.status).toBe(1);
    expect(JSON.parse(second.stdout)[1].messages).toEqual([]);
  });

  it('standard input: the one fatal message, exit 2', () => {
    const dir = project({});
    const r = run(dir, ['lint', '-', '--stdin-filename', 'x.calc', '-f', 'json'], { env, input: `SUM(1) -- ${MARKER}\n` });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)[0].messages[0]).toMatchObject({ fatal: true, message: INTERNAL });
  });

  it('a real input: a 3,000-term flat chain is linted or is one fatal message, never a run without a report', () => {
    const chain = Array.from({ length: 3000 }, (_, i) => `a = '${i}'`).join(' OR ');
    const dir = project({ 'chain.calc': `${chain}\n`, 'ok.calc': 'SUM(`x`) / ABS()\n' });
    const r = run(dir, ['lint', '.', '-f', 'json']);
    expect([1, 2]).toContain(r.status);
    const out = JSON.parse(r.stdout);
    expect(out.map((f: { filePath: string }) => f.filePath)).toEqual(['chain.calc', 'ok.calc']);
    expect(out[1].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['argument-count']);
    const chainMessages = out[0].messages as Array<{ fatal?: boolean; message: string }>;
    if (chainMessages[0]?.fatal) expect(chainMessages[0].message).toMatch(/^internal error: RangeError: Maximum call stack size exceeded; /);
    else expect(chainMessages.length).toBeLessThanOrEqual(101);
  });
});

describe('calckit lint: at most 100 problems per file', () => {
  it('a megabyte of garbage: 100 problems and one note, in seconds, with a small report', () => {
    const dir = project({ 'garbage.calc': garbage(1_000_000), 'ok.calc': 'SUM(`x`) / ABS()\n' });
    const json = run(dir, ['lint', '.', '-f', 'json']);
    expect(json.status).toBe(1);
    const out = JSON.parse(json.stdout);
    const messages = out[0].messages as Array<{ ruleId: string | null; message: string; severity: number }>;
    expect(messages).toHaveLength(101);
    const total = out[0].errorCount + out[0].warningCount;
    expect(total).toBeGreaterThan(10_000);
    expect(messages[100]).toMatchObject({ ruleId: null, severity: 2 });
    expect(messages[100]!.message).toMatch(new RegExp(`^${(total - 100).toLocaleString('en-US')} more problems not shown \\(.*\\): at most 100 are shown per file; --max-problems-per-file sets the limit$`));
    expect(messages.every((m) => m.message.length < 1100)).toBe(true);
    expect(out[1].messages).toHaveLength(1);
    expect(json.stdout.length).toBeLessThan(2_000_000);

    const stylish = run(dir, ['lint', '.']);
    expect(stylish.status).toBe(1);
    expect(stylish.stdout.length).toBeLessThan(500_000);
    expect(stylish.stdout).toContain(`✖ ${(total + 1).toLocaleString('en-US').replace(/,/g, '')} problems`);
    // Was 228 s and 18 MB of output; now a few seconds (lint itself is most of it).
    expect(stylish.ms).toBeLessThan(30_000);
    expect(stylish.rssMb).toBeLessThan(600);
  });

  it('--max-problems-per-file sets the limit; 0 shows every problem; anything else is a usage error', () => {
    const text = Array.from({ length: 30 }, () => 'x / ABS()').join(' + ');
    const dir = project({ 'a.calc': `${text}\n` });
    const five = JSON.parse(run(dir, ['lint', 'a.calc', '-f', 'json', '--max-problems-per-file', '5']).stdout)[0];
    expect(five.messages).toHaveLength(6);
    const all = JSON.parse(run(dir, ['lint', 'a.calc', '-f', 'json', '--max-problems-per-file', '0']).stdout)[0];
    expect(all.messages).toHaveLength(all.errorCount + all.warningCount);
    expect(all.messages.length).toBeGreaterThan(30);
    expect(five.messages.slice(0, 5)).toEqual(all.messages.slice(0, 5));
    const hidden = all.messages.slice(5) as Array<{ severity: number }>;
    const errors = hidden.filter((m) => m.severity === 2).length;
    expect(five.messages[5]).toMatchObject({ ruleId: null, severity: 2, line: all.messages[5].line, column: all.messages[5].column });
    expect(five.messages[5].message).toBe(`${hidden.length} more problems not shown (${errors} errors, ${hidden.length - errors} warnings): at most 5 are shown per file; --max-problems-per-file sets the limit`);
    expect([five.errorCount, five.warningCount]).toEqual([all.errorCount, all.warningCount]);
    const bad = run(dir, ['lint', 'a.calc', '--max-problems-per-file', 'many']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("option '--max-problems-per-file <n>' argument 'many' is invalid. must be a whole number (0 for no limit)");
  });

  it('a megabyte binary file (NUL bytes) is one fatal message, at once', () => {
    const bytes = Buffer.alloc(1_000_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const dir = project({ 'image.calc': bytes });
    const r = run(dir, ['lint', '.', '-f', 'json']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages).toEqual([{ ruleId: null, fatal: true, severity: 2, message: 'a binary file, not formula text (NUL byte at byte offset 0, line 1)', line: 1, column: 1, endLine: 1, endColumn: 2 }]);
    expect(r.ms).toBeLessThan(15_000);
  });
});

describe('calckit lint: control characters', () => {
  // ESC sequences that would clear the screen, set the window title and colour the text; a BEL; a C1 CSI; CR.
  const HOSTILE = 'SUM(`a\u001b[2J\u001b]0;pwned\u0007b`) \u009b31m / 0 -- \rX\n';
  const NAME = LINUX ? 'f/e\u001b[31mvil\u0007.calc' : 'f/evil.calc';

  it('stylish shows them as escapes in file names, messages and code frames', () => {
    const dir = project({ [NAME]: HOSTILE, 'f/ok.calc': 'SUM(`x`)\n' });
    const r = run(dir, ['lint', 'f', '--no-color']);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    if (LINUX) expect(r.stdout).toContain('f/e\\x1b[31mvil\\x07.calc\n');
    // CR ends a line (for the lexer as for the frame): the frame shows two lines.
    expect(r.stdout).toContain('Unexpected character U+009B at 1:25');
    expect(r.stdout).toContain('> 1 | SUM(`a\\x1b[2J\\x1b]0;pwned\\x07b`) \\x9b31m / 0 -- \n');
    const colour = run(dir, ['lint', 'f', '--color']);
    expect(colour.stdout.replace(/\u001b\[\d+m/g, '')).not.toMatch(RAW_CONTROL);
    const github = run(dir, ['lint', 'f', '-f', 'github']);
    expect(github.stdout).not.toMatch(RAW_CONTROL);
  });

  it('junit is well-formed XML 1.0 (on stdout and in -o files); json parses; sarif validates', () => {
    const dir = project({ [NAME]: HOSTILE, 'f/ok.calc': 'SUM(`x`)\n' });
    const junit = run(dir, ['lint', 'f', '-f', 'junit']);
    expect(xmlErrors(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('\\x1b');
    run(dir, ['lint', 'f', '-f', 'junit', '-o', 'report.xml']);
    expect(xmlErrors(readFileSync(join(dir, 'report.xml'), 'utf8'))).toEqual([]);
    const json = JSON.parse(run(dir, ['lint', 'f', '-f', 'json']).stdout);
    expect(json[0].filePath).toBe(NAME);
    const sarif = expectValidSarif(run(dir, ['lint', 'f', '-f', 'sarif']).stdout);
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
  });
});

describe.runIf(LINUX)('calckit lint: files that are not regular files or are too large', () => {
  const schema = JSON.stringify([{ name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 }]);
  const projectFile = (schemaPath: string) =>
    JSON.stringify({ datasets: { d: { id: 'd1', schema: schemaPath } }, calculations: { 'f/a.calc': { id: 1, dataset: 'd' } } });
  const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

  it('a formula that is a link to /dev/zero or 50 MB: one fatal message each, the others linted, exit 2, at once; a FIFO is skipped', () => {
    const dir = project({ 'f/ok.calc': 'SUM(`x`) / ABS()\n' });
    symlinkSync('/dev/zero', join(dir, 'f/zero.calc'));
    mkfifo(join(dir, 'f/pipe.calc'));
    sparse(join(dir, 'f/huge.calc'), 50 * 1024 * 1024);
    const r = run(dir, ['lint', 'f', '-f', 'json'], { timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.rssMb).toBeLessThan(400);
    const out = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ message: string; fatal?: boolean }> }>;
    expect(Object.fromEntries(out.map((f) => [f.filePath, f.messages.map((m) => m.message)]))).toEqual({
      'f/huge.calc': ['cannot read the file: larger than 10 MB (52,428,800 bytes), the most calckit reads'],
      'f/ok.calc': ["'ABS' takes 1 argument but was given 0: ABS(NUMERIC) → NUMERIC"],
      'f/zero.calc': ['cannot read the file: not a regular file (a character device)'],
    });
    // Named on the command line, the FIFO is no file to lint (it is never opened, so nothing waits for a writer).
    const named = run(dir, ['lint', 'f/pipe.calc'], { timeout: 30_000 });
    expect(named.status).toBe(2);
    expect(named.stderr).toContain("no files matching 'f/pipe.calc' were found");
  });

  it.each([
    ['a FIFO', (path: string) => mkfifo(path), 'not a regular file (a named pipe (FIFO))'],
    ['a directory', (path: string) => mkdirSync(path), 'not a regular file (a directory)'],
    ['a 50 MB file', (path: string) => sparse(path, 50 * 1024 * 1024), 'larger than 10 MB (52,428,800 bytes), the most calckit reads'],
  ])('a schema file that is %s: exit 2 naming the file and the problem, at once, in little memory', (_, make, problem) => {
    const dir = project({ 'calckit.json': projectFile('schemas/d.json'), 'f/a.calc': 'SUM(`Sales`)\n' });
    mkdirSync(join(dir, 'schemas'));
    make(join(dir, 'schemas/d.json'));
    const r = run(dir, ['lint', 'f'], { timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${join(dir, 'schemas/d.json')}: cannot read the schema file: ${problem}\n`);
    expect(r.rssMb).toBeLessThan(400);
  });

  // A schema outside the project (named by path or reached through a link) is never read: the project boundary.
  it('a schema file that is a link to /dev/zero: refused as outside the project, at once, in little memory', () => {
    const dir = project({ 'calckit.json': projectFile('schemas/d.json'), 'f/a.calc': 'SUM(`Sales`)\n' });
    mkdirSync(join(dir, 'schemas'));
    symlinkSync('/dev/zero', join(dir, 'schemas/d.json'));
    const r = run(dir, ['lint', 'f'], { timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `${join(dir, 'schemas/d.json')}: cannot read the schema file: it leads outside the project, to /dev/zero (through a symbolic link); ` +
        `calckit reads and writes only files inside the project folder ${dir}\n`,
    );
    expect(r.rssMb).toBeLessThan(400);
  });

  it('a schema file pointing at /proc/self/environ: refused as outside the project, no variable echoed', () => {
    const dir = project({ 'calckit.json': projectFile('/proc/self/environ'), 'f/a.calc': 'SUM(`Sales`)\n' });
    const r = run(dir, ['lint', 'f'], { env: { CALCKIT_SECRET_FOR_TEST: 'do-not-print-me' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^\/proc\/self\/environ: cannot read the schema file: it is outside the project \(\/proc\/\d+\/environ\); /);
    expect(r.stderr + r.stdout).not.toContain('do-not-print-me');
  });

  it('a project file that is a FIFO or a directory, or holds broken JSON: the file and the problem, never its text', () => {
    const fifo = project({ 'f/a.calc': 'SUM(1)\n' });
    mkfifo(join(fifo, 'calckit.json'));
    const r = run(fifo, ['lint', 'f'], { timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${join(fifo, 'calckit.json')}: cannot read the project file: not a regular file (a named pipe (FIFO))\n`);

    const folder = project({ 'f/a.calc': 'SUM(1)\n' });
    mkdirSync(join(folder, 'calckit.json'));
    expect(run(folder, ['lint', 'f']).stderr).toBe(`${join(folder, 'calckit.json')}: cannot read the project file: not a regular file (a directory)\n`);

    const broken = project({ 'calckit.json': '{\n  "token": "s3cr3t" "x"\n}', 'f/a.calc': 'SUM(1)\n' });
    const b = run(broken, ['lint', 'f']);
    expect(b.status).toBe(2);
    expect(b.stderr).toBe(`${join(broken, 'calckit.json')}: not valid JSON at line 2, column 21: expected ',' or '}'\n`);
  });

  it('a schema file of ordinary size is still read (the limit is not in the way)', () => {
    const dir = project({ 'calckit.json': projectFile('schemas/d.json'), 'schemas/d.json': schema, 'f/a.calc': 'SUM(`Sales`) + SUM(`Nope`)\n' });
    const r = run(dir, ['lint', 'f', '-f', 'json']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['unknown-column']);
  });
});
