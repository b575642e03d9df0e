// FileAccessError: a file calckit could not read or write (or refused to), as one line naming the file and the cause.
// Its own module so that files.ts and inside.ts (the project boundary) share it without importing each other.

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EISDIR: 'is a directory',
  ENOTDIR: 'a component of the path is not a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
  EBUSY: 'resource busy',
  ETXTBSY: 'text file busy',
  EXDEV: 'cross-device link',
  ENXIO: 'no such device or address',
};

/** A formula file that could not be read or written; `code` is the system's error code (`ENOSPC`, `EACCES`, …). */
export class FileAccessError extends Error {
  override readonly name = 'FileAccessError';
  constructor(
    /** The file as named in the message. */
    readonly path: string,
    readonly operation: 'read' | 'write',
    readonly code: string | undefined,
    /** What the message says after the path, e.g. `no space left on device (ENOSPC)`. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot ${operation} ${path}: ${reason}`, options);
  }
}

/** `permission denied (EACCES)`; the first line of the message for errors without a known code. */
export function reasonOf(error: unknown): { code: string | undefined; reason: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && REASONS[code]) return { code, reason: `${REASONS[code]} (${code})` };
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  return { code, reason: code && !message.includes(code) ? `${message} (${code})` : message };
}

export function accessError(path: string, operation: 'read' | 'write', error: unknown): FileAccessError {
  const { code, reason } = reasonOf(error);
  return new FileAccessError(path, operation, code, reason, { cause: error });
}
