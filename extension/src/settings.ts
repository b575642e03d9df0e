// The extension's settings for one file (resource scope), read in one place.
import * as vscode from 'vscode';

export type RuleSeverity = 'off' | 'info' | 'warn' | 'error';

export interface Settings {
  readonly serviceName: string;
  readonly instance: string;
  readonly domain: string;
  readonly baseUrl: string;
  /** Read from workspace or folder settings only: a user-level `true` must not push from every repository. */
  readonly pushOnSave: boolean;
  /** Auto-saves (files.autoSave) push too, unattended (see push/save-trigger.ts); off: only explicit saves push. */
  readonly pushOnAutoSave: boolean;
  readonly lockAfterPush: boolean;
  readonly strict: boolean;
  readonly rules: Readonly<Record<string, RuleSeverity>>;
  readonly inlayHintsResultType: boolean;
  readonly schemas: Readonly<Record<string, string>>;
  /** `calckit.schema`: an inline dataset schema (columns), checked by the server; undefined when not set. */
  readonly schema: unknown;
  readonly emulatorCommand: string;
}

export function settingsFor(uri: vscode.Uri | undefined): Settings {
  const config = vscode.workspace.getConfiguration('calckit', uri);
  const push = config.inspect<boolean>('pushOnSave');
  return {
    serviceName: config.get<string>('serviceName', '').trim(),
    instance: config.get<string>('instance', '').trim(),
    domain: config.get<string>('domain', '').trim(),
    baseUrl: config.get<string>('baseUrl', '').trim(),
    pushOnSave: push?.workspaceFolderValue ?? push?.workspaceValue ?? false,
    pushOnAutoSave: config.get<boolean>('push.onAutoSave', false),
    lockAfterPush: config.get<boolean>('lockAfterPush', false),
    strict: config.get<boolean>('strict', false),
    rules: config.get<Record<string, RuleSeverity>>('rules', {}),
    inlayHintsResultType: config.get<boolean>('inlayHints.resultType', true),
    schemas: config.get<Record<string, string>>('schemas', {}),
    schema: config.get<unknown>('schema') ?? undefined,
    emulatorCommand: config.get<string>('emulator.command', '').trim(),
  };
}

/**
 * The settings the language server reads (its `calckit` section), as plain data: VS Code hands out object settings as
 * read-only proxies, which a Web Worker's postMessage cannot clone (the web extension's initialize failed with "could
 * not be cloned"), so they are copied through JSON.
 */
export function serverSettings(uri: vscode.Uri | undefined): Record<string, unknown> {
  return JSON.parse(JSON.stringify(serverSettingsOf(settingsFor(uri)))) as Record<string, unknown>;
}

function serverSettingsOf(s: Settings): Record<string, unknown> {
  return {
    ...(s.serviceName ? { serviceName: s.serviceName } : {}),
    rules: s.rules,
    inlayHints: { resultType: s.inlayHintsResultType },
    schemas: s.schemas,
    // Passed as set, valid or not: the server validates it (with the schema files' own rules) and logs what is wrong.
    ...(s.schema !== undefined && s.schema !== null ? { schema: s.schema } : {}),
  };
}
