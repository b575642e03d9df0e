// Turns a stored calculation into the service's Calculation object (seed 2.1), in the seed's field order.
import type { Calculation, CalculationLink, LockedCalculation } from '@calckit/protocol';
import type { CalculationRecord } from './model.js';

/** Databases written before `linkValid` was stored fall back to the formula's status. */
function linkValid(c: CalculationRecord): string {
  return (c.analysis.linkValid as string | undefined) ?? (c.analysis.status === 'VALID' ? 'VALID' : 'ILLEGAL_REFERENCE');
}

/** One `DATA_SOURCE` link to the calculation's dataset; none when it has no dataset. */
export function calculationLinks(c: CalculationRecord): CalculationLink[] {
  return c.datasetId === null ? [] : [{ resource: { type: 'DATA_SOURCE', id: c.datasetId }, visible: true, active: true, valid: linkValid(c) }];
}

/** The lock response (4.2): the Calculation without `nonAggregatedColumns` and `functionTemplateDependencies`. */
export function lockedCalculationView(c: CalculationRecord): LockedCalculation {
  const a = c.analysis;
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    locked: c.locked,
    global: c.global,
    expression: c.expression,
    checkSum: a.checkSum,
    links: calculationLinks(c),
    legacyId: c.legacyId,
    lastModified: c.lastModified,
    created: c.created,
    aggregated: a.aggregated,
    analytic: a.analytic,
    dataType: a.dataType,
    status: a.status,
    cacheWindow: a.cacheWindow,
    columnPositions: a.columnPositions.map((p) => ({ columnName: p.columnName, columnPosition: p.columnPosition })),
    functions: [...a.functions],
    archived: c.archived,
    hidden: c.hidden,
    variable: c.variable,
  };
}

/** The update and read responses (4.1 and GET): the full Calculation, written out in the seed's field order. */
export function calculationView(c: CalculationRecord): Calculation {
  const a = c.analysis;
  // One literal rather than the lock view taken apart with rest patterns: this runs on every read and update.
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    locked: c.locked,
    global: c.global,
    expression: c.expression,
    checkSum: a.checkSum,
    links: calculationLinks(c),
    legacyId: c.legacyId,
    lastModified: c.lastModified,
    created: c.created,
    aggregated: a.aggregated,
    analytic: a.analytic,
    nonAggregatedColumns: [...a.nonAggregatedColumns],
    dataType: a.dataType,
    status: a.status,
    cacheWindow: a.cacheWindow,
    columnPositions: a.columnPositions.map((p) => ({ columnName: p.columnName, columnPosition: p.columnPosition })),
    functions: [...a.functions],
    functionTemplateDependencies: [...a.functionTemplateDependencies],
    archived: c.archived,
    hidden: c.hidden,
    variable: c.variable,
  };
}
