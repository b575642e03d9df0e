// One parsed formula: the text and its parse, built once per document version and shared by every feature, with the
// answers features derive from it (semantic model, column references) kept on the document itself.
//
// Those answers live and die with the version. A module-level WeakMap keyed by documents would be old while the
// documents are young, and V8's scavenger keeps the values of an old WeakMap's young keys alive: every minor GC would
// copy the trees of recent versions (see the "Memory" invariant in ARCHITECTURE.md).
import { parseFormula, type ColumnRef, type DatasetColumn, type FormulaAnalysis, type ParseResult } from '@calckit/formula';

/** What features derived from one document version, filled on first use. */
export interface DerivedFromDocument {
  /** The semantic model and the settings it was built with (schema and service name). */
  model?: { readonly schema: readonly DatasetColumn[] | undefined; readonly serviceName: string; readonly analysis: FormulaAnalysis };
  /** Every column reference, in source order. */
  columns?: ColumnRef[];
}

export interface IdeDocument {
  readonly text: string;
  readonly parse: ParseResult;
  readonly derived: DerivedFromDocument;
}

/** Parses the text once; features read `parse` and never parse again. */
export function createDocument(text: string): IdeDocument {
  return { text, parse: parseFormula(text), derived: {} };
}
