// `calckit schema rename <dataset> <old> <new>`: renames a column in every formula file of a dataset, at the exact
// places it is referenced, and in the dataset's schema file (its id kept). The work is in ../../schema-impact/.
import type { Command } from 'commander';
import { escapeForTerminal } from '@calckit/lint';
import { FileAccessError, FileEncodingError, OutsideProjectError } from '@calckit/project';
import { CliExit, EXIT_USAGE } from '../../exit.js';
import { loadProjectOrExit } from '../../service/context.js';
import { ColumnRenameError, renameDatasetColumn, type ColumnRenameResult } from '../../schema-impact/rename-column.js';

interface RenameFlags {
  readonly dryRun?: boolean;
  readonly json?: boolean;
  readonly config?: string;
}

const COMMAND = 'calckit schema rename';

export async function runSchemaRename(dataset: string, oldName: string, newName: string, flags: RenameFlags, cwd = process.cwd()): Promise<ColumnRenameResult> {
  const project = loadProjectOrExit(flags, true, cwd)!;
  try {
    return await renameDatasetColumn({ project, dataset, oldName, newName, dryRun: flags.dryRun === true });
  } catch (error) {
    if (error instanceof ColumnRenameError) throw new CliExit(EXIT_USAGE, `${COMMAND}: ${error.message}`);
    if (error instanceof FileAccessError || error instanceof FileEncodingError || error instanceof OutsideProjectError) {
      throw new CliExit(EXIT_USAGE, `${COMMAND}: ${error.message}; files listed before it may have been renamed already`);
    }
    throw error;
  }
}

/** What changed, per file; with --dry-run, each edit. */
export function describeRename(result: ColumnRenameResult, showEdits: boolean): string {
  const verb = result.written ? 'renamed' : 'would rename';
  const references = result.files.reduce((n, f) => n + f.edits.length, 0);
  const lines = [`${verb} column ${JSON.stringify(result.oldName)} to ${JSON.stringify(result.newName)} in dataset ${result.dataset}: ${references} reference${references === 1 ? '' : 's'} in ${result.files.length} file${result.files.length === 1 ? '' : 's'}`];
  for (const file of result.files) {
    lines.push(`  ${file.path}: ${file.edits.length} reference${file.edits.length === 1 ? '' : 's'} (${file.edits.map((e) => `${e.line}:${e.column}`).join(', ')})`);
    if (showEdits) for (const e of file.edits) lines.push(`    ${file.path}:${e.line}:${e.column}  ${e.oldText} → ${e.newText}`);
  }
  if (result.schemaFile !== undefined) lines.push(`  ${result.schemaFile}: column name ${JSON.stringify(result.oldName)} → ${JSON.stringify(result.newName)} (id kept)`);
  // Paths come from calckit.json: control characters are shown as escapes, never sent to the terminal.
  return lines.map(escapeForTerminal).join('\n');
}

export function register(schema: Command): void {
  schema
    .command('rename')
    .description("rename a column in every formula of a dataset (at its exact places) and in the dataset's schema file")
    .argument('<dataset>', 'dataset key in calckit.json')
    .argument('<old>', 'the column name as the schema file has it (exact: case and spaces count)')
    .argument('<new>', 'the new column name')
    .option('--dry-run', 'show the edits without writing them')
    .option('--json', 'print one JSON document on stdout instead of text')
    .option('--config <path>', 'project file (default: the nearest calckit.json above the current directory)')
    .action(async (dataset: string, oldName: string, newName: string, flags: RenameFlags) => {
      const result = await runSchemaRename(dataset, oldName, newName, flags);
      process.stdout.write(`${flags.json ? JSON.stringify(result, null, 2) : describeRename(result, flags.dryRun === true)}\n`);
    });
}
