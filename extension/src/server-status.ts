// The language status item of the calckit language server's state (starting, running, stopped, …); clicking it
// restarts the server. Browser-safe: the desktop and the web entries both show it.
import * as vscode from 'vscode';
import type { ServerState } from './language-client-core.js';

const SERVER_STATE_TEXT: Record<ServerState, string> = {
  starting: '$(sync~spin) calckit server starting',
  running: '$(check) calckit server',
  stopped: '$(debug-pause) calckit server stopped',
  missing: '$(warning) calckit server not bundled',
  failed: '$(error) calckit server failed',
};

export class ServerStatusItem implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;

  constructor() {
    this.item = vscode.languages.createLanguageStatusItem('calckit.server', { language: 'calc' });
    this.item.name = 'calckit language server';
    this.item.command = { command: 'calckit.restartServer', title: 'Restart' };
  }

  setServerState(state: ServerState): void {
    this.item.text = SERVER_STATE_TEXT[state];
    this.item.severity = state === 'failed' || state === 'missing' ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    this.item.busy = state === 'starting';
  }

  dispose(): void {
    this.item.dispose();
  }
}
