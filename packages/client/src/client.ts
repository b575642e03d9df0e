// The typed client: one function per operation of the service (seed section 4) plus the read of a calculation.
import {
  CalculationSchema,
  FunctionExecutionSchema,
  LockedCalculationSchema,
  ReportScheduleResponseSchema,
  calculationPath,
  datasetSchemaPath,
  functionPath,
  reportSchedulesPath,
  type Calculation,
  type DatasetSchemaColumn,
  type FunctionExecution,
  type LockedCalculation,
  type ReportScheduleRequest,
  type ReportScheduleResponse,
} from '@calckit/protocol';
import { ServiceError } from './errors.js';
import { resolveOptions, type ClientOptions, type ResolvedOptions } from './options.js';
import { call } from './transport.js';

export interface UpdateFormulaOptions {
  /** `strict=true` asks the service to refuse a formula with errors instead of storing it as INVALID. Default false. */
  readonly strict?: boolean;
}

export interface RunFunctionOptions {
  readonly inputVariables?: Readonly<Record<string, unknown>>;
  readonly getLogs?: boolean;
}

export interface Client {
  readonly baseUrl: string;
  readonly serviceName: string;
  /** GET of the calculation path: the stored Calculation. */
  readCalculation(id: number): Promise<Calculation>;
  /** 4.1 — replaces the formula; the answer is the Calculation as stored. */
  updateFormula(id: number, expression: string, options?: UpdateFormulaOptions): Promise<Calculation>;
  /** 4.2 — sets the lock flag; the answer omits nonAggregatedColumns and functionTemplateDependencies. */
  setLocked(id: number, locked: boolean): Promise<LockedCalculation>;
  lock(id: number): Promise<LockedCalculation>;
  unlock(id: number): Promise<LockedCalculation>;
  /** 4.3 — runs a code function of a package version. */
  runFunction(packageId: string, version: string, functionName: string, options?: RunFunctionOptions): Promise<FunctionExecution>;
  /** 4.4 — replaces a dataset's columns (session token). The service's answer body is not documented and is ignored. */
  setDatasetSchema(datasetId: string, columns: readonly DatasetSchemaColumn[]): Promise<void>;
  /** 4.5 — creates a report schedule. */
  createReportSchedule(request: ReportScheduleRequest): Promise<ReportScheduleResponse>;
}

export function createClient(options: ClientOptions): Client {
  const resolved: ResolvedOptions = resolveOptions(options);
  const calcId = (operation: 'readCalculation' | 'updateFormula' | 'lockCalculation', id: number): number => {
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new ServiceError({ operation, kind: 'config', serviceMessage: `calculation id ${String(id)} is not a positive integer`, hint: 'give the numeric id from the service' });
    }
    return id;
  };
  // Every method is async so that even a bad argument is a rejected promise, never a synchronous throw.
  const setLocked = async (id: number, locked: boolean): Promise<LockedCalculation> =>
    call(resolved, {
      operation: 'lockCalculation',
      path: calculationPath(calcId('lockCalculation', id)),
      body: { locked },
      response: LockedCalculationSchema,
    });
  return {
    baseUrl: `${resolved.baseUrl.origin}${resolved.basePath}`,
    serviceName: resolved.serviceName,
    readCalculation: async (id) =>
      call(resolved, { operation: 'readCalculation', path: calculationPath(calcId('readCalculation', id)), response: CalculationSchema }),
    updateFormula: async (id, expression, opts = {}) =>
      call(resolved, {
        operation: 'updateFormula',
        path: calculationPath(calcId('updateFormula', id)),
        query: { strict: String(opts.strict ?? false) },
        body: { expression },
        response: CalculationSchema,
      }),
    setLocked,
    lock: (id) => setLocked(id, true),
    unlock: (id) => setLocked(id, false),
    runFunction: async (packageId, version, functionName, opts = {}) =>
      call(resolved, {
        operation: 'runFunction',
        path: functionPath(packageId, version, functionName),
        body: {
          ...(opts.inputVariables !== undefined ? { inputVariables: opts.inputVariables } : {}),
          settings: { getLogs: opts.getLogs ?? false },
        },
        response: FunctionExecutionSchema,
      }),
    setDatasetSchema: async (datasetId, columns) => {
      await call(resolved, { operation: 'setDatasetSchema', path: datasetSchemaPath(datasetId), body: { columns }, response: undefined });
    },
    createReportSchedule: async (request) =>
      call(resolved, { operation: 'createReportSchedule', path: reportSchedulesPath(), body: request, response: ReportScheduleResponseSchema }),
  };
}
