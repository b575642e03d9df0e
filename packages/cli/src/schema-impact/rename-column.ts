// Renaming a column across a dataset: every formula file the project maps to the dataset gets the column's references
// rewritten at their exact ranges (ide's renameColumnEdits: the same checks and backtick quoting as the editor's
// rename), every other byte kept; the dataset's schema file gets the column's "name" value rewritten (its id kept).
// Everything is read and checked before anything is written; writes stay inside the project (writeFormulaFile and
// writeTextFileAtomic with projectRoot). Used by `calckit schema rename` and `calckit schema impact --fix`.
import { relative, sep } from 'node:path';
import { applyEdits, createDocument, newColumnName, renameColumnEdits, RenameError } from '@calckit/ide';
import {
  FileAccessError,
  FileEncodingError,
  ProjectError,
  calculationsOfDataset,
  loadDatasetSchema,
  readFormulaFile,
  readRegularFileSync,
  schemaColumnRenameEdit,
  writeFormulaFile,
  writeTextFileAtomic,
  type DatasetColumn,
  type Project,
} from '@calckit/project';

/** The rename cannot be made: nothing was written. The message says what and where. */
export class ColumnRenameError extends Error {
  override readonly name = 'ColumnRenameError';
}

/** One rewritten reference: where it was (1-based line and column, UTF-16) and the text before and after. */
export interface ReferenceEdit {
  readonly line: number;
  readonly column: number;
  readonly oldText: string;
  readonly newText: string;
}

export interface FileRename {
  /** Path relative to the project root, `/`-separated. */
  readonly path: string;
  readonly edits: readonly ReferenceEdit[];
}

export interface ColumnRenameResult {
  readonly dataset: string;
  readonly oldName: string;
  readonly newName: string;
  /** Formula files that reference the column (files without a reference are left alone and not listed). */
  readonly files: readonly FileRename[];
  /** The schema file (relative path) whose column was renamed; undefined when it was left alone. */
  readonly schemaFile: string | undefined;
  /** False with --dry-run: the edits were computed, not written. */
  readonly written: boolean;
}

export interface ColumnRenameInput {
  readonly project: Project;
  readonly dataset: string;
  readonly oldName: string;
  readonly newName: string;
  readonly dryRun?: boolean;
  /**
   * Also rename the column in the dataset's schema file (default). `schema impact --fix` against the service's schema
   * leaves the file to `calckit schema pull`, which takes the service's columns (a file changed here would be one
   * edited by hand to it).
   */
  readonly schemaFile?: boolean;
}

const relativeTo = (project: Project, file: string): string => relative(project.root, file).split(sep).join('/');
const quoted = (name: string): string => JSON.stringify(name);

/** 1-based line and column of a UTF-16 offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The dataset's columns, or ColumnRenameError saying why there are none to rename. */
function columnsOf(project: Project, dataset: string): { columns: DatasetColumn[]; schemaPath: string } {
  const entry = project.datasets[dataset];
  if (entry === undefined) {
    const known = Object.keys(project.datasets);
    throw new ColumnRenameError(`no dataset "${dataset}" in ${project.file}${known.length > 0 ? ` (its datasets: ${known.join(', ')})` : ''}`);
  }
  if (entry.schemaPath === undefined) throw new ColumnRenameError(`dataset "${dataset}" has no schema file in ${project.file}: its columns are unknown (calckit schema pull writes it)`);
  try {
    return { columns: loadDatasetSchema(project, dataset), schemaPath: entry.schemaPath };
  } catch (error) {
    if (error instanceof ProjectError) throw new ColumnRenameError(error.message);
    throw error;
  }
}

/** Checks the names against the schema as the service compares column names: exactly (case and spaces count). */
function checkNames(columns: readonly DatasetColumn[], dataset: string, oldName: string, typedNewName: string): string {
  let newName: string;
  try {
    newName = newColumnName(typedNewName);
  } catch (error) {
    if (error instanceof RenameError) throw new ColumnRenameError(`new name ${quoted(typedNewName)}: ${error.message}`);
    throw error;
  }
  if (!columns.some((c) => c.name === oldName)) {
    const near = columns.find((c) => c.name.trim().toLowerCase() === oldName.trim().toLowerCase());
    const hint = near !== undefined ? `; it has ${quoted(near.name)} (column names are compared exactly: case and spaces count)` : '';
    throw new ColumnRenameError(`dataset "${dataset}" has no column ${quoted(oldName)}${hint}`);
  }
  if (newName === oldName) throw new ColumnRenameError(`the new name is the old one (${quoted(oldName)})`);
  if (columns.some((c) => c.name === newName)) throw new ColumnRenameError(`dataset "${dataset}" already has a column ${quoted(newName)}`);
  return newName;
}

/** Reads a file's text as it is (a byte-order mark kept), inside the project; ColumnRenameError when it cannot. */
function readSchemaText(project: Project, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(readRegularFileSync(file, { projectRoot: project.root }));
  } catch (error) {
    if (error instanceof FileAccessError) throw new ColumnRenameError(`cannot read the schema file ${relativeTo(project, file)}: ${error.reason}`);
    if (error instanceof TypeError) throw new ColumnRenameError(`the schema file ${relativeTo(project, file)} is not UTF-8 text`);
    throw error;
  }
}

export async function renameDatasetColumn(input: ColumnRenameInput): Promise<ColumnRenameResult> {
  const { project, dataset, oldName } = input;
  const { columns, schemaPath } = columnsOf(project, dataset);
  const newName = checkNames(columns, dataset, oldName, input.newName);
  const withSchema = input.schemaFile !== false;
  const schemaText = withSchema ? readSchemaText(project, schemaPath) : '';
  const schemaEdit = withSchema ? schemaColumnRenameEdit(schemaText, oldName, newName) : undefined;
  if (withSchema && schemaEdit === undefined) throw new ColumnRenameError(`cannot find the "name" of column ${quoted(oldName)} in ${relativeTo(project, schemaPath)}`);

  const planned: Array<{ file: string; path: string; text: string; rename: FileRename }> = [];
  for (const { file, path } of calculationsOfDataset(project, dataset)) {
    let text: string;
    try {
      text = readFormulaFile(file, { projectRoot: project.root, displayPath: path });
    } catch (error) {
      if (error instanceof FileAccessError) throw new ColumnRenameError(`cannot read ${path}: ${error.reason}; nothing was renamed`);
      if (error instanceof FileEncodingError) throw new ColumnRenameError(`${error.message}; nothing was renamed`);
      throw error;
    }
    const edits = renameColumnEdits(createDocument(text), oldName, newName);
    if (edits.length === 0) continue;
    const rename: FileRename = {
      path,
      edits: edits.map((e) => ({ ...lineColumn(text, e.span.start), oldText: text.slice(e.span.start, e.span.end), newText: e.newText })),
    };
    planned.push({ file, path, text: applyEdits(text, edits), rename });
  }
  const written = input.dryRun !== true;
  if (written) {
    for (const p of planned) await writeFormulaFile(p.file, p.text, { projectRoot: project.root, displayPath: p.path });
    if (schemaEdit !== undefined) {
      const text = schemaText.slice(0, schemaEdit.start) + schemaEdit.newText + schemaText.slice(schemaEdit.end);
      await writeTextFileAtomic(schemaPath, text, { projectRoot: project.root, displayPath: relativeTo(project, schemaPath) });
    }
  }
  return { dataset, oldName, newName, files: planned.map((p) => p.rename), schemaFile: withSchema ? relativeTo(project, schemaPath) : undefined, written };
}
