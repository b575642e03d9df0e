import fs, { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeFormulaText,
  FileAccessError,
  FileEncodingError,
  findEncodingProblem,
  readFormulaFile,
  writeFormulaFile,
  writeFormulaFileSync,
  writeTextFileAtomic,
  writeTextFileAtomicSync,
} from './files.js';

const bytes = (...parts: Array<string | number[]>): Uint8Array => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('findEncodingProblem', () => {
  it('accepts UTF-8 text, with or without a byte-order mark', () => {
    expect(findEncodingProblem(bytes(''))).toBeUndefined();
    expect(findEncodingProblem(bytes('SUM(`Café`) / 2 -- ✓ 𝄞\n'))).toBeUndefined();
    expect(findEncodingProblem(bytes([0xef, 0xbb, 0xbf], 'SUM(1)'))).toBeUndefined();
  });

  it('finds a Latin-1 byte with its offset, line and column', () => {
    expect(findEncodingProblem(bytes('SUM(1)\n`caf', [0xe9], '`'))).toEqual({ kind: 'invalid-utf8', byteOffset: 11, byte: 0xe9, line: 2, column: 5 });
    // columns count UTF-16 code units of the text before, as the linter does
    expect(findEncodingProblem(bytes('é𝄞', [0x80]))).toMatchObject({ byteOffset: 6, line: 1, column: 4 });
  });

  it('rejects what UTF-8 forbids: overlong forms, surrogates, code points above U+10FFFF, truncated sequences', () => {
    for (const [input, offset] of [
      [bytes('a', [0xc0, 0x80]), 1],
      [bytes('ab', [0xe0, 0x80, 0x80]), 2],
      [bytes([0xed, 0xa0, 0x80]), 0],
      [bytes('x', [0xf4, 0x90, 0x80, 0x80]), 1],
      [bytes('xy', [0xe2, 0x82]), 2],
      [bytes([0xf5, 0x80, 0x80, 0x80]), 0],
      [bytes('€', [0xbf]), 3],
    ] as const) {
      expect(findEncodingProblem(input)).toMatchObject({ kind: 'invalid-utf8', byteOffset: offset });
    }
  });

  it('names UTF-16 (by its byte-order mark) and binary files (by a NUL byte)', () => {
    expect(findEncodingProblem(bytes([0xff, 0xfe], Buffer.from('SUM(1)', 'utf16le') as unknown as number[]))).toMatchObject({ kind: 'utf16', byteOffset: 0 });
    expect(findEncodingProblem(bytes([0xfe, 0xff, 0x00, 0x53]))).toMatchObject({ kind: 'utf16', byte: 0xfe });
    expect(findEncodingProblem(bytes('SUM(1)\nx', [0]))).toEqual({ kind: 'binary', byteOffset: 8, byte: 0, line: 2, column: 2 });
    // an image: invalid bytes and NULs; "binary" is the useful word
    expect(findEncodingProblem(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 0x0d]))).toMatchObject({ kind: 'binary', byteOffset: 8 });
  });

  it('agrees with a strict UTF-8 decoder on any bytes, and the text before the offset is valid', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (input) => {
        const problem = findEncodingProblem(input);
        let valid = true;
        try {
          strict.decode(input);
        } catch {
          valid = false;
        }
        const utf16 = input.length >= 2 && ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff));
        if (valid && !input.includes(0) && !utf16) return problem === undefined;
        if (!problem) return false;
        if (problem.kind === 'invalid-utf8') {
          strict.decode(input.subarray(0, problem.byteOffset)); // throws when the offset is not the first bad byte
          return input[problem.byteOffset] === problem.byte;
        }
        return problem.kind === 'binary' ? input[problem.byteOffset] === 0 : utf16;
      }),
      { numRuns: 3000 },
    );
  });
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calckit-files-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe('readFormulaFile', () => {
  it('returns the text, a byte-order mark kept as U+FEFF (as readFileSync(…, "utf8") does)', () => {
    writeFileSync(join(dir, 'a.calc'), bytes([0xef, 0xbb, 0xbf], 'SUM(`é`)\r\n'));
    expect(readFormulaFile(join(dir, 'a.calc'))).toBe('\uFEFFSUM(`é`)\r\n');
    expect(decodeFormulaText(bytes('x'), 'x.calc')).toBe('x');
  });

  it('refuses a Latin-1 file with one line naming the file, the byte and its offset', () => {
    writeFileSync(join(dir, 'latin.calc'), bytes('SUM(`caf', [0xe9], '`)\n'));
    let error: unknown;
    try {
      readFormulaFile(join(dir, 'latin.calc'), { displayPath: 'formulas/latin.calc' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FileEncodingError);
    expect(error).toMatchObject({ path: 'formulas/latin.calc', kind: 'invalid-utf8', byteOffset: 8, byte: 0xe9, line: 1, column: 9 });
    expect((error as Error).message).toBe('formulas/latin.calc: not UTF-8 text (invalid byte 0xE9 at byte offset 8, line 1, column 9); save it as UTF-8');
  });

  it('refuses UTF-16 and binary files', () => {
    writeFileSync(join(dir, 'w.calc'), bytes([0xff, 0xfe, 0x53, 0]));
    writeFileSync(join(dir, 'b.calc'), bytes('GIF89a', [0, 1]));
    expect(() => readFormulaFile(join(dir, 'w.calc'), { displayPath: 'w.calc' })).toThrow('w.calc: UTF-16 text (byte-order mark 0xFF 0xFE), not UTF-8; save it as UTF-8');
    expect(() => readFormulaFile(join(dir, 'b.calc'), { displayPath: 'b.calc' })).toThrow('b.calc: a binary file, not formula text (NUL byte at byte offset 6, line 1)');
  });

  it('says why a file cannot be read, in one line', () => {
    expect(() => readFormulaFile(join(dir, 'none.calc'), { displayPath: 'none.calc' })).toThrow(new FileAccessError('none.calc', 'read', 'ENOENT', 'no such file (ENOENT)'));
    expect(() => readFormulaFile(dir, { displayPath: 'd' })).toThrow('cannot read d: not a regular file (a directory)');
    symlinkSync(join(dir, 'gone.calc'), join(dir, 'dangling.calc'));
    expect(() => readFormulaFile(join(dir, 'dangling.calc'), { displayPath: 'dangling.calc' })).toThrow('cannot read dangling.calc: a symbolic link to a missing file (ENOENT)');
  });
});

/** Files in `dir` other than the ones named: temporary files left behind. */
const leftovers = (...expected: string[]): string[] => readdirSync(dir).filter((f) => !expected.includes(f));

describe.each([
  ['writeTextFileAtomicSync', (p: string, t: string, o?: { displayPath?: string; mode?: number }) => writeTextFileAtomicSync(p, t, o)],
  ['writeTextFileAtomic', (p: string, t: string, o?: { displayPath?: string; mode?: number }) => writeTextFileAtomic(p, t, o)],
] as const)('%s', (_name, write) => {
  it('creates a file, and replaces one keeping its mode', async () => {
    const file = join(dir, 'a.calc');
    await write(file, 'SUM(1)\n', { mode: 0o640 });
    expect(readFileSync(file, 'utf8')).toBe('SUM(1)\n');
    expect(statSync(file).mode & 0o777).toBe(0o640 & ~process.umask());
    chmodSync(file, 0o600);
    await write(file, '\uFEFFSUM(`é`)\n');
    expect(readFileSync(file)).toEqual(Buffer.from('\uFEFFSUM(`é`)\n', 'utf8'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(leftovers('a.calc')).toEqual([]);
  });

  it('writes through a symbolic link: the target gets the text, the link stays a link', async () => {
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'f.calc'), 'sum(1)');
    chmodSync(join(dir, 'real', 'f.calc'), 0o600);
    symlinkSync(join('real', 'f.calc'), join(dir, 'link.calc'));
    await write(join(dir, 'link.calc'), 'SUM(1)');
    expect(lstatSync(join(dir, 'link.calc')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.calc'))).toBe(join('real', 'f.calc'));
    expect(readFileSync(join(dir, 'real', 'f.calc'), 'utf8')).toBe('SUM(1)');
    expect(statSync(join(dir, 'real', 'f.calc')).mode & 0o777).toBe(0o600);
    expect(leftovers('real', 'link.calc')).toEqual([]);
    expect(readdirSync(join(dir, 'real'))).toEqual(['f.calc']);
  });

  it('refuses a symbolic link to a missing file and a read-only file, writing nothing', async () => {
    symlinkSync(join(dir, 'gone.calc'), join(dir, 'dangling.calc'));
    await expect(async () => write(join(dir, 'dangling.calc'), 'x', { displayPath: 'dangling.calc' })).rejects.toThrow('cannot write dangling.calc: a symbolic link to a missing file (ENOENT)');
    expect(lstatSync(join(dir, 'dangling.calc')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'gone.calc'))).toBe(false);
    if (process.getuid?.() !== 0) {
      writeFileSync(join(dir, 'ro.calc'), 'sum(1)');
      chmodSync(join(dir, 'ro.calc'), 0o444);
      await expect(async () => write(join(dir, 'ro.calc'), 'x', { displayPath: 'ro.calc' })).rejects.toThrow('cannot write ro.calc: the file is read-only (EACCES)');
      expect(readFileSync(join(dir, 'ro.calc'), 'utf8')).toBe('sum(1)');
    }
  });

  it('turns a full disk into one line and removes its temporary file', async () => {
    const file = join(dir, 'a.calc');
    writeFileSync(file, 'old');
    const full = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    };
    vi.spyOn(fs, 'writeSync').mockImplementation(full);
    vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => (args.at(-1) as (e: Error) => void)(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))) as never);
    let error: unknown;
    try {
      await write(file, 'new', { displayPath: 'a.calc' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FileAccessError);
    expect((error as Error).message).toBe('cannot write a.calc: no space left on device (ENOSPC)');
    expect(error).toMatchObject({ code: 'ENOSPC', operation: 'write' });
    vi.restoreAllMocks();
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(leftovers('a.calc')).toEqual([]);
  });
});

describe('writeFormulaFile', () => {
  it('refuses a text with a lone surrogate or a NUL, which would not read back as itself', async () => {
    const file = join(dir, 'a.calc');
    expect(() => writeFormulaFileSync(file, 'SUM(1)\n`a\uD800`', { displayPath: 'a.calc' })).toThrow('a.calc: not written: the text holds a lone surrogate (U+D800) at line 2, column 3, which UTF-8 cannot encode');
    await expect(writeFormulaFile(file, 'x\u0000')).rejects.toBeInstanceOf(FileEncodingError);
    expect(existsSync(file)).toBe(false);
    await writeFormulaFile(file, 'SUM(`𝄞`)');
    expect(readFormulaFile(file)).toBe('SUM(`𝄞`)');
  });
});
