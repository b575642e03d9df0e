// Formula files on disk: the one place that says what a formula file is (UTF-8 text, a byte-order mark allowed, no
// NUL byte) and how one is replaced (write-file-atomic: a temporary file beside the target, fsynced, given the
// target's mode and owner, renamed over it; a symbolic link is written through to its target and stays a link) and
// where a file reached through a project may be (`projectRoot`: inside the project once links are followed, inside.ts).
// Every failure is a typed error whose message is one line naming the file and the cause, for a command to print.
import { accessSync, closeSync, constants, fstatSync, fsyncSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { FileAccessError, accessError, reasonOf } from './access-error.js';
import { checkRealPathInside, resolveInsideProject } from './inside.js';

export { FileAccessError };

/** What is wrong with a file's bytes (or, for `lone-surrogate`, with a text to be written). */
export type EncodingProblemKind = 'invalid-utf8' | 'utf16' | 'binary' | 'lone-surrogate';

export interface EncodingProblem {
  readonly kind: EncodingProblemKind;
  /** 0-based offset, in bytes of the file (as UTF-8 for `lone-surrogate`), of the first byte at fault. */
  readonly byteOffset: number;
  /** The byte at `byteOffset` (for `lone-surrogate`, the UTF-16 code unit). */
  readonly byte: number;
  /** 1-based line of that byte. */
  readonly line: number;
  /** 1-based column of that byte, in UTF-16 code units of the text before it (as the linter counts columns). */
  readonly column: number;
}

const hex = (n: number, digits = 2): string => `0x${n.toString(16).toUpperCase().padStart(digits, '0')}`;

function describe(p: EncodingProblem): string {
  switch (p.kind) {
    case 'utf16':
      return `UTF-16 text (byte-order mark ${hex(p.byte)} ${hex(p.byte === 0xff ? 0xfe : 0xff)}), not UTF-8; save it as UTF-8`;
    case 'binary':
      return `a binary file, not formula text (NUL byte at byte offset ${p.byteOffset}, line ${p.line})`;
    case 'lone-surrogate':
      return `not written: the text holds a lone surrogate (${hex(p.byte, 4).replace('0x', 'U+')}) at line ${p.line}, column ${p.column}, which UTF-8 cannot encode`;
    default:
      return `not UTF-8 text (invalid byte ${hex(p.byte)} at byte offset ${p.byteOffset}, line ${p.line}, column ${p.column}); save it as UTF-8`;
  }
}

/** A formula file whose bytes are not UTF-8 text (or a text that cannot be written as UTF-8). Nothing was written. */
export class FileEncodingError extends Error {
  override readonly name = 'FileEncodingError';
  readonly kind: EncodingProblemKind;
  readonly byteOffset: number;
  readonly byte: number;
  readonly line: number;
  readonly column: number;
  /** The message without the path, for reports that name the file already. */
  readonly detail: string;
  constructor(
    /** The file as named in the message (the display path when one was given). */
    readonly path: string,
    readonly problem: EncodingProblem,
  ) {
    const detail = describe(problem);
    super(`${path}: ${detail}`);
    this.detail = detail;
    this.kind = problem.kind;
    this.byteOffset = problem.byteOffset;
    this.byte = problem.byte;
    this.line = problem.line;
    this.column = problem.column;
  }
}

/** Line and column (1-based; columns in UTF-16 code units, an invalid byte counting as one) of byte `offset`. */
function position(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(lineStart, offset));
  return { line, column: before.length + 1 };
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode, table 3-7), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => k < n && bytes[k]! >= lo && bytes[k]! <= hi;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) i += 1;
    else if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) i += 2;
    else if (b === 0xe0 && cont(i + 1, 0xa0) && cont(i + 2)) i += 3;
    else if (((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) && cont(i + 1) && cont(i + 2)) i += 3;
    else if (b === 0xed && cont(i + 1, 0x80, 0x9f) && cont(i + 2)) i += 3;
    else if (b === 0xf0 && cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3)) i += 4;
    else if (b >= 0xf1 && b <= 0xf3 && cont(i + 1) && cont(i + 2) && cont(i + 3)) i += 4;
    else if (b === 0xf4 && cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3)) i += 4;
    else return i;
  }
  return -1;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The first reason these bytes are not formula text, or undefined when they are: a UTF-16 byte-order mark, a NUL
 * byte (a binary file: formula text never holds one), or a byte sequence that is not UTF-8.
 */
