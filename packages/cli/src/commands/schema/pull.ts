// `calckit schema pull [dataset…]`: refreshes the column schema files of datasets of calckit.json (all by default)
// from the service's read of a schema (COMMUNITY-DOCUMENTED: see @calckit/protocol's operations table). A file that
// does not exist is created and mapped (`datasets.<key>.schema`); a file still holding what calckit last wrote is
// updated; a file edited by hand is skipped unless --force (see service/schema-files.ts). Writes in import's order:
// schema files, then their records in the push state, then calckit.json.
import { FileAccessError, openPushState, ProjectError, serviceOrigin, type PushStateHandle } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../../exit.js';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../../service/context.js';
import { finish, stdoutEmit } from '../../service/output.js';
import { writeProjectEdit } from '../../service/project-writer.js';
import { formatSchemaEntries, schemaSummary, writeSchemaFiles, type SchemaFileEntry, type SchemaFileOutcome } from '../../service/schema-files.js';
import { datasetTargets } from '../../service/schema-targets.js';

export interface SchemaPullResult {
  readonly baseUrl: string;
  readonly entries: readonly SchemaFileEntry[];
  readonly summary: Readonly<Record<SchemaFileOutcome, number>>;
  readonly exitCode: number;
}

export interface SchemaPullCliOptions extends ConnectionCliOptions {
  readonly force?: boolean;
}

export async function runSchemaPull(datasets: readonly string[], options: SchemaPullCliOptions, overrides: ContextOverrides = {}): Promise<SchemaPullResult> {
  const context = openContext(options, true, overrides);
  const project = context.project!; // openContext(…, true) exits without one
  const targets = datasetTargets(project, datasets, 'calckit schema pull');
  requireDeveloperToken(context);
  const cwd = overrides.cwd ?? process.cwd();
  let state: PushStateHandle;
  try {
    state = openPushState(project.statePath, serviceOrigin(context.client.baseUrl), { projectRoot: project.root });
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit schema pull: ${error.message}`);
    throw error;
  }
  try {
    const run = await writeSchemaFiles({ client: context.client, project, state, targets, force: options.force ?? false, cwd, command: 'calckit schema pull' });
    try {
      state.recordSchemas(run.records);
      writeProjectEdit(project.file, { datasets: run.mappings });
    } catch (error) {
      if (error instanceof ProjectError || error instanceof FileAccessError) {
        throw new CliExit(EXIT_USAGE, `calckit schema pull: ${error.message} (the schema files were written; run the pull again)`);
      }
      throw error;
    }
    if (run.unreachable !== undefined) throw run.unreachable; // one message (main), after what was read is kept
    const summary = schemaSummary(run.entries);
    return { baseUrl: context.client.baseUrl, entries: run.entries, summary, exitCode: summary.skipped + summary.failed > 0 ? EXIT_FINDINGS : EXIT_OK };
  } finally {
    state.release();
  }
}

export function formatSchemaPull(result: SchemaPullResult): string {
  return formatSchemaEntries(result.entries, ` (${result.baseUrl})`).join('\n');
}

export function register(schema: Command): void {
  withConnectionOptions(
    schema
      .command('pull')
      .description("write datasets' column schema files from the service (all datasets of calckit.json by default); a file edited by hand is skipped unless --force")
      .argument('[dataset...]', 'dataset keys in calckit.json')
      .option('--force', 'replace schema files edited by hand'),
  ).action(async (datasets: string[], options: SchemaPullCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const result = await runSchemaPull(datasets, options);
    finish(emit, result, () => formatSchemaPull(result));
  });
}
