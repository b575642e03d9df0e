// Inlay hint: the formula's inferred result type and aggregation, after its last token (configurable).
import { describeResult, modelOf } from './analysis.js';
import { tokenEnd } from './cursor.js';
import type { IdeDocument } from './document.js';
import type { IdeSettings, InlayHint, Span } from './types.js';

export function inlayHints(doc: IdeDocument, range: Span, settings: IdeSettings = {}): InlayHint[] {
  if (settings.inlayResultType === false) return [];
  const tokens = doc.parse.tokens;
  const last = tokens[tokens.length - 1];
  if (!last || doc.parse.formula.expression === undefined) return [];
  const offset = tokenEnd(last);
  if (offset < range.start || offset > range.end) return [];
  const calculation = modelOf(doc, settings).calculation;
  return [{ offset, label: `: ${calculation.dataType}`, tooltip: `Inferred result: ${describeResult(calculation)}` }];
}
