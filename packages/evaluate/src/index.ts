// Public API of @calckit/evaluate: evaluate a formula over rows with the service's semantics. Pure: no I/O.
export * from './api.js';
export type { ArgumentValue, IntervalValue, ScalarContext, ScalarFunction, ScalarFunctionTable } from './functions/contract.js';
export * from './testing/index.js';
