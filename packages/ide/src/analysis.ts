// The formula's semantic model (types, aggregation, calculation fields) for hover and inlay hints, built from the
// document's parse (never re-parsing) and kept on the document with its settings so several requests analyse once.
import { analyzeFormula, type CalculationAnalysis, type FormulaAnalysis } from '@calckit/formula';
import type { IdeDocument } from './document.js';
import { serviceNameOf, type IdeSettings } from './types.js';

/** The document's model for the settings' schema and service name: built on first use, kept on the document. */
export function modelOf(doc: IdeDocument, settings: IdeSettings): FormulaAnalysis {
  const serviceName = serviceNameOf(settings);
  const kept = doc.derived.model;
  if (kept && kept.schema === settings.schema && kept.serviceName === serviceName) return kept.analysis;
  const analysis = analyzeFormula(doc.parse, { serviceName, ...(settings.schema ? { schema: settings.schema } : {}) });
  doc.derived.model = { schema: settings.schema, serviceName, analysis };
  return analysis;
}

/** True when a schema is known and lacks the column (names are case-sensitive). */
export function isUnknownColumn(settings: IdeSettings, name: string): boolean {
  return settings.schema !== undefined && !settings.schema.some((c) => c.name === name);
}

/** "DECIMAL, aggregated, window": the result type and how the formula aggregates. */
export function describeResult(calculation: CalculationAnalysis): string {
  const traits = [calculation.aggregated ? 'aggregated' : 'row-level'];
  if (calculation.analytic) traits.push('window');
  return `${calculation.dataType}, ${traits.join(', ')}`;
}
