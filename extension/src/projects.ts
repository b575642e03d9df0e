// Which project (calckit.json) and which calculation a formula file belongs to; projects are cached and reloaded when
// their file changes. A broken project file is reported once per change, never thrown at the editor.
import { calculationForFile, findProjectFile, loadProject, schemaForFile, type DatasetColumn, type Project, type ProjectCalculation } from '@calckit/project';
import * as vscode from 'vscode';
import type { Log } from './log.js';

export interface FileMapping {
  readonly project: Project;
  /** Undefined when the project file does not map this formula. */
  readonly calculation: ProjectCalculation | undefined;
}

export class Projects implements vscode.Disposable {
  private readonly cache = new Map<string, Project | Error>();
  private readonly watcher: vscode.FileSystemWatcher;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: Log) {
    this.watcher = vscode.workspace.createFileSystemWatcher('**/calckit.json');
    const drop = (uri: vscode.Uri): void => {
      this.cache.delete(uri.fsPath);
      this.changed.fire();
    };
    this.watcher.onDidChange(drop);
    this.watcher.onDidCreate(drop);
    this.watcher.onDidDelete(drop);
  }

  /** The project and calculation of a file on disk; undefined when no project file is above it. */
  forFile(uri: vscode.Uri): FileMapping | undefined {
    if (uri.scheme !== 'file') return undefined;
    const projectFile = findProjectFile(uri.fsPath);
    if (projectFile === undefined) return undefined;
    let project = this.cache.get(projectFile);
    if (project === undefined) {
      try {
        project = loadProject(projectFile);
      } catch (error) {
        project = error instanceof Error ? error : new Error(String(error));
        this.log.error(`project file ${projectFile}: ${project.message}`);
      }
      this.cache.set(projectFile, project);
    }
    if (project instanceof Error) return undefined;
    return { project, calculation: calculationForFile(project, uri.fsPath) };
  }

  /** The problem with the project file above this file, if it failed to load. */
  errorFor(uri: vscode.Uri): Error | undefined {
    const projectFile = uri.scheme === 'file' ? findProjectFile(uri.fsPath) : undefined;
    const cached = projectFile === undefined ? undefined : this.cache.get(projectFile);
    return cached instanceof Error ? cached : undefined;
  }

  /** The dataset columns of a formula file, or undefined (no schema declared or unreadable, which is logged). */
  schemaFor(mapping: FileMapping, uri: vscode.Uri): DatasetColumn[] | undefined {
    try {
      return schemaForFile(mapping.project, uri.fsPath);
    } catch (error) {
      this.log.warn(`schema for ${uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  dispose(): void {
    this.watcher.dispose();
    this.changed.dispose();
  }
}
