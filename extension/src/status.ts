// The language status items of .calc files: connection, lock state and last push of the active formula, as one line
// with details, and the language server's state (server-status.ts).
import * as vscode from 'vscode';
import type { ServerState } from './language-client-core.js';
import { ServerStatusItem } from './server-status.js';

export interface FormulaStatus {
  connection?: 'unknown' | 'connected' | 'unreachable' | 'not configured' | 'no token' | 'restricted';
  baseUrl?: string;
  locked?: boolean;
  lastPush?: { at: Date; checkSum: string; ok: boolean; message?: string };
  busy?: string;
}

export class StatusItems implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly server: ServerStatusItem;
  private readonly byFile = new Map<string, FormulaStatus>();

  constructor() {
    this.item = vscode.languages.createLanguageStatusItem('calckit.push', { language: 'calc' });
    this.item.name = 'calckit push';
    this.item.command = { command: 'calckit.showLog', title: 'Show Log' };
    this.server = new ServerStatusItem();
    this.render();
  }

  update(uri: vscode.Uri, change: Partial<FormulaStatus>): void {
    const key = uri.toString();
    this.byFile.set(key, { ...this.byFile.get(key), ...change });
    this.render();
  }

  setServerState(state: ServerState): void {
    this.server.setServerState(state);
  }

  render(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const status = uri ? this.byFile.get(uri.toString()) : undefined;
    const parts: string[] = [];
    const connection = vscode.workspace.isTrusted ? (status?.connection ?? 'unknown') : 'restricted';
    parts.push(
      connection === 'connected'
        ? '$(cloud) connected'
        : connection === 'unknown'
          ? '$(cloud) service'
          : connection === 'restricted'
            ? '$(shield) Restricted Mode: nothing is sent'
            : `$(cloud-offline) ${connection}`,
    );
    if (status?.locked !== undefined) parts.push(status.locked ? '$(lock) locked' : '$(unlock) unlocked');
    if (status?.lastPush) {
      const time = status.lastPush.at.toLocaleTimeString();
      parts.push(status.lastPush.ok ? `pushed ${time} (${status.lastPush.checkSum.slice(0, 8)})` : `$(error) push failed ${time}`);
    }
    this.item.text = parts.join(' · ');
    this.item.detail =
      connection === 'restricted'
        ? 'the workspace is not trusted: no push, lock or emulator'
        : (status?.busy ?? (status?.baseUrl ? status.baseUrl : 'push on save, lock state and last push'));
    this.item.busy = status?.busy !== undefined;
    this.item.severity =
      status?.lastPush && !status.lastPush.ok ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
  }

  dispose(): void {
    this.item.dispose();
    this.server.dispose();
  }
}
