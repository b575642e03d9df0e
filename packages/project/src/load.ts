// Loading the project file `calckit.json`: validates it and resolves its paths. Finding it is ProjectIndex's
// (project-index.ts), the one place that walks up from a path.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ProjectError, issuesOf } from './errors.js';
import { FileAccessError, readSettingsFileText } from './files.js';
import { resolveInsideProject } from './inside.js';
import { describeJsonError } from './json-text.js';
import { projectFileSchema, type CalculationEntry, type DatasetEntry, type ServiceSection } from './schema.js';

export const PROJECT_FILE_NAME = 'calckit.json';
export const DEFAULT_STATE_PATH = '.calckit/state.json';

export interface ProjectDataset extends DatasetEntry {
  readonly key: string;
  /** Absolute path of the column schema file, when one is declared. */
  readonly schemaPath?: string;
}

export interface ProjectCalculation extends CalculationEntry {
  /** Path as written in the project file (relative to the root, `/`-separated). */
  readonly path: string;
  /** Absolute path of the formula file. */
  readonly file: string;
}

export interface Project {
  /** Absolute directory holding the project file. */
  readonly root: string;
  /** Absolute path of the project file. */
  readonly file: string;
  readonly service?: ServiceSection;
  readonly datasets: Readonly<Record<string, ProjectDataset>>;
  readonly calculations: readonly ProjectCalculation[];
  /** The `lint` section, unvalidated here (packages/lint owns its contents). */
  readonly lint: Readonly<Record<string, unknown>>;
  /** The `format` section, unvalidated here (packages/format owns its contents). */
  readonly format: Readonly<Record<string, unknown>>;
  /** Absolute path of the push state file. */
  readonly statePath: string;
}

/**
 * Reads and validates a project file; throws ProjectError naming every field at fault. The file must be a regular file
 * of at most 10 MB (readRegularFileSync); errors give the file and the problem, never its contents.
 */
export function loadProject(path: string): Project {
  const file = resolve(path);
  let text: string;
  try {
    // The project file itself must be in its folder: a calckit.json linked to a file elsewhere is refused.
    text = readSettingsFileText(file, { projectRoot: dirname(file) });
  } catch (error) {
    if (!(error instanceof FileAccessError)) throw error;
    throw new ProjectError(file, [{ field: '', message: `cannot read the project file: ${error.reason}` }]);
  }
  return parseProject(text, file);
}

/** Validates project file text as if it were at `file` (for editors that hold unsaved text). */
export function parseProject(text: string, file: string): Project {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // V8's message quotes the text: say where instead.
    throw new ProjectError(file, [{ field: '', message: describeJsonError(text) }]);
  }
  const parsed = projectFileSchema.safeParse(json);
  if (!parsed.success) throw new ProjectError(file, issuesOf(parsed.error));
  const data = parsed.data;
  const root = dirname(file);
  const inRoot = (p: string): string => (isAbsolute(p) ? p : resolve(root, p));
  // Files calckit writes (formulas by pull, import, format and --fix; the push state) must stay inside the project.
  const outside = [
    ...Object.keys(data.calculations ?? {}).map((path) => ({ field: `calculations.${JSON.stringify(path)}`, path })),
    ...(data.state !== undefined ? [{ field: 'state', path: data.state }] : []),
  ].filter(({ path }) => !isInside(root, inRoot(path)));
  if (outside.length > 0) {
    throw new ProjectError(
      file,
      outside.map(({ field }) => ({ field, message: 'resolves outside the project (absolute or with ..): calckit writes this file, so it must be under the project folder' })),
    );
  }
  const datasets: Record<string, ProjectDataset> = {};
  for (const [key, entry] of Object.entries(data.datasets ?? {})) {
    datasets[key] = { ...entry, key, ...(entry.schema !== undefined ? { schemaPath: inRoot(entry.schema) } : {}) };
  }
  const calculations = Object.entries(data.calculations ?? {}).map(([path, entry]) => ({
    ...entry,
    path: path.replace(/\\/g, '/'),
    file: inRoot(path),
  }));
  return {
    root,
    file,
    ...(data.service !== undefined ? { service: data.service } : {}),
    datasets,
    calculations,
    lint: data.lint ?? {},
    format: data.format ?? {},
    statePath: inRoot(data.state ?? DEFAULT_STATE_PATH),
  };
}

/** Whether `path` (absolute) is `root` itself or below it. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Whether writing `path` stays inside `root` once symbolic links are followed (resolveInsideProject: the file itself,
 * a link to be written through, or for a new file its nearest existing folder, must really be inside the project).
 */
export function writesInside(root: string, path: string): boolean {
  if (!isInside(root, path)) return false;
  try {
    resolveInsideProject(root, path, { operation: 'write' });
    return true;
  } catch {
    return false;
  }
}
