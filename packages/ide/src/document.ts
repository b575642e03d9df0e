// One parsed formula: the text and its parse, built once per document version and shared by every feature.
import { parseFormula, type ParseResult } from '@calckit/formula';

export interface IdeDocument {
  readonly text: string;
  readonly parse: ParseResult;
}

/** Parses the text once; features read `parse` and never parse again. */
export function createDocument(text: string): IdeDocument {
  return { text, parse: parseFormula(text) };
}
