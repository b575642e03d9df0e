// The formula's semantic model (types, aggregation, calculation fields) for hover and inlay hints, built from the
// document's parse (never re-parsing) and memoised per document and settings so several requests analyse once.
import { analyzeFormula, type CalculationAnalysis, type DatasetColumn, type FormulaAnalysis } from '@calckit/formula';
import type { IdeDocument } from './document.js';
import { serviceNameOf, type IdeSettings } from './types.js';

interface Entry {
  readonly schema: readonly DatasetColumn[] | undefined;
  readonly serviceName: string;
  readonly model: FormulaAnalysis;
}

const cache = new WeakMap<IdeDocument, Entry>();

export function modelOf(doc: IdeDocument, settings: IdeSettings): FormulaAnalysis {
  const serviceName = serviceNameOf(settings);
  const hit = cache.get(doc);
  if (hit && hit.schema === settings.schema && hit.serviceName === serviceName) return hit.model;
  const model = analyzeFormula(doc.parse, { serviceName, ...(settings.schema ? { schema: settings.schema } : {}) });
  cache.set(doc, { schema: settings.schema, serviceName, model });
  return model;
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
