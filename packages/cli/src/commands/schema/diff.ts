// `calckit schema diff [dataset…]`: each dataset's local schema file against the service's schema (the read is
// COMMUNITY-DOCUMENTED: see @calckit/protocol's operations table), column by column with `diffSchemas`: added,
// removed, renamed (same id, another name), type changed; a removed/added pair that looks like a rename under a new
// id is shown as a hint, never as a rename. Exit 1 when any dataset differs (also: no local file, or a dataset the
// service does not know), 0 when none does, 2 on errors (a bad local file, a service failure, a type calckit does not
// know). Reads only: nothing is written.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { isServiceError } from '@calckit/client';
import { diffSchemas, likelyRename, ProjectError, readDatasetSchemaFile, type ColumnChange, type DatasetColumn, type LikelyRename } from '@calckit/project';
import type { Command } from 'commander';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../../exit.js';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../../service/context.js';
import { finish, stdoutEmit } from '../../service/output.js';
import { datasetTargets } from '../../service/schema-targets.js';
import { readServiceSchemas, ServiceSchemaError } from '../../service/service-schema.js';

/**
 * same: the file holds the service's columns (or there is no file and the service lists no columns, as pull leaves it). differs: see `changes`. no-local-file: calckit.json maps no schema file
 * or the file does not exist. not-in-service: the service answered 404 for the dataset. error: see `error`.
 */
export type SchemaDiffStatus = 'same' | 'differs' | 'no-local-file' | 'not-in-service' | 'error';
const STATUSES: readonly SchemaDiffStatus[] = ['same', 'differs', 'no-local-file', 'not-in-service', 'error'];

export interface SchemaDiffEntry {
  readonly dataset: string;
  readonly datasetId: string;
  /** The local schema file relative to the working directory, or null when calckit.json maps none. */
  readonly file: string | null;
  readonly status: SchemaDiffStatus;
  /** From the local file (before) to the service's schema (after). */
  readonly changes: readonly ColumnChange[];
  /** A removed and an added column that may be one column renamed under a new id (a hint, not a rename). */
  readonly likelyRename: LikelyRename | null;
  /** Why a dataset has no diff (no-local-file, not-in-service, error). */
  readonly reason: string | null;
}

export interface SchemaDiffResult {
  readonly baseUrl: string;
  readonly datasets: readonly SchemaDiffEntry[];
  readonly summary: Readonly<Record<SchemaDiffStatus, number>>;
  readonly exitCode: number;
}

export async function runSchemaDiff(datasets: readonly string[], options: ConnectionCliOptions, overrides: ContextOverrides = {}): Promise<SchemaDiffResult> {
  const context = openContext(options, true, overrides);
  const project = context.project!; // openContext(…, true) exits without one
  const targets = datasetTargets(project, datasets, 'calckit schema diff');
  requireDeveloperToken(context);
  const cwd = overrides.cwd ?? process.cwd();
  const entries: SchemaDiffEntry[] = [];
  const reads = await readServiceSchemas(context.client, targets);
  for (const [index, target] of targets.entries()) {
    const schemaPath = project.datasets[target.key]?.schemaPath;
    const file = schemaPath === undefined ? null : relative(cwd, schemaPath) || schemaPath;
    const entry = (status: SchemaDiffStatus, reason: string | null, changes: readonly ColumnChange[] = [], hint: LikelyRename | null = null): void => {
      entries.push({ dataset: target.key, datasetId: target.id, file, status, changes, likelyRename: hint, reason });
    };
    let local: DatasetColumn[] | undefined;
    try {
      if (schemaPath !== undefined && existsSync(schemaPath)) local = readDatasetSchemaFile(schemaPath, { projectRoot: project.root });
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      entry('error', error.message);
      continue;
    }
    let remote: DatasetColumn[];
    try {
      const read = reads[index] as (typeof reads)[number];
      if (!read.ok) throw read.error;
      remote = read.columns;
    } catch (error) {
      if (error instanceof ServiceSchemaError) {
        entry('error', error.message);
        continue;
      }
      if (!isServiceError(error) || error.unreachable) throw error; // unreachable: one message (main), exit 2
      if (error.status === 404) entry('not-in-service', `the service knows no dataset ${target.id} (or does not offer the read of a schema): formulas of ${target.key} cannot be checked against it`);
      else entry('error', `reading the schema of dataset ${target.id} failed: ${error.message}`);
      continue;
    }
    if (local === undefined && remote.length === 0) {
      entry('same', `no local schema, and the service lists no columns for the dataset`);
      continue;
    }
    if (local === undefined) {
      const where = schemaPath === undefined ? `${project.file} maps no schema file for it` : `${file} does not exist`;
      entry('no-local-file', `${where}; the service has ${remote.length} column${remote.length === 1 ? '' : 's'}: \`calckit schema pull ${target.key}\` writes it`);
      continue;
    }
    const changes = diffSchemas(local, remote);
    if (changes.length === 0) entry('same', null);
    else entry('differs', null, changes, likelyRename(local, remote, changes) ?? null);
  }
  const summary = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<SchemaDiffStatus, number>;
  for (const e of entries) summary[e.status]++;
  const exitCode = summary.error > 0 ? EXIT_USAGE : summary.same === entries.length ? EXIT_OK : EXIT_FINDINGS;
  return { baseUrl: context.client.baseUrl, datasets: entries, summary, exitCode };
}

