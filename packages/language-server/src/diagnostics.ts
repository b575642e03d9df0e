// Diagnostics: computed once per document version and settings (in the lint worker when there is one), pushed
// debounced after changes (unless the client pulls them), served by pull, never published for a version that is no
// longer the open one.
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { coreDiagnostics, createDocument, diagnose, diagnosticsAfterTriviaEdit, limitDiagnostics, type DiagnosedText, type Diagnostic, type IdeSettings } from '@calckit/ide';
import { isTestFile } from '@calckit/evaluate';
import { toRange } from './convert.js';
import type { DocumentStore } from './documents.js';
import type { LintRunner } from './host.js';
import { runSoon, type Scheduled } from './scheduling.js';
import { describeError, type Log } from './log.js';
import type { SettingsService } from './settings.js';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Texts at least this long are linted in the worker: shorter ones lint in milliseconds, cheaper than a message
 * round trip, and a server that only sees them never starts the worker (it costs some 70 MB). */
export const WORKER_THRESHOLD = 20_000;

export function toLspDiagnostic(text: TextDocument, d: Diagnostic): LspDiagnostic {
  return { range: toRange(text, d.span), severity: SEVERITY[d.severity], code: d.code, source: d.source, message: d.message };
}

/** What the client is sent for a version's diagnostics: at most EDITOR_MAX_PROBLEMS in LSP form, then one that counts
 * the rest (positions converted while `text` is that version). */
export function publishedItems(text: TextDocument, diagnostics: readonly Diagnostic[]): LspDiagnostic[] {
  return limitDiagnostics(diagnostics).map((d) => toLspDiagnostic(text, d));
}

/** A document's diagnostics at one version, in LSP form (positions converted while the text was that version). */
export interface VersionDiagnostics {
  readonly version: number;
  readonly resultId: string;
  /** All of them: code actions (fix-all) work on these. */
  readonly diagnostics: Diagnostic[];
  /** What the client is sent: at most EDITOR_MAX_PROBLEMS, then one that counts the rest. */
  readonly items: LspDiagnostic[];
}

/** A document's last version linted in full on this thread, and under which settings and generation. */
export interface LintedVersion {
  readonly settings: IdeSettings;
  readonly generation: number;
  readonly earlier: DiagnosedText;
}

/**
 * The diagnostics of `source` moved from the last version linted in full, when only spaces and tabs between its tokens
 * or the text of a comment changed, and nothing it was linted under did (ide's reuse-diagnostics.ts); otherwise
 * undefined: lint it. The parse of that version is then made only if a feature asks for it.
 */
export function movedDiagnostics(linted: LintedVersion | undefined, source: string, settings: IdeSettings, generation: number): Diagnostic[] | undefined {
  if (linted === undefined || linted.settings !== settings || linted.generation !== generation) return undefined;
  return diagnosticsAfterTriviaEdit(linted.earlier, source);
}

/**
 * Runs `run` after `delayMs`. With no delay it runs once the messages already read have been handled (runSoon), not
 * on the next timer tick: Node's timers wait at least a millisecond, a fifth of the whole change→diagnostics time of a
 * 5 KB formula. Changes that arrive together are still published once.
 */
function later(run: () => void, delayMs: number): Scheduled {
  if (delayMs <= 0) return runSoon(run);
  const handle = setTimeout(run, delayMs);
  return { cancel: () => clearTimeout(handle) };
}