export function findEncodingProblem(bytes: Uint8Array): EncodingProblem | undefined {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { kind: 'utf16', byteOffset: 0, byte: bytes[0]!, line: 1, column: 1 };
  }
  const nul = bytes.indexOf(0);
  let invalid = -1;
  try {
    strictDecoder.decode(bytes);
  } catch {
    invalid = firstInvalidUtf8(bytes);
  }
  // A NUL byte says "binary" even after an invalid byte: that is the more useful message for an image or an archive.
  if (nul >= 0) return { kind: 'binary', byteOffset: nul, byte: 0, ...position(bytes, nul) };
  if (invalid >= 0) return { kind: 'invalid-utf8', byteOffset: invalid, byte: bytes[invalid]!, ...position(bytes, invalid) };
  return undefined;
}

/**
 * The text of a formula file's bytes, exactly as stored: a byte-order mark stays in the text (as U+FEFF), like
 * `readFileSync(path, 'utf8')` gives it. Throws FileEncodingError (naming `path`) for bytes that are not formula text.
 */
export function decodeFormulaText(bytes: Uint8Array, path: string): string {
  const problem = findEncodingProblem(bytes);
  if (problem) throw new FileEncodingError(path, problem);
  return strictDecoder.decode(bytes);
}

export interface FileOptions {
  /** The name to use in error messages (a path relative to the working directory); default: the path as given. */
  readonly displayPath?: string;
  /**
   * The folder of the project through which the file was reached (a mapped formula, a schema, a test file, the
   * state): the file's real place, symbolic links followed, must be inside it, or an OutsideProjectError (a
   * FileAccessError) is thrown and nothing is read or written. Checked right before the access and on what was opened.
   */
  readonly projectRoot?: string;
}

/**
 * The most a file that calckit reads from a project may hold: a formula file, the project file, a dataset schema file,
 * the push state. Real ones are a few kilobytes; the limit keeps a mistake (a log file, a disk image, a symbolic link
 * to a device) from filling the memory.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** `10 MB` for the limit in messages. */
