// The push state file: per service origin, the last checkSum pushed per calculation, so a later push can tell a
// remote change from ours. Records are keyed by origin (scheme://host:port) so that pushes to a local emulator never
// touch the records for production. Writes are atomic (temp file + rename) and serialised across processes by a lock
// file, so concurrent pushes keep every entry; a push run holds the lock for its whole length (`openPushState`), so
// every local problem (held lock, unreadable or unwritable state) shows before the service is changed.
import { closeSync, constants, fsyncSync, mkdirSync, openSync, accessSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ProjectError, issuesOf } from './errors.js';
import { FileAccessError, readSettingsFileText } from './files.js';
import { resolveInsideProject } from './inside.js';
import { describeJsonError } from './json-text.js';

const stateEntrySchema = z.strictObject({
  checkSum: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-digit lower-case hex SHA-1'),
  pushedAt: z.string(),
  file: z.string().optional(),
});

const calculationsSchema = z.record(z.string().regex(/^\d+$/, 'keys are calculation ids'), stateEntrySchema);

/**
 * What `calckit import` / `calckit schema pull` last wrote to a dataset's schema file, per dataset id: the SHA-256 of
 * the file's text, so a later pull can tell a file it may refresh from one edited by hand.
 */
const schemaEntrySchema = z.strictObject({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a 64-digit lower-case hex SHA-256'),
  file: z.string(),
  pulledAt: z.string(),
});

const stateFileV2Schema = z.strictObject({
  version: z.literal(2),
  // `schemas` is optional: state files written before schemas were pulled stay valid.
  services: z.record(z.string(), z.strictObject({ calculations: calculationsSchema, schemas: z.record(z.string().min(1), schemaEntrySchema).optional() })),
});

/** Files written before records had origins: their records are kept under UNKNOWN_ORIGIN, which no service matches. */
const stateFileV1Schema = z.strictObject({ version: z.literal(1), calculations: calculationsSchema });

export type PushStateEntry = z.infer<typeof stateEntrySchema>;
export type SchemaStateEntry = z.infer<typeof schemaEntrySchema>;
export type PushState = z.infer<typeof stateFileV2Schema>;

/** Where records of a version-1 state file go: they name no service, so no push uses them (git history decides). */
export const UNKNOWN_ORIGIN = 'unknown';

/** A lock older than this, not refreshed by its holder, is taken to be left behind by a killed process. */
const STALE_LOCK_MS = 30_000;
const LOCK_REFRESH_MS = 5_000;
const LOCK_WAIT_MS = 10_000;


/** Where the state file may be: `projectRoot`, the project folder, keeps it (and the links on its way) inside the project. */
export interface StateFileOptions {
  readonly projectRoot?: string;
}

/**
 * Reads the state file; a missing file is an empty state, a malformed one (or, with `projectRoot`, one whose real
 * place is outside the project) is a ProjectError.
 */
