// The push state file: the last checkSum pushed per calculation, so a later push can tell a remote change from ours.
// Writes are atomic (temp file + rename) and serialised across processes by a lock file, so concurrent pushes keep every entry.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ProjectError, issuesOf } from './errors.js';

const stateEntrySchema = z.strictObject({
  checkSum: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-digit lower-case hex SHA-1'),
  pushedAt: z.string(),
  file: z.string().optional(),
});

const stateFileSchema = z.strictObject({
  version: z.literal(1),
  calculations: z.record(z.string().regex(/^\d+$/, 'keys are calculation ids'), stateEntrySchema),
});

export type PushStateEntry = z.infer<typeof stateEntrySchema>;
export type PushState = z.infer<typeof stateFileSchema>;

const EMPTY: PushState = { version: 1, calculations: {} };
/** A lock older than this is taken to be left behind by a killed process. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

/** Reads the state file; a missing file is an empty state, a malformed one is a ProjectError. */
export function readState(statePath: string): PushState {
  let text: string;
  try {
    text = readFileSync(statePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, calculations: {} };
    throw new ProjectError(statePath, [{ field: '', message: `cannot read the state file (${(error as NodeJS.ErrnoException).code})` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProjectError(statePath, [{ field: '', message: `not valid JSON: ${(error as Error).message}; delete it to start afresh` }]);
  }
  const parsed = stateFileSchema.safeParse(json);
  if (!parsed.success) throw new ProjectError(statePath, issuesOf(parsed.error));
  return parsed.data;
}

/** The last pushed checkSum of a calculation, or undefined if it was never pushed from here. */
export function lastPushed(statePath: string, id: number): PushStateEntry | undefined {
  return readState(statePath).calculations[String(id)];
}

/** Records a successful push (read-modify-write under the lock; the file is replaced atomically). */
export function recordPush(statePath: string, id: number, entry: { checkSum: string; file?: string; pushedAt?: Date }): PushStateEntry {
  const value: PushStateEntry = {
    checkSum: entry.checkSum,
    pushedAt: (entry.pushedAt ?? new Date()).toISOString(),
    ...(entry.file !== undefined ? { file: entry.file } : {}),
  };
  withLock(statePath, () => {
    const state = readState(statePath);
    state.calculations[String(id)] = value;
    writeAtomically(statePath, `${JSON.stringify(sortState(state), null, 2)}\n`);
  });
  return value;
}

/** Removes a calculation's entry (e.g. after `pull`, which makes the remote the new baseline through recordPush). */
export function forgetPush(statePath: string, id: number): void {
  withLock(statePath, () => {
    const state = readState(statePath);
    if (!(String(id) in state.calculations)) return;
    delete state.calculations[String(id)];
    writeAtomically(statePath, `${JSON.stringify(sortState(state), null, 2)}\n`);
  });
}

function sortState(state: PushState): PushState {
  const keys = Object.keys(state.calculations).sort((a, b) => Number(a) - Number(b));
  const calculations: PushState['calculations'] = {};
  for (const key of keys) calculations[key] = state.calculations[key] as PushStateEntry;
  return { ...EMPTY, calculations };
}

/** Writes `text` to a temp file beside `path`, flushes it, then renames it over `path`: readers never see half a file. */
export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `fn` holding `<path>.lock` (created exclusively); waits for another holder, breaks a stale lock. */
function withLock(path: string, fn: () => void): void {
  mkdirSync(dirname(path), { recursive: true });
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      } catch {
        // The holder released it between our two calls: try again.
      }
      if (Date.now() > deadline) {
        throw new ProjectError(path, [{ field: '', message: `another calckit process holds ${lock}; if none is running, delete that file` }]);
      }
      Atomics.wait(sleeper, 0, 0, 10); // a synchronous 10 ms pause: the state API is synchronous on purpose
    }
  }
  try {
    fn();
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}
