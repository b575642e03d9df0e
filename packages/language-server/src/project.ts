// What the project file says about a formula file: its dataset's schema, its calculation id, the service's name,
// the project's calculations and lint/format sections. Cached per project file and schema file; the cache is dropped
// when a watched project or schema file changes.
import { statSync } from 'node:fs';
import { canonicalServiceName, parseFormula, walk } from '@calckit/formula';
import { calculationForFile, calculationForId, findProjectFile, loadProject, readDatasetSchemaFile, readFormulaFile, type DatasetColumn, type Project } from '@calckit/project';
import { describeError, type Log } from './log.js';

export interface FileProject {
  readonly project?: Project;
  readonly schema?: readonly DatasetColumn[];
  readonly selfId?: number;
}

export class ProjectService {
  private readonly projectByFile = new Map<string, Project | undefined>();
  private readonly projectFileByDir = new Map<string, string | undefined>();
  private readonly schemaByPath = new Map<string, DatasetColumn[] | undefined>();
  private readonly reported = new Set<string>();
  private readonly nested = new Map<string, { mtime: number; ids: number[] }>();

  constructor(private readonly log: Log) {}

  /** Everything the project knows about a formula file (nothing when there is no project file). */
  forFile(path: string): FileProject {
    const project = this.projectFor(path);
    if (!project) return {};
    const calc = calculationForFile(project, path);
    const schemaPath = calc?.dataset !== undefined ? project.datasets[calc.dataset]?.schemaPath : undefined;
    const schema = schemaPath !== undefined ? this.schema(schemaPath) : undefined;
    return { project, ...(schema ? { schema } : {}), ...(calc ? { selfId: calc.id } : {}) };
  }

  /** A schema file's columns (cached), or undefined when it cannot be read (logged once). */
  schema(path: string): DatasetColumn[] | undefined {
    if (this.schemaByPath.has(path)) return this.schemaByPath.get(path);
    let columns: DatasetColumn[] | undefined;
    try {
      columns = readDatasetSchemaFile(path);
    } catch (error) {
      this.reportOnce(`schema file ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.schemaByPath.set(path, columns);
    return columns;
  }

  /** The calculation ids nested in calculation `id` of the project, read from its formula file (cached by mtime). */
  nestedIds(project: Project, id: number): readonly number[] | undefined {
    const calc = calculationForId(project, id);
    if (!calc) return undefined;
    try {
      const mtime = statSync(calc.file).mtimeMs;
      const hit = this.nested.get(calc.file);
      if (hit && hit.mtime === mtime) return hit.ids;
      const found = new Set<number>();
      const service = canonicalServiceName(project.service?.name);
      // A regular UTF-8 file of at most 10 MB (a link to a device or a huge file is unknown, never read whole).
      walk(parseFormula(readFormulaFile(calc.file)).formula, {
        enter(node) {
          if (node.kind === 'NestedCalculation' && node.service === service) found.add(node.id);
        },
      });
      const ids = [...found];
      this.nested.set(calc.file, { mtime, ids });
      return ids;
    } catch {
      return undefined;
    }
  }

  /** Whether a changed file can affect the answers (a project file or a schema file we read). */
  isWatched(path: string): boolean {
    return path.endsWith('calckit.json') || this.schemaByPath.has(path) || [...this.projectByFile.values()].some((p) => p && Object.values(p.datasets).some((d) => d.schemaPath === path));
  }

  invalidate(): void {
    this.projectByFile.clear();
    this.projectFileByDir.clear();
    this.schemaByPath.clear();
    this.reported.clear();
    this.nested.clear();
  }

  private projectFor(path: string): Project | undefined {
    const dir = path.replace(/[\\/][^\\/]*$/, '');
    let file: string | undefined;
    if (this.projectFileByDir.has(dir)) file = this.projectFileByDir.get(dir);
    else {
      file = findProjectFile(path);
      this.projectFileByDir.set(dir, file);
    }
    if (file === undefined) return undefined;
    if (this.projectByFile.has(file)) return this.projectByFile.get(file);
    let project: Project | undefined;
    try {
      project = loadProject(file);
    } catch (error) {
      this.reportOnce(`project file: ${error instanceof Error ? error.message : describeError(error)}`);
    }
    this.projectByFile.set(file, project);
    return project;
  }

  private reportOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.log.warn(message);
  }
}