const columnText = (c: DatasetColumn): string => `\`${c.name}\``;

/** One line per change, read from the local file's point of view: what the service has now. */
export function describeChange(change: ColumnChange): string {
  switch (change.kind) {
    case 'added':
      return `added     ${columnText(change.after)} (${change.after.type}, id ${change.after.id}): in the service, not in the file`;
    case 'removed':
      return `removed   ${columnText(change.before)} (${change.before.type}, id ${change.before.id}): in the file, no longer in the service`;
    case 'renamed':
      return `renamed   ${columnText(change.before)} → ${columnText(change.after)} (id ${change.after.id})`;
    case 'type-changed':
      return `retyped   ${columnText(change.after)}: ${change.before.type} → ${change.after.type} (id ${change.after.id})`;
  }
}

export function formatSchemaDiff(result: SchemaDiffResult): string {
  const lines: string[] = [];
  for (const e of result.datasets) {
    const head = `${e.dataset} (dataset ${e.datasetId})${e.file !== null ? ` ${e.file}` : ''}`;
    switch (e.status) {
      case 'same':
        lines.push(`${head}: same as the service`);
        break;
      case 'differs':
        lines.push(`${head}: ${e.changes.length} change${e.changes.length === 1 ? '' : 's'} in the service`);
        for (const change of e.changes) lines.push(`  ${describeChange(change)}`);
        if (e.likelyRename !== null) {
          lines.push(
            `  hint: ${columnText(e.likelyRename.before)} removed and ${columnText(e.likelyRename.after)} added at the same place with the same type: perhaps a rename under a new id`,
          );
        }
        break;
      case 'no-local-file':
        lines.push(`${head}: no local schema: ${e.reason}`);
        break;
      case 'not-in-service':
        lines.push(`${head}: not in the service: ${e.reason}`);
        break;
      case 'error':
        lines.push(`${head}: error: ${e.reason}`);
        break;
    }
  }
  const s = result.summary;
  const parts = STATUSES.filter((k) => s[k] > 0).map((k) => `${s[k]} ${k}`);
  lines.push(`${result.datasets.length} dataset${result.datasets.length === 1 ? '' : 's'}: ${parts.join(', ')} (${result.baseUrl})`);
  if (s.differs + s['no-local-file'] + s['not-in-service'] > 0) {
    lines.push("The service's schemas moved under the formulas: `calckit schema impact` lists the formulas that break; `calckit schema pull` takes the new schemas.");
  }
  return lines.join('\n');
}

export function register(schema: Command): void {
  withConnectionOptions(
    schema
      .command('diff')
      .description("compare datasets' schema files with the service's schemas (all datasets of calckit.json by default); exit 1 when any differs")
      .argument('[dataset...]', 'dataset keys in calckit.json'),
  ).action(async (datasets: string[], options: ConnectionCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const result = await runSchemaDiff(datasets, options);
    finish(emit, result, () => formatSchemaDiff(result));
  });
}
