// The emulator's only access to its SQLite database: every SQL statement lives here; handlers call these methods.
// Durability: WAL journal; a write is acknowledged only after the WAL holding its commit is fsynced (see `write`).
import { closeSync, fdatasync, fdatasyncSync, fstatSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer.js';
import type {
  CalculationHead,
  CalculationRecord,
  CodeFunctionRecord,
  DatasetRecord,
  ExecutionRecord,
  FixtureData,
  PageRecord,
  ReportScheduleRecord,
  StoredAnalysis,
  ViewRecord,
} from './model.js';
import type { DatasetSchemaColumn, ReportScheduleRequest, ReportScheduleResponse } from '@calckit/protocol';
import type { CodeFunctionDefinition } from './fixtures-format.js';

const SCHEMA_VERSION = 1;

/** Migrations by target version: each runs once, in order, inside a transaction. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE datasets (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, columns TEXT NOT NULL, updated INTEGER NOT NULL);
  CREATE TABLE calculations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, owner INTEGER NOT NULL, locked INTEGER NOT NULL,
    global INTEGER NOT NULL, expression TEXT NOT NULL, dataset_id TEXT, legacy_id TEXT NOT NULL,
    created INTEGER NOT NULL, last_modified INTEGER NOT NULL, archived INTEGER NOT NULL, hidden INTEGER NOT NULL,
    variable INTEGER NOT NULL, analysis TEXT NOT NULL);
  CREATE TABLE calculation_dependencies (
    calculation_id INTEGER NOT NULL, depends_on INTEGER NOT NULL, PRIMARY KEY (calculation_id, depends_on));
  CREATE INDEX calculation_dependencies_by_target ON calculation_dependencies (depends_on);
  CREATE TABLE pages (id INTEGER PRIMARY KEY, title TEXT NOT NULL, card_count INTEGER NOT NULL);
  CREATE TABLE views (
    id INTEGER PRIMARY KEY, page_id INTEGER NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
    embed_view_id INTEGER NOT NULL, card_id INTEGER NOT NULL);
  CREATE TABLE code_functions (
    package_id TEXT NOT NULL, version TEXT NOT NULL, name TEXT NOT NULL, definition TEXT NOT NULL,
    PRIMARY KEY (package_id, version, name));
  CREATE TABLE report_schedules (
    id INTEGER PRIMARY KEY AUTOINCREMENT, request TEXT NOT NULL, response TEXT NOT NULL, created INTEGER NOT NULL);
  CREATE TABLE executions (
    execution_id TEXT PRIMARY KEY, package_id TEXT NOT NULL, version TEXT NOT NULL, function_name TEXT NOT NULL,
    status TEXT NOT NULL, started_on INTEGER NOT NULL, record TEXT NOT NULL);
  `,
];

interface CalculationRow {
  id: number;
  name: string;
  owner: number;
  locked: number;
  global: number;
  expression: string;
  dataset_id: string | null;
  legacy_id: string;
  created: number;
  last_modified: number;
  archived: number;
  hidden: number;
  variable: number;
  analysis: string;
}

const HEAD_COLUMNS = 'id, name, owner, locked, global, expression, dataset_id, legacy_id, created, last_modified, archived, hidden, variable';

function toHead(row: Omit<CalculationRow, 'analysis'>): CalculationHead {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    locked: row.locked === 1,
    global: row.global === 1,
    expression: row.expression,
    datasetId: row.dataset_id,
    legacyId: row.legacy_id,
    created: row.created,
    lastModified: row.last_modified,
    archived: row.archived === 1,
    hidden: row.hidden === 1,
    variable: row.variable === 1,
  };
}

function toCalculation(row: CalculationRow): CalculationRecord {
  return { ...toHead(row), analysis: JSON.parse(row.analysis) as StoredAnalysis };
}

const bit = (value: boolean): number => (value ? 1 : 0);

/**
 * What the search of calculations asks storage for (checked by the handler). Every list is one filter: a
 * calculation matches when it matches every filter (AND), and a filter when it matches one of its ids (OR).
 */
export interface CalculationQuery {
  /** Case-insensitive substring of the name (compared after `foldName`); '' matches every name. */
  readonly nameContains: string;
  readonly datasetIdLists: readonly (readonly string[])[];
  readonly ownerIdLists: readonly (readonly number[])[];
  /** Each entry is one filter on the `variable` flag (`notvariable` → false, `variable` → true). */
  readonly variableIs: readonly boolean[];
  readonly ascending: boolean;
  readonly limit: number;
  readonly offset: number;
}

/** How the search matches names: Unicode NFC, then lower case (locale-independent); accents count. */
export function foldName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * The first sort key of names: lower case without accents (`Écart` sorts with `ecart`, not after `z`). Ties are
 * broken by the folded name, then the exact name, then the id, so that the order, and so the pages, are stable.
 */
export function nameSortKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Counts of stored things, for the health endpoint. */
export interface StorageCounts {
  readonly calculations: number;
  readonly datasets: number;
  readonly pages: number;
  readonly views: number;
  readonly codeFunctions: number;
  readonly reportSchedules: number;
  readonly executions: number;
}

interface PendingWrite {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How the WAL is fsynced: `fs.fdatasync` (tests pass one that holds the sync to see what waits for it). */
export type SyncWal = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/** What the storage asks of its checkpointer (checkpointer.ts); tests wrap the real one to slow it down. */
export type WalCheckpointer = Pick<Checkpointer, 'running' | 'checkpoint' | 'close'>;

export interface StorageOptions {
  readonly syncWal?: SyncWal;
  /** Makes the checkpointer of a database file (default: a `Checkpointer`, a worker thread). */
  readonly checkpointer?: (databasePath: string) => WalCheckpointer;
}

/**
 * Checkpoints run in a worker (checkpointer.ts) after this many group commits (each writes a few pages: about what
 * SQLite's default of one checkpoint per 1000 WAL pages does under load).
 */
const CHECKPOINT_AFTER_COMMITS = 200;
/**
 * A checkpoint that runs while commits go on never catches up, and the WAL restarts from its start only when one
 * has. When it holds this many pages (16 MB), commits wait for one checkpoint that catches up (a few milliseconds).
 */
const RESTART_WAL_FRAMES = 4000;
/**
 * The WAL file's bound: a commit that grows the file past it holds the next commits until a checkpoint catches up.
 * Checked after every commit, so the file stays under it plus one group commit however slow the checkpoint worker
 * is (a busy machine); the frame count above is known only when a checkpoint answers.
 */
const MAX_WAL_BYTES = RESTART_WAL_FRAMES * 4096;

/** Fsyncs of the WAL running at once (libuv's thread pool has 4 threads, shared with the rest of the process). */
const MAX_SYNCS_IN_FLIGHT = 2;

interface DurabilityWaiter {
  /** The number of group commits that must be on disk. */
  readonly upTo: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class Storage {
  private readonly db: Database.Database;
  /** Writes waiting for the next group commit (see `write`). */
  private pending: PendingWrite[] = [];
  /** True while `flush` runs: its commit is synced asynchronously, any other commit at once. */
  private flushing = false;
  /** The WAL file (`<path>-wal`), fsynced after commits; undefined for an in-memory database. */
  private readonly walPath: string | undefined;
  private walFd: number | undefined;
  /** Group commits made, and how many of them are known to be on disk (fsynced). */
  private committed = 0;
  private durable = 0;
  /** The newest commit covered by an fsync started so far, and how many fsyncs are running. */
  private syncRequested = 0;
  private syncsRunning = 0;
  private waiters: DurabilityWaiter[] = [];
  private readonly syncWal: SyncWal;
  /** Runs checkpoints off the event loop; undefined in memory, or once its worker failed (SQLite then checkpoints on commit). */
  private checkpointer: WalCheckpointer | undefined;
  private commitsSinceCheckpoint = 0;
  /** True while group commits wait for a checkpoint that lets the WAL restart. */
  private paused = false;
  /** A checkpoint that catches up is due once the one running ends (commits are paused meanwhile). */
  private catchUpDue = false;
  /** The WAL file's size after the last commit: it grows only when a commit writes past its end. */
  private walBytes = 0;

  /** The dataset of each calculation read so far (null: none), for `likelyColumns`. */
  private readonly datasetOfCalculation = new Map<number, string | null>();

  /** The datasets last read, with the text of their columns (see `getDataset`). */
  private readonly datasets = new Map<string, { readonly columnsText: string; readonly record: DatasetRecord }>();

  /** Prepared statements by SQL text: preparing once keeps updates fast under load. */
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(db: Database.Database, walPath: string | undefined, options: StorageOptions) {
    this.db = db;
    this.walPath = walPath;
    this.syncWal = options.syncWal ?? fdatasync;
  }

  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Opens (creating if needed) the database at `path`; `:memory:` keeps everything in memory. */
  static open(path: string, options: StorageOptions = {}): Storage {
    const db = new Database(path);
    try {
      const onDisk = !db.memory;
      db.pragma('journal_mode = WAL');
      // On disk, SQLite does not fsync at commit (NORMAL); this class fsyncs the WAL itself after each commit and
      // acknowledges only then, which is what FULL does, but off the event loop (see `write`). SQLite still syncs the
      // WAL's header when it restarts the log, and both files at checkpoints.
      db.pragma(onDisk ? 'synchronous = NORMAL' : 'synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      db.function('calckit_fold_name', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldName(value) : value));
      db.function('calckit_name_sort_key', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? nameSortKey(value) : value));
      const storage = new Storage(db, onDisk ? `${db.name}-wal` : undefined, options);
      storage.migrate();
      if (onDisk) {
        try {
          storage.checkpointer = options.checkpointer ? options.checkpointer(db.name) : new Checkpointer(db.name);
          db.pragma('wal_autocheckpoint = 0');
        } catch {
          // No worker (the driver cannot be found from here): SQLite checkpoints on commit, as by default.
          storage.checkpointer = undefined;
        }
      }
      return storage;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private migrate(): void {
    const current = this.db.pragma('user_version', { simple: true }) as number;
    if (current > SCHEMA_VERSION) {
      throw new Error(`database schema version ${current} is newer than this emulator's (${SCHEMA_VERSION})`);
    }
    for (let version = current; version < SCHEMA_VERSION; version++) {
      const sql = MIGRATIONS[version];
      if (sql === undefined) throw new Error(`missing migration to version ${version + 1}`);
      this.db.transaction(() => {
        this.db.exec(sql);
        this.db.pragma(`user_version = ${version + 1}`);
      })();
    }
  }

  /**
   * Runs `work` atomically: a transaction, or a savepoint inside the current one (so it can be undone alone).
   * Uses cached statements rather than better-sqlite3's `db.transaction()`, which builds a new wrapper per call.
   */
  private atomic<T>(work: () => T): T {
    const nested = this.db.inTransaction;
    this.stmt(nested ? 'SAVEPOINT atomic' : 'BEGIN IMMEDIATE').run();
    try {
      const result = work();
      this.stmt(nested ? 'RELEASE atomic' : 'COMMIT').run();
      // A commit outside the group commit (fixtures at start-up, direct calls in tests) is on disk before it returns.
      if (!nested && !this.flushing) this.syncNow();
      return result;
    } catch (error) {
      if (nested) {
        this.stmt('ROLLBACK TO atomic').run();
        this.stmt('RELEASE atomic').run();
      } else if (this.db.inTransaction) {
        this.stmt('ROLLBACK').run();
      }
      throw error;
    }
  }

  close(): void {
    this.paused = false;
    if (this.pending.length > 0) this.flush();
    this.checkpointer?.close();
    this.checkpointer = undefined;
    if (this.db.open) {
      this.syncNow();
      this.db.close();
    }
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }

  /** The WAL's file descriptor, opened on first use (SQLite creates the file with the first write). */
  private wal(): number | undefined {
    if (this.walPath === undefined) return undefined;
    // 'r+': Windows flushes only handles opened for writing; nothing is written through it.
    this.walFd ??= openSync(this.walPath, 'r+');
    return this.walFd;
  }

  /** Fsyncs the WAL now, blocking: for commits made outside the group commit, and at close. */
  private syncNow(): void {
    const fd = this.wal();
    if (fd !== undefined) fdatasyncSync(fd);
    this.durable = this.syncRequested = this.committed;
    this.settleWaiters(undefined);
  }

  /**
   * Resolves once every group commit made so far is on disk. The server awaits it before answering a read, so no
   * answer shows a write that a power cut could still take back.
   */
  whenDurable(): Promise<void> {
    const upTo = this.committed;
    if (this.durable >= upTo) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ upTo, resolve, reject });
      this.startSync();
    });
  }

  /**
   * Starts an fdatasync of the WAL in libuv's thread pool for the commits not yet covered by one, unless
   * MAX_SYNCS_IN_FLIGHT are running already (the last to finish then starts one for the commits made meanwhile). An
   * fsync that returns has put on disk everything written before it started, so the commits made before its start are
   * durable. A commit does not wait for the fsync already running to end before its own starts: it waits for about
   * one fsync, not one and a half. The event loop keeps parsing, analysing and committing meanwhile.
   */
  private startSync(): void {
    if (this.syncRequested >= this.committed || this.syncsRunning >= MAX_SYNCS_IN_FLIGHT) return;
    const fd = this.wal();
    if (fd === undefined) {
      this.durable = this.syncRequested = this.committed;
      this.settleWaiters(undefined);
      return;
    }
    const upTo = this.committed;
    this.syncRequested = upTo;
    this.syncsRunning += 1;
    this.syncWal(fd, (error) => {
      this.syncsRunning -= 1;
      if (error) {
        // Not known to be on disk: those writes are not acknowledged (500), and the next commits try again.
        this.settleWaiters(error, upTo);
      } else {
        this.durable = Math.max(this.durable, upTo);
        this.settleWaiters(undefined);
      }
      this.startSync();
    });
  }

  /** Resolves the waiters that are durable now; with an error, rejects those up to `failedUpTo` instead. */
  private settleWaiters(error: unknown, failedUpTo = 0): void {
    const waiting: DurabilityWaiter[] = [];
    for (const waiter of this.waiters) {
      if (error !== undefined && waiter.upTo <= failedUpTo) waiter.reject(error);
      else if (waiter.upTo <= this.durable) waiter.resolve();
      else waiting.push(waiter);
    }
    this.waiters = waiting;
  }

  /**
   * Group commit: runs `work` (which reads, checks and writes through this storage) in a transaction shared with the
   * other writes queued in the same turn of the event loop, and settles once the WAL holding that commit is fsynced.
   * Each work runs in its own savepoint: one that throws is undone alone and rejects alone. The fsync runs in libuv's
   * thread pool, one at a time, each covering every group committed before it started (see `startSync`), so the event
   * loop is never blocked on the disk. Callers acknowledge a write only after this resolves, so an acknowledged write
   * is on disk.
   */
  write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1 && !this.paused) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    if (this.paused) return;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    this.flushing = true;
    try {
      this.atomic(() => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: this.atomic(item.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the group is stored, and every caller hears so.
      for (const item of batch) item.reject(error);
      return;
    } finally {
      this.flushing = false;
    }
    this.committed += 1;
    this.commitsSinceCheckpoint += 1;
    if (this.walGrewPastBound()) this.checkpoint(true);
    else if (this.commitsSinceCheckpoint >= CHECKPOINT_AFTER_COMMITS) this.checkpoint(false);
    // Answered once the WAL is fsynced: refusals too, since they may rest on writes of this group or an earlier one.
    this.whenDurable().then(
      () => batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      }),
      (error: unknown) => batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        item.reject(outcome.ok ? error : outcome.error);
      }),
    );
  }

  /**
   * Starts a checkpoint in the worker unless one runs. `catchUp` holds group commits until it ends, so that it copies
   * every page and the next commit writes the WAL from its start again.
   */
  private checkpoint(catchUp: boolean): void {
    const checkpointer = this.checkpointer;
    if (!checkpointer) return;
    if (catchUp) this.paused = true;
    if (checkpointer.running) {
      // One at a time: the one running started while commits went on, so it may not catch up; the next one will.
      if (catchUp) this.catchUpDue = true;
      return;
    }
    this.commitsSinceCheckpoint = 0;
    checkpointer.checkpoint().then(
      (result) => {
        if (catchUp) this.resume();
        else if (this.catchUpDue || result.log >= RESTART_WAL_FRAMES) {
          this.catchUpDue = false;
          this.checkpoint(true);
        }
      },
      () => {
        // The worker is gone (or closing): SQLite checkpoints on commit again, as by default.
        if (this.checkpointer === checkpointer) {
          this.checkpointer = undefined;
          if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
        }
        this.catchUpDue = false;
        this.resume();
      },
    );
  }

  /** True when the last commit grew the WAL file past MAX_WAL_BYTES (one fstat; false in memory or without a worker). */
  private walGrewPastBound(): boolean {
    if (!this.checkpointer) return false;
    const fd = this.wal();
    if (fd === undefined) return false;
    const size = fstatSync(fd).size;
    const grew = size > this.walBytes;
    this.walBytes = size;
    return grew && size > MAX_WAL_BYTES;
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.pending.length > 0) setImmediate(() => this.flush());
  }

  /** True until fixtures (or anything else) have been stored. */
  isEmpty(): boolean {
    const row = this.stmt(
      `SELECT (SELECT COUNT(*) FROM meta) + (SELECT COUNT(*) FROM calculations) + (SELECT COUNT(*) FROM datasets)
         + (SELECT COUNT(*) FROM pages) + (SELECT COUNT(*) FROM code_functions)
         + (SELECT COUNT(*) FROM report_schedules) AS n`,
    ).get() as { n: number };
    return row.n === 0;
  }

  /** Stores fixtures in one transaction, only into an empty database; returns false (storing nothing) otherwise. */
  loadFixtures(data: FixtureData, source: string, now: number): boolean {
    return this.atomic((): boolean => {
      if (!this.isEmpty()) return false;
      const insertDataset = this.stmt('INSERT INTO datasets (id, name, columns, updated) VALUES (?, ?, ?, ?)');
      for (const d of data.datasets) insertDataset.run(d.id, d.name, JSON.stringify(d.columns), d.updated);
      for (const c of data.calculations) this.insertCalculation(c);
      const insertPage = this.stmt('INSERT INTO pages (id, title, card_count) VALUES (?, ?, ?)');
      for (const p of data.pages) insertPage.run(p.id, p.title, p.cardCount);
      const insertView = this.stmt('INSERT INTO views (id, page_id, name, type, embed_view_id, card_id) VALUES (?, ?, ?, ?, ?, ?)');
      for (const v of data.views) insertView.run(v.id, v.pageId, v.name, v.type, v.embedViewId, v.cardId);
      const insertFunction = this.stmt('INSERT INTO code_functions (package_id, version, name, definition) VALUES (?, ?, ?, ?)');
      for (const f of data.codeFunctions) {
        insertFunction.run(f.packageId, f.version, f.definition.name, JSON.stringify(f.definition));
      }
      this.stmt('INSERT INTO meta (key, value) VALUES (?, ?)').run('fixtures', JSON.stringify({ source, loaded: now }));
      return true;
    });
  }

  private insertCalculation(c: CalculationRecord): void {
    this.stmt(
      `INSERT INTO calculations (id, name, owner, locked, global, expression, dataset_id, legacy_id, created,
         last_modified, archived, hidden, variable, analysis)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      c.id, c.name, c.owner, bit(c.locked), bit(c.global), c.expression, c.datasetId, c.legacyId, c.created,
      c.lastModified, bit(c.archived), bit(c.hidden), bit(c.variable), JSON.stringify(c.analysis),
    );
    this.replaceDependencies(c.id, c.analysis.functionTemplateDependencies);
  }

  private replaceDependencies(id: number, dependsOn: readonly number[]): void {
    this.stmt('DELETE FROM calculation_dependencies WHERE calculation_id = ?').run(id);
    const insert = this.stmt('INSERT OR IGNORE INTO calculation_dependencies (calculation_id, depends_on) VALUES (?, ?)');
    for (const target of dependsOn) insert.run(id, target);
  }

  getCalculation(id: number): CalculationRecord | undefined {
    const row = this.stmt('SELECT * FROM calculations WHERE id = ?').get(id) as CalculationRow | undefined;
    return row ? toCalculation(row) : undefined;
  }

  /** The calculation without its analysis (not parsed: the checks before a write do not need it). */
  getCalculationHead(id: number): CalculationHead | undefined {
    const row = this.stmt(`SELECT ${HEAD_COLUMNS} FROM calculations WHERE id = ?`).get(id) as Omit<CalculationRow, 'analysis'> | undefined;
    if (!row) {
      this.datasetOfCalculation.delete(id);
      return undefined;
    }
    this.datasetOfCalculation.set(id, row.dataset_id);
    return toHead(row);
  }

  /**
   * The columns calculation `id`'s dataset had when this storage last read them, without a query: a guess, possibly
   * stale (a dataset changed since, a transaction rolled back), for work done before a write that the write checks by
   * identity against `getDataset` in its transaction. A query outside a transaction is a read transaction of its own,
   * which cost more than the rest of the guess. Reads the calculation when it was never read.
   */
  likelyColumns(id: number): { readonly found: boolean; readonly columns: readonly DatasetSchemaColumn[] | undefined } {
    let datasetId = this.datasetOfCalculation.get(id);
    if (datasetId === undefined) {
      const head = this.getCalculationHead(id);
      if (!head) return { found: false, columns: undefined };
      datasetId = head.datasetId;
    }
    if (datasetId === null) return { found: true, columns: undefined };
    return { found: true, columns: (this.datasets.get(datasetId)?.record ?? this.getDataset(datasetId))?.columns };
  }

  /**
   * The calculations with these ids, in one query: each found one once, in the order of its first appearance in `ids`;
   * ids that do not exist are left out.
   */
  getCalculations(ids: readonly number[]): CalculationRecord[] {
    const rows = this.stmt(
      `SELECT c.* FROM (SELECT CAST(value AS INTEGER) AS id, MIN(key) AS position FROM json_each(?) GROUP BY CAST(value AS INTEGER)) AS asked
         JOIN calculations AS c ON c.id = asked.id
       ORDER BY asked.position`,
    ).all(JSON.stringify(ids)) as CalculationRow[];
    return rows.map(toCalculation);
  }

  /** Ids of the calculations whose formula nests calculation `id`. */
  dependentsOf(id: number): number[] {
    const rows = this.stmt('SELECT calculation_id AS id FROM calculation_dependencies WHERE depends_on = ? ORDER BY calculation_id')
      .all(id) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /**
   * Stores a new formula and its analysis, refusing (returning undefined) when the calculation is gone or locked
   * at the moment of writing: the check and the write are one transaction.
   */
  updateFormula(id: number, expression: string, analysis: StoredAnalysis, lastModified: number): CalculationRecord | 'locked' | undefined {
    return this.atomic((): CalculationRecord | 'locked' | undefined => {
      const current = this.getCalculationHead(id);
      if (!current) return undefined;
      if (current.locked) return 'locked';
      const modified = Math.max(lastModified, current.lastModified + 1);
      this.stmt('UPDATE calculations SET expression = ?, analysis = ?, last_modified = ? WHERE id = ?')
        .run(expression, JSON.stringify(analysis), modified, id);
      this.replaceDependencies(id, analysis.functionTemplateDependencies);
      // What was read plus what was written: reading the row back would parse the analysis again.
      return { ...current, expression, analysis, lastModified: modified };
    });
  }

  /** Sets the lock flag; `lastModified` always moves forward (strictly), even within one millisecond. */
  setLocked(id: number, locked: boolean, lastModified: number): CalculationRecord | undefined {
    return this.atomic((): CalculationRecord | undefined => {
      const current = this.getCalculation(id);
      if (!current) return undefined;
      this.stmt('UPDATE calculations SET locked = ?, last_modified = ? WHERE id = ?')
        .run(bit(locked), Math.max(lastModified, current.lastModified + 1), id);
      return this.getCalculation(id);
    });
  }

  /** One page of the calculations matching `query`, and how many match in all. */
  searchCalculations(query: CalculationQuery): { total: number; calculations: CalculationRecord[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.nameContains !== '') {
      where.push('instr(calckit_fold_name(name), ?) > 0');
      params.push(foldName(query.nameContains));
    }
    for (const ids of query.datasetIdLists) {
      where.push('dataset_id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(ids));
    }
    for (const ids of query.ownerIdLists) {
      where.push('owner IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(ids));
    }
    for (const variable of query.variableIs) {
      where.push('variable = ?');
      params.push(bit(variable));
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const direction = query.ascending ? 'ASC' : 'DESC';
    // Built from fixed fragments only (values are bound): prepared per call, since the shape varies with the filters.
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM calculations ${clause}`).get(...params) as { n: number }).n;
    if (query.offset >= total) return { total, calculations: [] };
    // The sort handles ids and names only; the page's whole rows are read afterwards (sorting whole rows, formulas and
    // analyses included, cost several times more).
    const ids = this.db
      .prepare(
        `SELECT id FROM calculations ${clause}
         ORDER BY calckit_name_sort_key(name) ${direction}, calckit_fold_name(name) ${direction}, name ${direction}, id ASC
         LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...params, query.limit, query.offset) as number[];
    return { total, calculations: this.getCalculations(ids) };
  }

  /**
   * A dataset; while its stored columns are unchanged (same text) the same record is returned, so each update of a
   * formula does not parse them again, and callers can tell by identity whether they changed.
   */
  getDataset(id: string): DatasetRecord | undefined {
    const row = this.stmt('SELECT id, name, columns, updated FROM datasets WHERE id = ?').get(id) as
      | { id: string; name: string; columns: string; updated: number }
      | undefined;
    if (!row) {
      this.datasets.delete(id);
      return undefined;
    }
    const known = this.datasets.get(id);
    if (known && known.columnsText === row.columns && known.record.name === row.name && known.record.updated === row.updated) return known.record;
    const record: DatasetRecord = Object.freeze({
      id: row.id,
      name: row.name,
      columns: Object.freeze((JSON.parse(row.columns) as DatasetSchemaColumn[]).map((c) => Object.freeze(c))),
      updated: row.updated,
    });
    this.datasets.set(id, { columnsText: row.columns, record });
    return record;
  }

  /** Replaces a dataset's columns; returns false when the dataset does not exist. */
  setDatasetColumns(id: string, columns: readonly DatasetSchemaColumn[], now: number): boolean {
    const result = this.stmt('UPDATE datasets SET columns = ?, updated = ? WHERE id = ?').run(JSON.stringify(columns), now, id);
    return result.changes === 1;
  }

  getPage(id: number): PageRecord | undefined {
    const row = this.stmt('SELECT id, title, card_count FROM pages WHERE id = ?').get(id) as
      | { id: number; title: string; card_count: number }
      | undefined;
    return row ? { id: row.id, title: row.title, cardCount: row.card_count } : undefined;
  }

  getView(id: number): ViewRecord | undefined {
    const row = this.stmt('SELECT * FROM views WHERE id = ?').get(id) as
      | { id: number; page_id: number; name: string; type: string; embed_view_id: number; card_id: number }
      | undefined;
    return row
      ? { id: row.id, pageId: row.page_id, name: row.name, type: row.type, embedViewId: row.embed_view_id, cardId: row.card_id }
      : undefined;
  }

  getCodeFunction(packageId: string, version: string, name: string): CodeFunctionRecord | undefined {
    const row = this.stmt('SELECT definition FROM code_functions WHERE package_id = ? AND version = ? AND name = ?')
      .get(packageId, version, name) as { definition: string } | undefined;
    return row ? { packageId, version, definition: JSON.parse(row.definition) as CodeFunctionDefinition } : undefined;
  }

  /** What exists of a package: used to say which part of a function's address is unknown. */
  codePackageKnown(packageId: string, version?: string): boolean {
    const row = version === undefined
      ? this.stmt('SELECT 1 FROM code_functions WHERE package_id = ? LIMIT 1').get(packageId)
      : this.stmt('SELECT 1 FROM code_functions WHERE package_id = ? AND version = ? LIMIT 1').get(packageId, version);
    return row !== undefined;
  }

  /** Stores a schedule; `build` receives the new id and returns the response to store with it. */
  insertReportSchedule(
    request: ReportScheduleRequest,
    now: number,
    build: (id: number) => ReportScheduleResponse,
  ): ReportScheduleRecord {
    return this.atomic((): ReportScheduleRecord => {
      const info = this.stmt('INSERT INTO report_schedules (request, response, created) VALUES (?, ?, ?)')
        .run(JSON.stringify(request), '{}', now);
      const id = Number(info.lastInsertRowid);
      const response = build(id);
      this.stmt('UPDATE report_schedules SET response = ? WHERE id = ?').run(JSON.stringify(response), id);
      return { id, request, response };
    });
  }

  /** Stores an execution and keeps only the newest `keep` (rowids grow with each insert: the oldest go first). */
  insertExecution(e: ExecutionRecord, keep: number): void {
    const info = this.stmt(
      `INSERT INTO executions (execution_id, package_id, version, function_name, status, started_on, record)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.executionId, e.packageId, e.version, e.functionName, e.status, e.startedOn, JSON.stringify(e.record));
    this.stmt('DELETE FROM executions WHERE rowid <= ?').run(Number(info.lastInsertRowid) - keep);
  }

  counts(): StorageCounts {
    const count = (table: string): number => (this.stmt(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      calculations: count('calculations'),
      datasets: count('datasets'),
      pages: count('pages'),
      views: count('views'),
      codeFunctions: count('code_functions'),
      reportSchedules: count('report_schedules'),
      executions: count('executions'),
    };
  }
}
