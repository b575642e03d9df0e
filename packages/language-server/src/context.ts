// What every feature handler gets: the connection, the documents, settings, diagnostics, the log, and
// `onDocument`, which wraps a handler in the guard and hands it the open document's parse and settings.
import type { CancellationToken, ClientCapabilities, Connection, ServerCapabilities } from 'vscode-languageserver';
import type { IdeDocument, IdeSettings } from '@calckit/ide';
import { isTestFile } from '@calckit/evaluate';
import type { DiagnosticsService } from './diagnostics.js';
import type { DocumentStore, OpenDocument } from './documents.js';
import { guard, type GuardedHandler } from './guard.js';
import type { Log } from './log.js';
import type { ProjectHost } from './host.js';
import type { SettingsService } from './settings.js';

export interface ServerContext {
  readonly connection: Connection;
  readonly documents: DocumentStore;
  readonly settings: SettingsService;
  readonly diagnostics: DiagnosticsService;
  readonly log: Log;
  /** The client's capabilities (known once `initialize` has run, before any handler is called). */
  readonly client: () => ClientCapabilities;
  /** Projects on disk (the platform's: none in a browser). */
  readonly projects: ProjectHost | undefined;
  /** Files changed on disk (the watcher), after the project index has dropped what they change. */
  readonly onWatchedFiles: (listener: (paths: readonly string[]) => void) => void;
  /** What features add below a formula's hover, in the order they registered (the Node server's formula tests: the
   * first case's values). */
  readonly hoverAdditions: HoverAddition[];
}

/** Markdown to show below the hover of the formula at `uri`, or undefined. */
export type HoverAddition = (uri: string, doc: IdeDocument) => string | undefined;

/** A language feature: the capabilities it adds, and the handlers it registers. One file each under features/. */
export interface Feature {
  capabilities(client: ClientCapabilities): ServerCapabilities;
  register(ctx: ServerContext): void;
}

type DocumentParams = { textDocument: { uri: string } };
export type DocumentHandler<P, R> = (open: OpenDocument, settings: IdeSettings, params: P, token: CancellationToken) => R | Promise<R>;

/** Guarded handler for a request on one document: `fallback` when the document is not open or the handler fails. */
export function onDocument<P extends DocumentParams, R>(ctx: ServerContext, method: string, fallback: R, handler: DocumentHandler<P, R>): GuardedHandler<P, R> {
  return guard<P, R>(ctx.log, method, fallback, async (params, token) => {
    const uri = params.textDocument.uri;
    // Test files (JSON/YAML) reach the server for the formula tests only: no formula feature answers on them.
    if (isTestFile(uri)) return fallback;
    const settings = await ctx.settings.forDocument(uri);
    const open = ctx.documents.get(uri);
    if (!open) return fallback;
    return handler(open, settings, params, token);
  });
}