const formatLimit = (bytes: number): string => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes.toLocaleString('en-US')} bytes`);

export interface ReadLimitOptions extends FileOptions {
  /** The most bytes the file may hold (default MAX_FILE_BYTES). */
  readonly maxBytes?: number;
}

/** What a file that is not a regular file is, for messages. */
function kindOfFile(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

/** Opened without blocking (a FIFO with no writer would wait forever) and without taking a terminal as ours. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads a whole regular file of at most `maxBytes` (default 10 MB). The file is opened once and checked with fstat on
 * that descriptor (no stat-then-read race): a directory, a named pipe, a device (a symbolic link to /dev/zero) or a
 * socket is refused as `not a regular file (…)`, a larger file as `larger than 10 MB`, before its contents are read; and
 * no more than `maxBytes + 1` bytes are ever read (a file that grows, or a /proc file that says it is empty). Throws
 * FileAccessError (one line naming the file and the problem, never its contents).
 */
export function readRegularFileSync(path: string, options: ReadLimitOptions = {}): Buffer {
  const name = options.displayPath ?? path;
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const tooLarge = (size?: number) =>
    new FileAccessError(name, 'read', 'EFBIG', `larger than ${formatLimit(maxBytes)}${size !== undefined ? ` (${size.toLocaleString('en-US')} bytes)` : ''}, the most calckit reads`);
  if (options.projectRoot !== undefined) resolveInsideProject(options.projectRoot, path, { operation: 'read', displayPath: name });
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A symbolic link whose target is missing: say so, "no such file" alone is puzzling next to a listed file.
    if (code === 'ENOENT' && isSymlink(path)) {
      throw new FileAccessError(name, 'read', 'ENOENT', 'a symbolic link to a missing file (ENOENT)', { cause: error });
    }
    // open(2) refuses a socket with ENXIO.
    if (code === 'ENXIO') {
      let kind = 'a socket or a device';
      try {
        kind = kindOfFile(statSync(path));
      } catch {
        // gone meanwhile
      }
      throw new FileAccessError(name, 'read', code, `not a regular file (${kind})`, { cause: error });
    }
    throw accessError(name, 'read', error);
  }
  try {
    // A link made between the check above and open(2) is caught here: where the descriptor really leads.
    if (options.projectRoot !== undefined) checkOpenedInside(options.projectRoot, fd, name);
    let stats: Stats;
    try {
      stats = fstatSync(fd);
    } catch (error) {
      throw accessError(name, 'read', error);
    }
    if (!stats.isFile()) throw new FileAccessError(name, 'read', undefined, `not a regular file (${kindOfFile(stats)})`);
    if (stats.size > maxBytes) throw tooLarge(stats.size);
    // The size is a hint (a /proc file says 0, a file may grow): read until the end, never past the limit.
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(stats.size + 1, 64 * 1024)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLarge();
        const bigger = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      let n: number;
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (error) {
        throw accessError(name, 'read', error);
      }
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) throw tooLarge();
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * Throws OutsideProjectError when the open descriptor `fd` is a file outside the project: where Linux's /proc says it
 * leads (elsewhere the check made before opening stands alone).
 */
function checkOpenedInside(projectRoot: string, fd: number, name: string): void {
  let real: string;
  try {
    real = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return;
  }
  if (real.startsWith('/')) checkRealPathInside(projectRoot, real, name, 'read');
}

/** The UTF-8 text of a project, schema or state file read with readRegularFileSync (a byte-order mark removed). */
export function readSettingsFileText(path: string, options: ReadLimitOptions = {}): string {
  return new TextDecoder('utf-8').decode(readRegularFileSync(path, options)).replace(/^\uFEFF/, '');
}

/**
 * Reads a formula file: its text (a byte-order mark kept as U+FEFF). Throws FileAccessError when it cannot be read
 * (also when it is not a regular file or is larger than 10 MB: see readRegularFileSync) and FileEncodingError when it
 * is not UTF-8 text (invalid UTF-8, UTF-16, NUL bytes); both messages are one line.
 */
export function readFormulaFile(path: string, options: ReadLimitOptions = {}): string {
  const name = options.displayPath ?? path;
  return decodeFormulaText(readRegularFileSync(path, options), name);
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A lone surrogate (which UTF-8 cannot encode: it would be written as U+FFFD) in `text`, as a problem. */
function loneSurrogate(text: string): EncodingProblem | undefined {
  // With the u flag, a surrogate pair is one code point: only lone surrogates match.
  const match = /[\uD800-\uDFFF]/u.exec(text);
  if (!match) return undefined;
  const before = text.slice(0, match.index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    kind: 'lone-surrogate',
    byteOffset: Buffer.byteLength(before, 'utf8'),
    byte: text.charCodeAt(match.index),
    line: before.split('\n').length,
    column: match.index - lineStart + 1,
  };
}

export interface WriteOptions extends FileOptions {
  /** Mode of a file that does not exist yet (default 0o666 less the umask); an existing file keeps its own. */
  readonly mode?: number;
}

/**
 * Checks made before writing: a symbolic link must lead to a file (write-file-atomic would otherwise replace the link
 * itself), and an existing file must be writable by us (a read-only file is not replaced behind its owner's back).
 * With a project folder, the file's real place must be inside it (resolveInsideProject).
 * Returns the path write-file-atomic should write and whether the file exists.
 */
function prepareWrite(path: string, name: string, projectRoot: string | undefined): { target: string; exists: boolean } {
  if (projectRoot !== undefined) resolveInsideProject(projectRoot, path, { operation: 'write', displayPath: name });
  let target = path;
  let info;
  try {
    info = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { target, exists: false };
    throw accessError(name, 'write', error);
  }
  if (info.isSymbolicLink()) {
    try {
      target = realpathSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new FileAccessError(name, 'write', code, 'a symbolic link to a missing file (ENOENT)', { cause: error });
      throw accessError(name, 'write', error);
    }
  }
  try {
    accessSync(target, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new FileAccessError(name, 'write', code, `the file is read-only (${code})`, { cause: error });
    if (code !== 'ENOENT') throw accessError(name, 'write', error);
  }
  return { target, exists: true };
}

/**
 * write-file-atomic's options for one write. With a project folder, the temporary file, once created, must really be
 * inside it: a folder swapped for a link after prepareWrite's check is caught before any byte is written or renamed
 * (write-file-atomic then removes the temporary file).
 */
function atomicOptions(exists: boolean, options: WriteOptions, name: string): writeFileAtomic.Options {
  const { projectRoot } = options;
  return {
    encoding: 'utf8',
    fsync: true,
    ...(!exists && options.mode !== undefined ? { mode: options.mode } : {}),
    ...(projectRoot !== undefined ? { tmpfileCreated: (temp: string) => checkRealPathInside(projectRoot, realpathSync(temp), name, 'write') } : {}),
  };
}

/** The error of a failed write-file-atomic call, as one line: a temporary file that cannot be created means the directory. */
function writeError(name: string, target: string, error: unknown): FileAccessError {
  if (error instanceof FileAccessError) return error;
  const e = error as NodeJS.ErrnoException;
  const { code, reason } = reasonOf(error);
  // write-file-atomic names its temporary file `<real path of the target>.<number>`.
  const real = (() => {
    try {
      return realpathSync(target);
    } catch {
      return resolve(target);
    }
  })();
  const tempFile = typeof e?.path === 'string' && [target, real].some((t) => e.path!.startsWith(`${t}.`));
  const where = tempFile && (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') ? ' (creating a temporary file in its directory, which calckit needs to replace the file)' : '';
  return new FileAccessError(name, 'write', code, `${reason}${where}`, { cause: error });
}

/** Flushes the directory entry of a rename to disk; best effort (not every platform opens directories). */
function fsyncDirectory(path: string): void {
  if (process.platform === 'win32') return;
  let fd: number | undefined;
  try {
    fd = openSync(dirname(path), 'r');
    fsyncSync(fd);
  } catch {
    // a directory that cannot be opened or synced: the file itself was fsynced
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replaces (or creates) `path` with `text` as UTF-8 through write-file-atomic: a temporary file beside the target,
 * written and fsynced, given the old file's mode and owner, then renamed over it (and the directory fsynced); readers
 * see the old file or the new one, never half of one. A symbolic link is written through: its target gets the text, the
 * link stays; with `projectRoot`, only when that target is inside the project (OutsideProjectError otherwise). On any failure the temporary file is removed and a FileAccessError with a one-line message is thrown.
 */
export function writeTextFileAtomicSync(path: string, text: string, options: WriteOptions = {}): void {
  const name = options.displayPath ?? path;
  const { target, exists } = prepareWrite(path, name, options.projectRoot);
  try {
    writeFileAtomic.sync(target, text, atomicOptions(exists, options, name));
  } catch (error) {
    throw writeError(name, target, error);
  }
  fsyncDirectory(target);
}

/** writeTextFileAtomicSync without blocking; writes to one file from this process are serialised. */
export async function writeTextFileAtomic(path: string, text: string, options: WriteOptions = {}): Promise<void> {
  const name = options.displayPath ?? path;
  const { target, exists } = prepareWrite(path, name, options.projectRoot);
  try {
    await writeFileAtomic(target, text, atomicOptions(exists, options, name));
  } catch (error) {
    throw writeError(name, target, error);
  }
  fsyncDirectory(target);
}

/** Refuses a text that would not read back as formula text (a lone surrogate, a NUL character). */
function checkFormulaText(text: string, name: string): void {
  const surrogate = loneSurrogate(text);
  if (surrogate) throw new FileEncodingError(name, surrogate);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const before = text.slice(0, nul);
    throw new FileEncodingError(name, { kind: 'binary', byteOffset: Buffer.byteLength(before, 'utf8'), byte: 0, line: before.split('\n').length, column: nul - (before.lastIndexOf('\n') + 1) + 1 });
  }
}

/** Writes a formula file atomically (writeTextFileAtomicSync) after checking the text reads back as itself. */
export function writeFormulaFileSync(path: string, text: string, options: WriteOptions = {}): void {
  checkFormulaText(text, options.displayPath ?? path);
  writeTextFileAtomicSync(path, text, options);
}

/** Writes a formula file atomically (writeTextFileAtomic) after checking the text reads back as itself. */
export async function writeFormulaFile(path: string, text: string, options: WriteOptions = {}): Promise<void> {
  checkFormulaText(text, options.displayPath ?? path);
  await writeTextFileAtomic(path, text, options);
}
