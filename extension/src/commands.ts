// The extension's commands (package.json "contributes.commands"): each is a few lines over the controller and client.
import { analyzeCalculation, expressionFromFileText } from '@calckit/formula';
import { readFormulaFile, serviceOrigin, type Project } from '@calckit/project';
import * as vscode from 'vscode';
import type { Connections } from './connection.js';
import { calckitCommand, confirmEmulatorCommand, startEmulator, type RunningEmulator } from './emulator.js';
import type { ServerHandle } from './language-client.js';
import type { Log } from './log.js';
import type { Projects } from './projects.js';
import { changedFormulas } from './push/changed.js';
import type { PushController } from './push-controller.js';
import { settingsFor } from './settings.js';
import type { StatusItems } from './status.js';
import { requireTrust } from './trust.js';
import { ANALYSIS_SCHEME, type VirtualDocuments } from './virtual-documents.js';

export interface CommandDeps {
  readonly projects: Projects;
  readonly connections: Connections;
  readonly pushes: PushController;
  readonly server: ServerHandle;
  readonly status: StatusItems;
  readonly documents: VirtualDocuments;
  readonly log: Log;
  readonly emulators: Map<string, RunningEmulator>;
  /** Reads the active formula's connection and lock again and redraws the status item. */
  readonly refreshStatus: () => void;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function activeFormula(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (document?.languageId === 'calc') return document;
  void vscode.window.showWarningMessage('calckit: open a .calc formula first.');
  return undefined;
}

function mapped(deps: CommandDeps, document: vscode.TextDocument): { project: Project; id: number } | undefined {
  const mapping = deps.projects.forFile(document.uri);
  if (mapping?.calculation) return { project: mapping.project, id: mapping.calculation.id };
  void vscode.window.showWarningMessage(`calckit: ${vscode.workspace.asRelativePath(document.uri)} is not mapped to a calculation in calckit.json.`);
  return undefined;
}

/** Projects of the workspace folders (a calckit.json at or above each folder), each once. */
function workspaceProjects(projects: Projects): Project[] {
  const found = new Set<Project>();
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const project = projects.forFolder(folder.uri);
    if (project) found.add(project);
  }
  return [...found];
}

