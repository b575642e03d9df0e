// Which project (calckit.json) and which calculation a formula file belongs to, asked of @calckit/project's
// ProjectIndex (the one the CLI and the language server use); a changed project or schema file is handed to the
// index, which drops what it can change. A broken project file is reported once per change, never thrown at the editor.
import { ProjectError, ProjectIndex, type DatasetColumn, type Project, type ProjectCalculation } from '@calckit/project';
import * as vscode from 'vscode';
import type { Log } from './log.js';

export interface FileMapping {
  readonly project: Project;
  /** Undefined when the project file does not map this formula. */
  readonly calculation: ProjectCalculation | undefined;
  /** The dataset's columns, or why the declared schema file could not be used. */
  readonly schema: readonly DatasetColumn[] | undefined;
  readonly schemaError: ProjectError | undefined;
}

export class Projects implements vscode.Disposable {
  private readonly index = new ProjectIndex();
  /** Problems already logged (cleared when a watched file changes, so a new problem of the same file is told). */
  private readonly logged = new Set<string>();
  private readonly watcher: vscode.FileSystemWatcher;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: Log) {
    // Project files and the schema files they name (any JSON file may be one).
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.json');
    const drop = (uri: vscode.Uri): void => {
      if (uri.scheme !== 'file' || !this.index.invalidate(uri.fsPath)) return;
      this.logged.clear();
      this.changed.fire();
    };
    this.watcher.onDidChange(drop);
    this.watcher.onDidCreate(drop);
    this.watcher.onDidDelete(drop);
  }

  /** The project and calculation of a file on disk; undefined when no project file is above it or it is broken. */
  forFile(uri: vscode.Uri): FileMapping | undefined {
    if (uri.scheme !== 'file') return undefined;
    let info;
    try {
      info = this.index.fileInfo(uri.fsPath);
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      this.logOnce('error', `project file ${error.message}`);
      return undefined;
    }
    if (info === undefined) return undefined;
    return { project: info.project, calculation: info.calculation, schema: info.schema, schemaError: info.schemaError };
  }

  /** The problem with the project file above this file, if it failed to load. */
  errorFor(uri: vscode.Uri): Error | undefined {
    if (uri.scheme !== 'file') return undefined;
    try {
      this.index.projectFor(uri.fsPath);
      return undefined;
    } catch (error) {
      if (error instanceof ProjectError) return error;
      throw error;
    }
  }

  /** The project of a workspace folder (a calckit.json in it or above), or undefined (a broken one is logged). */
  forFolder(folder: vscode.Uri): Project | undefined {
    if (folder.scheme !== 'file') return undefined;
    try {
      return this.index.projectIn(folder.fsPath)?.project;
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      this.logOnce('error', `project file ${error.message}`);
      return undefined;
    }
  }

  /** The dataset columns of a formula file, or undefined (no schema declared, or unusable, which is logged). */
  schemaFor(mapping: FileMapping, uri: vscode.Uri): readonly DatasetColumn[] | undefined {
    if (mapping.schemaError) this.logOnce('warn', `schema for ${uri.fsPath}: ${mapping.schemaError.message}`);
    return mapping.schema;
  }

  private logOnce(level: 'error' | 'warn', message: string): void {
    if (this.logged.has(message)) return;
    this.logged.add(message);
    this.log[level](message);
  }

  dispose(): void {
    this.watcher.dispose();
    this.changed.dispose();
  }
}
