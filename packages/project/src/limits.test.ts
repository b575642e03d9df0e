// Files a project names (calckit.json, dataset schemas, the push state, formula files) are regular files of at most
// 10 MB, checked on the open descriptor and read with a bound; errors name the file and the problem, never its text.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectError } from './errors.js';
import { FileAccessError, MAX_FILE_BYTES, readFormulaFile, readRegularFileSync } from './files.js';
import { describeJsonError, findJsonSyntaxError } from './json-text.js';
import { loadProject } from './load.js';
import { ProjectIndex } from './project-index.js';
import { readDatasetSchemaFile } from './lookup.js';
import { readState } from './state.js';

const LINUX = process.platform === 'linux';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-limits-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sparse file of `size` bytes (nothing is written: its size alone must be enough to refuse it). */
function sparse(path: string, size: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
}
const mkfifo = (path: string) => execFileSync('mkfifo', [path]);
const heapAfter = <T>(f: () => T): number => {
  try {
    f();
  } catch {
    // expected
  }
  return process.memoryUsage().rss;
};

describe('readRegularFileSync', () => {
  it('reads a regular file whole, through a symbolic link too', () => {
    writeFileSync(join(dir, 'a.json'), '[1]');
    symlinkSync(join(dir, 'a.json'), join(dir, 'link.json'));
    expect(readRegularFileSync(join(dir, 'link.json')).toString()).toBe('[1]');
    writeFileSync(join(dir, 'limit.json'), Buffer.alloc(1000, 0x20));
    expect(readRegularFileSync(join(dir, 'limit.json'), { maxBytes: 1000 }).length).toBe(1000);
  });

  it.runIf(LINUX)('refuses a symbolic link to /dev/zero, a FIFO, a directory and a socket: "not a regular file", nothing read', async () => {
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    mkfifo(join(dir, 'fifo.json'));
    mkdirSync(join(dir, 'folder.json'));
    const server: Server = createServer();
    await new Promise<void>((done) => server.listen(join(dir, 'socket.json'), done));
    try {
      const before = process.memoryUsage().rss;
      expect(() => readRegularFileSync(join(dir, 'zero.json'), { displayPath: 'zero.json' })).toThrow(new FileAccessError('zero.json', 'read', undefined, 'not a regular file (a character device)'));
      expect(heapAfter(() => readRegularFileSync(join(dir, 'zero.json'))) - before).toBeLessThan(50 * 1024 * 1024);
      // A FIFO with no writer: opened without blocking, refused at once.
      expect(() => readRegularFileSync(join(dir, 'fifo.json'), { displayPath: 'fifo.json' })).toThrow('cannot read fifo.json: not a regular file (a named pipe (FIFO))');
      expect(() => readRegularFileSync(join(dir, 'folder.json'), { displayPath: 'folder.json' })).toThrow('cannot read folder.json: not a regular file (a directory)');
      expect(() => readRegularFileSync(join(dir, 'socket.json'), { displayPath: 'socket.json' })).toThrow('cannot read socket.json: not a regular file (a socket)');
    } finally {
      server.close();
    }
  });

  it('refuses a file larger than the limit from its size, without reading it (a 50 MB sparse file)', () => {
    sparse(join(dir, 'big.json'), 50 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    expect(() => readRegularFileSync(join(dir, 'big.json'), { displayPath: 'big.json' })).toThrow('cannot read big.json: larger than 10 MB (52,428,800 bytes), the most calckit reads');
    expect(process.memoryUsage().rss - before).toBeLessThan(20 * 1024 * 1024);
    writeFileSync(join(dir, 'one-over.json'), Buffer.alloc(1001, 0x20));
    expect(() => readRegularFileSync(join(dir, 'one-over.json'), { maxBytes: 1000 })).toThrow(/larger than 1,000 bytes \(1,001 bytes\)/);
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  it.runIf(LINUX)('reads no more than the limit of a file whose size says 0 (/proc)', () => {
    // /proc/self/maps is a regular file of size 0 with far more than 10 bytes in it.
    expect(() => readRegularFileSync('/proc/self/maps', { maxBytes: 10, displayPath: 'maps' })).toThrow('cannot read maps: larger than 10 bytes, the most calckit reads');
    expect(readRegularFileSync('/proc/self/maps').length).toBeGreaterThan(10);
  });

  it('formula files get the same checks', () => {
    sparse(join(dir, 'big.calc'), 11 * 1024 * 1024);
    expect(() => readFormulaFile(join(dir, 'big.calc'), { displayPath: 'big.calc' })).toThrow(/^cannot read big\.calc: larger than 10 MB/);
    if (LINUX) {
      symlinkSync('/dev/zero', join(dir, 'zero.calc'));
      expect(() => readFormulaFile(join(dir, 'zero.calc'), { displayPath: 'zero.calc' })).toThrow('cannot read zero.calc: not a regular file (a character device)');
    }
  });
});

describe('JSON errors by position, never quoting the text', () => {
  it.each([
    ['', 1, 1, 'unexpected end of the file (expected a value)'],
    ['{"a": x}', 1, 7, 'expected a value'],
    ['{"a": 1', 1, 8, "unexpected end of the file (expected ',' or a closing bracket)"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}'"],
    ['[1, 2,]', 1, 7, 'expected a value'],
    ['{"a":"b\nc"}', 1, 8, 'a control character in a string (write it as an escape such as \\n)'],
    ['"\\q"', 1, 2, 'an invalid escape in a string'],
    ['"\\u12G4"', 1, 2, 'an invalid \\u escape (four hexadecimal digits are expected)'],
    ['{"a":1} x', 1, 9, 'unexpected text after the JSON value'],
    ['{a: 1}', 1, 2, "expected a property name in double quotes or '}'"],
    ['{"a" 1}', 1, 6, "expected ':' after a property name"],
    ['[01]', 1, 3, "expected ',' or ']'"],
    ['[1.]', 1, 4, 'a digit expected after the decimal point'],
    ['[1e+]', 1, 5, 'a digit expected in the exponent'],
    ['[-]', 1, 3, 'a digit expected in a number'],
    ['"abc', 1, 5, 'unexpected end of the file in a string (a closing " is missing)'],
    ['USER=alice\u0000HOME=/home/alice\u0000', 1, 1, 'expected a value'],
  ])('%j', (text, line, column, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, problem });
    expect(describeJsonError(text)).toBe(`not valid JSON at line ${line}, column ${column}: ${problem}`);
  });

  it('accepts exactly what JSON.parse accepts (property)', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((s) => s.slice(0, Math.max(0, s.length - 1))),
      fc.tuple(fc.json(), fc.nat(), fc.constantFrom(',', ']', '}', '"', ':', '\\', '\n', 'x', '0', '-', '.', 'e', '\u0001')).map(([s, at, c]) => {
        const i = at % (s.length + 1);
        return s.slice(0, i) + c + s.slice(i);
      }),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(findJsonSyntaxError(text) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('handles deep nesting without recursion', () => {
    const deep = '['.repeat(1_000_000);
    expect(findJsonSyntaxError(deep)).toMatchObject({ line: 1, column: 1_000_001 });
    expect(findJsonSyntaxError(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBeUndefined();
  });
});

describe('project, schema and state files', () => {
  const SECRET = 'API_TOKEN=s3cr3t-value';

  it('a schema file that is not JSON: the position, never its text', () => {
    writeFileSync(join(dir, 'env.json'), `${SECRET}\u0000PATH=/usr/bin\u0000`);
    const error = (() => {
      try {
        readDatasetSchemaFile(join(dir, 'env.json'));
      } catch (e) {
        return e as ProjectError;
      }
      throw new Error('no error');
    })();
    expect(error).toBeInstanceOf(ProjectError);
    expect(error.message).toBe(`${join(dir, 'env.json')}: not valid JSON at line 1, column 1: expected a value`);
    expect(error.message).not.toContain('s3cr3t');
    expect(error.message).not.toContain('API_TOKEN');
  });

  it.runIf(LINUX)('a schema file pointing at /proc/self/environ: a JSON error by position, no variable echoed', () => {
    process.env['CALCKIT_LIMITS_TEST'] = 'do-not-echo-me';
    symlinkSync('/proc/self/environ', join(dir, 'schema.json'));
    expect(() => readDatasetSchemaFile(join(dir, 'schema.json'))).toThrow(/: not valid JSON at line 1, column 1: expected a value$/);
    try {
      readDatasetSchemaFile(join(dir, 'schema.json'));
    } catch (e) {
      expect(String(e)).not.toContain('do-not-echo-me');
      expect(String(e)).not.toContain('PATH=');
    }
  });

  it.runIf(LINUX)('a schema, project or state file that is a link to /dev/zero, a FIFO, a directory or 50 MB: the file and the problem', () => {
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    mkfifo(join(dir, 'fifo.json'));
    mkdirSync(join(dir, 'folder.json'));
    sparse(join(dir, 'big.json'), 50 * 1024 * 1024);
    const cases: Array<[string, string]> = [
      ['zero.json', 'not a regular file (a character device)'],
      ['fifo.json', 'not a regular file (a named pipe (FIFO))'],
      ['folder.json', 'not a regular file (a directory)'],
      ['big.json', 'larger than 10 MB (52,428,800 bytes), the most calckit reads'],
    ];
    for (const [name, problem] of cases) {
      const file = join(dir, name);
      expect(() => readDatasetSchemaFile(file)).toThrow(`${file}: cannot read the schema file: ${problem}`);
      // A project file linked out of its folder is refused before it is opened (inside.ts), whatever it leads to.
      const projectProblem = name === 'zero.json' ? `it leads outside the project, to /dev/zero (through a symbolic link)` : problem;
      expect(() => loadProject(file)).toThrow(`${file}: cannot read the project file: ${projectProblem}`);
      expect(() => readState(file)).toThrow(`${file}: cannot read the state file: ${problem}`);
    }
  });

  it('a missing state file is still an empty state', () => {
    expect(readState(join(dir, 'none.json'))).toEqual({ version: 2, services: {} });
  });

  it('a calckit.json that is not a regular file is found, then refused (no silent fall-back to a parent project)', () => {
    writeFileSync(join(dir, 'calckit.json'), '{}');
    mkdirSync(join(dir, 'sub', 'calckit.json'), { recursive: true });
    const found = new ProjectIndex().projectFileFor(join(dir, 'sub', 'a.calc'));
    expect(found).toBe(join(dir, 'sub', 'calckit.json'));
    expect(() => loadProject(found!)).toThrow('cannot read the project file: not a regular file (a directory)');
  });

  it('a project file with invalid JSON: the position only', () => {
    writeFileSync(join(dir, 'calckit.json'), `{\n  "datasets": {}\n  "secret": "${SECRET}"\n}`);
    expect(() => loadProject(join(dir, 'calckit.json'))).toThrow(`${join(dir, 'calckit.json')}: not valid JSON at line 3, column 3: expected ',' or '}'`);
  });

  it('a schema file with many wrong entries: the first 20 problems, then a count; long names cut', () => {
    const messageOf = (columns: unknown[]): string => {
      writeFileSync(join(dir, 's.json'), JSON.stringify(columns));
      try {
        readDatasetSchemaFile(join(dir, 's.json'));
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    const wrong = messageOf(Array.from({ length: 1000 }, (_, i) => ({ name: `c${i}`, id: `i${i}`, type: 'TEXT', visible: true, order: i })));
    expect(wrong).toContain('; and 980 more problems');
    expect(wrong.length).toBeLessThan(5000);
    const long = 'n'.repeat(10_000);
    const duplicate = messageOf([0, 1].map((i) => ({ name: long, id: `i${i}`, type: 'STRING', visible: true, order: i })));
    expect(duplicate).toBe(`${join(dir, 's.json')}: [1].name: duplicate column name "${'n'.repeat(80)}…"`);
  });
});
