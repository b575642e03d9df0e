// `calckit schema impact [dataset…] [--schema <proposed.json>] [--format text|json|sarif] [--fix]`: what a schema
// change breaks or changes in the project's formulas. The change is the service's current schema of each dataset
// against its local schema file, or (--schema) a proposed schema file for one dataset against the local one. --fix
// applies the change's renames (same id, new name) to the dataset's formulas first, then reports what is left. Exit 1
// when a formula breaks or changes meaning, 0 when none does, 2 on errors. The work is in ../../schema-impact/.
import { Option, type Command } from 'commander';
import { isServiceError } from '@calckit/client';
import { FileAccessError, FileEncodingError, ProjectError, readDatasetSchemaFile, type DatasetColumn, type IndexedProject, type Project } from '@calckit/project';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../../exit.js';
import { ProjectResolver, SettingsError } from '../../lint/projects.js';
import { schemaImpact, type DatasetSchemaChange, type ImpactResult } from '../../schema-impact/impact.js';
import { ColumnRenameError, renameDatasetColumn, type ColumnRenameResult } from '../../schema-impact/rename-column.js';
import { IMPACT_FORMATS, renderImpact, type ImpactFormat } from '../../schema-impact/report.js';
import { describeServiceError, unreachableExit } from '../../service/output.js';
import { loadProjectOrExit, openContext, projectIndexFor, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions } from '../../service/context.js';
import { readServiceSchema, ServiceSchemaError } from '../../service/service-schema.js';

interface ImpactFlags extends ConnectionCliOptions {
  readonly schema?: string;
  readonly format: ImpactFormat;
  readonly fix?: boolean;
  readonly color?: boolean;
}

const COMMAND = 'calckit schema impact';
const usage = (message: string): CliExit => new CliExit(EXIT_USAGE, `${COMMAND}: ${message}`);

export interface SchemaImpactRun {
  readonly impact: ImpactResult;
  readonly fixed: readonly ColumnRenameResult[];
  readonly exitCode: number;
}

/** The datasets to look at: those named (each must be declared with a schema file), else every one with a schema file. */
function datasetsOf(project: Project, named: readonly string[], proposed: boolean): string[] {
  for (const key of named) {
    const entry = project.datasets[key];
    if (entry === undefined) throw usage(`no dataset "${key}" in ${project.file} (its datasets: ${Object.keys(project.datasets).join(', ') || 'none'})`);
    if (entry.schemaPath === undefined) throw usage(`dataset "${key}" has no schema file in ${project.file}: there is no local schema to compare (calckit schema pull writes it)`);
  }
  const keys = named.length > 0 ? [...named] : Object.values(project.datasets).filter((d) => d.schemaPath !== undefined).map((d) => d.key);
  if (proposed && keys.length !== 1) throw usage(`--schema is the proposed schema of one dataset: name it (${keys.join(', ') || 'no dataset has a schema file'})`);
  if (keys.length === 0) throw usage(`no dataset of ${project.file} has a schema file (calckit schema pull writes them)`);
  return keys;
}

function localSchema(indexed: IndexedProject, key: string, index: ReturnType<typeof projectIndexFor>): DatasetColumn[] {
  const path = indexed.project.datasets[key]!.schemaPath!;
  try {
    return [...index.schema(path, indexed.project.root)];
  } catch (error) {
    if (error instanceof ProjectError) throw usage(error.message);
    throw error;
  }
}

/** The local schema with the change's renames applied (by id), as the files are after --fix renamed them. */
function renamedLocal(before: readonly DatasetColumn[], fixed: readonly ColumnRenameResult[], dataset: string): DatasetColumn[] {
  const names = new Map(fixed.filter((f) => f.dataset === dataset).map((f) => [f.oldName, f.newName]));
  return before.map((c) => (names.has(c.name) ? { ...c, name: names.get(c.name)! } : c));
}

