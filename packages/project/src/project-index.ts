// The one project index: which calckit.json governs a path, the loaded project, its dataset schemas and what each
// calculation nests (the service's way), cached by the file each answer came from so that `invalidate(path)` drops
// exactly the answers that file can change. The CLI, the language server and the extension all ask this.
import { dirname, relative, resolve, sep } from 'node:path';
import { lstatSync } from 'node:fs';
import { buildSemanticModel, canonicalServiceName, parseFormula, type Range } from '@calckit/formula';
import { ProjectError } from './errors.js';
import { FileAccessError, FileEncodingError, readFormulaFile } from './files.js';
import { PROJECT_FILE_NAME, isInside, loadProject, type Project, type ProjectCalculation, type ProjectDataset } from './load.js';
import { calculationForFile, calculationForId, readDatasetSchemaFile } from './lookup.js';
import type { DatasetColumn } from './schema.js';

export interface ProjectIndexOptions {
  /** A project file that governs every path (the CLI's `--config`): no discovery. */
  readonly config?: string;
  /**
   * The service's name set outside the project file (a flag, `CALCKIT_SERVICE_NAME`), over each project's: it decides
   * which `<SERVICE>_BEAST_MODE(id)` calls nest a calculation.
   */
  readonly serviceName?: string;
}

/** A loaded project with the answers that depend on it alone. */
export interface IndexedProject {
  readonly project: Project;
  /** The service's name in function names (`SVC`): the option's, else the project file's, else the default. */
  readonly serviceName: string;
  /**
   * The ids calculation `id` nests, read from its formula file: only `<serviceName>_BEAST_MODE(n)` calls count (the
   * service treats another prefix as an unknown function), distinct, in order of appearance. Undefined when the
   * project does not map `id` to a file, or the file cannot be read as a formula.
   */
  nestedIds(id: number): readonly number[] | undefined;
}

/** What the index knows about one formula file of a project. */
export interface IndexedFile extends IndexedProject {
  /** Absolute path of the formula file. */
  readonly file: string;
  /** Its path relative to the project's root, `/`-separated (what lint overrides and ignores match). */
  readonly relativePath: string;
  /** The project's entry for this file, when it maps it. */
  readonly calculation: ProjectCalculation | undefined;
  /** The dataset the entry names, when it names one. */
  readonly dataset: ProjectDataset | undefined;
  /** The dataset's columns, when it declares a schema file that reads and validates. */
  readonly schema: readonly DatasetColumn[] | undefined;
  /** Why the declared schema file could not be used (its path and the problem, never its contents). */
  readonly schemaError: ProjectError | undefined;
}

/** One `<PREFIX>_BEAST_MODE(id)` call of a formula file: the prefix is kept so any service name can filter later. */
export interface NestedCallReference {
  /** The prefix before `_BEAST_MODE`, upper-cased. */
  readonly service: string;
  readonly id: number;
  /** The whole call. */
  readonly range: Range;
  /** `<PREFIX>_BEAST_MODE` alone. */
  readonly nameRange: Range;
}

/** One column reference of a formula file, as lint's unknown-column sees it (a `Column` node of the AST). */
export interface ColumnReference {
  /** The column's name without quotes. */
  readonly name: string;
  /** The reference as written, quotes included. */
  readonly range: Range;
}

/** What one formula file refers to, in source order: read from one parse, kept until the file is invalidated. */
export interface FormulaReferences {
  readonly columns: readonly ColumnReference[];
  readonly nested: readonly NestedCallReference[];
}

const toPosix = (path: string): string => path.split(sep).join('/');

export class ProjectIndex {
  private readonly config: string | undefined;
  /** Directory → the project file found at or above it (null: none). Every directory a walk passed is recorded. */
  private readonly discovered = new Map<string, string | null>();
  /** Project file → its project (or why it did not load: a broken file is read once, not once per formula). */
  private readonly projects = new Map<string, IndexedProject | ProjectError>();
  /** Schema file → its columns or its problem. */
  private readonly schemas = new Map<string, readonly DatasetColumn[] | ProjectError>();
  /** Formula file → its columns and nesting calls (null: it could not be read as a formula). */
  private readonly references = new Map<string, FormulaReferences | null>();

  constructor(private readonly options: ProjectIndexOptions = {}) {
    this.config = options.config !== undefined ? resolve(options.config) : undefined;
  }

  /**
   * The project file governing a file: `--config`, else the nearest `calckit.json` at or above the file's folder.
   * Any entry of that name counts (a directory, a pipe, a broken link): loading then says what is wrong with it, rather
   * than a project file further up being used in silence.
   */
  projectFileFor(file: string): string | undefined {
    return this.projectFileIn(dirname(resolve(file)));
  }

  /** The project file governing a folder (the working directory of a command): at or above it, or `--config`. */
  projectFileIn(directory: string): string | undefined {
    if (this.config !== undefined) return this.config;
    const start = resolve(directory);
    const walked: string[] = [];
    let dir = start;
    let found: string | null | undefined;
    for (;;) {
      found = this.discovered.get(dir);
      if (found !== undefined) break;
      walked.push(dir);
      const candidate = resolve(dir, PROJECT_FILE_NAME);
      if (entryExists(candidate)) {
        found = candidate;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) {
        found = null;
        break;
      }
      dir = parent;
    }
    for (const d of walked) this.discovered.set(d, found);
    return found ?? undefined;
  }

  /** Loads (once) and validates a project file; throws ProjectError naming the file and every field at fault. */
  load(projectFile: string): IndexedProject {
    const file = resolve(projectFile);
    let entry = this.projects.get(file);
    if (entry === undefined) {
      try {
        entry = this.indexed(loadProject(file));
      } catch (error) {
        if (!(error instanceof ProjectError)) throw error;
        entry = error;
      }
      this.projects.set(file, entry);
    }
    if (entry instanceof ProjectError) throw entry;
    return entry;
  }