export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { connections, pushes, log } = deps;
  const register = (id: string, run: (...args: unknown[]) => unknown): void => {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await run(...args);
        } catch (error) {
          log.error(`${id}: ${message(error)}`);
          void vscode.window.showErrorMessage(`calckit: ${message(error)}`, 'Open Log').then((c) => c && log.channel.show(true));
          return undefined;
        }
      }),
    );
  };

  register('calckit.push', async () => {
    const document = activeFormula();
    if (document && mapped(deps, document)) return pushes.push(document.uri, document.getText());
    return undefined;
  });

  register('calckit.pushAll', async () => {
    if (!requireTrust(log, 'pushing')) return undefined;
    const openText = (file: string): string | undefined => vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file)?.getText();
    const changed: Array<{ uri: vscode.Uri; text: string }> = [];
    for (const project of workspaceProjects(deps.projects)) {
      // Records are per service: the one this project pushes to now (none when no address is set: all count as changed).
      let origin = '';
      try {
        origin = serviceOrigin(connections.settingsFor(project, settingsFor(vscode.Uri.file(project.file))).baseUrl);
      } catch {
        // not configured: the push itself says so
      }
      // From disk only while the file really is in the project (a link out is unreadable, never pushed).
      const result = changedFormulas(project, origin, (file) => openText(file) ?? readFormulaFile(file, { projectRoot: project.root }));
      for (const u of result.unreadable) log.warn(`push all: cannot read ${u.calculation.path}: ${u.reason}`);
      for (const c of result.changed) changed.push({ uri: vscode.Uri.file(c.calculation.file), text: c.text });
    }
    if (changed.length === 0) {
      void vscode.window.showInformationMessage('calckit: no formula changed since its last push.');
      return [];
    }
    log.info(`push all: ${changed.length} changed formula(s)`);
    // All go through the queue: one push at a time, in order.
    const outcomes = await Promise.all(changed.map((c) => pushes.push(c.uri, c.text)));
    const pushed = outcomes.filter((o) => o?.kind === 'pushed' || o?.kind === 'unchanged').length;
    void vscode.window.showInformationMessage(`calckit: ${pushed} of ${changed.length} changed formula(s) pushed.`);
    return outcomes;
  });

  const setLock = async (locked: boolean): Promise<unknown> => {
    const document = activeFormula();
    const target = document && mapped(deps, document);
    if (!document || !target) return undefined;
    if (!requireTrust(log, locked ? 'locking' : 'unlocking')) return undefined;
    const client = await connections.client(target.project, settingsFor(document.uri), { interactive: true });
    log.info(`${locked ? 'locking' : 'unlocking'} calculation ${target.id}`);
    const result = await client.setLocked(target.id, locked);
    deps.status.update(document.uri, { connection: 'connected', locked: result.locked });
    void vscode.window.showInformationMessage(`calckit: calculation ${target.id} is ${result.locked ? 'locked' : 'unlocked'}.`);
    return result.locked;
  };
  register('calckit.lock', () => setLock(true));
  register('calckit.unlock', () => setLock(false));

  /** The origin a token is for: the active formula's service, else the first workspace project's (never "any service"). */
  const tokenOrigin = (): string => {
    const document = vscode.window.activeTextEditor?.document;
    const mapping = document ? deps.projects.forFile(document.uri) : undefined;
    const project = mapping?.project ?? workspaceProjects(deps.projects)[0];
    const uri = document?.uri ?? (project ? vscode.Uri.file(project.file) : undefined);
    try {
      return serviceOrigin(connections.settingsFor(project, settingsFor(uri)).baseUrl);
    } catch (error) {
      throw new Error(`tokens are kept per service address, and none is set here (${message(error)}): open a formula of a project whose calckit.json names its service`);
    }
  };
  register('calckit.setToken', async () => {
    const origin = tokenOrigin();
    const token = await vscode.window.showInputBox({
      title: 'calckit: developer token',
      prompt: `Developer token for ${origin} only (kept in VS Code's secret storage, sent to no other address)`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim().length < 4 ? 'The token looks too short.' : /\s/.test(v.trim()) ? 'A token has no spaces.' : undefined),
    });
    if (!token) return false;
    await connections.storeToken(origin, token.trim());
    log.info(`developer token stored for ${origin}`);
    deps.refreshStatus(); // now, not at the next change of editor
    void vscode.window.showInformationMessage(`calckit: developer token for ${origin} stored in secret storage.`);
    return true;
  });
  register('calckit.clearToken', async () => {
    const origin = tokenOrigin();
    await connections.clearToken(origin);
    log.info(`developer token cleared for ${origin} (and the answer about the environment's token forgotten)`);
    deps.refreshStatus();
    void vscode.window.showInformationMessage(`calckit: developer token for ${origin} removed from secret storage.`);
    return true;
  });

  register('calckit.showAnalysis', async () => {
    const document = activeFormula();
    if (!document) return undefined;
    const mapping = deps.projects.forFile(document.uri);
    const settings = settingsFor(document.uri);
    const serviceName = settings.serviceName || mapping?.project.service?.name;
    const schema = mapping ? deps.projects.schemaFor(mapping, document.uri) : undefined;
    const expression = expressionFromFileText(document.getText());
    const analysis = analyzeCalculation(expression, { ...(serviceName ? { serviceName } : {}), ...(schema ? { schema } : {}) });
    const name = document.uri.path.split('/').pop() ?? 'formula.calc';
    // checkSum is a getter on the analysis' prototype, which a spread does not copy: read it by name.
    const shown = Object.assign({ expression, checkSum: analysis.checkSum }, analysis);
    const uri = deps.documents.put(ANALYSIS_SCHEME, `${name}.analysis.json`, `${JSON.stringify(shown, null, 2)}\n`);
    const opened = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(opened, 'json');
    await vscode.window.showTextDocument(opened, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    return shown;
  });

  register('calckit.compareWithRemote', async () => {
    const document = activeFormula();
    if (!document || !mapped(deps, document)) return undefined;
    if (!requireTrust(log, 'comparing with the service')) return undefined;
    const remote = await pushes.refresh(document.uri, true);
    if (!remote) throw new Error('could not read the remote calculation (see the log)');
    await pushes.showDiff(document.uri, remote);
    return remote.checkSum;
  });

  register('calckit.restartServer', () => deps.server.restart());

  register('calckit.startEmulator', async () => {
    // Never in an untrusted workspace: the default command is the workspace's own node_modules/.bin/calckit.
    if (!requireTrust(log, 'starting the local emulator')) return undefined;
    const project = workspaceProjects(deps.projects)[0];
    if (!project) throw new Error('no calckit.json in this workspace');
    const running = deps.emulators.get(project.root);
    if (running && running.process.exitCode === null) {
      void vscode.window.showInformationMessage(`calckit: the emulator already runs at ${running.baseUrl}.`);
      return running.baseUrl;
    }
    const command = calckitCommand(project, settingsFor(vscode.Uri.file(project.file)).emulatorCommand);
    if (!(await confirmEmulatorCommand(command))) return undefined;
    const emulator = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `calckit: starting the local emulator (${command.program})` },
      () => startEmulator(project, command.program, connections, log),
    );
    deps.emulators.set(project.root, emulator);
    deps.refreshStatus(); // the workspace's formulas now talk to the emulator
    void vscode.window.showInformationMessage(
      `calckit: the emulator runs at ${emulator.baseUrl} (${command.program} serve, ${command.why}); this workspace pushes to it until it stops.`,
    );
    return emulator.baseUrl;
  });

  register('calckit.showLog', () => log.channel.show(true));
}
