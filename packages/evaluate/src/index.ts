// Public API of @calckit/evaluate: evaluate a formula over rows with the service's semantics. Pure: no I/O.
export * from './api.js';
export type { ArgumentValue, IntervalValue, ScalarContext, ScalarFunction, ScalarFunctionTable } from './functions/contract.js';
export { evaluateFormula, compileFormula, type CompiledFormula } from './evaluate.js';
export { convertRows, convertColumns, convertCell, inferColumnType, rowsOfColumns, schemaOf, type CellColumns, type TypedTable } from './rows.js';
export { readCsvColumns, CsvSyntaxError } from './csv.js';
export { toOutputValue, formatTime, parseTimeText } from './values.js';
export { compareValues } from './compare.js';
export * from './testing/index.js';
