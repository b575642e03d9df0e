// Diagnostics: computed once per document version and settings, pushed debounced after changes (unless the client
// pulls them), served by pull, never published for a version that is no longer the open one.
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { coreDiagnostics, diagnose, type Diagnostic, type IdeDocument, type IdeSettings } from '@calckit/ide';
import { toRange } from './convert.js';
import type { DocumentStore } from './documents.js';
import { describeError, type Log } from './log.js';
import type { SettingsService } from './settings.js';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(text: TextDocument, d: Diagnostic): LspDiagnostic {
  return { range: toRange(text, d.span), severity: SEVERITY[d.severity], code: d.code, source: d.source, message: d.message };
}

export class DiagnosticsService {
  /** False when the client pulls diagnostics (textDocument/diagnostic): pushing too would show them twice. */
  push = true;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Bumped when settings or the project change: part of the pull result id, with the document's version. */
  private generation = 0;
  private readonly cache = new WeakMap<IdeDocument, { settings: IdeSettings; diagnostics: Diagnostic[] }>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: DocumentStore,
    private readonly settings: SettingsService,
    private readonly log: Log,
    private readonly debounceMs: () => number,
  ) {}

  /** The diagnostics of one parse under one set of settings (memoised: pull, push and code actions share them). */
  of(doc: IdeDocument, settings: IdeSettings): Diagnostic[] {
    const hit = this.cache.get(doc);
    if (hit && hit.settings === settings) return hit.diagnostics;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = diagnose(doc, settings);
    } catch (error) {
      // A linter defect must not hide the syntax errors: fall back to the core's problems.
      this.log.error(`lint failed, showing syntax and core problems only: ${describeError(error)}`);
      diagnostics = coreDiagnostics(doc, settings);
    }
    this.cache.set(doc, { settings, diagnostics });
    return diagnostics;
  }

  /** The current version's diagnostics in LSP form, or undefined when the document is not open. */
  async current(uri: string): Promise<{ version: number; resultId: string; items: LspDiagnostic[] } | undefined> {
    const generation = this.generation;
    const settings = await this.settings.forDocument(uri);
    const open = this.documents.get(uri);
    if (!open) return undefined;
    const items = this.of(open.doc, settings).map((d) => toLspDiagnostic(open.text, d));
    return { version: open.text.version, resultId: `${open.text.version}:${generation}`, items };
  }

  /** The pull result id the current state would have (to answer "unchanged" without linting). */
  resultIdOf(uri: string): string | undefined {
    const version = this.documents.versionOf(uri);
    return version === undefined ? undefined : `${version}:${this.generation}`;
  }

  /** After a change: publish once the typing pauses. */
  schedule(uri: string): void {
    if (!this.push) return;
    clearTimeout(this.timers.get(uri));
    this.timers.set(uri, setTimeout(() => void this.publish(uri), this.debounceMs()));
  }

  async publish(uri: string): Promise<void> {
    this.timers.delete(uri);
    try {
      const result = await this.current(uri);
      // The document may have changed or closed while settings were fetched: never publish a stale version.
      if (!result || this.documents.versionOf(uri) !== result.version) return;
      await this.connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.items });
    } catch (error) {
      this.log.error(`diagnostics failed (${uri}): ${describeError(error)}`);
    }
  }

  /** On close: cancel pending work and clear what was shown. */
  closed(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    if (this.push) void this.connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
  }

  /** Settings or project changed: every open document's diagnostics may differ. */
  refreshAll(): void {
    this.generation++;
    if (this.push) for (const uri of this.documents.uris()) this.schedule(uri);
    else void this.connection.languages.diagnostics.refresh().catch((error: unknown) => this.log.warn(`diagnostic refresh: ${describeError(error)}`));
  }
}
