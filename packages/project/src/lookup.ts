// Which calculation and which dataset schema a formula file belongs to, per the project file.
import { relative, resolve, sep } from 'node:path';
import { ProjectError, issuesOf } from './errors.js';
import { FileAccessError, readSettingsFileText } from './files.js';
import { describeJsonError } from './json-text.js';
import type { Project, ProjectCalculation } from './load.js';
import { datasetSchemaFileSchema, type DatasetColumn } from './schema.js';

/** The project's entries by normalised path and by id, built once per loaded project (a project maps thousands). */
const entries = new WeakMap<Project, { byPath: Map<string, ProjectCalculation>; byId: Map<number, ProjectCalculation> }>();
function entriesOf(project: Project) {
  let found = entries.get(project);
  if (!found) {
    found = { byPath: new Map(), byId: new Map() };
    for (const c of project.calculations) {
      const key = normalise(c.path);
      // The first entry wins, as a search in file order would find it.
      if (!found.byPath.has(key)) found.byPath.set(key, c);
      if (!found.byId.has(c.id)) found.byId.set(c.id, c);
    }
    entries.set(project, found);
  }
  return found;
}

/** The project's entry for a formula file (absolute or relative to the working directory), or undefined. */
export function calculationForFile(project: Project, path: string): ProjectCalculation | undefined {
  const rel = relative(project.root, resolve(path)).split(sep).join('/');
  return entriesOf(project).byPath.get(rel);
}

/** The project's entry for a calculation id, or undefined. */
export function calculationForId(project: Project, id: number): ProjectCalculation | undefined {
  return entriesOf(project).byId.get(id);
}

/** The project's entries for the formulas of a dataset (by its key), in the project file's order. */
export function calculationsOfDataset(project: Project, datasetKey: string): ProjectCalculation[] {
  return project.calculations.filter((c) => c.dataset === datasetKey);
}

function normalise(path: string): string {
  return path.replace(/^\.\//, '').replace(/\/{2,}/g, '/');
}

/** Reads and validates the column schema file of a dataset; throws ProjectError when absent or malformed. */
export function loadDatasetSchema(project: Project, datasetKey: string): DatasetColumn[] {
  const dataset = project.datasets[datasetKey];
  if (dataset === undefined) {
    throw new ProjectError(project.file, [{ field: `datasets`, message: `no dataset "${datasetKey}" is declared` }]);
  }
  if (dataset.schemaPath === undefined) {
    throw new ProjectError(project.file, [{ field: `datasets.${datasetKey}.schema`, message: 'no schema file is declared for this dataset' }]);
  }
  return readDatasetSchemaFile(dataset.schemaPath, { projectRoot: project.root });
}

/**
 * Reads and validates one dataset schema file (an array of columns as in the seed's 2.3). It must be a regular file of
 * at most 10 MB (readRegularFileSync); errors give the file and the problem (a JSON error by position), never its text.
 */
export function readDatasetSchemaFile(file: string, options: { readonly projectRoot?: string } = {}): DatasetColumn[] {
  let text: string;
  try {
    // A schema declared by a project (projectRoot given) must really be inside it: a link out is refused.
    text = readSettingsFileText(file, options.projectRoot !== undefined ? { projectRoot: options.projectRoot } : {});
  } catch (error) {
    if (!(error instanceof FileAccessError)) throw error;
    throw new ProjectError(file, [{ field: '', message: `cannot read the schema file: ${error.reason}` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProjectError(file, [{ field: '', message: describeJsonError(text) }]);
  }
  const parsed = datasetSchemaFileSchema.safeParse(json);
  if (!parsed.success) throw new ProjectError(file, issuesOf(parsed.error));
  return parsed.data;
}

/** The column schema for a formula file (through its calculation's dataset), or undefined when none is declared. */
export function schemaForFile(project: Project, path: string): DatasetColumn[] | undefined {
  const calc = calculationForFile(project, path);
  if (calc?.dataset === undefined) return undefined;
  const dataset = project.datasets[calc.dataset];
  if (dataset?.schemaPath === undefined) return undefined;
  return readDatasetSchemaFile(dataset.schemaPath, { projectRoot: project.root });
}
