// What the server's core asks of the place it runs in. The core (every module outside node/, bin.ts and index.ts)
// imports no Node module: files on disk (the project index, schema files, formula tests), the lint worker thread and
// V8's collector are a platform's, behind these interfaces. node/ implements them for the Node server (bin.ts, the VS
// Code extension's bundled server); browser.ts gives a Worker none of them (no project, no lint worker, no idle GC).
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, IdeDocument, IdeSettings, TextEdit } from '@calckit/ide';
import type { DatasetColumn, Project, ProjectGraph } from '@calckit/project';
import type { Feature, ServerContext } from './context.js';
import type { DocumentStore } from './documents.js';
import type { Log } from './log.js';

/** What a project on disk tells about one document. */
export interface FileProject {
  readonly project?: Project;
  /** The file's path relative to the project's root, `/`-separated. */
  readonly relativePath?: string;
  readonly schema?: readonly DatasetColumn[];
  readonly selfId?: number;
}

/** A column rename's edits in one file, and the version they were made against (null: the file on disk, not open). */
export interface FileRenameEdits {
  readonly uri: string;
  readonly version: number | null;
  /** The text the edits' offsets are in (for positions). */
  readonly text: TextDocument;
  readonly edits: readonly TextEdit[];
}

/** Projects on disk, as the core's features ask about them. Problems of broken files are logged, never thrown. */
export interface ProjectHost {
  /** Everything the project knows about the document at `uri` (nothing outside a project, or for a broken one). */
  forDocument(uri: string): FileProject;
  /** The schema file the client's `schemas` setting maps the document to (globs relative to the project's root, else
   * to a workspace folder), or undefined. */
  schemaFromSetting(uri: string, schemas: Readonly<Record<string, string>>, projectRoot: string | undefined, workspaceFolders: readonly string[]): readonly DatasetColumn[] | undefined;
  /** The calculation ids nested in calculation `id` of the project, counted for the document's service name. */
  nestedIds(project: Project, id: number, serviceName: string | undefined): readonly number[] | undefined;
  /** The project's graph for a service name. */
  graph(project: Project, serviceName: string | undefined): ProjectGraph;
  /** The graph of the project whose file is `projectFile`; undefined if that file no longer loads. */
  graphOfProjectFile(projectFile: string, serviceName: string | undefined): ProjectGraph | undefined;
  /** A file's URI, and a `file:` URI's path (undefined for any other scheme). */
  uriOfFile(path: string): string;
  fileOfUri(uri: string): string | undefined;
  /** Files changed on disk: true when an answer may have changed. */
  changed(paths: readonly string[]): boolean;
  /** A column's rename over the formula files of the document's dataset and its schema file; undefined when the
   * document belongs to no dataset of a project (the rename then stays within the document). */
  datasetRename(documents: DocumentStore, uri: string, oldName: string, newName: string): FileRenameEdits[] | undefined;
  /** Markdown the hover adds on a formula (its tests' values), or undefined. */
  hoverAddition(ctx: ServerContext, uri: string, doc: IdeDocument): string | undefined;
}

/** Lints long texts off the server's thread. */
export interface LintRunner {
  /** False once it failed too often: lint on the server's thread instead. */
  readonly usable: boolean;
  lint(text: string, settings: IdeSettings): Promise<Diagnostic[]>;
}

/** The platform's services for one server, told what the server does so they can use its pauses. */
export interface PlatformServices {
  readonly projects?: ProjectHost;
  readonly lintWorker?: LintRunner;
  /** `initialize`'s initializationOptions (the Node server reads `idleGc`). */
  initialize(options: Readonly<Record<string, unknown>> | undefined): void;
  /** A version's diagnostics went out (pushed or pulled): the pause after them is idle time. */
  afterDelivery(): void;
  /** A document changed. */
  activity(): void;
  /** A document of `length` characters closed. */
  closed(length: number): void;
  dispose(): void;
}

export interface ServerPlatform {
  /** Features only this platform can offer (files on disk: formula tests, the call hierarchy), after the core's. */
  readonly features: readonly Feature[];
  /** File-system events the client should watch (none without files). */
  readonly watchedGlobs: readonly string[];
  /** Starts the platform's services for one server. */
  start(env: { readonly log: Log; readonly documents: DocumentStore }): PlatformServices;
}

/** A platform without files, threads or a collector to call (a browser's Worker). */
export const NO_FILES_PLATFORM: ServerPlatform = {
  features: [],
  watchedGlobs: [],
  start: () => ({
    initialize: () => undefined,
    afterDelivery: () => undefined,
    activity: () => undefined,
    closed: () => undefined,
    dispose: () => undefined,
  }),
};
