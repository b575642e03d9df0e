// Public API of @calckit/protocol: the service's wire shapes (zod schemas and their types), paths and header names.
// No I/O: shared by the client (validates responses) and the emulator (validates requests). Object schemas accept
// unknown fields (the service may add some) and drop them from the parsed value; a missing field is always an error.
export * from './service.js';
export * from './paths.js';
export * from './operations.js';
export * from './calculation.js';
export * from './function-execution.js';
export * from './dataset.js';
export * from './report-schedule.js';
export * from './search.js';
export * from './calculations-by-ids.js';
export * from './dataset-schema-read.js';
export { UpdateFormulaRequestSchema, LockRequestSchema, RunFunctionRequestSchema } from './requests.js';
export type { UpdateFormulaRequest, LockRequest, RunFunctionRequest } from './requests.js';
export * from './errors.js';
export * from './validate.js';
