// Request bodies of the calculation and code-function operations (seed 4.1, 4.2, 4.3).
import { z } from 'zod';

/** Body of update formula (4.1). `strict` travels in the query string, not here. */
export const UpdateFormulaRequestSchema = z.object({ expression: z.string() });
export type UpdateFormulaRequest = z.infer<typeof UpdateFormulaRequestSchema>;

/** Body of lock/unlock (4.2). */
export const LockRequestSchema = z.object({ locked: z.boolean() });
export type LockRequest = z.infer<typeof LockRequestSchema>;

/** Body of run function (4.3). Keys of `inputVariables` match the function's input parameter names. */
export const RunFunctionRequestSchema = z.object({
  inputVariables: z.record(z.string(), z.unknown()).optional(),
  settings: z.object({ getLogs: z.boolean().optional() }).optional(),
});
export type RunFunctionRequest = z.infer<typeof RunFunctionRequestSchema>;

/** Body of set dataset schema (4.4) lives in dataset.ts; body of create schedule (4.5) in report-schedule.ts. */
export { SetSchemaRequestSchema, type SetSchemaRequest } from './dataset.js';
export { ReportScheduleRequestSchema, type ReportScheduleRequest } from './report-schedule.js';
