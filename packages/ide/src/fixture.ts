// Test fixtures with a `$0` cursor marker (rust-analyzer style): the text without the marker, parsed, and the offset.
import { createDocument, type IdeDocument } from './document.js';

export interface Fixture {
  readonly doc: IdeDocument;
  readonly offset: number;
}

export function fixture(marked: string): Fixture {
  const offset = marked.indexOf('$0');
  const text = offset < 0 ? marked : marked.slice(0, offset) + marked.slice(offset + 2);
  return { doc: createDocument(text), offset: offset < 0 ? text.length : offset };
}
