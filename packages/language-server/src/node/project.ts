// The Node server's projects on disk (the core's ProjectHost), through @calckit/project's ProjectIndex: per formula file
// its project, schema and calculation id, with the problems of a broken project or schema file logged once each
// instead of thrown at the editor. The file watcher's changes go to the index, which drops exactly what they can change.
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ProjectError, ProjectIndex, buildProjectGraph, type DatasetColumn, type Project, type ProjectGraph } from '@calckit/project';
import type { ServerContext } from '../context.js';
import type { DocumentStore } from '../documents.js';
import { globToRegExp } from '../glob.js';
import type { Log } from '../log.js';
import type { FileProject, FileRenameEdits, ProjectHost } from '../host.js';
import { datasetRename } from './dataset-rename.js';

export class ProjectService implements ProjectHost {
  /** The index itself (formula tests run through it, so a watched change reaches them too). */
  readonly index = new ProjectIndex();
  private readonly reported = new Set<string>();
  /** The project graph by project and service name, rebuilt after a watched change (from the index's kept parses). */
  private graphs = new WeakMap<Project, Map<string, ProjectGraph>>();

  constructor(private readonly log: Log) {}

  forDocument(uri: string): FileProject {
    const path = this.fileOfUri(uri);
    return path === undefined ? {} : this.forFile(path);
  }

  /** Everything the project knows about a formula file (nothing when there is no project file, or a broken one). */
  forFile(path: string): FileProject {
    let info;
    try {
      info = this.index.fileInfo(path);
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      this.reportOnce(`project file: ${error.message}`);
      return {};
    }
    if (info === undefined) return {};
    if (info.schemaError) this.reportOnce(`schema file ${info.schemaError.message}`);
    return {
      project: info.project,
      relativePath: info.relativePath,
      ...(info.schema ? { schema: info.schema } : {}),
      ...(info.calculation ? { selfId: info.calculation.id } : {}),
    };
  }

  /** A schema file's columns (a client setting names it), or undefined when it cannot be used (logged once). */
  schema(path: string): readonly DatasetColumn[] | undefined {
    try {
      return this.index.schema(path);
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      this.reportOnce(`schema file ${error.message}`);
      return undefined;
    }
  }

  schemaFromSetting(uri: string, schemas: Readonly<Record<string, string>>, projectRoot: string | undefined, workspaceFolders: readonly string[]): readonly DatasetColumn[] | undefined {
    const path = this.fileOfUri(uri);
    if (path === undefined) return undefined;
    const roots = workspaceFolders.flatMap((u) => (u.startsWith('file:') ? [fileURLToPath(u)] : []));
    for (const base of [...(projectRoot ? [projectRoot] : []), ...roots]) {
      const rel = relative(base, path).split(sep).join('/');
      if (rel.startsWith('..')) continue;
      for (const [glob, file] of Object.entries(schemas)) {
        if (globToRegExp(glob).test(rel)) return this.schema(resolve(base, file));
      }
    }
    return undefined;
  }

  uriOfFile(path: string): string {
    return pathToFileURL(path).href;
  }

  fileOfUri(uri: string): string | undefined {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  }

  graphOfProjectFile(projectFile: string, serviceName: string | undefined): ProjectGraph | undefined {
    try {
      return this.graph(this.index.load(projectFile).project, serviceName);
    } catch (error) {
      if (error instanceof ProjectError) return undefined;
      throw error;
    }
  }

  datasetRename(documents: DocumentStore, uri: string, oldName: string, newName: string): FileRenameEdits[] | undefined {
    return datasetRename({ documents, index: this.index, log: this.log }, uri, oldName, newName);
  }

  /** The calculation ids nested in calculation `id` of the project, counted for the document's service name. */
  nestedIds(project: Project, id: number, serviceName: string | undefined): readonly number[] | undefined {
    return this.index.nestedIds(project, id, serviceName);
  }

  /**
   * The project's graph (columns read, calculations nested, per formula file, as on disk) for a service name (the
   * document's: the client's setting, else the project's). Built on first use after a change of any watched file.
   */
  graph(project: Project, serviceName: string | undefined): ProjectGraph {
    let byName = this.graphs.get(project);
    if (!byName) this.graphs.set(project, (byName = new Map()));
    const key = serviceName ?? '';
    let graph = byName.get(key);
    if (!graph) byName.set(key, (graph = buildProjectGraph(this.index, project, serviceName)));
    return graph;
  }

  /** Files changed on disk: true when an answer may have changed (their problems may then be logged again). */
  changed(paths: readonly string[]): boolean {
    let any = false;
    for (const path of paths) if (this.index.invalidate(path)) any = true;
    if (any) {
      this.reported.clear();
      this.graphs = new WeakMap();
    }
    return any;
  }

  private reportOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.log.warn(message);
  }
}

/** The project index of a server started with the Node platform (its formula tests run through it). */
export function projectIndexOf(ctx: ServerContext): ProjectIndex {
  if (!(ctx.projects instanceof ProjectService)) throw new Error('formula tests need the Node platform (node/platform.ts): this server has no project index');
  return ctx.projects.index;
}
