// Read-only virtual documents: the remote version of a formula (for the diff editor) and the analysis of a formula
// (what the service will store). Content is put in before the document is opened.
import * as vscode from 'vscode';

export const REMOTE_SCHEME = 'calckit-remote';
export const ANALYSIS_SCHEME = 'calckit-analysis';

export class VirtualDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registrations: vscode.Disposable[];

  constructor() {
    this.registrations = [
      vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, this),
      vscode.workspace.registerTextDocumentContentProvider(ANALYSIS_SCHEME, this),
    ];
  }

  /** Stores content under a URI of the scheme, named after the file, and returns that URI. */
  put(scheme: string, name: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme, path: `/${name}` });
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  dispose(): void {
    for (const r of this.registrations) r.dispose();
    this.changed.dispose();
  }
}
