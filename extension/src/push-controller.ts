// Push in the editor: saves of mapped formulas (when push on save is on; auto-saves only when the user opts in, see
// push/save-trigger.ts) and the push commands go through one queue to the push protocol (push/push.ts); questions
// become modal dialogs whose default button sends nothing (questions.ts), progress a notification, outcomes
// messages with Retry / Open Log, and the status item follows. An unattended push (an auto-save) opens no dialog, and
// its failure is notified once per cause (push/failure-notices.ts): repeats go to the status bar. A formula whose file
// leads out of its project through a symbolic link is never sent (push/outside-project.ts), whichever way it came.
import { analyzeCalculation, checkSumOf, type CalculationAnalysis, expressionFromFileText } from '@calckit/formula';
import { gitVersionLookup, serviceOrigin } from '@calckit/project';
import * as vscode from 'vscode';
import { ask } from './ask.js';
import type { Connections } from './connection.js';
import type { Log } from './log.js';
import type { FileMapping, Projects } from './projects.js';
import { FailureNotices, repeatedFailureNote } from './push/failure-notices.js';
import { pushFormula } from './push/push.js';
import { outsideProjectRefusal, refusalNote } from './push/outside-project.js';
import { PushQueue } from './push/queue.js';
import { conflictQuestion, lintQuestion } from './questions.js';
import { savePush, saveKindOf, unattendedSkipNote } from './push/save-trigger.js';
import { stateFileRecord } from './push/state-record.js';
import type { Conflict, LintFinding, PushHooks, PushOutcome, RemoteCalculation } from './push/types.js';
import { settingsFor } from './settings.js';
import type { StatusItems } from './status.js';
import { isTrusted, refuseUntrusted } from './trust.js';
import { REMOTE_SCHEME, type VirtualDocuments } from './virtual-documents.js';

const SEVERITY: Record<vscode.DiagnosticSeverity, LintFinding['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export interface PushControllerDeps {
  readonly projects: Projects;
  readonly connections: Connections;
  readonly log: Log;
  readonly status: StatusItems;
  readonly documents: VirtualDocuments;
  /** Whether the language server runs (its diagnostics then are the lint of record). */
  readonly serverRunning: () => boolean;
  /**
   * The server's diagnostics of the document's text as it is now (asked for, not the last ones shown); undefined when
   * the server cannot say.
   */
  readonly currentDiagnostics?: (uri: vscode.Uri) => Promise<readonly vscode.Diagnostic[] | undefined>;
}

export class PushController {
  private readonly queue = new PushQueue<PushOutcome>();
  /** Whether the user was told this session that saves are not pushed in Restricted Mode. */
  private toldRestricted = false;
  /** The reason of each formula's save in progress (onWillSave), read by onDidSave: only that event carries it. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Which failures were notified: an auto-save's push failing again for the same cause is not, until a success. */
  private readonly failureNotices = new FailureNotices();

  constructor(private readonly deps: PushControllerDeps) {}

  /** From onWillSaveTextDocument: keeps why the file is saved (by the user, or an auto-save). */
  onWillSave(event: vscode.TextDocumentWillSaveEvent): void {
    if (event.document.languageId !== 'calc' || event.document.uri.scheme !== 'file') return;
    this.saveReasons.set(event.document.uri.toString(), event.reason);
  }

  /**
   * From onDidSaveTextDocument: pushes only mapped formulas, only when push on save is on for the workspace, and an
   * auto-save only when calckit.push.onAutoSave opts in (then unattended: no dialog).
   */
  onDidSave(document: vscode.TextDocument): void {
    if (document.languageId !== 'calc' || document.uri.scheme !== 'file') return;
    const key = document.uri.toString();
    const kind = saveKindOf(this.saveReasons.get(key));
    this.saveReasons.delete(key);
    const settings = settingsFor(document.uri);
    const decision = savePush(kind, settings);
    if (!decision.push) {
      if (settings.pushOnSave) this.deps.log.info(`saved ${document.uri.fsPath}: not pushed, ${decision.why}`);
      return;
    }
    const mapping = this.deps.projects.forFile(document.uri);
    if (!mapping?.calculation) {
      this.deps.log.info(`saved ${document.uri.fsPath}: not mapped in a calckit.json, not pushed`);
      return;
    }
    if (!isTrusted()) {
      // Told in full once per session; later saves get a status bar note (and a log line) rather than a pile of toasts.
      if (this.toldRestricted) {
        this.deps.log.warn(`saved ${document.uri.fsPath}: not pushed, the workspace is not trusted (Restricted Mode)`);
        vscode.window.setStatusBarMessage('calckit: not pushed (Restricted Mode)', 5000);
      } else refuseUntrusted(this.deps.log, 'push on save');
      this.toldRestricted = true;
      return;
    }
    void this.push(document.uri, document.getText(), { unattended: decision.unattended });
  }

