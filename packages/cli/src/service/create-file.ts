// Creating a new formula file for `calckit import`: written to a temporary file beside it, then linked to its name with
// link(2), which fails if anything holds that name, so a file that appeared meanwhile (the user's, another run's) is
// never replaced, and readers (an editor, a Ctrl-C) see no file or the whole file. The temporary file is removed
// whatever happens. Replacing an existing file (an update) goes through @calckit/project's writeFormulaFile instead,
// which keeps the file's mode, owner and symbolic link; a new file has none of these to keep.
//
// New files are not flushed one by one (as git does not flush the files of a checkout): on a busy disk the first
// flush waits for every other program's pending writes (a second or more), and an import creates hundreds of files.
// The folder is flushed once at the end (`syncFolder`), before calckit.json, which is written with a flush. After a
// power cut a new file may be empty: import treats an empty mapped file as missing and writes it again.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { FileAccessError, FileEncodingError } from '@calckit/project';

/** The name is taken: nothing was written. */
export class FileExistsError extends Error {
  override readonly name = 'FileExistsError';
  constructor(readonly path: string) {
    super(`${path} appeared meanwhile; it was left as it is`);
  }
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'file name too long',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'a component of the path is not a folder',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

function accessError(shown: string, error: unknown): FileAccessError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code !== undefined && REASONS[code] !== undefined ? `${REASONS[code]} (${code})` : ((error as Error).message ?? String(error)).split('\n')[0] ?? '';
  return new FileAccessError(shown, 'write', code, reason, { cause: error });
}

/** Refuses text that would not read back as itself: a lone surrogate (UTF-8 cannot encode it) or a NUL character. */
function checkText(text: string, shown: string): void {
  const bad = /[\uD800-\uDFFF]|\u0000/u.exec(text);
  if (bad === null) return;
  const before = text.slice(0, bad.index);
  const line = before.split('\n').length;
  const column = bad.index - (before.lastIndexOf('\n') + 1) + 1;
  const byteOffset = Buffer.byteLength(before, 'utf8');
  throw new FileEncodingError(
    shown,
    bad[0] === '\u0000'
      ? { kind: 'binary', byteOffset, byte: 0, line, column }
      : { kind: 'lone-surrogate', byteOffset, byte: bad[0].charCodeAt(0), line, column },
  );
}

const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Temporary names: random once per process, then counted (a random draw per file cost more than its write). */
const TEMP_TAG = `${process.pid}.${randomBytes(6).toString('hex')}`;
let tempCount = 0;

/**
 * Creates `path` holding `text` (UTF-8), or throws: FileExistsError when the name is taken, FileEncodingError for text
 * that cannot be written as UTF-8, FileAccessError (one line) for anything else. Nothing is left behind on failure.
 * Synchronous on purpose: for a small file, three system calls on this thread cost less than a trip through libuv's
 * thread pool each, and an import is bound by CPU (measured with bench/import.mjs).
 */
export function createFormulaFileSync(path: string, text: string, shown = path): void {
  checkText(text, shown);
  const temp = `${path}.${TEMP_TAG}.${(tempCount++).toString(36)}.tmp`;
  try {
    writeFileSync(temp, text, { encoding: 'utf8', flag: 'wx', mode: 0o666 });
    try {
      linkSync(temp, path);
    } catch (error) {
      // A file system without hard links (FAT, some network shares): rename, after checking the name is free.
      if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      if (existsSync(path)) throw Object.assign(new Error('exists'), { code: 'EEXIST', syscall: 'link' });
      renameSync(temp, path);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (error as NodeJS.ErrnoException).syscall === 'link') throw new FileExistsError(shown);
    throw accessError(shown, error);
  } finally {
    try {
      unlinkSync(temp); // also after a failed write (disk full): nothing is left behind
    } catch {
      // already renamed, or never created
    }
  }
}

/** Flushes a folder's entries (the names just created in it) to disk; best effort, as not every platform allows it. */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // A folder that cannot be opened or flushed: each file's data was flushed already.
  }
}
