// The operations as data: name, method, route and which token authenticates it (seed sections 4 and 5).
import { ROUTE_TEMPLATES } from './paths.js';

export type AuthKind = 'developer' | 'session';
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface OperationSpec {
  readonly method: HttpMethod;
  readonly route: string;
  readonly auth: AuthKind;
  /** Changes nothing on the service (a read, even when sent as POST): safe to repeat, and retried like a read. */
  readonly readOnly: boolean;
}

/** Every operation, keyed by its name. Names are shared by the client, the emulator and its fault injection. */
export const OPERATIONS = {
  readCalculation: { method: 'GET', route: ROUTE_TEMPLATES.calculation, auth: 'developer', readOnly: true },
  updateFormula: { method: 'POST', route: ROUTE_TEMPLATES.calculation, auth: 'developer', readOnly: false },
  lockCalculation: { method: 'PUT', route: ROUTE_TEMPLATES.calculation, auth: 'developer', readOnly: false },
  runFunction: { method: 'POST', route: ROUTE_TEMPLATES.function, auth: 'developer', readOnly: false },
  setDatasetSchema: { method: 'POST', route: ROUTE_TEMPLATES.datasetSchema, auth: 'session', readOnly: false },
  createReportSchedule: { method: 'POST', route: ROUTE_TEMPLATES.reportSchedules, auth: 'developer', readOnly: false },
  /** Community-documented, unverified (see search.ts): lists calculations without their formulas. */
  searchCalculations: { method: 'POST', route: ROUTE_TEMPLATES.calculationSearch, auth: 'developer', readOnly: true },
  /** Community-documented, unverified (see calculations-by-ids.ts): reads several calculations in one call. */
  readCalculationsByIds: { method: 'POST', route: ROUTE_TEMPLATES.calculationsByIds, auth: 'developer', readOnly: true },
  /** Community-documented, unverified (see dataset-schema-read.ts): reads a dataset's columns. */
  readDatasetSchema: { method: 'GET', route: ROUTE_TEMPLATES.datasetSchemaRead, auth: 'developer', readOnly: true },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

export function isOperationName(value: string): value is OperationName {
  return Object.hasOwn(OPERATIONS, value);
}
