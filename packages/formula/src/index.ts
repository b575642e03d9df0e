// Public API of @calckit/formula: syntax (lexer, parser, AST, printer), the function catalogue, types, and the
// analysis that computes what the service stores for a calculation. Knows nothing of lint, LSP, HTTP or VS Code.
export * from './syntax/index.js';
export * from './catalogue/index.js';
export * from './analysis/index.js';
export { COLUMN_TYPES, type ColumnType, type DatasetColumn } from './schema.js';
export { SERVICE_NAME_PATTERN, isValidServiceName, canonicalServiceName, operatorPrefix, nestedCalculationFunction } from './vocabulary.js';
export { inferTypes, type TypeTable } from './types/infer.js';
export { categoryOf, isNumeric, isTime, unify, type TypeCategory, type ValueType } from './types/value-type.js';
export {
  aggregateKeptScale,
  aggregateResultScale,
  aggregateResultType,
  arithmeticKeptScale,
  arithmeticResultType,
  arithmeticScale,
  DECIMAL_MAX_SCALE,
  DIV_PRECISION_INCREMENT,
  negationType,
  NOT_FIXED_DECIMALS,
  numericClassOf,
  quotientDigits,
  type ArithmeticOperator,
  type NumericClass,
} from './types/arithmetic-types.js';
export { INTERVAL_UNITS, DATE_FORMAT_SPECIFIERS, ENGINE_DATE_FORMAT_SPECIFIERS, DATE_FORMAT_FUNCTIONS, CACHE_WINDOWS } from './language.js';
export { expressionFromFileText } from './expression.js';
