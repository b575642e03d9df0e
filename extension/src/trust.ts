// Workspace trust. In Restricted Mode (an untrusted folder) the language features work as usual, but calckit sends
// nothing to any service (no read, push, lock or compare) and runs nothing (no emulator): the folder's calckit.json
// and settings could point a token at any address, and its node_modules could hold any program. package.json declares
// `untrustedWorkspaces: limited` and the address settings as restricted; this module is the check and the message.
import * as vscode from 'vscode';
import { RestrictedModeError } from './connection.js';
import type { Log } from './log.js';

export const isTrusted = (): boolean => vscode.workspace.isTrusted;

const MANAGE = 'Manage Workspace Trust';

/** Says (once per call) that `what` was refused because the workspace is not trusted; offers to manage trust. */
export function refuseUntrusted(log: Log, what: string): void {
  log.warn(`${what}: refused, the workspace is not trusted (Restricted Mode)`);
  void vscode.window
    .showWarningMessage(
      `calckit: ${what} is off in Restricted Mode. This workspace is not trusted, so calckit sends nothing to a service ` +
        'and starts nothing from it; checking, completion and formatting work as usual. Trust the workspace to turn it on.',
      MANAGE,
    )
    .then((choice) => (choice === MANAGE ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
}

/** True when trusted; otherwise tells the user and returns false. */
export function requireTrust(log: Log, what: string): boolean {
  if (isTrusted()) return true;
  refuseUntrusted(log, what);
  return false;
}

export const isRestrictedModeError = (error: unknown): error is RestrictedModeError => error instanceof RestrictedModeError;
