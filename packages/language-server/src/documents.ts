// Open documents: the synced text (incremental sync) and one parse per URI and version, shared by every request.
import { TextDocuments, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDocument, type IdeDocument } from '@calckit/ide';

export interface OpenDocument {
  readonly text: TextDocument;
  /** The parse of exactly `text.version`. */
  readonly doc: IdeDocument;
}

export class DocumentStore {
  readonly synced = new TextDocuments(TextDocument);
  private readonly parsed = new Map<string, { version: number; doc: IdeDocument }>();

  constructor() {
    this.synced.onDidClose((e) => this.parsed.delete(e.document.uri));
  }

  listen(connection: Connection): void {
    this.synced.listen(connection);
  }

  /** The open document, or undefined when not open. Its parse is made on first use of `doc` (once per version). */
  get(uri: string): OpenDocument | undefined {
    const text = this.synced.get(uri);
    return text ? new OpenVersion(uri, text, this.parsed) : undefined;
  }

  /** The synced text alone (no parse), or undefined when not open. */
  textOf(uri: string): TextDocument | undefined {
    return this.synced.get(uri);
  }

  /** The version open now, or undefined when closed: diagnostics for any other version are stale. */
  versionOf(uri: string): number | undefined {
    return this.synced.get(uri)?.version;
  }

  uris(): string[] {
    return this.synced.keys();
  }
}

/**
 * One request's view of an open document: the parse of the version it saw, made on first use and shared through the
 * store. A class, not an object literal with a getter: a getter written in a literal gives each object a hidden class
 * of its own, allocated old and pointing at the young parse, which then survives every minor GC (ARCHITECTURE.md,
 * "Memory").
 */
class OpenVersion implements OpenDocument {
  readonly #uri: string;
  readonly #version: number;
  readonly #parsed: Map<string, { version: number; doc: IdeDocument }>;
  #doc: IdeDocument | undefined;

  constructor(
    uri: string,
    readonly text: TextDocument,
    parsed: Map<string, { version: number; doc: IdeDocument }>,
  ) {
    this.#uri = uri;
    this.#version = text.version;
    this.#parsed = parsed;
  }

  get doc(): IdeDocument {
    if (this.#doc) return this.#doc;
    const hit = this.#parsed.get(this.#uri);
    if (hit && hit.version === this.#version) return (this.#doc = hit.doc);
    this.#doc = createDocument(this.text.getText());
    // Cache only while the synced text is still this version.
    if (this.text.version === this.#version) this.#parsed.set(this.#uri, { version: this.#version, doc: this.#doc });
    return this.#doc;
  }
}
