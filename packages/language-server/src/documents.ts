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
    if (!text) return undefined;
    const version = text.version;
    const parsed = this.parsed;
    let doc: IdeDocument | undefined;
    return {
      text,
      get doc(): IdeDocument {
        if (doc) return doc;
        const hit = parsed.get(uri);
        if (hit && hit.version === version) return (doc = hit.doc);
        doc = createDocument(text.getText());
        // Cache only while the synced text is still this version.
        if (text.version === version) parsed.set(uri, { version, doc });
        return doc;
      },
    };
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
