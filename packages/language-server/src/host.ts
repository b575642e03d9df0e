// What the server's core asks of the place it runs in about files and threads: projects on disk (the project index,
// schema files, a column's rename across a dataset's files) and lint off the server's thread. The Node platform
// implements them (node/project.ts, node/lint-worker.ts); a browser's Worker has neither (platform.ts).
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, IdeSettings, TextEdit } from '@calckit/ide';
import type { DatasetColumn, Project, ProjectGraph } from '@calckit/project';
import type { DocumentStore } from './documents.js';

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
}

/** Lints long texts off the server's thread. */
export interface LintRunner {
  /** False once it failed too often: lint on the server's thread instead. */
  readonly usable: boolean;
  lint(text: string, settings: IdeSettings): Promise<Diagnostic[]>;
}