export function readState(statePath: string, options: StateFileOptions = {}): PushState {
  let text: string;
  try {
    // A regular file of at most 10 MB: a symbolic link to a device or a huge file is an error, never read whole.
    text = readSettingsFileText(statePath, options.projectRoot !== undefined ? { projectRoot: options.projectRoot } : {});
  } catch (error) {
    if (!(error instanceof FileAccessError)) throw error;
    if (error.code === 'ENOENT') return { version: 2, services: {} };
    throw new ProjectError(statePath, [{ field: '', message: `cannot read the state file: ${error.reason}` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProjectError(statePath, [{ field: '', message: `${describeJsonError(text)}; delete it to start afresh` }]);
  }
  const v1 = stateFileV1Schema.safeParse(json);
  if (v1.success) {
    return { version: 2, services: Object.keys(v1.data.calculations).length > 0 ? { [UNKNOWN_ORIGIN]: { calculations: v1.data.calculations } } : {} };
  }
  const parsed = stateFileV2Schema.safeParse(json);
  if (!parsed.success) throw new ProjectError(statePath, issuesOf(parsed.error));
  return parsed.data;
}

/** The records of one service (empty when none). */
export function recordsFor(state: PushState, origin: string): Readonly<Record<string, PushStateEntry>> {
  return state.services[origin]?.calculations ?? {};
}

/** The last push of a calculation to a service, or undefined if it was never pushed there from here. */
export function lastPushed(statePath: string, origin: string, id: number, options: StateFileOptions = {}): PushStateEntry | undefined {
  return recordsFor(readState(statePath, options), origin)[String(id)];
}

/** What was written to a dataset's schema file: its dataset id, its text's SHA-256, its path relative to the project. */
export interface SchemaRecordInput {
  readonly datasetId: string;
  readonly sha256: string;
  readonly file: string;
  readonly pulledAt?: Date;
}

export interface PushRecordInput {
  readonly id: number;
  readonly checkSum: string;
  readonly file?: string | undefined;
  readonly pushedAt?: Date;
}

/** Records a successful push (read-modify-write under the lock; the file is replaced atomically). */
export function recordPush(statePath: string, origin: string, id: number, entry: Omit<PushRecordInput, 'id'>, options: StateFileOptions = {}): PushStateEntry {
  return recordPushes(statePath, origin, [{ ...entry, id }], options)[0] as PushStateEntry;
}

/** Records many pushes (or an import) at once: one lock, one write. */
export function recordPushes(statePath: string, origin: string, entries: readonly PushRecordInput[], options: StateFileOptions = {}): PushStateEntry[] {
  const handle = openPushState(statePath, origin, options);
  try {
    return handle.recordMany(entries);
  } finally {
    handle.release();
  }
}

/** Removes a calculation's record for one service. */
export function forgetPush(statePath: string, origin: string, id: number, options: StateFileOptions = {}): void {
  const handle = openPushState(statePath, origin, options);
  try {
    handle.forget(id);
  } finally {
    handle.release();
  }
}

/**
 * The state file held for a push run: the lock is taken, the file read and validated and its folder checked for
 * writing before anything else happens, so a held lock or an unwritable state fails before the service is changed.
 * Each record is written at once (a run killed halfway keeps what it did). Call `release()` when done.
 */
export interface PushStateHandle {
  readonly path: string;
  readonly origin: string;
  lastPushed(id: number): PushStateEntry | undefined;
  record(id: number, entry: Omit<PushRecordInput, 'id'>): PushStateEntry;
  recordMany(entries: readonly PushRecordInput[]): PushStateEntry[];
  forget(id: number): void;
  /** What import or schema pull last wrote to the schema file of a dataset (by id) for this service. */
  lastSchema(datasetId: string): SchemaStateEntry | undefined;
  /** Records schema files written (or found equal to the service's): one write. */
  recordSchemas(entries: readonly SchemaRecordInput[]): void;
  release(): void;
}

export function openPushState(statePath: string, origin: string, options: StateFileOptions = {}): PushStateHandle {
  // The lock file and the temporary file are made beside the state file: its folder must be inside the project too.
  checkInside(statePath, options);
  const lock = acquireLock(statePath);
  let state: PushState;
  try {
    state = readState(statePath, options);
    checkWritable(statePath);
  } catch (error) {
    lock.release();
    throw error;
  }
  const write = (): void => {
    lock.touch();
    checkInside(statePath, options); // a link made while the run went on
    try {
      writeAtomically(statePath, `${JSON.stringify(sortState(state), null, 2)}\n`);
    } catch (error) {
      throw new ProjectError(statePath, [{ field: '', message: `cannot write the state file (${(error as NodeJS.ErrnoException).code ?? String(error)})` }]);
    }
  };
  const records = (): Record<string, PushStateEntry> => {
    const service = (state.services[origin] ??= { calculations: {} });
    return service.calculations;
  };
  return {
    path: statePath,
    origin,
    lastPushed: (id) => recordsFor(state, origin)[String(id)],
    record(id, entry) {
      return this.recordMany([{ ...entry, id }])[0] as PushStateEntry;
    },
    recordMany(entries) {
      const out: PushStateEntry[] = [];
      for (const entry of entries) {
        const value: PushStateEntry = {
          checkSum: entry.checkSum,
          pushedAt: (entry.pushedAt ?? new Date()).toISOString(),
          ...(entry.file !== undefined ? { file: entry.file } : {}),
        };
        records()[String(entry.id)] = value;
        out.push(value);
      }
      if (entries.length > 0) write();
      return out;
    },
    forget(id) {
      const calculations = state.services[origin]?.calculations;
      if (calculations === undefined || !(String(id) in calculations)) return;
      delete calculations[String(id)];
      if (Object.keys(calculations).length === 0 && state.services[origin]?.schemas === undefined) delete state.services[origin];
      write();
    },
    lastSchema: (datasetId) => state.services[origin]?.schemas?.[datasetId],
    recordSchemas(entries) {
      if (entries.length === 0) return;
      const service = (state.services[origin] ??= { calculations: {} });
      const schemas = (service.schemas ??= {});
      for (const entry of entries) schemas[entry.datasetId] = { sha256: entry.sha256, file: entry.file, pulledAt: (entry.pulledAt ?? new Date()).toISOString() };
      write();
    },
    release: () => lock.release(),
  };
}

/** With a project folder, the state file's real place (links followed) must be inside it; a ProjectError otherwise. */
function checkInside(statePath: string, options: StateFileOptions): void {
  if (options.projectRoot === undefined) return;
  try {
    resolveInsideProject(options.projectRoot, statePath, { operation: 'write' });
  } catch (error) {
    if (!(error instanceof FileAccessError)) throw error;
    throw new ProjectError(statePath, [{ field: '', message: `the state file cannot be used: ${error.reason}` }]);
  }
}

function sortState(state: PushState): PushState {
  const services: PushState['services'] = {};
  for (const origin of Object.keys(state.services).sort()) {
    const entries = state.services[origin]?.calculations ?? {};
    const calculations: Record<string, PushStateEntry> = {};
    for (const key of Object.keys(entries).sort((a, b) => Number(a) - Number(b))) calculations[key] = entries[key] as PushStateEntry;
    const schemas = state.services[origin]?.schemas;
    services[origin] =
      schemas === undefined ? { calculations } : { calculations, schemas: Object.fromEntries(Object.keys(schemas).sort().map((id) => [id, schemas[id] as SchemaStateEntry])) };
  }
  return { version: 2, services };
}

/** A state file (or, when missing, its folder) that cannot be written fails now rather than after a push. */
function checkWritable(statePath: string): void {
  try {
    accessSync(statePath, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new ProjectError(statePath, [{ field: '', message: `the state file is not writable (${code ?? String(error)})` }]);
    try {
      accessSync(dirname(statePath), constants.W_OK);
    } catch (inner) {
      throw new ProjectError(statePath, [{ field: '', message: `the state file's folder is not writable (${(inner as NodeJS.ErrnoException).code ?? String(inner)})` }]);
    }
  }
}

/** Writes `text` to a temp file beside `path`, flushes it, then renames it over `path`: readers never see half a file. */
export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

interface HeldLock {
  touch(): void;
  release(): void;
}

/**
 * Takes `<path>.lock` (created exclusively, holding our pid and host); waits for another holder, breaks a lock
 * whose holder is gone (same host, pid not running) or that was not refreshed for STALE_LOCK_MS. The holder refreshes
 * it while it runs, so a long push is never taken for a dead one.
 */
function acquireLock(path: string): HeldLock {
  const lock = `${path}.lock`;
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new ProjectError(path, [{ field: '', message: `cannot create the state file's folder (${(error as NodeJS.ErrnoException).code ?? String(error)})` }]);
  }
  const deadline = Date.now() + LOCK_WAIT_MS;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new ProjectError(path, [{ field: '', message: `cannot create the lock file ${lock} (${code ?? String(error)})` }]);
      }
      if (lockIsStale(lock)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) {
        throw new ProjectError(path, [{ field: '', message: `another calckit process holds ${lock}; if none is running, delete that file` }]);
      } else Atomics.wait(sleeper, 0, 0, 10); // a synchronous 10 ms pause: the state API is synchronous on purpose
    }
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname() }));
  } finally {
    closeSync(fd);
  }
  const refresh = setInterval(() => touch(), LOCK_REFRESH_MS);
  refresh.unref();
  let released = false;
  function touch(): void {
    if (released) return;
    const now = new Date();
    try {
      utimesSync(lock, now, now);
    } catch {
      // Refreshing is best effort; the lock file is still ours.
    }
  }
  return {
    touch,
    release() {
      if (released) return;
      released = true;
      clearInterval(refresh);
      rmSync(lock, { force: true });
    },
  };
}

function lockIsStale(lock: string): boolean {
  try {
    const holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid?: unknown; host?: unknown };
    if (holder.host === hostname() && typeof holder.pid === 'number' && !processRuns(holder.pid)) return true;
  } catch {
    // Being written right now, or an old empty lock file: judged by its age below.
  }
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false; // released between our two calls: try again
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