export async function runSchemaImpact(named: readonly string[], flags: ImpactFlags, cwd = process.cwd()): Promise<SchemaImpactRun> {
  const index = projectIndexFor(flags);
  const project = loadProjectOrExit(flags, true, cwd, index)!;
  const indexed = index.load(project.file);
  const keys = datasetsOf(project, named, flags.schema !== undefined);

  const changes: DatasetSchemaChange[] = [];
  if (flags.schema !== undefined) {
    let after: DatasetColumn[];
    try {
      after = readDatasetSchemaFile(flags.schema);
    } catch (error) {
      if (error instanceof ProjectError) throw usage(error.message);
      throw error;
    }
    changes.push({ dataset: keys[0]!, before: localSchema(indexed, keys[0]!, index), after });
  } else {
    const context = openContext(flags, true, { project, cwd });
    requireDeveloperToken(context);
    for (const key of keys) {
      const before = localSchema(indexed, key, index);
      let after: DatasetColumn[];
      try {
        after = await readServiceSchema(context.client, project.datasets[key]!.id, { datasetKey: key });
      } catch (error) {
        if (error instanceof ServiceSchemaError) throw usage(error.message);
        // Exit 1 says a formula breaks: a failed read is an error (2), whatever the service answered.
        if (isServiceError(error)) throw error.unreachable ? unreachableExit(error) : new CliExit(EXIT_USAGE, describeServiceError(error));
        throw error;
      }
      changes.push({ dataset: key, before, after });
    }
  }

  const resolver = new ProjectResolver(flags.config);
  const run = (list: readonly DatasetSchemaChange[]): ImpactResult => {
    try {
      return schemaImpact({ indexed, resolver, changes: list, cwd });
    } catch (error) {
      if (error instanceof SettingsError) throw usage(error.message);
      throw error;
    }
  };
  let impact = run(changes);
  const fixed: ColumnRenameResult[] = [];
  if (flags.fix) {
    for (const dataset of impact.datasets) {
      for (const change of dataset.changes) {
        if (change.kind !== 'renamed') continue;
        try {
          fixed.push(
            await renameDatasetColumn({
              project,
              dataset: dataset.dataset,
              oldName: change.before.name,
              newName: change.after.name,
              // Against the service, `schema pull` takes its schema; a proposal is renamed here, as `schema rename` does.
              schemaFile: flags.schema !== undefined,
            }),
          );
        } catch (error) {
          if (error instanceof ColumnRenameError) throw usage(`--fix: ${error.message}`);
          if (error instanceof FileAccessError || error instanceof FileEncodingError) throw usage(`--fix: ${error.message}`);
          throw error;
        }
      }
    }
    // What is left: the renamed files against the local schema as renamed.
    if (fixed.length > 0) impact = run(changes.map((c) => ({ ...c, before: renamedLocal(c.before, fixed, c.dataset) })));
  }
  const exitCode = impact.failed ? EXIT_USAGE : impact.results.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  return { impact, fixed, exitCode };
}

export function register(schema: Command): void {
  withConnectionOptions(
    schema
      .command('impact')
      .description("list the formulas a schema change breaks or changes (the service's schema, or --schema, against the local one)")
      .argument('[datasets...]', 'dataset keys in calckit.json (default: every dataset with a schema file)')
      .option('--schema <file>', "a proposed schema file for one dataset, instead of the service's schema")
      .addOption(new Option('-f, --format <name>', 'output format').choices([...IMPACT_FORMATS]).default('text'))
      .option('--fix', 'apply the renames of the change (same column id, new name) to the formulas, then report what is left')
      .option('--color', 'force colour')
      .option('--no-color', 'no colour'),
  ).action(async (named: string[] | undefined, given: ImpactFlags) => {
    const flags: ImpactFlags = given.json === true ? { ...given, format: 'json' } : given;
    const result = await runSchemaImpact(named ?? [], flags);
    const color = flags.color ?? (process.env['NO_COLOR'] ? false : process.stdout.isTTY === true);
    const { report, notes } = renderImpact({ impact: result.impact, fixed: result.fixed, format: flags.format, color, exitCode: result.exitCode });
    for (const note of notes) process.stderr.write(`${note}\n`);
    process.stdout.write(report);
    if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
  });
}
