// `calckit schema push <dataset>`: sends a dataset's column schema file (from calckit.json) to the service.
import { ProjectError, loadDatasetSchema, readDatasetSchemaFile, type DatasetColumn } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../../exit.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../../service/context.js';
import { failCall, finish, stdoutEmit } from '../../service/output.js';

export interface SchemaPushResult {
  readonly datasetId: string;
  readonly columns: number;
  readonly names: readonly string[];
  readonly exitCode: number;
}

interface SchemaCliOptions extends ConnectionCliOptions {
  readonly file?: string;
}

/** `dataset` is a key under "datasets" in calckit.json, or (with --file) the dataset id itself. */
export async function runSchemaPush(dataset: string, options: SchemaCliOptions, overrides: ContextOverrides = {}): Promise<SchemaPushResult> {
  const context = openContext(options, options.file === undefined, overrides);
  let columns: DatasetColumn[];
  let datasetId: string;
  try {
    if (options.file !== undefined) {
      columns = readDatasetSchemaFile(options.file);
      datasetId = context.project?.datasets[dataset]?.id ?? dataset;
    } else {
      const project = context.project!; // required when no --file
      columns = loadDatasetSchema(project, dataset);
      datasetId = (project.datasets[dataset] as { id: string }).id;
    }
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit: ${error.message}`);
    throw error;
  }
  await context.client.setDatasetSchema(datasetId, columns);
  return { datasetId, columns: columns.length, names: columns.map((c) => c.name), exitCode: 0 };
}

export function register(schema: Command): void {
  withConnectionOptions(
    schema
      .command('push')
      .description('replace the columns of a dataset with its schema file (uses the session token, CALCKIT_SESSION_TOKEN)')
      .argument('<dataset>', 'dataset key in calckit.json (or a dataset id with --file)')
      .option('--file <path>', 'schema file to send instead of the one calckit.json names'),
  ).action(async (dataset: string, options: SchemaCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    let result: SchemaPushResult;
    try {
      result = await runSchemaPush(dataset, options);
    } catch (error) {
      failCall(emit, error);
    }
    finish(emit, result, () => `set the schema of dataset ${result.datasetId}: ${result.columns} columns (${result.names.join(', ')})`);
  });
}