export class DiagnosticsService {
  /** False when the client pulls diagnostics (textDocument/diagnostic): pushing too would show them twice. */
  push = true;
  private readonly timers = new Map<string, Scheduled>();
  /** The latest computation per URI: pull, push and code actions of one version share it. */
  private readonly results = new Map<string, { version: number; settings: IdeSettings; diagnostics: Promise<Diagnostic[]> }>();
  /** Bumped when settings or the project change: part of the pull result id, with the document's version. */
  private generation = 0;
  /** Per URI the last version linted in full on this thread, whose diagnostics later versions may move. */
  private readonly linted = new Map<string, LintedVersion>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: DocumentStore,
    private readonly settings: SettingsService,
    private readonly log: Log,
    private readonly debounceMs: () => number,
    private readonly worker: LintRunner | undefined,
    /** Called as a version's diagnostics go out (pushed or pulled): the pause after them is the server's idle time
     * (idle-gc.ts). */
    private readonly afterDelivery: () => void = () => undefined,
  ) {}

  /** The diagnostics of the open version of `uri` under `settings` (memoised per URI and version). */
  forVersion(uri: string, text: TextDocument, settings: IdeSettings): Promise<Diagnostic[]> {
    const hit = this.results.get(uri);
    if (hit && hit.version === text.version && hit.settings === settings) return hit.diagnostics;
    const diagnostics = this.compute(uri, text, settings);
    this.results.set(uri, { version: text.version, settings, diagnostics });
    return diagnostics;
  }

  private async compute(uri: string, text: TextDocument, settings: IdeSettings): Promise<Diagnostic[]> {
    const source = text.getText();
    const version = text.version;
    const generation = this.generation;
    const moved = movedDiagnostics(this.linted.get(uri), source, settings, generation);
    if (moved) return moved;
    if (this.worker?.usable && source.length >= WORKER_THRESHOLD) {
      try {
        return await this.worker.lint(source, settings);
      } catch (error) {
        this.log.warn(`lint worker could not lint ${uri}: ${describeError(error)}; linting on the main thread`);
      }
    }
    // The parse of this version when the store has it, else a parse of the text as it was.
    const open = this.documents.get(uri);
    const doc = open && open.text.version === version ? open.doc : createDocument(source);
    try {
      const diagnostics = diagnose(doc, settings);
      this.linted.set(uri, { settings, generation, earlier: { parse: doc.parse, diagnostics } });
      return diagnostics;
    } catch (error) {
      // A linter defect must not hide the syntax errors: fall back to the core's problems.
      this.log.error(`lint failed for ${uri}, showing syntax and core problems only: ${describeError(error)}`);
      return coreDiagnostics(doc, settings);
    }
  }

  /** The current version's diagnostics, or undefined when the document is not open. */
  async current(uri: string): Promise<VersionDiagnostics | undefined> {
    // The text may change while the lint runs: then lint the newer version (a few times at most).
    if (isTestFile(uri)) return undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      const generation = this.generation;
      const settings = await this.settings.forDocument(uri);
      const text = this.documents.textOf(uri);
      if (!text) return undefined;
      const version = text.version;
      const diagnostics = await this.forVersion(uri, text, settings);
      // TextDocument is updated in place: convert offsets only while it is still the linted version.
      if (text.version !== version || this.documents.versionOf(uri) !== version) continue;
      return { version, resultId: `${version}:${generation}`, diagnostics, items: publishedItems(text, diagnostics) };
    }
    return undefined;
  }

  /** A pull request's diagnostics are being answered (features/pull-diagnostics.ts): as after a push. */
  delivered(): void {
    this.afterDelivery();
  }

  /** The pull result id the current state would have (to answer "unchanged" without linting). */
  resultIdOf(uri: string): string | undefined {
    const version = this.documents.versionOf(uri);
    return version === undefined ? undefined : `${version}:${this.generation}`;
  }

  /** After a change: publish once the typing pauses. */
  schedule(uri: string): void {
    // A test file's diagnostics are the formula tests' (features/test-runs.ts), never a formula's lint.
    if (!this.push || isTestFile(uri)) return;
    this.timers.get(uri)?.cancel();
    this.timers.set(uri, later(() => void this.publish(uri), this.debounceMs()));
  }

  async publish(uri: string): Promise<void> {
    this.timers.delete(uri);
    try {
      const result = await this.current(uri);
      // The document may have changed or closed meanwhile: never publish a stale version.
      if (!result || this.documents.versionOf(uri) !== result.version) return;
      await this.connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.items });
      this.afterDelivery();
    } catch (error) {
      this.log.error(`diagnostics failed (${uri}): ${describeError(error)}`);
    }
  }

  /** On close: cancel pending work and clear what was shown. */
  closed(uri: string): void {
    this.timers.get(uri)?.cancel();
    this.timers.delete(uri);
    this.results.delete(uri);
    this.linted.delete(uri);
    if (this.push && !isTestFile(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
  }

  /** Settings or project changed: every open document's diagnostics may differ. */
  refreshAll(): void {
    this.generation++;
    if (this.push) for (const uri of this.documents.uris()) this.schedule(uri);
    else void this.connection.languages.diagnostics.refresh().catch((error: unknown) => this.log.warn(`diagnostic refresh: ${describeError(error)}`));
  }
}
