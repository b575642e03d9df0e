// The handler of each operation, keyed by the operation names of @calckit/protocol.
import type { OperationName } from '@calckit/protocol';
import type { OperationHandler } from '../context.js';
import { lockCalculation, readCalculation, updateFormula } from './calculations.js';
import { runFunction } from './run-function.js';
import { setDatasetSchema } from './datasets.js';
import { createReportSchedule } from './report-schedules.js';
import { searchCalculations } from './search.js';
import { readCalculationsByIds } from './calculations-by-ids.js';
import { readDatasetSchema } from './dataset-schema-read.js';

export const HANDLERS: Readonly<Record<OperationName, OperationHandler>> = {
  readCalculation,
  updateFormula,
  lockCalculation,
  runFunction,
  setDatasetSchema,
  createReportSchedule,
  searchCalculations,
  readCalculationsByIds,
  readDatasetSchema,
};
