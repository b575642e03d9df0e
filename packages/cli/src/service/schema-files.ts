// Datasets' schema files from the service, for `calckit import` and `calckit schema pull`: each dataset's columns are
// read (readServiceSchema), and its schema file (the one calckit.json maps, else `schemas/<key>.json`) is created,
// refreshed or left alone. A file edited by hand is never overwritten silently: the push state records, per service
// origin and dataset id, the SHA-256 of the text last written here, and a file that no longer has it (or, without a
// record, differs from the service's) is skipped, saying how to see the difference and how to replace it (--force).
// This module writes the files only; the caller then records them (`recordSchemas`) and maps them in calckit.json, in
// that order, as import does for formulas: a run stopped halfway leaves files the next run recognises.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { isServiceError, type ServiceError } from '@calckit/client';
import {
  FileAccessError,
  datasetSchemaFileSchema,
  readSettingsFileText,
  resolveInsideProject,
  writeTextFileAtomicSync,
  type DatasetEntry,
  type Project,
  type PushStateHandle,
  type SchemaRecordInput,
} from '@calckit/project';
import { readServiceSchemas, schemaFileText, ServiceSchemaError, type DatasetSchemaReader } from './service-schema.js';

/** Where a dataset's schema file goes when calckit.json maps none: `schemas/<key>.json` at the project root. */
export const DEFAULT_SCHEMA_DIR = 'schemas';

/**
 * created: the file did not exist. updated: it held what was last written here (or --force). unchanged: it already
 * holds the service's columns. skipped: edited by hand, or not written by calckit and different from the service's.
 * empty: the service lists no columns for the dataset; no file is written (an empty schema would make every column of
 * every formula unknown). failed: the service's schema could not be read or used, or the file could not be read or written.
 */
export type SchemaFileOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'empty' | 'failed';
export const SCHEMA_FILE_OUTCOMES: readonly SchemaFileOutcome[] = ['created', 'updated', 'unchanged', 'skipped', 'empty', 'failed'];

export interface SchemaFileEntry {
  /** The dataset's key in calckit.json. */
  readonly dataset: string;
  readonly datasetId: string;
  /** The schema file, relative to the working directory. */
  readonly file: string;
  readonly outcome: SchemaFileOutcome;
  /** Columns in the service's schema, when it was read. */
  readonly columns: number | null;
  readonly reason: string | null;
}

export interface SchemaTarget {
  readonly key: string;
  readonly id: string;
}

export interface SchemaFilesRun {
  readonly entries: SchemaFileEntry[];
  /** Records for the push state (files written or found equal to the service's). */
  readonly records: SchemaRecordInput[];
  /** `datasets` entries for calckit.json: every dataset whose file now holds the service's schema, with its path. */
  readonly mappings: Map<string, DatasetEntry>;
  /** Set when the service could not be reached: later datasets were not read. */
  readonly unreachable: ServiceError | undefined;
}

export interface SchemaFilesOptions {
  readonly client: DatasetSchemaReader;
  readonly project: Project;
  readonly state: PushStateHandle;
  readonly targets: readonly SchemaTarget[];
  /** Replace files edited by hand. */
  readonly force: boolean;
  /** Paths in entries are shown relative to it. */
  readonly cwd: string;
  /** The command, for messages (`calckit schema pull`). */
  readonly command: string;
}

export const sha256Of = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A file name for a dataset key: its letters, digits, `.`, `_` and `-`, the rest replaced by `-`. */
function fileNameOf(key: string): string {
  const safe = key.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^\.+/, '');
  return safe === '' ? 'dataset' : safe;
}

/**
 * Each dataset's schema file path relative to the project root: the mapped one, or `schemas/<key>.json`, made unique
 * among the files other datasets map or are given (two keys that differ only in characters a file name cannot hold).
 */
