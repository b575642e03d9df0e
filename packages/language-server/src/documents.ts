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

  /** The open document with its parse (parsed on first use per version), or undefined when not open. */
  get(uri: string): OpenDocument | undefined {
    const text = this.synced.get(uri);
    if (!text) return undefined;
    const hit = this.parsed.get(uri);
    if (hit && hit.version === text.version) return { text, doc: hit.doc };
    const doc = createDocument(text.getText());
    this.parsed.set(uri, { version: text.version, doc });
    return { text, doc };
  }

  /** The version open now, or undefined when closed: diagnostics for any other version are stale. */
  versionOf(uri: string): number | undefined {
    return this.synced.get(uri)?.version;
  }

  uris(): string[] {
    return this.synced.keys();
  }
}