  /** The project governing a file, or undefined when there is none; throws ProjectError for a broken project file. */
  projectFor(file: string): IndexedProject | undefined {
    const projectFile = this.projectFileFor(file);
    return projectFile === undefined ? undefined : this.load(projectFile);
  }

  /** The project governing a folder, or undefined; throws ProjectError for a broken project file. */
  projectIn(directory: string): IndexedProject | undefined {
    const projectFile = this.projectFileIn(directory);
    return projectFile === undefined ? undefined : this.load(projectFile);
  }

  /**
   * Everything the project says about a formula file (absolute or relative to the working directory), or undefined
   * when no project governs it. Throws ProjectError for a broken project file; a broken schema file is `schemaError`.
   */
  fileInfo(file: string): IndexedFile | undefined {
    const absolute = resolve(file);
    const indexed = this.projectFor(absolute);
    if (indexed === undefined) return undefined;
    const { project } = indexed;
    const calculation = calculationForFile(project, absolute);
    const dataset = calculation?.dataset !== undefined ? project.datasets[calculation.dataset] : undefined;
    let schema: readonly DatasetColumn[] | undefined;
    let schemaError: ProjectError | undefined;
    if (dataset?.schemaPath !== undefined) {
      try {
        schema = this.schema(dataset.schemaPath, project.root);
      } catch (error) {
        if (!(error instanceof ProjectError)) throw error;
        schemaError = error;
      }
    }
    return {
      project,
      serviceName: indexed.serviceName,
      nestedIds: indexed.nestedIds,
      file: absolute,
      relativePath: toPosix(relative(project.root, absolute)),
      calculation,
      dataset,
      schema,
      schemaError,
    };
  }

  /**
   * A dataset schema file's columns (read once); throws ProjectError when it cannot be read or does not validate, or
   * when, declared by the project in `projectRoot`, it leads outside that project.
   */
  schema(schemaFile: string, projectRoot?: string): readonly DatasetColumn[] {
    const file = resolve(schemaFile);
    let entry = this.schemas.get(file);
    if (entry === undefined) {
      try {
        entry = readDatasetSchemaFile(file, projectRoot !== undefined ? { projectRoot } : {});
      } catch (error) {
        if (!(error instanceof ProjectError)) throw error;
        entry = error;
      }
      this.schemas.set(file, entry);
    }
    if (entry instanceof ProjectError) throw entry;
    return entry;
  }

  /**
   * The ids calculation `id` of `project` nests, counted the service's way (see IndexedProject.nestedIds) for
   * `serviceName` (default: the option's, else the project file's). The formula file is parsed once.
   */
  nestedIds(project: Project, id: number, serviceName?: string): readonly number[] | undefined {
    const calc = calculationForId(project, id);
    if (calc === undefined) return undefined;
    const refs = this.formulaReferences(calc.file, project.root);
    if (refs === undefined) return undefined;
    const service = canonicalServiceName(serviceName ?? this.options.serviceName ?? project.service?.name);
    const ids: number[] = [];
    for (const call of refs.nested) if (call.service === service && !ids.includes(call.id)) ids.push(call.id);
    return ids;
  }

  /**
   * A file changed, appeared or went away: drops exactly the answers it can change and says whether there were any
   * (a caller re-checks its documents only then). A project file drops its project and the discovery of every folder
   * at or below its own; a schema file its columns; a formula file what it reads and nests.
   */
  invalidate(path: string): boolean {
    const file = resolve(path);
    let dropped = false;
    if (this.projects.delete(file)) dropped = true;
    if (file.endsWith(`${sep}${PROJECT_FILE_NAME}`) && this.config === undefined) {
      const dir = dirname(file);
      for (const d of this.discovered.keys()) {
        if (d === dir || isInside(dir, d)) {
          this.discovered.delete(d);
          dropped = true;
        }
      }
    }
    if (this.schemas.delete(file)) dropped = true;
    if (this.references.delete(file)) dropped = true;
    return dropped;
  }

  /** Forgets everything (a new workspace, a changed setting that the index does not see). */
  clear(): void {
    this.discovered.clear();
    this.projects.clear();
    this.schemas.clear();
    this.references.clear();
  }

  private indexed(project: Project): IndexedProject {
    return {
      project,
      serviceName: canonicalServiceName(this.options.serviceName ?? project.service?.name),
      nestedIds: (id: number) => this.nestedIds(project, id),
    };
  }

  /**
   * The columns and nested calculations a formula file of the project in `projectRoot` refers to, read from one parse
   * (kept until `invalidate(file)`); undefined when it cannot be read as a formula (a regular UTF-8 file of at most
   * 10 MB inside the project: a link to a device or a huge file is never read whole).
   */
  formulaReferences(formulaFile: string, projectRoot: string): FormulaReferences | undefined {
    const file = resolve(formulaFile);
    let refs = this.references.get(file);
    if (refs === undefined) {
      try {
        const model = buildSemanticModel(parseFormula(readFormulaFile(file, { projectRoot })));
        refs = {
          columns: model.columns.map(({ node }) => ({ name: node.name, range: node.range })),
          nested: model.nested.map((n) => ({ service: n.service, id: n.id, range: n.range, nameRange: n.nameRange })),
        };
      } catch (error) {
        if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
        refs = null;
      }
      this.references.set(file, refs);
    }
    return refs ?? undefined;
  }
}

/** Whether any directory entry has this name (lstat: a broken link counts too). */
function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
