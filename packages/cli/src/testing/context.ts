// What a formula is evaluated with, from its project (ProjectIndex, as every command asks it): the dataset schema of
// the file's calculation, the service's name, and the formula of each nested calculation `<SERVICE>_BEAST_MODE(id)`.
import { resolve } from 'node:path';
import { expressionFromFileText, type DatasetColumn } from '@calckit/formula';
import { FileAccessError, FileEncodingError, calculationForId, readFormulaFile, resolveServiceName, type Project, type ProjectIndex } from '@calckit/project';

export interface FormulaSettings {
  readonly serviceName: string;
  /** The dataset schema of the file's calculation, when the project declares one. */
  readonly schema?: readonly DatasetColumn[];
  readonly nestedFormula?: (id: string) => string | undefined;
  /** The project governing the file. */
  readonly project?: Project;
  /** The dataset schema file the schema came from. */
  readonly schemaPath?: string;
}

/**
 * The settings of a formula file (undefined: standard input, whose project is the working directory's). Throws
 * ProjectError for a broken project or schema file, SettingsError for a bad service name.
 */
export function formulaSettings(index: ProjectIndex, file: string | undefined, cwd: string, flags: { serviceName?: string }, env: Readonly<Record<string, string | undefined>> = process.env): FormulaSettings {
  let project: Project | undefined;
  let schema: readonly DatasetColumn[] | undefined;
  let schemaPath: string | undefined;
  if (file !== undefined) {
    const info = index.fileInfo(resolve(cwd, file));
    if (info?.schemaError) throw info.schemaError;
    project = info?.project;
    schema = info?.schema;
    schemaPath = info?.dataset?.schemaPath;
  } else project = index.projectIn(cwd)?.project;
  const serviceName = resolveServiceName({ project, env, flag: flags.serviceName }).value;
  return {
    serviceName,
    ...(schema !== undefined ? { schema, ...(schemaPath !== undefined ? { schemaPath } : {}) } : {}),
    ...(project !== undefined ? { project, nestedFormula: nestedFormulas(project) } : {}),
  };
}

/** A nested calculation's formula by id, read from the file the project maps it to (once per run). */
function nestedFormulas(project: Project): (id: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (id) => {
    if (!cache.has(id)) {
      const calc = /^\d+$/.test(id) ? calculationForId(project, Number(id)) : undefined;
      let text: string | undefined;
      if (calc !== undefined) {
        try {
          text = expressionFromFileText(readFormulaFile(calc.file));
        } catch (error) {
          if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
        }
      }
      cache.set(id, text);
    }
    return cache.get(id);
  };
}