  /**
   * Queues a push of this text for this file; resolves with the outcome (already reported to the user). `unattended`
   * (an auto-save): no dialog, no token question; what would need an answer is skipped and said in the status bar.
   */
  async push(uri: vscode.Uri, text: string, options: { force?: boolean; unattended?: boolean } = {}): Promise<PushOutcome | undefined> {
    if (!isTrusted()) {
      refuseUntrusted(this.deps.log, 'pushing');
      return undefined;
    }
    const mapping = this.deps.projects.forFile(uri);
    if (!mapping?.calculation) {
      const problem = this.deps.projects.errorFor(uri);
      void vscode.window.showWarningMessage(
        problem ? `calckit: the project file is invalid: ${problem.message}` : `calckit: ${vscode.workspace.asRelativePath(uri)} is not mapped to a calculation in calckit.json.`,
      );
      return undefined;
    }
    const outcome = await this.queue.enqueue({ key: uri.toString(), run: () => this.run(uri, text, mapping, options.force ?? false, options.unattended ?? false) });
    return outcome;
  }

  /** Waits for every queued push (for tests and deactivation). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async run(uri: vscode.Uri, text: string, mapping: FileMapping, force: boolean, unattended: boolean): Promise<PushOutcome> {
    const calc = mapping.calculation;
    if (!calc) throw new Error('unmapped file reached the push queue');
    const { log, status } = this.deps;
    const settings = settingsFor(uri);
    const label = `${calc.path} → calculation ${calc.id}`;
    // Checked before anything else (no token question for a file that will not be sent), and again right before the
    // push reads the text to send: a link can be made meanwhile.
    const outside = (): PushOutcome | undefined => outsideProjectRefusal(mapping.project.root, uri.fsPath, calc);
    const refused = outside();
    if (refused) {
      void this.report(uri, text, refused, unattended);
      return refused;
    }
    return vscode.window.withProgress(
      {
        // An auto-save's push shows in the status bar, not as a toast at every pause in typing.
        location: unattended ? vscode.ProgressLocation.Window : vscode.ProgressLocation.Notification,
        title: `calckit: pushing ${calc.path}`,
        cancellable: false,
      },
      async (progress) => {
        let outcome: PushOutcome;
        let client;
        try {
          client = await this.deps.connections.client(mapping.project, settings, { interactive: !unattended });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const noToken = /developer token/.test(message);
          outcome = {
            kind: 'failed',
            file: calc.path,
            calculationId: calc.id,
            step: 'connect',
            message,
            hint: noToken
              ? 'Run "calckit: Set Developer Token" (the token is kept for this service address only).'
              : 'Set calckit.baseUrl (or instance and domain) or "service" in calckit.json.',
          };
          status.update(uri, { connection: noToken ? 'no token' : 'not configured' });
          return outcome;
        }
        status.update(uri, { busy: `pushing ${label}`, baseUrl: client.baseUrl });
        const hooks: PushHooks = {
          lint: (expression) => this.lint(uri, expression, mapping),
          onLintErrors: (errors) => (unattended ? this.skipUnattended(calc.path, { lintErrors: errors.length }) : this.askLint(calc.path, errors)),
          onConflict: (conflict) => (unattended ? this.skipUnattended(calc.path, { conflict: true }) : this.askConflict(conflict)),
          onStep: (_step, detail) => {
            log.info(`push ${label}: ${detail}`);
            progress.report({ message: detail });
          },
        };
        const refusedNow = outside();
        if (refusedNow) {
          status.update(uri, { busy: undefined });
          return refusedNow;
        }
        log.info(`push ${label}: start (strict=${settings.strict}, lockAfterPush=${settings.lockAfterPush}${force ? ', forced' : ''}${unattended ? ', auto-save' : ''})`);
        outcome = await pushFormula(
          { file: calc.path, calculationId: calc.id, text, strict: settings.strict, lockAfterPush: settings.lockAfterPush, force },
          {
            client,
            record: stateFileRecord(mapping.project.statePath, serviceOrigin(client.baseUrl), () => calc.path, mapping.project.root),
            knownVersion: gitVersionLookup(calc.file, (version) => checkSumOf(expressionFromFileText(version))),
            hooks,
            analyze: (expression) => this.analyze(uri, expression, mapping, client.serviceName),
          },
        );
        status.update(uri, { busy: undefined });
        return outcome;
      },
    ).then((outcome) => {
      // Reported after the progress closes, and not awaited: the queue moves on while a message waits for a click.
      void this.report(uri, text, outcome, unattended);
      return outcome;
    });
  }

  /**
   * The lint gate's findings: the core's problems (what makes the service store the formula as INVALID, always
   * current for this exact text) plus the language server's diagnostics of that text (lint rules at their configured
   * severity), asked for at the push.
   */
  private async lint(uri: vscode.Uri, expression: string, mapping: FileMapping): Promise<LintFinding[]> {
    const settings = settingsFor(uri);
    const analysis = this.analyze(uri, expression, mapping, settings.serviceName || mapping.project.service?.name);
    const findings: LintFinding[] = analysis.problems.map((p) => ({ severity: 'error', code: p.code, message: p.message, line: p.line, column: p.column }));
    if (this.deps.serverRunning()) {
      // The diagnostics of the text being pushed. Those shown may still be an older version's: typed, then saved at
      // once, the editor holds the diagnostics of a version half typed (`x +` of `x + 3`), whose errors would stop a
      // correct formula with a question.
      const diagnostics = (await this.deps.currentDiagnostics?.(uri)) ?? vscode.languages.getDiagnostics(uri);
      const seen = new Set(findings.map((f) => `${f.line}:${f.column}`));
      for (const d of diagnostics) {
        const line = d.range.start.line + 1;
        const column = d.range.start.character + 1;
        if (seen.has(`${line}:${column}`)) continue;
        findings.push({
          severity: SEVERITY[d.severity],
          code: typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? d.source ?? ''),
          message: d.message,
          line,
          column,
        });
      }
    }
    return findings;
  }

  /** What the service will store for this expression, computed locally (with the dataset's columns when known). */
  private analyze(uri: vscode.Uri, expression: string, mapping: FileMapping, serviceName: string | undefined): CalculationAnalysis {
    const schema = this.deps.projects.schemaFor(mapping, uri);
    return analyzeCalculation(expression, { ...(serviceName ? { serviceName } : {}), ...(schema ? { schema } : {}) });
  }

  private async askLint(file: string, errors: readonly LintFinding[]): Promise<'push-anyway' | 'cancel'> {
    const answer = await ask(lintQuestion(file, errors));
    if (answer === 'show-problems') void vscode.commands.executeCommand('workbench.actions.view.problems');
    return answer === 'push-anyway' ? 'push-anyway' : 'cancel';
  }

  /** An unattended push's answer to a question: not now, said in the status bar and the log (never a dialog). */
  private skipUnattended(file: string, skipped: { lintErrors: number } | { conflict: true }): Promise<'cancel'> {
    const note = unattendedSkipNote(file, skipped);
    this.deps.log.warn(note.log);
    vscode.window.setStatusBarMessage(`$(warning) ${note.status}`, 15_000);
    return Promise.resolve('cancel');
  }

  private askConflict(conflict: Conflict): Promise<'compare' | 'overwrite' | 'cancel'> {
    return ask(
      conflictQuestion({
        calculationId: conflict.calculationId,
        ...(conflict.remote.name ? { remoteName: conflict.remote.name } : {}),
        neverPushed: conflict.lastPushedCheckSum === undefined,
      }),
    );
  }

  /** Opens the diff editor: the remote formula on the left, the local file on the right. */
  async showDiff(uri: vscode.Uri, remote: RemoteCalculation): Promise<void> {
    const name = uri.path.split('/').pop() ?? 'formula.calc';
    const left = this.deps.documents.put(REMOTE_SCHEME, `${remote.id}/${name}`, remote.expression);
    await vscode.commands.executeCommand('vscode.diff', left, uri, `${name}: remote (calculation ${remote.id}) ↔ local`);
  }

  private async report(uri: vscode.Uri, text: string, outcome: PushOutcome, unattended: boolean): Promise<void> {
    const { log, status } = this.deps;
    const at = new Date();
    switch (outcome.kind) {
      case 'pushed': {
        this.failureNotices.succeeded();
        log.info(`push ${outcome.file}: stored, checkSum ${outcome.checkSum} (was ${outcome.previousCheckSum})${outcome.locked ? ', locked' : ''}`);
        status.update(uri, { connection: 'connected', locked: outcome.locked, lastPush: { at, checkSum: outcome.checkSum, ok: true } });
        for (const m of outcome.mismatches) {
          // Our analysis and the service disagree: worth knowing (the push itself succeeded).
          log.warn(`push ${outcome.file}: the service's ${m.field} differs from calckit's: service ${JSON.stringify(m.remote)}, calckit ${JSON.stringify(m.local)}`);
        }
        const pushed = `calckit: pushed ${outcome.file} to calculation ${outcome.calculationId} — checkSum ${outcome.checkSum.slice(0, 12)}${outcome.locked ? ', locked' : ''}.`;
        // An auto-save's push is said in the status bar (and the status item), not as a toast at every pause.
        if (unattended) vscode.window.setStatusBarMessage(`$(cloud-upload) ${pushed}`, 8000);
        else void vscode.window.showInformationMessage(pushed);
        return;
      }
      case 'unchanged':
        this.failureNotices.succeeded();
        log.info(`push ${outcome.file}: the service already holds this formula (checkSum ${outcome.checkSum})`);
        status.update(uri, { connection: 'connected', lastPush: { at, checkSum: outcome.checkSum, ok: true } });
        vscode.window.setStatusBarMessage(`calckit: ${outcome.file} is up to date`, 4000);
        return;
      case 'refused': {
        // Nothing was sent; the status item keeps the last real push. An auto-save's refusal is a status bar note.
        const note = refusalNote(outcome);
        log.error(note.log);
        if (unattended) {
          vscode.window.setStatusBarMessage(`$(error) ${note.status}`, 15_000);
          return;
        }
        if ((await vscode.window.showErrorMessage(note.notification, 'Open Log')) === 'Open Log') log.channel.show(true);
        return;
      }
      case 'cancelled':
        log.info(`push ${outcome.file}: cancelled (${outcome.reason})`);
        if (outcome.reason === 'compare' && outcome.remote) await this.showDiff(uri, outcome.remote);
        return;
      case 'failed': {
        const statusText = outcome.status === undefined ? '' : ` (HTTP ${outcome.status})`;
        log.error(`push ${outcome.file}: failed at step "${outcome.step}"${statusText}: ${outcome.message}${outcome.hint ? ` — ${outcome.hint}` : ''}`);
        status.update(uri, {
          connection: outcome.status === undefined && outcome.step !== 'lint' ? 'unreachable' : 'connected',
          ...(outcome.lockedAfter === undefined ? {} : { locked: outcome.lockedAfter }),
          lastPush: { at, checkSum: '', ok: false, message: outcome.message },
        });
        if (this.failureNotices.report(outcome, unattended) === 'status bar') {
          const note = repeatedFailureNote(outcome);
          log.warn(note.log);
          vscode.window.setStatusBarMessage(`$(error) ${note.status}`, 15_000);
          return;
        }
        const choice = await vscode.window.showErrorMessage(
          `calckit: push of ${outcome.file} failed at step "${outcome.step}"${statusText}: ${outcome.message}${outcome.hint ? ` — ${outcome.hint}` : ''}`,
          'Retry',
          'Open Log',
        );
        if (choice === 'Retry') {
          const current = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? text;
          void this.push(uri, current);
        } else if (choice === 'Open Log') log.channel.show(true);
        return;
      }
    }
  }

  /**
   * Reads the remote calculation of a mapped file to show connection and lock state. A background refresh
   * (`interactive` false) never asks about a token and reads nothing without one; nothing is read in Restricted Mode.
   */
  async refresh(uri: vscode.Uri, interactive = false): Promise<RemoteCalculation | undefined> {
    const mapping = this.deps.projects.forFile(uri);
    if (!mapping?.calculation) return undefined;
    if (!isTrusted()) {
      this.deps.status.update(uri, { connection: 'restricted' });
      return undefined;
    }
    try {
      const prepared = await this.deps.connections.prepare(mapping.project, settingsFor(uri), { interactive });
      if (prepared.token === undefined) {
        this.deps.log.info(`not reading calculation ${mapping.calculation.id}: ${prepared.missing ?? 'no developer token'}`);
        this.deps.status.update(uri, { connection: 'no token', baseUrl: prepared.connection.baseUrl });
        return undefined;
      }
      const client = this.deps.connections.clientFor(prepared);
      const remote = await client.readCalculation(mapping.calculation.id);
      this.deps.status.update(uri, { connection: 'connected', baseUrl: client.baseUrl, locked: remote.locked });
      return remote;
    } catch (error) {
      this.deps.log.warn(`reading calculation ${mapping.calculation.id}: ${error instanceof Error ? error.message : String(error)}`);
      this.deps.status.update(uri, { connection: (error as { status?: unknown }).status === undefined ? 'unreachable' : 'connected' });
      return undefined;
    }
  }

  /** The expression of a file as it would be pushed. */
  static expressionOf(text: string): string {
    return expressionFromFileText(text);
  }
}