export function schemaPaths(project: Project, targets: readonly SchemaTarget[]): Map<string, string> {
  const rel = (abs: string): string => relative(project.root, abs).split(/[\\/]/).join('/');
  const taken = new Set(Object.values(project.datasets).flatMap((d) => (d.schemaPath !== undefined ? [rel(d.schemaPath).toLowerCase()] : [])));
  const paths = new Map<string, string>();
  for (const target of targets) {
    const mapped = project.datasets[target.key]?.schemaPath;
    if (mapped !== undefined) {
      paths.set(target.key, rel(mapped));
      continue;
    }
    const base = `${DEFAULT_SCHEMA_DIR}/${fileNameOf(target.key)}`;
    let path = `${base}.json`;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${base}-${n}.json`;
    taken.add(path.toLowerCase());
    paths.set(target.key, path);
  }
  return paths;
}

/** Reads the targets' schemas from the service (a few at once), then writes each file as the rules above say. */
export async function writeSchemaFiles(options: SchemaFilesOptions): Promise<SchemaFilesRun> {
  const { client, project, state, force, cwd, command } = options;
  const paths = schemaPaths(project, options.targets);
  const run: SchemaFilesRun = { entries: [], records: [], mappings: new Map(), unreachable: undefined };
  let unreachable: ServiceError | undefined;
  const reads = await readServiceSchemas(client, options.targets);
  for (const [index, target] of options.targets.entries()) {
    const path = paths.get(target.key) as string;
    const abs = resolve(project.root, path);
    const shown = relative(cwd, abs) || abs;
    const entry = (outcome: SchemaFileOutcome, columns: number | null, reason: string | null): void => {
      run.entries.push({ dataset: target.key, datasetId: target.id, file: shown, outcome, columns, reason });
    };
    if (unreachable !== undefined) {
      entry('failed', null, 'not read: the service could not be reached');
      continue;
    }
    let text: string;
    let columns: number;
    try {
      const read = reads[index] as (typeof reads)[number];
      if (!read.ok) throw read.error;
      text = schemaFileText(read.columns);
      columns = read.columns.length;
    } catch (error) {
      if (error instanceof ServiceSchemaError) {
        entry('failed', null, `${error.message}; the schema file was left as it is`);
        continue;
      }
      if (!isServiceError(error)) throw error;
      if (error.unreachable) {
        unreachable = error;
        entry('failed', null, 'not read: the service could not be reached');
        continue;
      }
      const what = error.status === 404 ? `the service knows no dataset ${target.id} (or does not offer the read of a schema)` : error.message;
      entry('failed', null, `reading the schema of dataset ${target.id} failed: ${what}`);
      continue;
    }
    if (columns === 0) {
      entry('empty', 0, 'the service lists no columns for this dataset: no schema file written (formulas are checked without one)');
      continue;
    }
    const done = (outcome: Extract<SchemaFileOutcome, 'created' | 'updated' | 'unchanged'>, written: string, reason: string | null): void => {
      entry(outcome, columns, reason);
      const recorded = state.lastSchema(target.id);
      const hash = sha256Of(written);
      if (recorded?.sha256 !== hash || recorded.file !== path) run.records.push({ datasetId: target.id, sha256: hash, file: path });
      if (project.datasets[target.key]?.schemaPath === undefined) run.mappings.set(target.key, { id: target.id, schema: path });
    };
    try {
      let local: string | undefined;
      try {
        local = readSettingsFileText(abs, { projectRoot: project.root, displayPath: shown });
      } catch (error) {
        if (!(error instanceof FileAccessError) || error.code !== 'ENOENT') throw error;
      }
      if (local !== undefined) {
        if (local === text || sameColumns(local, text)) {
          done('unchanged', local, null);
          continue;
        }
        const recorded = state.lastSchema(target.id);
        const ours = recorded !== undefined && recorded.file === path && recorded.sha256 === sha256Of(local);
        if (!ours && !force) {
          const why = recorded !== undefined && recorded.file === path ? 'changed here since calckit last pulled it (by hand, or by `calckit schema rename` ahead of the service)' : "it differs from the service's schema and calckit did not write it";
          entry('skipped', columns, `${why}; not overwritten: \`calckit schema diff ${target.key}\` shows the difference, \`${command} ${target.key} --force\` replaces it`);
          continue;
        }
        write(abs, shown, text);
        done('updated', text, ours ? null : 'a file edited by hand, replaced (--force)');
        continue;
      }
      write(abs, shown, text);
      done('created', text, null);
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      entry('failed', columns, `${error.message}; nothing was written`);
    }
  }
  return { ...run, unreachable };

  function write(abs: string, shown: string, text: string): void {
    // The folder is made only where it is inside the project (links followed); the write checks the file again.
    resolveInsideProject(project.root, abs, { operation: 'write', displayPath: shown });
    mkdirSync(dirname(abs), { recursive: true });
    writeTextFileAtomicSync(abs, text, { projectRoot: project.root, displayPath: shown });
  }
}

/** Whether a file's text holds the same columns as the service's text (only the layout differs). */
function sameColumns(local: string, serviceText: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(local);
  } catch {
    return false;
  }
  const parsed = datasetSchemaFileSchema.safeParse(json);
  return parsed.success && schemaFileText(parsed.data) === serviceText;
}

/** "2 created, 1 skipped" over entries. */
export function schemaSummary(entries: readonly SchemaFileEntry[]): Record<SchemaFileOutcome, number> {
  const summary = Object.fromEntries(SCHEMA_FILE_OUTCOMES.map((k) => [k, 0])) as Record<SchemaFileOutcome, number>;
  for (const e of entries) summary[e.outcome]++;
  return summary;
}

/** Text lines for schema entries: one per file not plainly created/updated/unchanged, then the counts. */
export function formatSchemaEntries(entries: readonly SchemaFileEntry[], where: string): string[] {
  const lines: string[] = [];
  for (const e of entries) {
    if (e.reason !== null) lines.push(`  ${e.file} (${e.dataset}) ${e.outcome}: ${e.reason}`);
  }
  const summary = schemaSummary(entries);
  const parts = SCHEMA_FILE_OUTCOMES.filter((k) => summary[k] > 0).map((k) => `${summary[k]} ${k}`);
  lines.push(`schemas: ${parts.join(', ') || 'no dataset'}${where}`);
  return lines;
}
