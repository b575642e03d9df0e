// The project's boundary on disk: every file calckit reaches through a project (mapped formula files, dataset schema
// files, formula test and data files, the push state, calckit.json itself) must really be inside the project folder
// once symbolic links are followed, whenever the link was made. A link inside the project to a place inside the
// project is fine; one that leads out (to a secret, to a file another program owns) is refused for reads and writes.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { FileAccessError, accessError } from './access-error.js';

/** FileAccessError's `code` for a file whose real place is outside its project. */
export const OUTSIDE_PROJECT = 'EOUTSIDEPROJECT';

/** A file reached through a project whose real place (symbolic links followed) is outside the project folder. */
export class OutsideProjectError extends FileAccessError {
  constructor(
    path: string,
    operation: 'read' | 'write',
    /** Where the path really leads (absolute, links followed). */
    readonly target: string,
    /** The project folder (real path). */
    readonly projectRoot: string,
    /** The path as written is inside the project: a symbolic link (of the file or of a folder on its way) leads out. */
    throughLink = true,
  ) {
    const where = throughLink ? `it leads outside the project, to ${target} (through a symbolic link)` : `it is outside the project (${target})`;
    super(path, operation, OUTSIDE_PROJECT, `${where}; calckit reads and writes only files inside the project folder ${projectRoot}`);
  }
}

/** Whether `path` is `root` itself or below it (both absolute, compared as written; see load.ts's isInside for strictly below). */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Most links followed by hand (as Linux's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * Where `path` really is: realpath(3) for an existing file (the C library's: Node's own JavaScript version stats every
 * part of the path, a third of the time of reading 10,000 formula files); for one that does not exist yet, the real place of its
 * nearest existing ancestor joined with the rest; a dangling symbolic link is followed to where it points (writing
 * through it would create that file).
 */
export function realPlaceOf(path: string, hops = 0): string {
  const abs = resolve(path);
  try {
    return realpathSync.native(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  if (hops > MAX_LINKS) throw Object.assign(new Error(`too many levels of symbolic links: ${abs}`), { code: 'ELOOP' });
  const parent = dirname(abs);
  let link: string | undefined;
  try {
    if (lstatSync(abs).isSymbolicLink()) link = readlinkSync(abs);
  } catch {
    // does not exist: its parent decides
  }
  if (link !== undefined) return realPlaceOf(resolve(realPlaceOf(parent, hops + 1), link), hops + 1);
  if (parent === abs) return abs;
  return resolve(realPlaceOf(parent, hops + 1), basename(abs));
}

/**
 * The real path of `path` (see realPlaceOf) when it is inside the real project folder `projectRoot`; otherwise throws
 * OutsideProjectError (a FileAccessError: one line naming the file, where it leads and the project). Call it right
 * before the read or write (a link can be made at any time); readers and writers also check what they opened.
 */
export function resolveInsideProject(projectRoot: string, path: string, options: { operation?: 'read' | 'write'; displayPath?: string } = {}): string {
  const name = options.displayPath ?? path;
  const operation = options.operation ?? 'read';
  let realRoot: string;
  let real: string;
  try {
    realRoot = realpathSync.native(projectRoot);
    real = realPlaceOf(path);
  } catch (error) {
    throw accessError(name, operation, error);
  }
  if (!isWithin(realRoot, real)) throw new OutsideProjectError(name, operation, real, realRoot, isWithin(resolve(projectRoot), resolve(path)));
  return real;
}

/** Throws OutsideProjectError when the real path `real` (already resolved: an opened file's) is outside `projectRoot`. */
export function checkRealPathInside(projectRoot: string, real: string, name: string, operation: 'read' | 'write'): void {
  let realRoot: string;
  try {
    realRoot = realpathSync.native(projectRoot);
  } catch (error) {
    throw accessError(name, operation, error);
  }
  if (!isWithin(realRoot, real)) throw new OutsideProjectError(name, operation, real, realRoot);
}
